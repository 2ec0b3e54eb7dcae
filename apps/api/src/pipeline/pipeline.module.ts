import { Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Kafka, Producer } from 'kafkajs';
import type { Sql } from 'postgres';
import type { StoredEvent } from '@cardlog/store';
import { MESSAGE_SIZE_TOPIC_CONFIG, createKafka, createProducer, ensureTopic } from '@cardlog/bus';
import { InProcessTransport, KafkaTransport, OutboxRelay, ProjectionRunner, RelayLag, Transport } from '@cardlog/projections';
import { CatalogRepository, GameRecorder } from '@cardlog/recording';
import { Database, EventStore } from '@cardlog/store';
import { API_CONFIG, ApiConfig } from '../config';
import { DATABASE } from '../database/database.module';

/**
 * Carries stored events onward. With Kafka configured, the relay publishes the outbox to the
 * events topic and apps/projector builds the read models. The API never waits for Kafka to start:
 * the topic and the producer are set up on the relay's first publish, retried with its backoff,
 * so games are accepted (and wait in PostgreSQL) while the broker is away. Without Kafka (the
 * embedded default), the same relay hands events to the same projection code in this process.
 */
/**
 * Events the in-process projection applies per transaction (the relay's default, 500, for Kafka).
 * On embedded PGlite the database runs on this event loop too, so a batch's writes hold it: small
 * batches keep each turn short (the HTTP requests, /health among them, are answered between them).
 * On a PostgreSQL server only the fold holds it (a few milliseconds per thousand events), and each
 * transaction costs its lock, heads, writes and commit. Uploading 60 games (16k events) and
 * projecting them cost ~170 µs of CPU per event (API and server) with 100 events a batch, the
 * projection ending 1.6 s after the upload; with 1,000, ~85 µs, ending 0.3 s after it.
 */
const IN_PROCESS_BATCH = { embedded: 100, server: 1000 } as const;

@Injectable()
export class Pipeline implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Pipeline.name);
  private relay: OutboxRelay | null = null;
  private producer: Producer | null = null;
  private kafkaReady: Promise<KafkaTransport> | null = null;
  private lockSession: Sql | null = null;
  readonly kafka: Kafka | null;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly store: EventStore,
    private readonly catalogs: CatalogRepository,
    private readonly recorder: GameRecorder,
  ) {
    this.kafka = config.kafkaBrokers
      ? createKafka({ brokers: config.kafkaBrokers, clientId: 'cardlog-api', connectionTimeout: 3000, requestTimeout: 10_000, retry: { retries: 2 } })
      : null;
  }

  get mode(): 'kafka' | 'in-process' {
    return this.kafka ? 'kafka' : 'in-process';
  }

  relayStatus() {
    return this.relay?.status() ?? null;
  }

  /** The relay's lag, asked on `sql` when given (the health check's own connection). */
  relayLag(sql?: Database['sql']): Promise<RelayLag | null> {
    return this.relay ? this.relay.lag(sql) : Promise.resolve(null);
  }

  async onApplicationBootstrap(): Promise<void> {
    let transport: Transport;
    if (this.kafka) {
      transport = { name: 'kafka', publish: async (events: readonly StoredEvent[]) => (await this.kafkaTransport()).publish(events) };
    } else {
      const inProcess = new InProcessTransport();
      const runner = new ProjectionRunner(this.db.sql, (system, ref, db) => this.catalogs.resolve(system, ref, db), {
        snapshotEvery: this.config.snapshotEvery,
        name: 'in-process',
      });
      inProcess.subscribe(async (events) => void (await runner.apply(events)));
      transport = inProcess;
    }
    const server = this.db.kind === 'server';
    this.lockSession = server ? (this.db.session?.() ?? null) : null;
    this.relay = new OutboxRelay(this.db.sql, this.store, transport, {
      name: transport.name,
      exclusive: server,
      listen: server,
      pollIntervalMs: server ? 1000 : 250,
      ...(this.kafka ? {} : { batchSize: IN_PROCESS_BATCH[server ? 'server' : 'embedded'] }),
      // The lock only exists on a server; embedded PGlite has one process and nothing to fence.
      takeoverDelayMs: server ? 15_000 : 0,
      ...(this.lockSession ? { lockSession: this.lockSession } : {}),
      logger: { log: (m) => this.logger.log(m), warn: (m) => this.logger.warn(m), error: (m) => this.logger.error(m) },
    });
    this.recorder.onRecorded(() => this.relay?.wake());
    await this.relay.start();
    this.logger.log(`relay started: ${this.mode}`);
  }

  /** Creates the topic and connects the producer once; a failure is retried on the next publish. */
  private kafkaTransport(): Promise<KafkaTransport> {
    this.kafkaReady ??= (async () => {
      const admin = this.kafka!.admin();
      try {
        const created = await ensureTopic(admin, {
          topic: this.config.topic,
          partitions: this.config.topicPartitions,
          replicationFactor: 1,
          configEntries: MESSAGE_SIZE_TOPIC_CONFIG,
          timeoutMs: 5000,
        });
        if (created) this.logger.log(`created topic ${this.config.topic} with ${this.config.topicPartitions} partitions`);
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
      this.producer ??= createProducer(this.kafka!);
      await this.producer.connect();
      return new KafkaTransport(this.producer, this.config.topic);
    })().catch((error: unknown) => {
      this.kafkaReady = null;
      throw error;
    });
    return this.kafkaReady;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.lockSession?.end({ timeout: 5 }).catch(() => undefined);
    await this.producer?.disconnect().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [Pipeline],
  exports: [Pipeline],
})
export class PipelineModule {}
