import { kafkaBrokersFromEnv } from '@cardlog/bus';
import { DEFAULT_SNAPSHOT_EVERY } from '@cardlog/projections';
import { databaseFromEnv } from '@cardlog/store';

export interface ProjectorConfig {
  readonly databaseUrl?: string;
  readonly dataDir: string;
  /** DATABASE_POOL_MAX: connections this process may hold (default 10). */
  readonly poolMax?: number;
  readonly kafkaBrokers?: readonly string[];
  /** Port of the /metrics and /health endpoints. */
  readonly metricsPort: number;
  readonly snapshotEvery: number;
  readonly topic: string;
  readonly topicPartitions: number;
  readonly groupId: string;
  /** The consumer's session timeout: how long a SIGKILLed member holds its partitions. */
  readonly sessionTimeoutMs: number;
  /** /health says `degraded` past this many events behind the store's head. */
  readonly healthMaxLag: number;
  readonly logLevel: string;
}

export const PROJECTOR_CONFIG = Symbol('ProjectorConfig');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadProjectorConfig(env: NodeJS.ProcessEnv = process.env): ProjectorConfig {
  const int = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
    return Number(raw);
  };
  let database: ReturnType<typeof databaseFromEnv>;
  let brokers: string[] | undefined;
  try {
    database = databaseFromEnv(env);
    brokers = kafkaBrokersFromEnv(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    ...database,
    ...(brokers ? { kafkaBrokers: brokers } : {}),
    metricsPort: int('METRICS_PORT', 9464, 0),
    snapshotEvery: int('CARDLOG_SNAPSHOT_EVERY', DEFAULT_SNAPSHOT_EVERY, 1),
    topic: env.CARDLOG_TOPIC || 'cardlog.events',
    topicPartitions: int('CARDLOG_TOPIC_PARTITIONS', 6, 1),
    groupId: env.CARDLOG_PROJECTOR_GROUP || 'cardlog-projector',
    sessionTimeoutMs: int('CARDLOG_PROJECTOR_SESSION_TIMEOUT_MS', 10_000, 6_000),
    healthMaxLag: int('CARDLOG_HEALTH_MAX_PROJECTOR_LAG', 10_000, 1),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
