import { resolve } from 'node:path';

export interface ProjectorConfig {
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly kafkaBrokers?: readonly string[];
  readonly logLevel: string;
}

export const PROJECTOR_CONFIG = Symbol('ProjectorConfig');

export function loadProjectorConfig(env: NodeJS.ProcessEnv = process.env): ProjectorConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const brokers = env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: resolve(env.CARDLOG_DATA_DIR ?? '.cardlog/data'),
    ...(brokers?.length ? { kafkaBrokers: brokers } : {}),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
