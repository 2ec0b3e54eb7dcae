import { resolve } from 'node:path';
import type { ConnectOptions } from './database';

/** Where a process finds its database, as every Cardlog process reads it from the environment. */
export interface DatabaseEnvironment {
  /** DATABASE_URL; absent → embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  /** CARDLOG_DATA_DIR, default ./.cardlog/data (absolute). */
  readonly dataDir: string;
  /**
   * DATABASE_POOL_MAX: connections this process may hold on the server (default 10). Every API,
   * projector and CLI process holds its own pool, so their sum must stay under the server's
   * max_connections.
   */
  readonly poolMax?: number;
}

export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseEnvironment {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const pool = env.DATABASE_POOL_MAX?.trim();
  if (pool && !(/^\d+$/.test(pool) && Number(pool) >= 1 && Number(pool) <= 1000)) {
    throw new Error(`DATABASE_POOL_MAX must be an integer from 1 to 1000, got "${pool}"`);
  }
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: resolve(env.CARDLOG_DATA_DIR ?? '.cardlog/data'),
    ...(pool ? { poolMax: Number(pool) } : {}),
  };
}

/** The connection options for that database; `applicationName` shows in pg_stat_activity. */
export function connectOptionsFor(where: DatabaseEnvironment, applicationName?: string): ConnectOptions {
  if (!where.databaseUrl) return { dataDir: where.dataDir };
  return { url: where.databaseUrl, ...(where.poolMax ? { max: where.poolMax } : {}), ...(applicationName ? { applicationName } : {}) };
}
