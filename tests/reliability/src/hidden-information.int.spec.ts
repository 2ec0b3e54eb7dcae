import { describeWithPostgres } from '@cardlog/testing';
import { findSystem, registeredGames, replay, simulateDocuments } from '@cardlog/rules';
import type { GameDocument } from '@cardlog/events';
import { LocalApi } from './harness/local-api';

// For every game, a live game stopped mid-play: every read route, asked anonymously and with each
// kind of token that may not see a hand, carries none of the strings (instance ids, card names) the
// judge sees and a spectator does not.

/** Every string in a JSON value. */
function strings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
  return into;
}

describeWithPostgres('hidden information of games in progress', () => {
  let local: LocalApi | undefined;
  let recorder = '';

  beforeAll(async () => {
    local = await LocalApi.start({ CARDLOG_WRITE_RATE: '0' });
    recorder = await local.token('hidden-info recorder');
  }, 180_000);

  afterAll(async () => {
    await local?.stop();
  });

  const get = async (path: string, token?: string) => {
    const response = await fetch(`${local!.url}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, text: await response.text() };
  };

  for (const game of registeredGames().filter((g) => g.simulator)) {
    const id = game.system.id;

    it(`${id}: no read route gives an anonymous reader what only the judge may see`, async () => {
      const doc: GameDocument = simulateDocuments(id, 1, 4242)[0]!.document;
      const system = findSystem(id)!;
      const derived = system.derivedEventTypes;
      // Stop after about a third of the game, at an action (derived events follow their action).
      let cut = Math.floor(doc.events.length / 3);
      while (cut < doc.events.length && derived.has(doc.events[cut]!.type)) cut++;
      const prefix = { ...doc, events: doc.events.slice(0, cut) };
      const folded = replay(prefix);
      expect(folded.failure).toBeUndefined();
      const judge = strings(system.view(folded.state, 'judge'));
      const spectator = strings(system.view(folded.state, 'spectator'));
      const hidden = [...judge].filter((s) => !spectator.has(s) && s.length >= 4 && !['judge', 'spectator', 'reveal'].includes(s));
      expect(hidden.length).toBeGreaterThan(0);

      const open = await fetch(`${local!.url}/v1/games/live`, {
        method: 'POST',
        headers: { authorization: `Bearer ${recorder}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...doc, events: [] }),
      });
      const gameId = ((await open.json()) as { id: string }).id;
      const append = await fetch(`${local!.url}/v1/games/${gameId}/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${recorder}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expectedVersion: 0, events: prefix.events.filter((e) => !derived.has(e.type)) }),
      });
      expect(append.status).toBe(200);

      const seats = doc.players.map((p) => p.seat);
      const routes = [
        `/v1/games/${gameId}`,
        `/v1/games/${gameId}/log`,
        `/v1/games/${gameId}/events`,
        `/v1/games/${gameId}/events?from=0&limit=1000`,
        `/v1/games/${gameId}/replay`,
        `/v1/games?limit=50`,
        ...['spectator', 'judge', 'reveal', ...seats].flatMap((v) => [`/v1/games/${gameId}/state?view=${v}`, `/v1/games/${gameId}/state?step=${cut}&view=${v}`]),
        `/v1/games/${gameId}/state`,
        `/v1/stats/overview`,
        `/v1/stats/cards`,
      ];
      const leaks: string[] = [];
      for (const route of routes) {
        const reply = await get(route);
        if (reply.status >= 500) leaks.push(`${route} answered ${reply.status}`);
        if (reply.status !== 200) continue;
        const found = hidden.filter((h) => reply.text.includes(JSON.stringify(h).slice(1, -1)));
        if (found.length) leaks.push(`${route}: ${found.slice(0, 5).join(', ')}`);
      }
      expect(leaks).toEqual([]);
    }, 180_000);
  }
});
