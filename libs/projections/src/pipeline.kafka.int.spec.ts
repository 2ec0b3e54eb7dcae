import { randomUUID } from 'node:crypto';
import postgres, { Sql } from 'postgres';
import type { Kafka } from 'kafkajs';
import { createKafka, createProducer, ensureTopic } from '@cardlog/bus';
import { simulateGames } from '@cardlog/rules';
import { migrate } from '@cardlog/store';
import { createTestDatabase, describeWith, TestDatabase } from '@cardlog/testing';
import { KafkaProjector } from './projector/kafka-projector';
import { ProjectionRunner } from './projector/projection-runner';
import { rebuildReadModels } from './projector/rebuild';
import { KafkaTransport } from './relay/kafka-transport';
import { OutboxRelay } from './relay/outbox-relay';
import { Transport } from './relay/transport';
import { dumpReadModels, testPrincipal, uploadAll, wire } from './testing/wire';
import { until } from './testing/until';

jest.setTimeout(180_000);

const documents = simulateGames(24, 515).map((g) => g.document);

/** True once every stream's events are applied up to the stream's version. */
async function everyStreamProjected(sql: Sql): Promise<boolean> {
  const [{ behind }] = await sql<{ behind: string }[]>`
    select count(*) as behind from streams s left join projection_positions p using (stream_id)
    where s.version > 0 and coalesce(p.position, 0) < s.version`;
  return Number(behind) === 0;
}

describeWith(['postgres', 'kafka'], 'the Kafka pipeline', () => {
  let db: TestDatabase;
  let sql: Sql;
  let kafka: Kafka;
  let parts: ReturnType<typeof wire>;
  const topic = `cardlog.events.test-${randomUUID().slice(0, 8)}`;
  const groupId = `cardlog-projector-test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_pipe');
    sql = postgres(db.url, { max: 10, onnotice: () => undefined });
    await migrate(sql);
    parts = wire(sql);
    kafka = createKafka({ brokers: process.env.CARDLOG_TEST_KAFKA_BROKERS!, clientId: 'cardlog-pipeline-test' });
    const admin = kafka.admin();
    await admin.connect();
    await ensureTopic(admin, { topic, partitions: 6, replicationFactor: 1 });
    await admin.disconnect();
  });

  afterAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.disconnect();
    await sql?.end();
    await db?.drop();
  });

  it('two projector instances share the partitions and build what one instance builds from the store', async () => {
    const producer = createProducer(kafka);
    await producer.connect();
    const relay = new OutboxRelay(sql, parts.store, new KafkaTransport(producer, topic), { exclusive: true, listen: true, pollIntervalMs: 200, takeoverDelayMs: 0 });
    const runners = [0, 1].map(() => new ProjectionRunner(sql, (s, r, db) => parts.catalogs.resolve(s, r, db)));
    const projectors = runners.map((runner) => new KafkaProjector(kafka, runner, { topic, groupId }));
    await Promise.all(projectors.map((p) => p.start()));
    await relay.start();
    try {
      const ids = await uploadAll(parts.recorder, documents);
      const live = await parts.recorder.startLive({ ...documents[0]!, events: [] }, { principal: testPrincipal });
      const actions = documents[0]!.events.filter((e) => e.type !== 'GameEnded' && e.type !== 'CardsPutInGraveyard');
      await parts.recorder.appendLive(live.id, 0, actions.slice(0, 30), { principal: testPrincipal });
      await until('the projectors applied every stream up to its version', () => everyStreamProjected(sql));
      const [{ games, finished }] = await sql<{ games: string; finished: string }[]>`
        select count(*) as games, count(*) filter (where status = 'finished') as finished from rm_games`;
      expect(Number(games)).toBe(ids.length + 1);
      expect(Number(finished)).toBe(ids.length);
      const [{ steps }] = await sql<{ steps: string }[]>`select count(*) as steps from rm_replay_steps`;
      expect(Number(steps)).toBe(documents.reduce((n, d) => n + d.events.length, 0) + 30);

      const partitionsUsed = await sql<{ n: string }[]>`select count(distinct game_id) as n from rm_games`;
      expect(Number(partitionsUsed[0]!.n)).toBe(ids.length + 1);
      const lag = await projectors[0]!.lag();
      expect(lag).toHaveLength(6);
      expect(lag.every((p) => p.behind === 0)).toBe(true);

      const viaKafka = await dumpReadModels(sql);
      await Promise.all(projectors.map((p) => p.stop()));
      await rebuildReadModels(sql, parts.store, new ProjectionRunner(sql, (s, r, db) => parts.catalogs.resolve(s, r, db)));
      expect(await dumpReadModels(sql)).toEqual(viaKafka);
    } finally {
      await relay.stop();
      await Promise.all(projectors.map((p) => p.stop()));
      await producer.disconnect();
    }
  });

  it('a second relay waits on the lock while the first publishes', async () => {
    const quiet: Transport = { name: 'lock-test', publish: () => Promise.resolve() };
    const first = new OutboxRelay(sql, parts.store, quiet, { exclusive: true, pollIntervalMs: 50, takeoverDelayMs: 0 });
    const second = new OutboxRelay(sql, parts.store, quiet, { exclusive: true, pollIntervalMs: 50, takeoverDelayMs: 0 });
    try {
      await first.start();
      await until('the first relay holds the lock', async () => first.status().active);
      await second.start();
      await until('the second relay tried the lock', async () => second.status().running);
      expect(second.status().active).toBe(false);
      await first.stop();
      await until('the second relay takes over', async () => second.status().active);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
