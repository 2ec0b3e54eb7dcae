import { randomUUID } from 'node:crypto';
import postgres, { Sql } from 'postgres';
import type { Admin, Kafka } from 'kafkajs';
import { createKafka, createProducer, ensureTopic } from '@cardlog/bus';
import { simulateGames } from '@cardlog/rules';
import { StoredEvent, migrate } from '@cardlog/store';
import { createTestDatabase, describeWith, TestDatabase } from '@cardlog/testing';
import { KafkaTransport } from '../relay/kafka-transport';
import { OutboxRelay } from '../relay/outbox-relay';
import { dumpReadModels, uploadAll, wire } from '../testing/wire';
import { until } from '../testing/until';
import { KafkaProjector } from './kafka-projector';
import { ApplyResult, ProjectionRunner } from './projection-runner';
import { rebuildReadModels } from './rebuild';

jest.setTimeout(180_000);

const documents = simulateGames(30, 917).map((g) => g.document);

/** A runner whose chosen calls fail before touching the database, as a lost connection would. */
class FailingRunner extends ProjectionRunner {
  calls = 0;
  failed = 0;
  failOn = new Set<number>();

  override async apply(events: readonly StoredEvent[]): Promise<ApplyResult> {
    this.calls++;
    if (this.failOn.has(this.calls)) {
      this.failed++;
      throw new Error(`injected failure of apply call ${this.calls}`);
    }
    return super.apply(events);
  }
}

describeWith(['postgres', 'kafka'], 'KafkaProjector', () => {
  let db: TestDatabase;
  let sql: Sql;
  let kafka: Kafka;
  let admin: Admin;
  let parts: ReturnType<typeof wire>;
  const logged: string[] = [];
  const topic = `cardlog.events.projector-${randomUUID().slice(0, 8)}`;
  const groupId = `cardlog-projector-retry-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_projector_retry');
    sql = postgres(db.url, { max: 10, onnotice: () => undefined });
    await migrate(sql);
    parts = wire(sql);
    // kafkajs logs each failed batch; kept here, so the spec can say which failures were seen.
    const logCreator = () => (entry: { log: { message: string; stack?: string } }) => void logged.push(`${entry.log.message}: ${entry.log.stack?.split('\n')[0] ?? ''}`);
    kafka = createKafka({ brokers: process.env.CARDLOG_TEST_KAFKA_BROKERS!, clientId: 'cardlog-projector-retry-test', logCreator });
    admin = kafka.admin();
    await admin.connect();
    await ensureTopic(admin, { topic, partitions: 6, replicationFactor: 1 });
  });

  afterAll(async () => {
    await admin?.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin?.deleteGroups([groupId]).catch(() => undefined);
    await admin?.disconnect();
    await sql?.end();
    await db?.drop();
  });

  it('a batch that fails is delivered again until it applies: nothing is skipped, and the offsets end committed', async () => {
    const producer = createProducer(kafka);
    await producer.connect();
    const relay = new OutboxRelay(sql, parts.store, new KafkaTransport(producer, topic), { listen: true, pollIntervalMs: 100, batchSize: 200 });
    const runner = new FailingRunner(sql, (s, r, d) => parts.catalogs.resolve(s, r, d));
    // The second call fails while another partition's batch applies beside it, and the first
    // call after that fails again.
    runner.failOn = new Set([2, 3]);
    const projector = new KafkaProjector(kafka, runner, { topic, groupId });
    await projector.start();
    await relay.start();
    try {
      // In waves, so the projector fetches more than once while batches apply.
      for (let i = 0; i < documents.length; i += 10) await uploadAll(parts.recorder, documents.slice(i, i + 10));
      const events = documents.reduce((n, d) => n + d.events.length, 0);
      await until('every event is applied', async () => {
        const [row] = await sql<{ steps: string }[]>`select count(*) as steps from rm_replay_steps`;
        return Number(row!.steps) === events;
      });
      expect(runner.failed).toBe(2);
      expect(logged.filter((line) => line.includes('injected failure')).sort()).toEqual([
        'Error when calling eachBatch: Error: injected failure of apply call 2',
        'Error when calling eachBatch: Error: injected failure of apply call 3',
      ]);
      expect(runner.calls).toBeGreaterThan(3);
      await until('every partition is committed to its end', async () => (await projector.lag()).every((p) => p.behind === 0));

      const viaKafka = await dumpReadModels(sql);
      await projector.stop();
      await rebuildReadModels(sql, parts.store, new ProjectionRunner(sql, (s, r, d) => parts.catalogs.resolve(s, r, d)));
      expect(await dumpReadModels(sql)).toEqual(viaKafka);
    } finally {
      await relay.stop();
      await projector.stop();
      await producer.disconnect();
    }
  });
});
