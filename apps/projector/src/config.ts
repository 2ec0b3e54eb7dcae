import { resolve } from 'node:path';

export interface ProjectorConfig {
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly kafkaBrokers?: readonly string[];
  /** Port of the /metrics and /health endpoints. */
  readonly metricsPort: number;
  readonly snapshotEvery: number;
  readonly topic: string;
  readonly topicPartitions: number;
  readonly groupId: string;
  readonly logLevel: string;
}

export const PROJECTOR_CONFIG = Symbol('ProjectorConfig');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadProjectorConfig(env: NodeJS.ProcessEnv = process.env): ProjectorConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const brokers = env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
    return Number(raw);
  };
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: resolve(env.CARDLOG_DATA_DIR ?? '.cardlog/data'),
    ...(brokers?.length ? { kafkaBrokers: brokers } : {}),
    metricsPort: int('METRICS_PORT', 9464),
    snapshotEvery: int('CARDLOG_SNAPSHOT_EVERY', 50),
    topic: env.CARDLOG_TOPIC || 'cardlog.events',
    topicPartitions: int('CARDLOG_TOPIC_PARTITIONS', 6),
    groupId: env.CARDLOG_PROJECTOR_GROUP || 'cardlog-projector',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
