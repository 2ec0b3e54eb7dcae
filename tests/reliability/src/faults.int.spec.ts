import { describeWith } from '@cardlog/testing';
import { registeredGames, simulateDocuments } from '@cardlog/rules';
import type { GameDocument } from '@cardlog/events';
import { ingest } from './harness/ingest';
import { waitFor } from './harness/ports';
import { Stack } from './harness/stack';

// Faults while games flow: the broker SIGKILLed and restarted twice, the projector SIGKILLed and
// restarted every few dozen games, the API SIGKILLed and restarted once — both of them starting
// while the broker is down. Afterwards nothing is lost or doubled, and the read models equal a
// rebuild from scratch row for row.
// CARDLOG_FAULT_GAMES sets the number of games (npm test: 160; `npm run test:soak`: 2,000+).

const GAMES = Number(process.env.CARDLOG_FAULT_GAMES ?? 160);

function documents(): GameDocument[] {
  const systems = registeredGames().filter((g) => g.simulator);
  const per = Math.ceil(GAMES / systems.length);
  return systems.flatMap((g, i) => simulateDocuments(g.system.id, per, 9000 + i, { maxEvents: 400 }).map((s) => s.document)).slice(0, GAMES);
}

describeWith(['postgres', 'kafka'], 'the pipeline under SIGKILLs of the broker, the projector and the API', () => {
  let stack: Stack | undefined;

  afterAll(async () => {
    await stack?.stop();
  });

  it(
    'loses nothing, doubles nothing, and its read models equal a rebuild',
    async () => {
      stack = await Stack.start(`faults-${process.pid}-${Date.now()}`);
      const s = stack;
      const token = await s.token('reliability');
      const docs = documents();
      const faults: string[] = [];
      const at = (fraction: number) => Math.max(1, Math.floor(docs.length * fraction));
      // After how many accepted games each fault happens; faults due at the same count run in this order.
      const planned: [number, string, () => Promise<void>][] = [
        [at(0.1), 'kafka SIGKILL', () => s.kafka.kill()],
        [at(0.2), 'kafka restart', () => s.kafka.resume()],
        [at(0.4), 'kafka SIGKILL', () => s.kafka.kill()],
        [at(0.5), 'kafka restart', () => s.kafka.resume()],
        // The API and (at 0.15 and 0.45) the projector start again while the broker is down.
        [at(0.45), 'api SIGKILL + restart with the broker down', async () => (await s.api.kill(), await s.api.start())],
        ...Array.from({ length: 9 }, (_, i): [number, string, () => Promise<void>] => [
          at((i + 1) / 10 + 0.05),
          'projector SIGKILL + restart',
          async () => (await s.projector.kill(), await s.projector.start(false)),
        ]),
      ];
      const schedule = new Map<number, (() => Promise<void>)[]>();
      for (const [n, name, fault] of planned.sort((a, b) => a[0] - b[0])) {
        schedule.set(n, [...(schedule.get(n) ?? []), async () => (faults.push(name), fault())]);
      }
      let busy = Promise.resolve();
      const report = await ingest(s.apiUrl, token, docs, {
        concurrency: 4,
        onProgress: (done) => {
          for (const fault of schedule.get(done) ?? []) busy = busy.then(fault);
        },
      });
      await busy;
      if (!s.projector.running) await s.projector.start();

      // Every accepted game is stored exactly once, with every event of its document.
      const ids = new Set(report.accepted.values());
      expect(ids.size).toBe(docs.length);
      const [games] = await s.sql<{ n: string }[]>`select count(*) as n from games`;
      expect(Number(games!.n)).toBe(docs.length);
      const gaps = await s.sql`
        select stream_id from events group by stream_id
        having count(*) <> max(stream_position) or min(stream_position) <> 1`;
      expect(gaps).toHaveLength(0);

      await s.projectorCaughtUp();
      const [rm] = await s.sql<{ n: string }[]>`select count(*) as n from rm_games`;
      expect(Number(rm!.n)).toBe(docs.length);
      const incremental = await s.readModels();
      await s.projector.stop();
      s.rebuild();
      const rebuilt = await s.readModels();
      expect(rebuilt).toEqual(incremental);

      const [events] = await s.sql<{ n: string }[]>`select count(*) as n from events`;
      process.stdout.write(
        `faults: ${docs.length} games (${events!.n} events) ingested; ${faults.length} faults injected (${faults.join(', ')}); ` +
          `${report.retries} upload retries; events lost 0, duplicates 0; ${report.serverErrors.length} 5xx answers other than 503\n`,
      );
      expect(report.serverErrors).toEqual([]);
    },
    15 * 60_000,
  );

  it('answers 503 with Retry-After while PostgreSQL is down, stores nothing partial, and recovers by itself', async () => {
    const s = stack;
    if (!s) throw new Error('the stack did not start (see the test above)');
    const token = await s.token('outage');
    // The fault here is PostgreSQL going away under a running stack: the projector first finishes
    // starting (its schema check needs the database) and joins its group.
    const consuming = s.projector.output.split('consuming ').length;
    await s.projector.start();
    await waitFor('the projector to consume', () => s.projector.output.split('consuming ').length > consuming, 60_000, 100);
    const [before] = await s.sql<{ n: string }[]>`select count(*) as n from games`;
    const [doc] = simulateDocuments('born-from-blood', 1, 4321).map((g) => g.document);
    const upload = () =>
      fetch(`${s.apiUrl}/v1/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'outage-1' },
        body: JSON.stringify(doc),
        signal: AbortSignal.timeout(30_000),
      });
    await s.pg.kill();
    const during = await upload().catch((error: Error) => {
      throw new Error(`the upload while PostgreSQL was down got no answer (${error.message}, ${(error.cause as Error | undefined)?.message})${s.logTails()}`);
    });
    const answer = (await during.json()) as { error?: { code: string } };
    expect({ status: during.status, code: answer.error?.code }).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await s.pg.resume();
    // The API, the relay and the projector reconnect on their own; the client's retry goes through.
    let status = 0;
    await waitFor('the upload to be accepted once PostgreSQL is back', async () => {
      status = (await upload()).status;
      return status === 201 || status === 200;
    }, 120_000, 500).catch((error: Error) => {
      throw new Error(`${error.message}${s.logTails(40)}`);
    });
    await s.projectorCaughtUp();
    const [after] = await s.sql<{ n: string }[]>`select count(*) as n from games`;
    expect(Number(after!.n)).toBe(Number(before!.n) + 1);
  }, 5 * 60_000);
});
