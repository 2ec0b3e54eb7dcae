import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { LoggerModule } from 'nestjs-pino';
import type { Kafka } from 'kafkajs';
import { MESSAGE_SIZE_TOPIC_CONFIG, createKafka, ensureTopic } from '@cardlog/bus';
import { KafkaProjector, ProjectionRunner, ProjectorMetrics, renderMetrics } from '@cardlog/projections';
import { CatalogRepository } from '@cardlog/recording';
import { Database, connectDatabase, migrate, connectOptionsFor } from '@cardlog/store';
import { PROJECTOR_CONFIG, ProjectorConfig } from './config';

export const PROJECTOR_DATABASE = Symbol('ProjectorDatabase');

/**
 * The projector process: a member of the `cardlog-projector` consumer group that applies each
 * batch to the read models in one transaction, plus /metrics (Prometheus) and /health on
 * METRICS_PORT. Without KAFKA_BROKERS there is nothing to consume (the API projects in-process);
 * it then stays idle and says so.
 */
@Injectable()
export class ProjectorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectorService.name);
  private projector: KafkaProjector | null = null;
  private server: Server | null = null;
  private joining: Promise<void> | null = null;
  private stopping = false;

  constructor(
    @Inject(PROJECTOR_DATABASE) private readonly db: Database,
    @Inject(PROJECTOR_CONFIG) private readonly config: ProjectorConfig,
  ) {}

  get metricsPort(): number | null {
    return this.server ? (this.server.address() as AddressInfo).port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.kafkaBrokers) {
      const kafka = createKafka({ brokers: this.config.kafkaBrokers, clientId: 'cardlog-projector', connectionTimeout: 3000, retry: { retries: 3 } });
      const catalogs = new CatalogRepository(this.db.sql);
      const runner = new ProjectionRunner(this.db.sql, (system, ref, db) => catalogs.resolve(system, ref, db), {
        snapshotEvery: this.config.snapshotEvery,
      });
      this.projector = new KafkaProjector(kafka, runner, {
        topic: this.config.topic,
        groupId: this.config.groupId,
        sessionTimeoutMs: this.config.sessionTimeoutMs,
        logger: { log: (m) => this.logger.log(m), warn: (m) => this.logger.warn(m) },
      });
      // Never wait for the broker: /health and /metrics serve at once, and the consumer joins
      // (and catches up) whenever Kafka answers.
      this.joining = this.joinWhenKafkaAnswers(kafka);
    } else {
      this.logger.warn('no KAFKA_BROKERS: nothing to consume (without Kafka the API builds the read models in-process); idle');
    }
    this.server = createServer((req, res) => {
      const route = req.url?.split('?')[0];
      if (route === '/metrics') {
        this.metrics()
          .then((m) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(renderMetrics(m, this.config.topic)))
          .catch((e: Error) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`# metrics unavailable: ${e.message}\n`));
      } else if (route === '/health') {
        this.health().then(({ status, body }) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
      } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_FOUND","message":"try /metrics or /health"}}');
    });
    await new Promise<void>((resolve) => this.server!.listen(this.config.metricsPort, resolve));
    this.logger.log(`metrics on http://localhost:${this.metricsPort}/metrics`);
  }

  private async joinWhenKafkaAnswers(kafka: Kafka): Promise<void> {
    let delay = 500;
    while (!this.stopping) {
      const admin = kafka.admin();
      try {
        await ensureTopic(admin, {
          topic: this.config.topic,
          partitions: this.config.topicPartitions,
          replicationFactor: 1,
          configEntries: MESSAGE_SIZE_TOPIC_CONFIG,
          timeoutMs: 5000,
        });
        await admin.disconnect().catch(() => undefined);
        if (this.stopping) return;
        await this.projector!.start();
        this.logger.log(`consuming ${this.config.topic} as ${this.config.groupId}; read models in ${this.db.describe}`);
        return;
      } catch (error) {
        await admin.disconnect().catch(() => undefined);
        await this.projector!.stop().catch(() => undefined);
        this.logger.warn(`Kafka is not available (${(error as Error).message}); retrying in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  }

  /** Events in the store not yet applied to the read models: from the store's head, per stream. */
  private async storeLag(): Promise<number> {
    const [row] = await this.db.sql<{ behind: string }[]>`
      select coalesce(sum(s.version - coalesce(p.position, 0)), 0) as behind
      from streams s left join projection_positions p using (stream_id)
      where s.version > coalesce(p.position, 0)`;
    return Number(row?.behind ?? 0);
  }

  async metrics(): Promise<ProjectorMetrics> {
    const [progress] = await this.db.sql<{ global_position: string; events_applied: string }[]>`
      select coalesce(max(global_position), 0) as global_position, coalesce(sum(events_applied), 0) as events_applied from projection_progress`;
    return {
      storeLag: await this.storeLag(),
      lag: this.projector?.hasJoined ? await this.projector.lag().catch(() => []) : [],
      lastGlobalPosition: Number(progress?.global_position ?? 0),
      eventsApplied: Number(progress?.events_applied ?? 0),
      groupJoined: this.projector?.hasJoined ?? false,
    };
  }

  /** 200 ok or degraded (not in the group, or behind the store's head past the threshold); 503 when PostgreSQL fails. */
  private async health(): Promise<{ status: number; body: unknown }> {
    try {
      const m = await this.metrics();
      const degraded: string[] = [];
      if (this.projector && !m.groupJoined) degraded.push('not a member of the consumer group (is Kafka reachable?)');
      if (m.storeLag > this.config.healthMaxLag) degraded.push(`${m.storeLag} events behind the store (limit ${this.config.healthMaxLag})`);
      const body = {
        status: degraded.length ? 'degraded' : 'ok',
        ...(degraded.length ? { degraded } : {}),
        mode: this.projector ? 'kafka' : 'idle',
        postgres: 'up',
        kafka: this.projector ? (m.groupJoined ? 'joined' : 'not joined') : 'not configured',
        lag: m.storeLag,
        kafkaLag: m.lag.reduce((n, p) => n + p.behind, 0),
        lastGlobalPosition: m.lastGlobalPosition,
      };
      return { status: 200, body };
    } catch (error) {
      return { status: 503, body: { status: 'error', message: (error as Error).message } };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.joining;
    await this.projector?.stop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.db.close();
  }
}

@Module({})
export class ProjectorModule {
  static forRoot(config: ProjectorConfig): DynamicModule {
    return {
      module: ProjectorModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { level: config.logLevel, customProps: () => ({ app: 'projector' }) } })],
      providers: [
        { provide: PROJECTOR_CONFIG, useValue: config },
        {
          provide: PROJECTOR_DATABASE,
          useFactory: async () => {
            const db = await connectDatabase(connectOptionsFor(config, 'cardlog-projector'));
            await migrate(db.sql);
            return db;
          },
        },
        ProjectorService,
      ],
    };
  }
}
