import { kafkaBrokersFromEnv } from '@cardlog/bus';
import { databaseFromEnv } from '@cardlog/store';

/** Everything the API reads from its environment, read and checked once at start-up. */
export interface ApiConfig {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL URL; absent → embedded PGlite under `dataDir` (the zero-setup default). */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  /** Kafka brokers; absent → the in-process bus. */
  readonly kafkaBrokers?: readonly string[];
  /** The Kafka topic the relay publishes to (the projector reads the same variable). */
  readonly topic: string;
  /** Partitions of the events topic, when it is created. */
  readonly topicPartitions: number;
  /** Writes per second per token (0: unlimited) and the burst allowed above it. */
  readonly writeRate: number;
  readonly writeBurst: number;
  /** Replay snapshots every this many events (in-process projection). */
  readonly snapshotEvery: number;
  readonly logLevel: string;
  /** Pretty, human logs on a terminal; JSON lines otherwise. */
  readonly prettyLogs: boolean;
}

export const API_CONFIG = Symbol('ApiConfig');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const database = checked(() => databaseFromEnv(env));
  const brokers = checked(() => kafkaBrokersFromEnv(env));
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}`);
  const logFormat = env.LOG_FORMAT ?? 'auto';
  if (!['auto', 'json', 'pretty'].includes(logFormat)) throw new ConfigError(`LOG_FORMAT must be auto, json or pretty, got "${logFormat}"`);
  const topicPartitions = positiveInt(env, 'CARDLOG_TOPIC_PARTITIONS', 6);
  const snapshotEvery = positiveInt(env, 'CARDLOG_SNAPSHOT_EVERY', 50);
  const writeRate = nonNegativeInt(env, 'CARDLOG_WRITE_RATE', 50);
  const writeBurst = positiveInt(env, 'CARDLOG_WRITE_BURST', 200);
  const topic = env.CARDLOG_TOPIC || 'cardlog.events';
  if (!/^[A-Za-z0-9._-]{1,249}$/.test(topic)) throw new ConfigError(`CARDLOG_TOPIC must be a Kafka topic name (letters, digits, . _ -), got "${topic}"`);
  return {
    port,
    topic,
    writeRate,
    writeBurst,
    topicPartitions,
    snapshotEvery,
    host: env.HOST ?? '0.0.0.0',
    ...database,
    ...(brokers ? { kafkaBrokers: brokers } : {}),
    logLevel,
    prettyLogs: logFormat === 'pretty' || (logFormat === 'auto' && process.stdout.isTTY === true),
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

function nonNegativeInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number (0 turns it off), got "${raw}"`);
  return Number(raw);
}

/** Runs a shared environment reader, reporting its complaint as this app's ConfigError. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}
