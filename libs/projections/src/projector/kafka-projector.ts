import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { KAFKA_MESSAGE_MAX_BYTES } from '@cardlog/bus';
import { EVENTS_TOPIC, decodeEvent } from '../messages';
import { ProjectionRunner } from './projection-runner';

export interface KafkaProjectorOptions {
  readonly groupId?: string;
  readonly topic?: string;
  /**
   * How long the group waits for a member that stopped heartbeating (a SIGKILLed projector)
   * before giving its partitions to the others: the recovery time after a crash. kafkajs's default
   * is 30 s; 10 s here (the broker's minimum is 6 s). A clean stop leaves the group at once.
   */
  readonly sessionTimeoutMs?: number;
  /**
   * Partitions whose batches are applied at the same time, each in its own transaction (2 by
   * default): one batch is folded here while the server writes another's rows. Streams never share
   * a partition, so their order holds; the batches' only common rows (the progress row, the card
   * counters' lock) are taken in one order, so they wait for each other but never deadlock.
   */
  readonly partitionsConsumedConcurrently?: number;
  readonly logger?: { log(message: string): void; warn(message: string): void };
}

export const PROJECTOR_GROUP = 'cardlog-projector';

/**
 * The projector as a Kafka consumer group member: each batch goes through the runner in one
 * Postgres transaction, and its offsets are resolved and committed only after that commits.
 * Several instances share the partitions; the runner's per-stream positions make a redelivered
 * batch (after a rebalance or a crash) a no-op.
 */
export class KafkaProjector {
  private consumer: Consumer | null = null;
  private readonly groupId: string;
  private readonly topic: string;
  private joined = false;

  constructor(
    private readonly kafka: Kafka,
    private readonly runner: ProjectionRunner,
    private readonly options: KafkaProjectorOptions = {},
  ) {
    this.groupId = options.groupId ?? PROJECTOR_GROUP;
    this.topic = options.topic ?? EVENTS_TOPIC;
  }

  get hasJoined(): boolean {
    return this.joined;
  }

  async start(): Promise<void> {
    const sessionTimeout = this.options.sessionTimeoutMs ?? 10_000;
    const consumer = this.kafka.consumer({
      groupId: this.groupId,
      allowAutoTopicCreation: false,
      sessionTimeout,
      rebalanceTimeout: Math.max(sessionTimeout, 10_000),
      heartbeatInterval: Math.max(500, Math.floor(sessionTimeout / 10)),
      // One message may be as large as the broker accepts (KAFKA_MESSAGE_MAX_BYTES).
      maxBytesPerPartition: KAFKA_MESSAGE_MAX_BYTES,
    });
    this.consumer = consumer;
    const joined = new Promise<void>((resolve) => {
      consumer.on(consumer.events.GROUP_JOIN, () => {
        this.joined = true;
        resolve();
      });
    });
    consumer.on(consumer.events.CRASH, (event) => {
      this.joined = false;
      this.options.logger?.warn(`projector consumer crashed: ${event.payload.error.message}; restart: ${event.payload.restart}`);
    });
    await consumer.connect();
    await consumer.subscribe({ topic: this.topic, fromBeginning: true });
    await consumer.run({
      eachBatchAutoResolve: false,
      autoCommit: true,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 2,
      eachBatch: (payload) => this.eachBatch(payload),
    });
    await joined;
  }

  /** Leaves the group (so the others take the partitions at once) and disconnects. */
  async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = null;
    this.joined = false;
    await consumer?.disconnect();
  }

  /** Committed offsets and high watermarks per partition (for the lag metric). */
  async lag(): Promise<{ partition: number; behind: number }[]> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const [ends, [committed]] = await Promise.all([admin.fetchTopicOffsets(this.topic), admin.fetchOffsets({ groupId: this.groupId, topics: [this.topic] })]);
      const done = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
      return ends.map((e) => {
        const at = done.get(e.partition) ?? -1;
        const end = Number(e.high);
        return { partition: e.partition, behind: at < 0 ? end - Number(e.low) : Math.max(0, end - at) };
      });
    } finally {
      await admin.disconnect();
    }
  }

  private async eachBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    if (!isRunning() || isStale() || batch.messages.length === 0) return;
    const events = batch.messages.map((m) => decodeEvent(m.value!));
    await heartbeat();
    await this.runner.apply(events);
    resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
    await commitOffsetsIfNecessary();
    await heartbeat();
  }
}
