// The full stack as production runs it: the API and two projectors (one consumer group) as separate
// processes against a real PostgreSQL and a real Kafka, configured only by environment variables.
// A tournament recorded through the API reaches the standings and the replays through Kafka.
import { Kafka, logLevel } from 'kafkajs';
import postgres from 'postgres';
import { simulateTournament } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { TestDatabase, createTestDatabase, describeWith } from '@cardlog/testing';
import { Proc, freePort, getJson, killEverything, waitFor } from './harness';

let API_PORT: number;
let PROJECTOR_PORTS: number[];
let API: string;

/** The value of one sample line (`name{labels} value`), summed when the labels are left open. */
function sample(text: string, name: string, labels?: string): number {
  const lines = text.split('\n').filter((l) => (labels ? l.startsWith(`${name}{${labels}} `) : l.startsWith(`${name} `) || l.startsWith(`${name}{`)));
  return lines.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

describeWith(['postgres', 'kafka'], 'the full stack: api and two projectors as processes on PostgreSQL and Kafka', () => {
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const topic = `cardlog.test.operability.${suffix}`;
  const group = `cardlog-test-operability-${suffix}`;
  let db: TestDatabase;
  let api: Proc;
  let projectors: Proc[] = [];
  let token: string;

  const env = () => ({ DATABASE_URL: db.url, KAFKA_BROKERS: process.env.CARDLOG_TEST_KAFKA_BROKERS!, CARDLOG_TOPIC: topic, CARDLOG_TOPIC_PARTITIONS: '2' });

  beforeAll(async () => {
    [API_PORT, ...PROJECTOR_PORTS] = [await freePort(), await freePort(), await freePort()];
    API = `http://127.0.0.1:${API_PORT}`;
    db = await createTestDatabase('cardlog_fullstack');
    api = new Proc(['apps/api/dist/main.js'], { env: { ...env(), PORT: String(API_PORT), HOST: '127.0.0.1' } });
    await api.until(/Cardlog on http/, 120_000);
    const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      token = (await new TokenRepository(sql).create('full-stack organiser')).token;
    } finally {
      await sql.end();
    }
    projectors = PROJECTOR_PORTS.map(
      (port) => new Proc(['apps/projector/dist/main.js'], { env: { ...env(), METRICS_PORT: String(port), CARDLOG_PROJECTOR_GROUP: group } }),
    );
  });

  afterAll(async () => {
    await Promise.all([api, ...projectors].filter(Boolean).map((p) => p.stop(15_000)));
    killEverything();
    const admin = new Kafka({ brokers: process.env.CARDLOG_TEST_KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING }).admin();
    try {
      await admin.connect();
      await admin.deleteTopics({ topics: [topic], timeout: 10_000 }).catch(() => undefined);
      await admin.deleteGroups([group]).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
    await db?.drop();
  });

  it('says which mode it runs in, and loads no demo into a PostgreSQL it was pointed at', () => {
    expect(api.output).toMatch(/PostgreSQL at postgres:\/\/.* · Kafka /);
    expect(api.output).not.toMatch(/demo: loading/);
  });

  it('records a tournament through the API; the projectors build its standings and replays from Kafka', async () => {
    const bundle = simulateTournament({ system: 'summoner-master', players: 6, rounds: 2, bestOf: 1, seed: 77, id: `full-stack-${suffix}` });
    const res = await fetch(`${API}/v1/tournaments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(bundle),
    });
    expect(res.status).toBe(201);
    const recorded = (await res.json()) as { id: string; games: number };

    await waitFor('standings from the projectors', async () => (await getJson(`${API}/v1/tournaments/${recorded.id}/standings`)).standings.length === 6, 120_000, 500);
    const round = await getJson(`${API}/v1/tournaments/${recorded.id}/rounds/1`);
    const replay = round.pairings.find((p: { games?: unknown[] }) => p.games?.length).games[0].replay;
    await waitFor('a replay from the projectors', async () => (await getJson(`${API}${replay}`)).steps.length > 10, 60_000, 500);

    // Both replicas joined the one group; together they applied everything the API published.
    let scraped: string[] = [];
    await waitFor(
      'both projectors in the group, caught up',
      async () => {
        scraped = await Promise.all(PROJECTOR_PORTS.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()));
        return scraped.every((m) => sample(m, 'cardlog_projector_group_joined') === 1) && scraped.every((m) => sample(m, 'cardlog_projector_store_lag_events') === 0);
      },
      60_000,
      500,
    );
    const apiMetrics = await (await fetch(`${API}/metrics`)).text();
    expect(sample(apiMetrics, 'cardlog_events_appended_total')).toBeGreaterThan(recorded.games * 10);
    expect(sample(apiMetrics, 'cardlog_relay_lag_events')).toBe(0);
    expect(sample(apiMetrics, 'cardlog_http_requests_total', 'method="POST",route="/v1/tournaments",status="201"')).toBe(1);
    expect(sample(apiMetrics, 'cardlog_projector_store_lag_events')).toBe(0);
    expect(scraped.reduce((n, m) => n + sample(m, 'cardlog_projector_events_applied_total'), 0)).toBeGreaterThan(0);
  });

  it('stops every process with exit 0 on SIGTERM, also when it comes twice at once', async () => {
    // A supervisor that signals `npm start`'s whole process group (systemd's default KillMode)
    // reaches the server twice within milliseconds: directly, and through npm, which forwards it.
    // That is one request to stop, not the impatient second signal that exits at once.
    const all = [...projectors, api];
    for (const p of all) p.signal('SIGTERM');
    const codes = await Promise.all(all.map((p) => p.stop()));
    expect(codes).toEqual([0, 0, 0]);
    expect(api.output).toMatch(/cardlog: stopped/);
    for (const p of projectors) expect(p.output).toMatch(/cardlog projector: stopped/);
  });
});
