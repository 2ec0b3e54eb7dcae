import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, waitFor } from './ports';

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, its own port), so the
 * test can kill and restart it without touching the machine's shared server. As root (CI) the
 * server runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export class OwnPostgres {
  private process: ChildProcess | null = null;

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const bin = postgresBin();
    const dir = mkdtempSync(join(tmpdir(), 'cardlog-pg-'));
    const data = join(dir, 'data');
    if (isRoot()) chownSync(dir, uid('postgres'), gid('postgres'));
    const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { encoding: 'utf8', ...asPostgres() });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    const server = new OwnPostgres(dir, await freePort(), bin);
    await server.resume();
    return server;
  }

  url(database = 'postgres', user = 'postgres'): string {
    return `postgres://${user}@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server again on the same folder and port (after `kill`). */
  async resume(): Promise<void> {
    const args = ['-D', join(this.dir, 'data'), '-p', String(this.port), '-h', '127.0.0.1', '-k', this.dir, '-c', 'fsync=off', '-c', 'max_connections=200'];
    const child = spawn(join(this.bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], ...asPostgres() });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    this.process = child;
    await waitFor(`PostgreSQL on port ${this.port}`, async () => {
      if (child.exitCode !== null) throw new Error(`postgres exited: ${stderr}`);
      const sql = postgres(this.url(), { max: 1, connect_timeout: 2, onnotice: () => undefined });
      try {
        await sql`select 1`;
        return true;
      } finally {
        await sql.end({ timeout: 1 });
      }
    });
  }

  /** SIGKILL to the postmaster: no shutdown, no checkpoint, as a crash. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
    // The children of a killed postmaster notice and exit; wait until the port is free again.
    await waitFor('the killed PostgreSQL to release its port', () => !existsSync(join(this.dir, `.s.PGSQL.${this.port}`)) || this.socketsGone(), 30_000);
  }

  async createDatabase(name: string): Promise<string> {
    const sql = postgres(this.url(), { max: 1, onnotice: () => undefined });
    try {
      await sql.unsafe(`create database "${name.replace(/"/g, '')}"`);
    } finally {
      await sql.end();
    }
    return this.url(name);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT'); // fast shutdown
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    this.process = null;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private socketsGone(): boolean {
    return !readdirSync(this.dir).some((f) => f.startsWith('.s.PGSQL'));
  }
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPath.status === 0 && existsSync(join(fromPath.stdout.trim(), 'initdb'))) return fromPath.stdout.trim();
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  throw new Error('no PostgreSQL server binaries (initdb) found; install postgresql');
}

const isRoot = () => process.getuid?.() === 0;

/** Spawn options that drop root to the `postgres` user (the server's own processes, so a kill reaches them). */
function asPostgres(): { uid?: number; gid?: number; cwd?: string } {
  return isRoot() ? { uid: uid('postgres'), gid: gid('postgres'), cwd: '/tmp' } : {};
}

function uid(user: string): number {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
}

function gid(user: string): number {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
}
