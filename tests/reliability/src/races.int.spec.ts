import { describeWithPostgres } from '@cardlog/testing';
import { findSystem, registeredGames, simulateDocuments } from '@cardlog/rules';
import type { GameDocument, LogEvent } from '@cardlog/events';
import { LocalApi } from './harness/local-api';

// Races against the real API process: many recorders on one live game, many uploads of one document.

const WRITERS = 64;

describeWithPostgres('races', () => {
  let local: LocalApi | undefined;
  let token = '';

  beforeAll(async () => {
    // Pacing and the concurrency caps are tested on their own (security spec); here every writer
    // must reach the store at once, so the losers meet its optimistic check rather than a cap.
    local = await LocalApi.start({ CARDLOG_WRITE_RATE: '0', CARDLOG_MAX_CONCURRENT_WRITES: '128', CARDLOG_MAX_CONCURRENT_WRITES_PER_TOKEN: '128' });
    token = await local.token('races');
  }, 180_000);

  afterAll(async () => {
    await local?.stop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${local!.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0), body: text ? JSON.parse(text) : null };
  };

  /** As a real client would: a 429/503 says when to come back (Retry-After, in seconds). */
  const backOff = (retryAfter: number) => new Promise((r) => setTimeout(r, Math.max(1, retryAfter) * 1000 * (0.5 + Math.random() / 2)));

  for (const game of registeredGames().filter((g) => g.simulator)) {
    const system = game.system.id;

    it(`${WRITERS} concurrent recorders on one live ${system} game: positions 1..n without gap or duplicate, every loser a 409, the game as recorded`, async () => {
      const doc: GameDocument = simulateDocuments(system, 1, 77, { maxEvents: 20 })[0]!.document;
      const all = doc.events as LogEvent[];
      const derived = findSystem(system)!.derivedEventTypes;
      const open = await call('POST', '/v1/games/live', { ...doc, events: [] });
      expect(open.status).toBe(201);
      const id = open.body.id as string;
      const outcomes = { won: 0, conflicts: 0, over: 0, backoffs: 0, other: [] as string[] };
      const writer = async () => {
        let version = 0;
        while (version < all.length) {
          const next = all[version]!;
          if (derived.has(next.type)) throw new Error(`event ${version} of the document is derived: the engine should have appended it`);
          const reply = await call('POST', `/v1/games/${id}/events`, { expectedVersion: version, events: [next] });
          if (reply.status === 200) {
            outcomes.won++;
            version = reply.body.version;
          } else if (reply.status === 409 && reply.body.error.code === 'WRONG_EXPECTED_VERSION') {
            outcomes.conflicts++;
            version = reply.body.error.actualVersion;
          } else if (reply.status === 409 && reply.body.error.code === 'GAME_OVER') {
            // Another writer appended the ending action: this one lost too (checked below: the game ended).
            outcomes.over++;
            return;
          } else if (reply.status === 429 || reply.status === 503) {
            outcomes.backoffs++;
            await backOff(reply.retryAfter);
          } else {
            outcomes.other.push(`${reply.status} ${JSON.stringify(reply.body).slice(0, 200)} at version ${version}`);
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      expect(outcomes.other.slice(0, 5)).toEqual([]);
      const actions = all.filter((e) => !derived.has(e.type)).length;
      expect(outcomes.won).toBe(actions);
      const [ended] = await local!.sql<{ outcome: unknown }[]>`select outcome from games where game_id = ${id}`;
      if (outcomes.over > 0) expect(ended!.outcome).not.toBeNull();

      const positions = await local!.sql<{ stream_position: string }[]>`
        select e.stream_position from events e join games g on g.stream_id = e.stream_id
        where g.game_id = ${id} order by e.stream_position`;
      expect(positions.map((p) => Number(p.stream_position))).toEqual(all.map((_, i) => i + 1));
      const log = await call('GET', `/v1/games/${id}/log`);
      expect(log.body.events.map((e: LogEvent) => ({ type: e.type, player: e.player, payload: e.payload }))).toEqual(
        all.map((e) => ({ type: e.type, player: e.player, payload: e.payload })),
      );
      process.stdout.write(`races (${system}): ${WRITERS} writers, ${outcomes.won} appends won, ${outcomes.conflicts} answered 409 WRONG_EXPECTED_VERSION, ${outcomes.over} 409 GAME_OVER, ${outcomes.backoffs} told to back off, 0 other\n`);
    }, 10 * 60_000);

    it(`20 concurrent uploads of the same ${system} document store one game, and all answer with its id`, async () => {
      const doc = simulateDocuments(system, 1, 78)[0]!.document;
      const [before] = await local!.sql<{ n: string }[]>`select count(*) as n from games`;
      const upload = async () => {
        for (;;) {
          const reply = await call('POST', '/v1/games', doc);
          if (reply.status !== 429 && reply.status !== 503) return reply;
          await backOff(reply.retryAfter);
        }
      };
      const replies = await Promise.all(Array.from({ length: 20 }, upload));
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(19);
      expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
      const [after] = await local!.sql<{ n: string }[]>`select count(*) as n from games`;
      expect(Number(after!.n) - Number(before!.n)).toBe(1);
    }, 120_000);
  }
});
