// Projector throughput against a raw kafkajs consume of the same topic (the baseline: what Kafka
// delivery alone costs). Needs PostgreSQL (CARDLOG_TEST_DATABASE_URL or the local server) and Kafka
// (KAFKA_BROKERS or 127.0.0.1:9092; `npm run kafka:start`).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { flag, perSecond, report } from './common.mjs';

const require = createRequire(import.meta.url);
const postgres = require('postgres');
const { createKafka, createProducer, ensureTopic } = require('@cardlog/bus');
const { KafkaProjector, KafkaTransport, OutboxRelay, ProjectionRunner } = require('@cardlog/projections');
const { CatalogRepository, GameRecorder } = require('@cardlog/recording');
const { simulateGames } = require('@cardlog/rules');
const { EventStore, migrate } = require('@cardlog/store');

const games = flag('games', 300);
const server = process.env.CARDLOG_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const brokers = process.env.KAFKA_BROKERS || '127.0.0.1:9092';
const name = `cardlog_bench_${process.pid}`;
const admin = postgres(server, { max: 1, onnotice: () => undefined });
await admin.unsafe(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const sql = postgres(url.toString(), { max: 8, onnotice: () => undefined });
const topic = `cardlog.events.bench-${randomUUID().slice(0, 8)}`;
const kafka = createKafka({ brokers, clientId: 'cardlog-bench' });
const kadmin = kafka.admin();
try {
  await migrate(sql);
  const store = new EventStore(sql);
  const catalogs = new CatalogRepository(sql);
  const recorder = new GameRecorder(sql, store, catalogs);
  const principal = { tokenId: 'bench', name: 'bench', tournaments: null };
  for (const { document } of simulateGames(games, flag('seed', 11))) await recorder.upload(document, { principal });
  await kadmin.connect();
  await ensureTopic(kadmin, { topic, partitions: 6, replicationFactor: 1 });
  const producer = createProducer(kafka);
  await producer.connect();
  const published = await new OutboxRelay(sql, store, new KafkaTransport(producer, topic), { batchSize: 2000 }).drain();
  await producer.disconnect();

  // Baseline: a consumer group that only decodes each message.
  let seen = 0;
  const raw = kafka.consumer({ groupId: `bench-raw-${randomUUID().slice(0, 8)}` });
  await raw.connect();
  await raw.subscribe({ topic, fromBeginning: true });
  let t0 = 0;
  const rawDone = new Promise((resolve) => {
    raw.run({
      eachBatchAutoResolve: true,
      eachBatch: async ({ batch }) => {
        if (!t0) t0 = performance.now();
        for (const m of batch.messages) JSON.parse(m.value.toString());
        seen += batch.messages.length;
        if (seen >= published) resolve(performance.now());
      },
    });
  });
  const rawMs = (await rawDone) - t0;
  await raw.disconnect();

  // The projector: the same messages through the runner into the read models.
  const runner = new ProjectionRunner(sql, (system, ref, db) => catalogs.resolve(system, ref, db));
  const projector = new KafkaProjector(kafka, runner, { topic, groupId: `bench-projector-${randomUUID().slice(0, 8)}` });
  const [{ last }] = await sql`select max(global_position) as last from events`;
  const started = performance.now();
  await projector.start();
  for (;;) {
    const [row] = await sql`select global_position from projection_progress`;
    if (row && Number(row.global_position) >= Number(last)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const projectorMs = performance.now() - started;
  await projector.stop();

  report([
    ['games / events', `${games} / ${published}`],
    ['raw kafkajs consume (baseline)', `${perSecond(published, rawMs).toLocaleString('en')} events/s`],
    ['projector (read models in PostgreSQL)', `${perSecond(published, projectorMs).toLocaleString('en')} events/s (group join included)`],
    ['ratio projector / raw consume', (rawMs / projectorMs).toFixed(3)],
  ]);
} finally {
  await kadmin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await kadmin.disconnect().catch(() => undefined);
  await sql.end();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
