// Kafka client setup shared by the services that publish and consume game events.
//
// Ordering is the point: every event of one game carries the game id as its key, the default
// (Java-compatible murmur2) partitioner sends a key to one partition, and a partition is consumed
// in order. The producer settings below keep that order intact across retries.
import {
  Kafka,
  Partitioners,
  logLevel as KafkaLogLevel,
  type Admin,
  type IResourceConfigEntry,
  type Producer,
  type RetryOptions,
  type logCreator as KafkaLogCreator,
} from 'kafkajs';

/**
 * Acknowledgement level for `producer.send`: -1 ("all") waits for every in-sync replica, so an
 * acknowledged event survives the loss of the leader. It is also kafkajs's default; pass it
 * explicitly where a send must not be weakened by a later change of defaults.
 */
export const ACKS_ALL = -1;

/**
 * The largest record batch the broker and the events topic accept (`message.max.bytes` in
 * tools/kafka/kafka.sh and docker-compose.yml, `max.message.bytes` on the topic). The event store
 * refuses any event over 1 MiB (MAX_EVENT_BYTES in libs/store), so one event with its envelope
 * and headers always fits; the producer keeps each request under KAFKA_SEND_MAX_BYTES.
 */
export const KAFKA_MESSAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The most message bytes one producer request carries (several events share a request up to it). */
export const KAFKA_SEND_MAX_BYTES = 1024 * 1024;

/** Topic settings that keep the topic's limit equal to the broker's. */
export const MESSAGE_SIZE_TOPIC_CONFIG: IResourceConfigEntry[] = [{ name: 'max.message.bytes', value: String(KAFKA_MESSAGE_MAX_BYTES) }];

/** Broker error types that mean "this request will never be accepted as it is". */
const TOO_LARGE_TYPES = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD', 'CORRUPT_MESSAGE']);

/** True when `err` (or anything it wraps) is the broker refusing a message for its size or form. */
export function isRefusedMessage(err: unknown, depth = 0): boolean {
  if (depth > 6 || err === null || typeof err !== 'object') return false;
  const e = err as ErrorLike & { originalError?: unknown };
  if (e.type && TOO_LARGE_TYPES.has(e.type)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isRefusedMessage(inner, depth + 1))) return true;
  return isRefusedMessage(e.cause, depth + 1) || isRefusedMessage(e.originalError, depth + 1);
}

export interface CreateKafkaOptions {
  /** `host:port` list, or a comma-separated string as in `KAFKA_BROKERS=a:9092,b:9092`. */
  brokers: readonly string[] | string;
  clientId: string;
  /** Defaults to WARN: kafkajs is chatty at INFO (every group join and rebalance). */
  logLevel?: KafkaLogLevel;
  /** Routes kafkajs's log entries elsewhere (e.g. pino); kafkajs logs to the console without it. */
  logCreator?: KafkaLogCreator;
  connectionTimeout?: number;
  requestTimeout?: number;
  retry?: RetryOptions;
}

/** Splits `a:9092, b:9092` into `['a:9092', 'b:9092']`; rejects an empty list. */
export function parseBrokers(brokers: readonly string[] | string): string[] {
  const list = (typeof brokers === 'string' ? brokers.split(',') : [...brokers]).map((b) => b.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('no Kafka brokers given (expected host:port[,host:port...])');
  for (const broker of list) {
    if (!/^[^:\s]+:\d+$/.test(broker)) throw new Error(`invalid Kafka broker address "${broker}" (expected host:port)`);
  }
  return list;
}

export function createKafka(options: CreateKafkaOptions): Kafka {
  return new Kafka({
    clientId: options.clientId,
    brokers: parseBrokers(options.brokers),
    logLevel: options.logLevel ?? KafkaLogLevel.WARN,
    ...(options.logCreator ? { logCreator: options.logCreator } : {}),
    ...(options.connectionTimeout !== undefined ? { connectionTimeout: options.connectionTimeout } : {}),
    ...(options.requestTimeout !== undefined ? { requestTimeout: options.requestTimeout } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
  });
}

export interface EnsureTopicOptions {
  topic: string;
  partitions: number;
  replicationFactor: number;
  configEntries?: IResourceConfigEntry[];
  /** How long to keep retrying while the broker is unreachable or still starting. Default 30 s. */
  timeoutMs?: number;
}

// Errors a broker gives while it starts up: nothing listens yet, no controller has been elected, or
// (KRaft) the broker has not registered itself yet, which createTopics reports as an invalid
// replication factor ("only 0 broker(s) are registered"). A genuinely invalid factor is reported
// once the deadline passes, with the broker's message.
const STARTUP_ERROR_TYPES = new Set(['INVALID_REPLICATION_FACTOR', 'NOT_CONTROLLER', 'LEADER_NOT_AVAILABLE', 'REQUEST_TIMED_OUT']);

interface ErrorLike {
  name?: string;
  type?: string;
  retriable?: boolean;
  cause?: unknown;
  errors?: unknown[];
  message?: string;
}

function errorsOf(err: unknown): ErrorLike[] {
  const e = (err ?? {}) as ErrorLike;
  return Array.isArray(e.errors) && e.errors.length > 0 ? (e.errors as ErrorLike[]) : [e];
}

function isAlreadyExists(err: unknown): boolean {
  return errorsOf(err).every((e) => e.type === 'TOPIC_ALREADY_EXISTS');
}

function isTransient(err: unknown, depth = 0): boolean {
  if (depth > 4 || err === null || typeof err !== 'object') return false;
  return errorsOf(err).every((e) => {
    if (e.type && STARTUP_ERROR_TYPES.has(e.type)) return true;
    if (e.name === 'KafkaJSConnectionError' || e.name === 'KafkaJSRequestTimeoutError' || e.name === 'KafkaJSBrokerNotFound') return true;
    if (e.name === 'KafkaJSNumberOfRetriesExceeded' || e.name === 'KafkaJSNonRetriableError') return isTransient(e.cause, depth + 1);
    return e.retriable === true && e.type !== undefined;
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates `topic` unless it exists. Returns true when this call created it, false when it was
 * already there (including a concurrent creator winning the race). Connects `admin` if needed and
 * keeps retrying while the broker is unreachable or still starting, up to `timeoutMs`.
 */
export async function ensureTopic(admin: Admin, options: EnsureTopicOptions): Promise<boolean> {
  const { topic, partitions, replicationFactor, configEntries } = options;
  if (!topic) throw new Error('ensureTopic: topic name is empty');
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`ensureTopic: partitions must be a positive integer, got ${partitions}`);
  if (!Number.isInteger(replicationFactor) || replicationFactor < 1) {
    throw new Error(`ensureTopic: replicationFactor must be a positive integer, got ${replicationFactor}`);
  }
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.connect();
      const existing = await admin.listTopics();
      if (existing.includes(topic)) return false;
      return await admin.createTopics({
        topics: [{ topic, numPartitions: partitions, replicationFactor, ...(configEntries ? { configEntries } : {}) }],
        waitForLeaders: true,
      });
    } catch (err) {
      if (isAlreadyExists(err)) return false;
      if (!isTransient(err) || Date.now() + delay > deadline) {
        const reason = errorsOf(err)
          .map((e) => e.message ?? String(e))
          .join('; ');
        throw new Error(`ensureTopic(${topic}): failed after ${attempt} ${attempt === 1 ? 'attempt' : 'attempts'}: ${reason}`, { cause: err });
      }
      await sleep(delay);
      delay = Math.min(delay * 2, 2_000);
    }
  }
}

export interface CreateProducerOptions {
  retry?: RetryOptions;
}

/**
 * A producer that keeps each key's messages in order:
 * - `maxInFlightRequests: 1`: with several requests in flight, a failed and retried batch can land
 *   after a later one, reordering a game's events;
 * - the default partitioner, set explicitly (same key → same partition as the Java client, and no
 *   kafkajs warning about the v2 partitioner change);
 * - no implicit topic creation: topics come from `ensureTopic`.
 * Not idempotent, so a retry after a lost acknowledgement can write a message twice; consumers
 * deduplicate by (key, sequence). Send with `acks: ACKS_ALL` (the default).
 */
export function createProducer(kafka: Kafka, options: CreateProducerOptions = {}): Producer {
  return kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    maxInFlightRequests: 1,
    idempotent: false,
    allowAutoTopicCreation: false,
    ...(options.retry ? { retry: options.retry } : {}),
  });
}

/** KAFKA_BROKERS as a checked list; undefined when Kafka is not configured. */
export function kafkaBrokersFromEnv(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const raw = env.KAFKA_BROKERS?.trim();
  if (!raw) return undefined;
  try {
    return parseBrokers(raw);
  } catch (error) {
    throw new Error(`KAFKA_BROKERS: ${(error as Error).message}`);
  }
}
