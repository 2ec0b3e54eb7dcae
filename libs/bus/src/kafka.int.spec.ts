// Against a real broker (npm run kafka:start): keyed messages produced with the bus settings and
// consumed by a consumer group arrive exactly once, in order, and all on one partition per key.
import { randomBytes } from 'node:crypto';
import type { Admin, Consumer, EachBatchPayload, IHeaders, Kafka, Producer } from 'kafkajs';
import { describeWithKafka } from '@cardlog/testing';
import { ACKS_ALL, createKafka, createProducer, ensureTopic } from './index';

jest.setTimeout(60_000);

const KEYS = ['game-alpha', 'game-bravo', 'game-charlie', 'game-delta', 'game-echo', 'game-foxtrot'];
const PER_KEY = 50;
const PARTITIONS = 3;

interface Received {
  key: string;
  seq: number;
  partition: number;
  offset: bigint;
  headers: Record<string, string>;
}

function headerText(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    out[name] = Array.isArray(value) ? value.map(String).join(',') : String(value ?? '');
  }
  return out;
}

describeWithKafka('bus: keyed delivery through a real broker', () => {
  const brokers = process.env.CARDLOG_TEST_KAFKA_BROKERS ?? '127.0.0.1:9092';
  const suffix = `${process.pid}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const topic = `cardlog-test-bus-${suffix}`;
  const groupId = `cardlog-test-bus-${suffix}`;

  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer | undefined;
  let consumer: Consumer | undefined;

  beforeAll(async () => {
    kafka = createKafka({ brokers, clientId: 'cardlog-bus-test' });
    admin = kafka.admin();
    await admin.connect();
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
    if (admin) {
      try {
        const topics = await admin.listTopics();
        if (topics.includes(topic)) await admin.deleteTopics({ topics: [topic] });
        await admin.deleteGroups([groupId]).catch(() => undefined); // absent when the consumer never joined
      } finally {
        await admin.disconnect();
      }
    }
  });

  it('creates the topic once and reports it as existing afterwards', async () => {
    await expect(ensureTopic(admin, { topic, partitions: PARTITIONS, replicationFactor: 1 })).resolves.toBe(true);
    await expect(ensureTopic(admin, { topic, partitions: PARTITIONS, replicationFactor: 1 })).resolves.toBe(false);
    const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(metadata.topics[0].partitions).toHaveLength(PARTITIONS);
  });

  it('delivers every keyed message exactly once, in order, on one partition per key', async () => {
    await ensureTopic(admin, { topic, partitions: PARTITIONS, replicationFactor: 1 });
    const total = KEYS.length * PER_KEY;
    const received: Received[] = [];

    consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
    let onAll!: () => void;
    let onFailure!: (err: Error) => void;
    const allReceived = new Promise<void>((resolve, reject) => {
      onAll = resolve;
      onFailure = reject;
    });
    const joined = new Promise<void>((resolve, reject) => {
      consumer!.on(consumer!.events.GROUP_JOIN, () => resolve());
      consumer!.on(consumer!.events.CRASH, ({ payload }) => {
        const err = payload.error instanceof Error ? payload.error : new Error(String(payload.error));
        reject(err);
        onFailure(err);
      });
    });

    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
        for (const message of batch.messages) {
          if (!isRunning() || isStale()) break;
          const headers = headerText(message.headers);
          received.push({
            key: message.key?.toString() ?? '',
            seq: Number(headers['cardlog-seq']),
            partition: batch.partition,
            offset: BigInt(message.offset),
            headers,
          });
          resolveOffset(message.offset);
          await heartbeat();
        }
        if (received.length >= total) onAll();
      },
    });
    await joined;

    producer = createProducer(kafka);
    await producer.connect();
    // Interleave the keys and send in small batches, as several games would produce concurrently.
    const pending = [];
    for (let seq = 0; seq < PER_KEY; seq++) {
      for (const key of KEYS) {
        pending.push({
          key,
          value: JSON.stringify({ key, seq }),
          headers: { 'cardlog-seq': String(seq), 'cardlog-key': key, 'content-type': 'application/json' },
        });
      }
      if (pending.length >= 20 || seq === PER_KEY - 1) {
        await producer.send({ topic, acks: ACKS_ALL, messages: pending.splice(0) });
      }
    }

    await allReceived;
    await consumer.stop();

    // Exactly once: as many messages as were produced, no (key, seq) twice.
    expect(received).toHaveLength(total);
    const ids = new Set(received.map((m) => `${m.key}#${m.seq}`));
    expect(ids.size).toBe(total);

    for (const key of KEYS) {
      const mine = received.filter((m) => m.key === key);
      // In order: sequence numbers 0..PER_KEY-1 in arrival order, offsets strictly increasing.
      expect(mine.map((m) => m.seq)).toEqual(Array.from({ length: PER_KEY }, (_, i) => i));
      for (let i = 1; i < mine.length; i++) expect(mine[i].offset > mine[i - 1].offset).toBe(true);
      // One partition per key.
      expect(new Set(mine.map((m) => m.partition)).size).toBe(1);
      // Headers survive the trip.
      expect(mine[0].headers).toEqual({ 'cardlog-seq': '0', 'cardlog-key': key, 'content-type': 'application/json' });
    }

    // The log holds exactly what was produced (no duplicate writes from retries) and the group's
    // committed offsets, resolved by hand, reached the end of every partition.
    const ends = await admin.fetchTopicOffsets(topic);
    expect(ends.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0)).toBe(total);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const committedByPartition = new Map(committed.partitions.map((p) => [p.partition, p.offset]));
    for (const end of ends) expect(committedByPartition.get(end.partition)).toBe(end.high);
  });
});
