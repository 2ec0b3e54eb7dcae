import { Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Kafka, Producer } from 'kafkajs';
import { createKafka, createProducer, ensureTopic } from '@cardlog/bus';
import { InProcessTransport, KafkaTransport, OutboxRelay, ProjectionRunner, Transport } from '@cardlog/projections';
import { CatalogRepository, GameRecorder } from '@cardlog/recording';
import { Database, EventStore } from '@cardlog/store';
import { API_CONFIG, ApiConfig } from '../config';
import { DATABASE } from '../database/database.module';

/**
 * Carries stored events onward. With Kafka configured, the relay publishes the outbox to the
 * `cardlog.events` topic (created at start-up) and apps/projector builds the read models. Without
 * Kafka (the embedded default), the same relay hands events to the same projection code in this
 * process.
 */
@Injectable()
export class Pipeline implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Pipeline.name);
  private relay: OutboxRelay | null = null;
  private producer: Producer | null = null;
  readonly kafka: Kafka | null;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly store: EventStore,
    private readonly catalogs: CatalogRepository,
    private readonly recorder: GameRecorder,
  ) {
    this.kafka = config.kafkaBrokers ? createKafka({ brokers: config.kafkaBrokers, clientId: 'cardlog-api' }) : null;
  }

  get mode(): 'kafka' | 'in-process' {
    return this.kafka ? 'kafka' : 'in-process';
  }

  relayStatus() {
    return this.relay?.status() ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    let transport: Transport;
    if (this.kafka) {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        const created = await ensureTopic(admin, { topic: this.config.topic, partitions: this.config.topicPartitions, replicationFactor: 1 });
        if (created) this.logger.log(`created topic ${this.config.topic} with ${this.config.topicPartitions} partitions`);
      } finally {
        await admin.disconnect();
      }
      this.producer = createProducer(this.kafka);
      await this.producer.connect();
      transport = new KafkaTransport(this.producer, this.config.topic);
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
    this.relay = new OutboxRelay(this.db.sql, this.store, transport, {
      exclusive: server,
      listen: server,
      pollIntervalMs: server ? 1000 : 250,
      logger: { log: (m) => this.logger.log(m), warn: (m) => this.logger.warn(m) },
    });
    this.recorder.onRecorded(() => this.relay?.wake());
    await this.relay.start();
    this.logger.log(`relay started: ${this.mode}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.producer?.disconnect();
  }
}

@Global()
@Module({
  providers: [Pipeline],
  exports: [Pipeline],
})
export class PipelineModule {}
