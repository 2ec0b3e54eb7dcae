import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { kafkaBrokersFromEnv } from '@cardlog/bus';
import { DEFAULT_SNAPSHOT_EVERY } from '@cardlog/projections';
import { databaseFromEnv } from '@cardlog/store';

/** Everything the API reads from its environment, read and checked once at start-up. */
export interface ApiConfig {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL URL; absent → embedded PGlite under `dataDir` (the zero-setup default). */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  /** DATABASE_POOL_MAX: connections this process may hold (default 10). */
  readonly poolMax?: number;
  /** Kafka brokers; absent → the in-process bus. */
  readonly kafkaBrokers?: readonly string[];
  /** The Kafka topic the relay publishes to (the projector reads the same variable). */
  readonly topic: string;
  /** Partitions of the events topic, when it is created. */
  readonly topicPartitions: number;
  /** /health says `degraded` when the relay is this many events behind the store's head… */
  readonly healthMaxRelayLag: number;
  /** …or its oldest unpublished event is older than this (ms). */
  readonly healthMaxRelayAgeMs: number;
  /** Writes (uploads, batches, live appends) in progress at once: in total, and per token. */
  readonly maxConcurrentWrites: number;
  readonly maxConcurrentWritesPerToken: number;
  /** Retry-After of a 429/503 refused for those caps. */
  readonly writeRetryAfterSeconds: number;
  /**
   * Worker threads that parse, validate, hash and replay uploaded documents off the event loop
   * (default: one per core but one, at least one), and how many uploads may wait for one.
   */
  readonly uploadWorkers: number;
  readonly uploadQueueLimit: number;
  /** Megabytes the finished games held in memory for seeks may take (`CARDLOG_HELD_GAMES_MB`); 0 holds none. */
  readonly heldGamesMb: number;
  /** Writes per second per token (0: unlimited) and the burst allowed above it. */
  readonly writeRate: number;
  readonly writeBurst: number;
  /** Replay snapshots every this many events (in-process projection). */
  readonly snapshotEvery: number;
  readonly logLevel: string;
  /** The built web app served at `/` (apps/web/dist; CARDLOG_WEB_DIR overrides). */
  readonly webDir: string;
  /** Pretty, human logs on a terminal; JSON lines otherwise. */
  readonly prettyLogs: boolean;
  /** Origins a browser client may call the API from (CORS); absent → no CORS headers at all. */
  readonly corsOrigins?: readonly string[] | '*';
  /**
   * Fill an empty database with the demo tournaments after start-up. On by default for the embedded
   * database (a personal server), off against PostgreSQL unless CARDLOG_DEMO=1; `--no-demo` or
   * CARDLOG_DEMO=0 turns it off.
   */
  readonly demo: boolean;
}

export const API_CONFIG = Symbol('ApiConfig');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ApiConfig {
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
  const snapshotEvery = positiveInt(env, 'CARDLOG_SNAPSHOT_EVERY', DEFAULT_SNAPSHOT_EVERY);
  const writeRate = nonNegativeInt(env, 'CARDLOG_WRITE_RATE', 50);
  const writeBurst = positiveInt(env, 'CARDLOG_WRITE_BURST', 200);
  const topic = env.CARDLOG_TOPIC || 'cardlog.events';
  if (!/^[A-Za-z0-9._-]{1,249}$/.test(topic)) throw new ConfigError(`CARDLOG_TOPIC must be a Kafka topic name (letters, digits, . _ -), got "${topic}"`);
  const corsOrigins = readCorsOrigins(env.CARDLOG_CORS_ORIGINS);
  const demoEnv = env.CARDLOG_DEMO ?? '';
  if (!['', '0', '1'].includes(demoEnv)) throw new ConfigError(`CARDLOG_DEMO must be 0 or 1, got "${demoEnv}"`);
  const unknown = argv.filter((a) => a !== '--no-demo');
  if (unknown.length) throw new ConfigError(`unknown argument "${unknown[0]}" (the server takes only --no-demo)`);
  const demo = !argv.includes('--no-demo') && (demoEnv === '' ? !database.databaseUrl : demoEnv === '1');
  return {
    demo,
    port,
    topic,
    writeRate,
    writeBurst,
    topicPartitions,
    snapshotEvery,
    healthMaxRelayLag: positiveInt(env, 'CARDLOG_HEALTH_MAX_RELAY_LAG', 10_000),
    healthMaxRelayAgeMs: positiveInt(env, 'CARDLOG_HEALTH_MAX_RELAY_AGE_MS', 60_000),
    maxConcurrentWrites: positiveInt(env, 'CARDLOG_MAX_CONCURRENT_WRITES', 8),
    maxConcurrentWritesPerToken: positiveInt(env, 'CARDLOG_MAX_CONCURRENT_WRITES_PER_TOKEN', 4),
    writeRetryAfterSeconds: positiveInt(env, 'CARDLOG_WRITE_RETRY_AFTER_SECONDS', 2),
    uploadWorkers: positiveInt(env, 'CARDLOG_UPLOAD_WORKERS', Math.max(1, availableParallelism() - 1)),
    uploadQueueLimit: positiveInt(env, 'CARDLOG_UPLOAD_QUEUE_LIMIT', 64),
    heldGamesMb: nonNegativeInt(env, 'CARDLOG_HELD_GAMES_MB', 64),
    host: env.HOST ?? '0.0.0.0',
    ...database,
    ...(brokers ? { kafkaBrokers: brokers } : {}),
    logLevel,
    // From apps/api/src or apps/api/dist alike, apps/web/dist is two folders up.
    webDir: env.CARDLOG_WEB_DIR || join(__dirname, '..', '..', 'web', 'dist'),
    prettyLogs: logFormat === 'pretty' || (logFormat === 'auto' && process.stdout.isTTY === true),
    ...(corsOrigins ? { corsOrigins } : {}),
  };
}

/** `CARDLOG_CORS_ORIGINS`: `*`, or a comma-separated list of origins such as `https://viewer.example.org`. */
function readCorsOrigins(raw: string | undefined): readonly string[] | '*' | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.trim() === '*') return '*';
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new ConfigError(`CARDLOG_CORS_ORIGINS must be * or origins like https://viewer.example.org (scheme, host, optional port; no path), got "${origin}"`);
    }
    return origin;
  });
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
