// Building the read models, against reading what they are built from:
//   · projection: ProjectionRunner.apply over the store's pages, against reading the same pages
//   · its two ceilings: reading the pages and folding them without writing anything (the client's
//     share), and reading them while the server writes the same rows (the server's share)
//   · projector from Kafka: KafkaProjector (a fresh group, read models emptied) against a raw kafkajs
//     consumer group that only decodes each message of the same topic
//   · relay to Kafka: OutboxRelay with its KafkaTransport publishing the store, against reading the
//     same pages and publishing each event as its key and JSON value with a raw kafkajs producer
// Needs PostgreSQL and Kafka. Its own scratch database, topic and consumer groups.
import { randomUUID } from 'node:crypto';
import { flag, interleave, kafkaBrokers, ratioOf, record, require, rounds, scratchDatabase, storeWithSimulatedGames } from './common.mjs';

const postgres = require('postgres');
const { createKafka, createProducer, ensureTopic } = require('@cardlog/bus');
const {
  DEFAULT_SNAPSHOT_EVERY,
  KafkaProjector,
  KafkaTransport,
  OutboxRelay,
  ProjectionRunner,
  READ_MODEL_TABLES,
  contextFor,
  encodeEvent,
  encodeHead,
  messageKey,
  projectGame,
  startHead,
} = require('@cardlog/projections');
const { GAME_RECORDED, streamKey } = require('@cardlog/events');
const { START } = require('@cardlog/store');

const games = flag('games', 300, 4);
const page = flag('page', 1000);
// The runner's snapshot interval (the platform's default unless given), for comparing intervals.
const snapshotEvery = flag('snapshot-every', DEFAULT_SNAPSHOT_EVERY);
const db = await scratchDatabase('projector');
const sql = postgres(db.url, { max: 8, onnotice: () => undefined });
const topic = `cardlog.events.bench-${randomUUID().slice(0, 8)}`;
const kafka = createKafka({ brokers: kafkaBrokers().split(','), clientId: 'cardlog-bench' });
const kadmin = kafka.admin();
const topics = [topic];
try {
  const { store, catalogs } = await storeWithSimulatedGames(db, sql, games, flag('seed', 11));
  const resetReadModels = () => sql.unsafe(`truncate ${READ_MODEL_TABLES.join(', ')}`);
  const lookup = (system, ref, tx) => catalogs.resolve(system, ref, tx);

  // Reading every page of the store, in commit order: what any projection must at least do.
  const readPages = async (apply, size = page) => {
    let checkpoint = START;
    let count = 0;
    for (;;) {
      const { events, checkpoint: next } = await store.readAll(checkpoint, size);
      if (events.length === 0) return count;
      if (apply) await apply(events);
      count += events.length;
      checkpoint = next;
    }
  };
  // What the runner does on the client for a page, without the database: fold each game's events
  // into its rows, snapshots and head (its facts: a head holds no state) from the head it holds, and
  // write them as the JSON texts it sends. The catalogs are looked up once, before any round.
  const catalogsByRef = new Map();
  await readPages(async (events) => {
    for (const event of events) {
      if (event.type !== GAME_RECORDED) continue;
      const { system, catalog } = event.data.header;
      if (typeof catalog !== 'string') throw new Error('the fold-only path reads built-in and stored catalogs only');
      if (!catalogsByRef.has(`${system}:${catalog}`)) catalogsByRef.set(`${system}:${catalog}`, await sql.begin((tx) => catalogs.resolve(system, catalog, tx)));
    }
  });
  const catalogOf = (system, ref) => catalogsByRef.get(`${system}:${ref}`);
  const foldPage = (events, held) => {
    const byGame = new Map();
    for (const event of events) {
      const key = streamKey(event.streamId);
      const list = byGame.get(key);
      if (list) list.push(event);
      else byGame.set(key, [event]);
    }
    let text = 0;
    for (const [gameId, list] of byGame) {
      const fresh = list[0].type === GAME_RECORDED;
      const context = fresh ? contextFor(list[0].data, catalogOf) : held.get(gameId).context;
      const head = fresh ? startHead(list[0], context) : held.get(gameId).head;
      const change = projectGame(head, list, context, snapshotEvery, { owned: !fresh });
      const stored = encodeHead(change.head);
      text += stored.facts.length + JSON.stringify(stored.header).length;
      for (const { steps } of change.chunks) text += JSON.stringify(steps).length;
      for (const { state } of change.snapshots) text += state.length;
      text += JSON.stringify(change.seats).length + JSON.stringify(change.cards).length + JSON.stringify(change.game).length;
      held.set(gameId, { head: change.head, context });
    }
    return text;
  };
  const direct = await interleave(
    {
      read: () => readPages(),
      fold: () => {
        const held = new Map();
        return readPages(async (events) => void foldPage(events, held));
      },
      apply: () => {
        const runner = new ProjectionRunner(sql, lookup, { snapshotEvery });
        return readPages((events) => runner.apply(events));
      },
    },
    { rounds: rounds(5), setup: (name) => (name === 'apply' ? resetReadModels() : undefined) },
  );
  const eventCount = await readPages();
  record({
    path: 'projection (ProjectionRunner.apply)',
    inputs: { system: 'born-from-blood', games, events: eventCount, page, snapshotEvery },
    subject: { label: 'read pages + apply to every read model', unit: 'events/s', values: direct.apply },
    baseline: { label: 'read the same pages', unit: 'events/s', values: direct.read },
    ratio: ratioOf(direct.apply, direct.read),
    target: 0.5,
  });
  record({
    path: 'reading the pages + the fold, writing nothing',
    inputs: { system: 'born-from-blood', games, events: eventCount, page, snapshotEvery },
    subject: { label: 'read pages + fold each game into its rows, snapshots and head as JSON text', unit: 'events/s', values: direct.fold },
    baseline: { label: 'read the same pages', unit: 'events/s', values: direct.read },
    ratio: ratioOf(direct.fold, direct.read),
    target: null,
    notes: "the ceiling of the projection ratio that the client's own work leaves, before a row is sent",
  });

  // The cheapest way to end with the same rows: read the pages, then have the server copy in what
  // the projection wrote (kept aside after its last round), with every index and constraint of the
  // read models. No fold, no bytes sent, no statement per game: what writing the read models costs
  // the server at least. (COPY TO STDOUT through postgres.js left its connection paused after a
  // large row, so the rows stay on the server.)
  const kept = [];
  for (const table of READ_MODEL_TABLES) {
    const keptTable = `bench_kept_${table}`;
    await sql.unsafe(`create table ${keptTable} as select * from ${table}`);
    const [{ bytes }] = await sql.unsafe(`select pg_table_size('${keptTable}')::int as bytes`);
    kept.push({ table, keptTable, bytes });
  }
  const copyRows = async () => {
    for (const { table, keptTable } of kept) await sql.unsafe(`insert into ${table} select * from ${keptTable}`);
  };
  const written = await interleave(
    { read: () => readPages(), write: async () => { const n = await readPages(); await copyRows(); return n; } },
    { rounds: rounds(5), setup: (name) => (name === 'write' ? resetReadModels() : undefined) },
  );
  record({
    path: 'reading the pages + writing the read models server-side',
    inputs: { system: 'born-from-blood', games, events: eventCount, page, snapshotEvery, tableBytes: kept.reduce((n, k) => n + k.bytes, 0) },
    subject: { label: 'read pages, then INSERT … SELECT the rows the projection wrote', unit: 'events/s', values: written.write },
    baseline: { label: 'read the same pages', unit: 'events/s', values: written.read },
    ratio: ratioOf(written.write, written.read),
    target: null,
    notes: 'the ceiling of the projection ratio for a projector that writes these rows',
  });

  await kadmin.connect();
  await ensureTopic(kadmin, { topic, partitions: 6, replicationFactor: 1 });
  const producer = createProducer(kafka);
  await producer.connect();
  const published = await new OutboxRelay(sql, store, new KafkaTransport(producer, topic), { batchSize: 2000 }).drain();

  // Publishing the store: the relay (its horizon, pages, transport and checkpoint, under a name of
  // its own so it starts from the beginning) against the least any publisher does: read the same
  // pages and send each event keyed by its game, its JSON as the value. Each round into a topic of
  // its own, created before the time.
  let roundTopic = topic;
  const publishing = await interleave(
    {
      raw: () =>
        readPages((events) => producer.send({ topic: roundTopic, acks: -1, messages: events.map((e) => ({ key: messageKey(e), value: encodeEvent(e) })) }), 2000),
      relay: () => new OutboxRelay(sql, store, new KafkaTransport(producer, roundTopic), { batchSize: 2000, name: `bench-relay-${randomUUID().slice(0, 8)}` }).drain(),
    },
    {
      rounds: rounds(5),
      setup: async () => {
        roundTopic = `${topic}-p${topics.length}`;
        topics.push(roundTopic);
        await ensureTopic(kadmin, { topic: roundTopic, partitions: 6, replicationFactor: 1 });
      },
    },
  );
  await producer.disconnect();
  record({
    path: 'relay to Kafka',
    inputs: { system: 'born-from-blood', games, events: published, partitions: 6, batchSize: 2000 },
    subject: { label: 'OutboxRelay → KafkaTransport', unit: 'events/s', values: publishing.relay },
    baseline: { label: 'read the pages + raw kafkajs send (key, value)', unit: 'events/s', values: publishing.raw },
    ratio: ratioOf(publishing.relay, publishing.raw),
    target: null,
    notes: 'the production shape of what the API does with every stored event; both send with acks -1, one request at a time',
  });

  // A consumer leaves its group after its round, outside the time: a projector that has applied
  // everything is waiting on a fetch (kafkajs long-polls the broker for up to 5 s), and its
  // disconnect waits for that fetch to end, which is no part of consuming. The next round's
  // setup waits for it.
  let leaving = Promise.resolve();
  const viaKafka = await interleave(
    {
      // Both include joining a fresh consumer group and reading the topic from its start.
      raw: async () => {
        let seen = 0;
        const consumer = kafka.consumer({ groupId: `bench-raw-${randomUUID().slice(0, 8)}` });
        await consumer.connect();
        await consumer.subscribe({ topic, fromBeginning: true });
        await new Promise((resolve) => {
          consumer.run({
            eachBatchAutoResolve: true,
            eachBatch: async ({ batch }) => {
              for (const m of batch.messages) JSON.parse(m.value.toString());
              seen += batch.messages.length;
              if (seen >= published) resolve();
            },
          });
        });
        leaving = consumer.disconnect();
        leaving.catch(() => undefined); // awaited by the next round's setup
        return published;
      },
      projector: async () => {
        const runner = new ProjectionRunner(sql, lookup, { snapshotEvery });
        const projector = new KafkaProjector(kafka, runner, { topic, groupId: `bench-projector-${randomUUID().slice(0, 8)}` });
        await projector.start();
        for (;;) {
          // Done when every event is applied. The progress row's position is the highest applied,
          // which one partition can reach while another still has batches to go.
          const [row] = await sql`select events_applied from projection_progress`;
          if (row && Number(row.events_applied) >= published) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        leaving = projector.stop();
        leaving.catch(() => undefined); // awaited by the next round's setup
        return published;
      },
    },
    {
      rounds: rounds(5),
      setup: async (name) => {
        await leaving;
        if (name === 'projector') await resetReadModels();
      },
    },
  );
  await leaving;
  record({
    path: 'projector from Kafka',
    inputs: { system: 'born-from-blood', games, events: published, partitions: 6, snapshotEvery },
    subject: { label: 'KafkaProjector → read models', unit: 'events/s', values: viaKafka.projector },
    baseline: { label: 'raw kafkajs consume + JSON.parse', unit: 'events/s', values: viaKafka.raw },
    ratio: ratioOf(viaKafka.projector, viaKafka.raw),
    target: 0.5,
    notes: 'both include joining a fresh consumer group; neither includes leaving it',
  });
} finally {
  await kadmin.deleteTopics({ topics }).catch(() => undefined);
  await kadmin.disconnect().catch(() => undefined);
  await sql.end();
  await db.drop();
}

