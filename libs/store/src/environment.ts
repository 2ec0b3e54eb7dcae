import { resolve } from 'node:path';

/** Where a process finds its database, as every Cardlog process reads it from the environment. */
export interface DatabaseEnvironment {
  /** DATABASE_URL; absent → embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  /** CARDLOG_DATA_DIR, default ./.cardlog/data (absolute). */
  readonly dataDir: string;
}

export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseEnvironment {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return { ...(databaseUrl ? { databaseUrl } : {}), dataDir: resolve(env.CARDLOG_DATA_DIR ?? '.cardlog/data') };
}

/** The connection options for that database. */
export function connectOptionsFor(where: DatabaseEnvironment): { url: string } | { dataDir: string } {
  return where.databaseUrl ? { url: where.databaseUrl } : { dataDir: where.dataDir };
}
