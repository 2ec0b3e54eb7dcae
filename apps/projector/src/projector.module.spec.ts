import { randomUUID } from 'node:crypto';
import { Test } from '@nestjs/testing';
import postgres from 'postgres';
import { createKafka, createProducer } from '@cardlog/bus';
import { KafkaTransport, OutboxRelay } from '@cardlog/projections';
import { CatalogRepository, GameRecorder } from '@cardlog/recording';
import { simulateGames } from '@cardlog/rules';
import { EventStore, migrate, type Database } from '@cardlog/store';
import { createTestDatabase, describeWith } from '@cardlog/testing';
import { loadProjectorConfig } from './config';
import { PROJECTOR_DATABASE, ProjectorModule, ProjectorService } from './projector.module';

jest.setTimeout(120_000);

describe('the projector application context', () => {
  it('boots idle on embedded PGlite without Kafka, with a migrated schema, and serves /health and /metrics', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ProjectorModule.forRoot({ ...loadProjectorConfig({ LOG_LEVEL: 'silent', METRICS_PORT: '0' }), dataDir: 'memory' })],
    }).compile();
    const app = await moduleRef.init();
    try {
      const db = app.get<Database>(PROJECTOR_DATABASE);
      const [row] = await db.sql<{ count: string }[]>`select count(*) from schema_migrations`;
      expect(Number(row!.count)).toBeGreaterThan(0);
      const port = app.get(ProjectorService).metricsPort;
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', mode: 'idle', kafka: 'not configured' });
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toContain('cardlog_projector_last_global_position 0');
    } finally {
      await app.close();
    }
  });

  it('starts and serves /health while Kafka is unreachable, saying it is degraded, and stops cleanly', async () => {
    const moduleRef = await Test.createTestingModule({
      // Nothing listens on 127.0.0.1:1: the broker is "down" for the whole test.
      imports: [ProjectorModule.forRoot({ ...loadProjectorConfig({ LOG_LEVEL: 'silent', METRICS_PORT: '0', KAFKA_BROKERS: '127.0.0.1:1' }), dataDir: 'memory' })],
    }).compile();
    const app = await moduleRef.init();
    try {
      const port = app.get(ProjectorService).metricsPort;
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'degraded', mode: 'kafka', kafka: 'not joined', lag: 0 });
    } finally {
      await app.close();
    }
  });

  it('reads its settings from the environment and names a bad one', () => {
    expect(loadProjectorConfig({ KAFKA_BROKERS: 'a:9092, b:9092', DATABASE_URL: 'postgres://x/y', METRICS_PORT: '9100' })).toMatchObject({
      kafkaBrokers: ['a:9092', 'b:9092'],
      databaseUrl: 'postgres://x/y',
      metricsPort: 9100,
      topic: 'cardlog.events',
      groupId: 'cardlog-projector',
    });
    expect(() => loadProjectorConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => loadProjectorConfig({ CARDLOG_SNAPSHOT_EVERY: '0' })).toThrow(/CARDLOG_SNAPSHOT_EVERY must be an integer ≥ 1/);
    expect(() => loadProjectorConfig({ KAFKA_BROKERS: 'localhost' })).toThrow(/KAFKA_BROKERS/);
    expect(() => loadProjectorConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});

describeWith(['postgres', 'kafka'], 'the projector process with Kafka', () => {
  it('consumes what the relay publishes and reports zero lag and the last position on /metrics', async () => {
    const db = await createTestDatabase('cardlog_projapp');
    const sql = postgres(db.url, { max: 5, onnotice: () => undefined });
    const topic = `cardlog.events.app-${randomUUID().slice(0, 8)}`;
    const groupId = `projector-app-${randomUUID().slice(0, 8)}`;
    const brokers = process.env.CARDLOG_TEST_KAFKA_BROKERS!;
    const kafka = createKafka({ brokers, clientId: 'projector-app-test' });
    const producer = createProducer(kafka);
    let app: { close(): Promise<void> } | null = null;
    try {
      await migrate(sql);
      const moduleRef = await Test.createTestingModule({
        imports: [
          ProjectorModule.forRoot(
            loadProjectorConfig({
              LOG_LEVEL: 'silent',
              METRICS_PORT: '0',
              DATABASE_URL: db.url,
              KAFKA_BROKERS: brokers,
              CARDLOG_TOPIC: topic,
              CARDLOG_TOPIC_PARTITIONS: '3',
              CARDLOG_PROJECTOR_GROUP: groupId,
            }),
          ),
        ],
      }).compile();
      const started = await moduleRef.init();
      app = started;
      const port = started.get(ProjectorService).metricsPort;

      const store = new EventStore(sql);
      const recorder = new GameRecorder(sql, store, new CatalogRepository(sql));
      for (const { document } of simulateGames(3, 8080)) await recorder.upload(document, { principal: { tokenId: 't', name: 'test', tournaments: null } });
      await producer.connect();
      await new OutboxRelay(sql, store, new KafkaTransport(producer, topic)).drain();
      const [{ last }] = await sql<{ last: string }[]>`select max(global_position) as last from events`;

      let text = '';
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        if (text.includes(`cardlog_projector_last_global_position ${last}\n`) && text.includes('cardlog_projector_lag_events_total 0\n')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(text).toContain(`cardlog_projector_last_global_position ${last}\n`);
      expect(text).toContain('cardlog_projector_lag_events_total 0\n');
      expect(text).toContain('cardlog_projector_group_joined 1\n');
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toMatchObject({ status: 'ok', mode: 'kafka', kafka: 'joined', lag: 0 });
      const [{ games }] = await sql<{ games: string }[]>`select count(*) as games from rm_games where status = 'finished'`;
      expect(Number(games)).toBe(3);
    } finally {
      await app?.close();
      const admin = kafka.admin();
      await admin.connect();
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.deleteGroups([groupId]).catch(() => undefined);
      await admin.disconnect();
      await producer.disconnect();
      await sql.end();
      await db.drop();
    }
  });
});
