import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import postgres, { Sql } from 'postgres';
import type { Admin, Kafka, Producer } from 'kafkajs';
import { MESSAGE_SIZE_TOPIC_CONFIG, createKafka, createProducer, ensureTopic } from '@cardlog/bus';
import { KafkaTransport, OutboxRelay, ProjectionRunner, READ_MODEL_TABLES, canonicalRowJson, rebuildReadModels } from '@cardlog/projections';
import { CatalogRepository, GameRecorder } from '@cardlog/recording';
import { simulateGames } from '@cardlog/rules';
import { EventStore, migrate } from '@cardlog/store';
import { TestDatabase, createTestDatabase, describeWith } from '@cardlog/testing';

jest.setTimeout(180_000);

const projectorMain = join(__dirname, '..', 'dist', 'main.js');
const principal = { tokenId: '00000000-0000-4000-8000-000000000009', name: 'sigkill test', tournaments: null };

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The built projector as its own process, as `npm run projector` runs it; its output is kept for a failure's message. */
function startProjector(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [projectorMain], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  return { child, output: () => output };
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill(signal);
  });
}

/** Every read-model row, ordered, for comparing two builds row for row. */
async function readModels(sql: Sql): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of READ_MODEL_TABLES) {
    if (table === 'projection_progress') continue;
    // States are stored as json (key order as written), so rows compare with their keys sorted.
    out[table] = (await sql`select * from ${sql(table)}`).map(canonicalRowJson).sort();
  }
  return out;
}

/**
 * Issue 9: a projector SIGKILLed mid-stream (no shutdown, no offset commit, no leaving the group)
 * and a new one started at once. The group waits out the dead member's session (6 s here, 10 s by
 * default) before the new member gets its partitions; then it catches up from the last committed
 * offsets, skipping what the dead one had applied, and the read models equal a rebuild.
 */
describeWith(['postgres', 'kafka'], 'a projector process SIGKILLed mid-stream', () => {
  let db: TestDatabase;
  let sql: Sql;
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let relay: OutboxRelay | undefined;
  const running: ChildProcess[] = [];
  const topic = `cardlog.events.sigkill-${randomUUID().slice(0, 8)}`;
  const groupId = `sigkill-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    if (!existsSync(projectorMain)) throw new Error('apps/projector/dist is missing: `nx run projector:test` builds it first');
    db = await createTestDatabase('cardlog_projector_sigkill');
    sql = postgres(db.url, { max: 6, onnotice: () => undefined });
    await migrate(sql);
    kafka = createKafka({ brokers: process.env.CARDLOG_TEST_KAFKA_BROKERS!, clientId: 'cardlog-sigkill-test' });
    admin = kafka.admin();
    await admin.connect();
    await ensureTopic(admin, { topic, partitions: 3, replicationFactor: 1, configEntries: MESSAGE_SIZE_TOPIC_CONFIG });
    producer = createProducer(kafka);
    await producer.connect();
  });

  afterAll(async () => {
    await Promise.all(running.map((child) => stopped(child, 'SIGKILL')));
    await relay?.stop();
    await producer?.disconnect();
    await admin?.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin?.deleteGroups([groupId]).catch(() => undefined);
    await admin?.disconnect();
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  it('a new projector resumes after the dead one’s session, loses and duplicates nothing, and the read models equal a rebuild', async () => {
    const store = new EventStore(sql);
    const catalogs = new CatalogRepository(sql);
    const recorder = new GameRecorder(sql, store, catalogs);
    const upload = async (count: number, seed: number) => {
      for (const game of simulateGames(count, seed)) await recorder.upload(game.document, { principal });
    };
    relay = new OutboxRelay(sql, store, new KafkaTransport(producer, topic), { name: `sigkill-${groupId}`, pollIntervalMs: 50 });
    await relay.start();
    const env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: process.env.CARDLOG_TEST_KAFKA_BROKERS!,
      CARDLOG_TOPIC: topic,
      CARDLOG_PROJECTOR_GROUP: groupId,
      CARDLOG_PROJECTOR_SESSION_TIMEOUT_MS: '6000',
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    };
    const applied = async () => Number((await sql<{ n: string }[]>`select coalesce(sum(position), 0) as n from projection_positions`)[0]!.n);
    const stored = async () => Number((await sql<{ n: string }[]>`select count(*) as n from events`)[0]!.n);

    await upload(16, 9100);
    const first = startProjector(env);
    running.push(first.child);
    await until('the first projector applied some events', async () => (await applied()) > 0).catch((error: Error) => {
      throw new Error(`${error.message}\n${first.output()}`);
    });
    first.child.kill('SIGKILL');
    await stopped(first.child, 'SIGKILL');
    const killedAt = Date.now();
    const atKill = await applied();
    await upload(6, 9200);
    const second = startProjector(env);
    running.push(second.child);
    await until('the second projector applied an event', async () => (await applied()) > atKill).catch((error: Error) => {
      throw new Error(`${error.message}\n${second.output()}`);
    });
    const resumedMs = Date.now() - killedAt;
    const total = await stored();
    await until('the second projector caught up', async () => (await applied()) === total).catch((error: Error) => {
      throw new Error(`${error.message}\n${second.output()}`);
    });
    const caughtUpMs = Date.now() - killedAt;
    await stopped(second.child, 'SIGTERM');
    expect(second.child.exitCode).toBe(0);

    // Every stream applied up to its version exactly once: one replay step per game event.
    const [{ steps, gameEvents }] = await sql<{ steps: string; gameEvents: string }[]>`
      select (select count(*) from rm_replay_steps) as steps, (select count(*) from events where stream_id like 'game-%') as "gameEvents"`;
    expect(Number(steps)).toBe(Number(gameEvents));
    const incremental = await readModels(sql);
    await rebuildReadModels(sql, store, new ProjectionRunner(sql, (system, ref, tx) => catalogs.resolve(system, ref, tx)));
    expect(await readModels(sql)).toEqual(incremental);
    process.stdout.write(
      `\nprojector SIGKILL recovery: ${atKill} events applied before the kill; the new member applied again ${resumedMs} ms after it ` +
        `(session timeout 6 s) and had all ${total} ${caughtUpMs} ms after it; read models equal a rebuild\n`,
    );
  });
});
