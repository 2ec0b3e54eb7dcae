import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres, { Sql } from 'postgres';
import { DataDirInUseError } from './errors';

export interface Database {
  readonly sql: Sql;
  /** `embedded` when this process runs PGlite itself (the zero-setup default). */
  readonly kind: 'server' | 'embedded';
  /** The connection URL, password redacted, for logs. */
  readonly describe: string;
  /**
   * A client of one connection of its own, for session state such as an advisory lock (server
   * only): never recycled while it lives, and after its session dies the next query opens a new
   * one. The caller ends it.
   */
  session?(): Sql;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A PostgreSQL URL; without one, an embedded PGlite database is started. */
  readonly url?: string;
  /** Where embedded PGlite keeps its files; `memory` keeps nothing. */
  readonly dataDir?: string | 'memory';
  /** Connections the pool may open (server only; default 10). */
  readonly max?: number;
  /** Named in pg_stat_activity.application_name, so an operator sees who holds connections. */
  readonly applicationName?: string;
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

const quiet = { onnotice: () => undefined };

/** Connects to PostgreSQL, or starts embedded PGlite (served over the wire protocol) when no URL is given. */
export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const connection = options.applicationName ? { connection: { application_name: options.applicationName } } : {};
    // Idle connections close after 30 s: a quiet process gives its share of max_connections back.
    const sql = postgres(url, { max: options.max ?? 10, idle_timeout: 30, ...connection, ...quiet });
    return {
      sql,
      kind: 'server',
      describe: redactUrl(url),
      session: () => postgres(url, { max: 1, idle_timeout: null, max_lifetime: null, ...connection, ...quiet } as never),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const embedded = await startEmbeddedPostgres(options.dataDir ?? 'memory');
  // PGlite serves one connection at a time.
  const sql = postgres(embedded.url, { max: 1, ...quiet });
  return {
    sql,
    kind: 'embedded',
    describe: `embedded PGlite (${options.dataDir ?? 'memory'})`,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}

export interface EmbeddedPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * One process at a time may open an embedded data folder: PGlite is not built for two writers.
 * The lock names the holder's pid; a stale lock (its process gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = join(dataDir, 'cardlog.lock');
  try {
    const holder = Number(readFileSync(lock, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite (PostgreSQL compiled to WebAssembly) behind a local socket so postgres.js can talk to it. */
export async function startEmbeddedPostgres(dataDir: string | 'memory'): Promise<EmbeddedPostgres> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const unlock = dataDir === 'memory' ? () => undefined : lockDataDir(dataDir);
  const db = await PGlite.create(dataDir === 'memory' ? undefined : dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
      unlock();
    },
  };
}
