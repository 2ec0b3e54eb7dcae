import { Worker } from 'node:worker_threads';
import type { GameDocument } from '@cardlog/events';
import { findSystem, simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { AdmissionControl } from '../admission/admission';
import { DATABASE } from '../database/database.module';
import { UploadWorkers } from '../recording/upload-workers';
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

/** The 12 writers (4 per token), as a worker's source: answers go back one message each. */
const WRITERS = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, tokens, text } = workerData;
let sent = 0;
let stop = false;
parentPort.on('message', () => (stop = true));
const writer = async (token) => {
  while (!stop) {
    // A distinct game each time: the first player's name differs.
    const body = Buffer.from(text.replace('"name":"Bot Ash"', '"name":"Bot Ash ' + sent++ + '"'));
    const res = await fetch(base + '/v1/games', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body });
    const reply = await res.json();
    parentPort.postMessage({ answer: { status: res.status, ...(reply.error ? { code: reply.error.code } : {}), retryAfter: res.headers.get('retry-after') } });
    // A refused writer waits a little (a real client would wait Retry-After), then pushes again.
    if (res.status === 429 || res.status === 503) await new Promise((r) => setTimeout(r, 200));
  }
};
Promise.all(tokens.flatMap((token) => [0, 1, 2, 3].map(() => writer(token)))).then(() => parentPort.postMessage({ stopped: true }));
`;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * Issue 9: with every write slot taken by large uploads, /health is answered within a second — it
 * takes no slot, waits for no write, and the uploads' CPU work is off the event loop — and the
 * writes over the caps are refused at once with Retry-After instead of queueing.
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

  it('answers /health within a second (95 probes in 100, none beyond 3 s) while 8 uploads of 2 MiB are in flight and 12 writers push for more', async () => {
    const admission = api.app.get(AdmissionControl);
    // The uploads are prepared on worker threads (the compiled libs/recording/dist/upload-worker.js).
    expect(api.app.get(UploadWorkers).workers).toBeGreaterThan(0);
    const text = JSON.stringify(largeDocument(2 * 1024 * 1024));
    // One upload first: the probes measure a saturated server, not its first request (code that
    // jest loads and compiles on first use, the upload workers' start).
    const warmUp = await fetch(`${api.base}/v1/games`, { method: 'POST', headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' }, body: text });
    expect(warmUp.status).toBe(201);
    const answers: { status: number; code?: string; retryAfter: string | null }[] = [];
    // The writers are remote clients: they run on a thread of their own, so that building and
    // sending their bodies is not work done on the event loop whose latency is measured.
    const writers = new Worker(WRITERS, { eval: true, workerData: { base: api.base, tokens, text } });
    const stopped = new Promise<void>((resolve, reject) => {
      writers.on('message', (message: { answer?: (typeof answers)[number]; stopped?: true }) => {
        if (message.answer) answers.push(message.answer);
        if (message.stopped) resolve();
      });
      writers.on('error', reject);
    });
    const health: { ms: number; status: number; state: string; inFlight: number }[] = [];
    try {
      const deadline = Date.now() + 120_000;
      // Wait until the slots are full, then probe /health for as long as it takes to see it answer under a full house.
      while (admission.inFlight < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(admission.inFlight).toBe(8);
      while (Date.now() < deadline && (health.filter((h) => h.inFlight === 8).length < 30 || answers.filter((a) => a.status === 201).length < 8)) {
        const started = performance.now();
        const inFlight = admission.inFlight;
        const res = await fetch(`${api.base}/health`);
        const body = (await res.json()) as { status?: string };
        health.push({ ms: performance.now() - started, status: res.status, state: body.status ?? '?', inFlight });
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      writers.postMessage('stop');
      await stopped;
      await writers.terminate();
    }
    const full = health.filter((h) => h.inFlight === 8);
    if (process.env.CARDLOG_TEST_TRACE) process.stdout.write(`${JSON.stringify({ health, answers: answers.length, created: answers.filter((a) => a.status === 201).length })}\n`);
    expect(full.length).toBeGreaterThanOrEqual(30);
    // Every probe is answered with a health body.
    expect(health.every((h) => [200, 503].includes(h.status) && h.state !== '?')).toBe(true);
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 429 || a.status === 503);
    expect(created).toBeGreaterThanOrEqual(8);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.retryAfter === '1' && (a.code === 'TOKEN_BUSY' || a.code === 'SERVER_BUSY'))).toBe(true);
    expect(answers.filter((a) => ![201, 429, 503].includes(a.status))).toEqual([]);
    const sorted = full.map((h) => h.ms).sort((a, b) => a - b);
    process.stdout.write(
      `\n/health under saturation (8 of 8 write slots busy with 2 MiB uploads, 12 writers): ${full.length} probes, ` +
        `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ` +
        `${full.filter((h) => h.status === 200).length} answered 200; ${created} uploads stored, ${refused.length} refused at once (${refused.filter((a) => a.status === 503).length} × 503, ${refused.filter((a) => a.status === 429).length} × 429)\n`,
    );
    // The bound. Parsing, validating, hashing and replaying the documents runs on the
    // upload workers (recording/upload-workers.ts); what is left on the event loop per upload is
    // a few milliseconds of copying and socket writes. It holds for the probes as a whole (95 of
    // 100), and no probe may wait more than a few seconds: a /health that queued behind the uploads
    // or shared their event loop waited 19-60 s, on most probes. A single probe is at the mercy of
    // the machine: with two test suites on two cores, one of 75 took 1,042 ms while the p95 was
    // 214 ms (the database, the API and the probe all wait for a core).
    expect(percentile(sorted, 95)).toBeLessThan(1000);
    expect(sorted.at(-1)!).toBeLessThan(3000);
  });
});
