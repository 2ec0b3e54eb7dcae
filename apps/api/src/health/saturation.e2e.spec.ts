import type { GameDocument } from '@cardlog/events';
import { findSystem, simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { AdmissionControl } from '../admission/admission';
import { DATABASE } from '../database/database.module';
import { TestApi, startTestApi } from '../testing/test-api';

jest.setTimeout(240_000);

/** A simulated game with an inline copy of the demo catalog padded to about `bytes`. */
function largeDocument(bytes: number): GameDocument {
  const document = simulateGames(1, 20261206)[0]!.document;
  const demo = findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!.cards as { id: string; type: string; name: string }[];
  const template = demo.find((c) => c.type !== 'Character')!;
  const filler = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const card = { ...template, id: `filler-${i}`, name: `Filler ${i}`, text: 'x'.repeat(3000) };
    filler.push(card);
    size += JSON.stringify(card).length;
  }
  return { ...document, catalog: { id: 'club-big@1', cards: [...demo, ...filler] } };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * Issue 9: with every write slot taken by large uploads, /health is still answered — it takes no
 * slot and waits for no write — and the writes over the caps are refused at once with Retry-After
 * instead of queueing. Latencies are reported; the only bound is a generous one.
 */
describeWithPostgres('/health while large uploads saturate the write slots', () => {
  let db: TestDatabase;
  let api: TestApi;
  const tokens: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_api_saturation');
    api = await startTestApi({ databaseUrl: db.url, config: { maxConcurrentWrites: 8, maxConcurrentWritesPerToken: 4, writeRate: 0, writeRetryAfterSeconds: 1 } });
    const repository = new TokenRepository(api.app.get<Database>(DATABASE).sql);
    for (let i = 0; i < 3; i++) tokens.push((await repository.create(`saturation ${i}`)).token);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('answers /health while 8 uploads of 2 MiB are in flight and 12 writers push for more', async () => {
    const admission = api.app.get(AdmissionControl);
    const text = JSON.stringify(largeDocument(2 * 1024 * 1024));
    const answers: { status: number; code?: string; retryAfter: string | null }[] = [];
    let sent = 0;
    let stop = false;
    const writer = async (token: string) => {
      while (!stop) {
        // A distinct game each time: the first player's name differs.
        const body = text.replace('"name":"Bot Ash"', `"name":"Bot Ash ${sent++}"`);
        const res = await fetch(`${api.base}/v1/games`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
        const reply = (await res.json()) as { error?: { code: string } };
        answers.push({ status: res.status, ...(reply.error ? { code: reply.error.code } : {}), retryAfter: res.headers.get('retry-after') });
        // A refused writer waits a little (a real client would wait Retry-After), then pushes again.
        if (res.status === 429 || res.status === 503) await new Promise((r) => setTimeout(r, 200));
      }
    };
    const writers = tokens.flatMap((token) => Array.from({ length: 4 }, () => writer(token)));
    const health: { ms: number; status: number; state: string; inFlight: number }[] = [];
    try {
      const deadline = Date.now() + 120_000;
      // Wait until the slots are full, then probe /health for as long as it takes to see it answer under a full house.
      while (admission.inFlight < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(admission.inFlight).toBe(8);
      while (Date.now() < deadline && (health.filter((h) => h.inFlight === 8).length < 6 || answers.filter((a) => a.status === 201).length < 8)) {
        const started = performance.now();
        const inFlight = admission.inFlight;
        const res = await fetch(`${api.base}/health`);
        const body = (await res.json()) as { status?: string };
        health.push({ ms: performance.now() - started, status: res.status, state: body.status ?? '?', inFlight });
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    const full = health.filter((h) => h.inFlight === 8);
    if (process.env.CARDLOG_TEST_TRACE) process.stdout.write(`${JSON.stringify({ health, answers: answers.length, created: answers.filter((a) => a.status === 201).length })}\n`);
    expect(full.length).toBeGreaterThanOrEqual(6);
    // Every probe is answered with a health body. (Its checks have their own timeouts, 3 s for the
    // database, which an event loop busy with large documents can exceed: counted, not hidden.)
    expect(health.every((h) => [200, 503].includes(h.status) && h.state !== '?')).toBe(true);
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 429 || a.status === 503);
    expect(created).toBeGreaterThanOrEqual(8);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.retryAfter === '1' && (a.code === 'TOKEN_BUSY' || a.code === 'SERVER_BUSY'))).toBe(true);
    expect(answers.filter((a) => ![201, 429, 503].includes(a.status))).toEqual([]);
    const sorted = full.map((h) => h.ms).sort((a, b) => a - b);
    // Generous on purpose: the 60 s was the symptom. Parsing, validating and hashing a large
    // document still runs on the event loop, so each probe waits for the chunks of work queued ahead
    // of it (seconds on a loaded machine); the number is reported, not hidden behind a tight bound.
    expect(sorted.at(-1)!).toBeLessThan(20_000);
    process.stdout.write(
      `\n/health under saturation (8 of 8 write slots busy with 2 MiB uploads, 12 writers): ${full.length} probes, ` +
        `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ` +
        `${full.filter((h) => h.status === 200).length} answered 200; ${created} uploads stored, ${refused.length} refused at once (${refused.filter((a) => a.status === 503).length} × 503, ${refused.filter((a) => a.status === 429).length} × 429)\n`,
    );
  });
});
