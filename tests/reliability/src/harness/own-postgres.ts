import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

  /**
   * SIGKILL to the postmaster and every server process under it at once, as when the machine or
   * container dies: no shutdown, no checkpoint. Returns once none of them is left, so `resume` finds
   * no orphan still attached to the old shared memory.
   */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    signal(child.pid, 'SIGSTOP'); // forks no backend between the listing and the kill
    const serverProcesses = [child.pid, ...childrenOf(child.pid)].map((pid) => ({ pid, started: statOf(pid)?.started }));
    for (const { pid } of serverProcesses) signal(pid, 'SIGKILL');
    await exited;
    this.process = null;
    await waitFor('the killed PostgreSQL processes to be gone', () => serverProcesses.every((p) => !alive(p)), 30_000);
  }

  async createDatabase(name: string): Promise<string> {
    const sql = postgres(this.url(), { max: 1, onnotice: () => undefined });
    try {
      await sql`create database ${sql(name)}`;
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

}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPath.status === 0 && existsSync(join(fromPath.stdout.trim(), 'initdb'))) return fromPath.stdout.trim();
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  throw new Error('no PostgreSQL server binaries (initdb) found; install postgresql');
}

/** A process's state, parent and start time (clock ticks after boot, to tell a reused pid apart), from /proc. */
function statOf(pid: number): { state: string; ppid: number; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: after the last ')' come state, ppid, … starttime (22nd field).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), started: fields[19]! };
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid` (a postmaster's backends and auxiliary processes). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && statOf(Number(entry))?.ppid === pid)
    .map(Number);
}

/** Still running: the same process (not a reused pid), and not a zombie (which holds nothing). */
function alive(p: { pid: number; started: string | undefined }): boolean {
  const stat = statOf(p.pid);
  return stat !== undefined && stat.started === p.started && stat.state !== 'Z';
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
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
