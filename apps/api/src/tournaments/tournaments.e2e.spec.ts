import { GameDocument, MatchPairing, TournamentBundle, isBye } from '@cardlog/events';
import { TokenRepository } from '@cardlog/recording';
import { findGame, registeredGames, simulateTournament } from '@cardlog/rules';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { TestApi, httpClient, onBothDatabases, startTestApi } from '../testing/test-api';

jest.setTimeout(300_000);

const systems = registeredGames()
  .filter((g) => g.simulator?.playerCounts.includes(2))
  .map((g) => g.system.id);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

// Eight players, three best-of-three rounds; one drops after round 2, so round 3 has a bye.
const bundles = new Map(systems.map((system) => [system, simulateTournament({ system, players: 8, rounds: 3, bestOf: 3, seed: 77, id: `e2e-${system}` })]));

// Eight players, three rounds, then a top 4 played out: semifinals (round 4) and the final (round 5).
const topCutBundle = simulateTournament({ system: 'born-from-blood', players: 8, rounds: 3, bestOf: 3, seed: 78, id: 'e2e-top-cut', topCut: 4, playTopCut: true });

onBothDatabases('tournaments API', (databaseUrl) => {
  let api: TestApi;
  let token: string;
  let otherToken: string;
  let db: Database;
  const call = httpClient(() => api.base, () => token);
  const counts = async () => {
    const [row] = await db.sql<{ games: string; events: string }[]>`select (select count(*) from games) as games, (select count(*) from events) as events`;
    return { games: Number(row!.games), events: Number(row!.events) };
  };
  /** Waits for the in-process projector to catch up with a condition, never for a fixed time. */
  const eventually = async (path: string, done: (body: any) => boolean) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const reply = await call('GET', path);
      if (reply.status === 200 && done(reply.body)) return reply.body;
      if (Date.now() > deadline) throw new Error(`${path} never satisfied the condition; last answer ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  beforeAll(async () => {
    api = await startTestApi({ ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
    db = api.app.get<Database>(DATABASE);
    const tokens = new TokenRepository(db.sql);
    token = (await tokens.create('e2e organiser')).token;
    otherToken = (await tokens.create('another organiser', ['someone-elses-cup'])).token;
  });
  afterAll(() => api?.close());

  it('serves the bundle JSON Schema next to the log schema', async () => {
    const reply = await call('GET', '/v1/schema/tournament');
    expect(reply.status).toBe(200);
    expect(reply.body.$id).toMatch(/cardlog-tournament-1/);
  });

  it('adds a top cut round by round with PUT: a pairing off the bracket is refused, the final names the champion', async () => {
    const bundle = topCutBundle;
    const id = bundle.tournament.id;
    expect((await call('POST', '/v1/tournaments', { body: { ...bundle, rounds: bundle.rounds.slice(0, 3) } })).status).toBe(201);
    const semifinals = bundle.rounds[3]!;
    const [first, second] = semifinals.pairings as MatchPairing[];
    // Seed 1 against seed 2 in a semifinal: the bracket keeps them apart until the final.
    const swapped = { ...semifinals, pairings: [{ ...first!, players: [first!.players[0], second!.players[0]] }, { ...second!, players: [first!.players[1], second!.players[1]] }] };
    const before = await counts();
    const refused = await call('PUT', `/v1/tournaments/${id}/rounds/4`, { body: swapped });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'BRACKET_MISMATCH', path: '$.pairings[0].players' });
    expect(refused.body.error.message).toMatch(/meets seed \d in the Semifinals, not seed \d/);
    expect(await counts()).toEqual(before);

    expect((await call('PUT', `/v1/tournaments/${id}/rounds/4`, { body: semifinals })).status).toBe(200);
    expect((await call('PUT', `/v1/tournaments/${id}/rounds/5`, { body: bundle.rounds[4] })).status).toBe(200);
    expect((await call('PUT', `/v1/tournaments/${id}/rounds/6`, { body: { ...bundle.rounds[4], number: 6 } })).body.error.code).toBe('TOO_MANY_ROUNDS');
    const done = await eventually(`/v1/tournaments/${id}`, (t) => t.roundsRecorded === 5 && t.champion !== null);
    const final = (await call('GET', `/v1/tournaments/${id}/rounds/5`)).body.pairings[0];
    const [a, b] = final.players;
    expect(done.champion.playerId).toBe(final.result.wins[a] > final.result.wins[b] ? a : b);
    expect((await call('GET', `/v1/tournaments/${id}/standings`)).body.afterRound).toBe(3);
  });

  it("adds a top cut seeded in the organiser's order among players tied on every tiebreaker, round by round", async () => {
    // One Swiss round of 2–0s: P1 and P3 tie for first, P2 and P4 for third. The organiser gave P3
    // seed 1 and its bye, and took P4, not P2, into the top 3.
    const win = (table: number, w: string, l: string): MatchPairing => ({ table, players: [w, l], result: { wins: { [w]: 2, [l]: 0 } } });
    const id = 'tie-night';
    const registration = {
      format: 'cardlog-tournament/1',
      tournament: { id, name: 'Tie Night', system: 'born-from-blood', rulesVersion: '1', startDate: '2026-12-07', format: { swissRounds: 1, topCut: 3 }, bestOf: 3 },
      players: ['P1', 'P2', 'P3', 'P4'].map((p) => ({ id: p, name: `Player ${p.slice(1)}` })),
      rounds: [{ number: 1, pairings: [win(1, 'P1', 'P2'), win(2, 'P3', 'P4')] }],
    };
    expect((await call('POST', '/v1/tournaments', { body: registration })).status).toBe(201);
    // Both tied for third cannot go in: refused, naming the tie, and nothing stored.
    const both = await call('PUT', `/v1/tournaments/${id}/rounds/2`, { body: { number: 2, pairings: [{ bye: 'P3' }, win(1, 'P4', 'P2')] } });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ code: 'NOT_IN_TOP_CUT', path: '$.pairings[1].players[0]' });
    expect(both.body.error.message).toContain('is tied on every tiebreaker with seed 3');
    expect((await call('PUT', `/v1/tournaments/${id}/rounds/2`, { body: { number: 2, pairings: [{ bye: 'P3' }, win(1, 'P4', 'P1')] } })).status).toBe(200);
    // The final goes on from those seeds: P1 was beaten.
    expect((await call('PUT', `/v1/tournaments/${id}/rounds/3`, { body: { number: 3, pairings: [win(1, 'P3', 'P1')] } })).body.error.code).toBe('NOT_IN_TOP_CUT');
    expect((await call('PUT', `/v1/tournaments/${id}/rounds/3`, { body: { number: 3, pairings: [win(1, 'P4', 'P3')] } })).status).toBe(200);
    await eventually(`/v1/tournaments/${id}`, (t) => t.champion?.playerId === 'P4');
    expect((await call('GET', `/v1/tournaments/${id}/rounds/2`)).body.seeds).toEqual({ P3: 1, P1: 2, P4: 3 });
    expect((await call('GET', `/v1/tournaments/${id}/rounds/3`)).body.seeds).toEqual({ P3: 1, P4: 3 });
    expect((await call('GET', `/v1/tournaments/${id}/rounds/1`)).body.seeds).toBeNull();
  });

  it('takes a bundle that grew by rounds since it was recorded, and refuses one whose recorded rounds changed', async () => {
    const bundle = simulateTournament({ system: 'aegis', players: 6, rounds: 3, bestOf: 1, seed: 79, id: 'e2e-growing' });
    const id = bundle.tournament.id;
    const upTo = (n: number) => ({ ...bundle, rounds: bundle.rounds.slice(0, n) });
    const first = await call('POST', '/v1/tournaments', { body: upTo(1) });
    expect(first.status).toBe(201);
    // The organiser's software exports the whole bundle after every round; each upload adds what is new.
    const grown = await call('POST', '/v1/tournaments', { body: upTo(3) });
    expect(grown.status).toBe(201);
    expect(grown.body).toMatchObject({ id, rounds: 2, fromRound: 2 });
    const again = await call('POST', '/v1/tournaments', { body: Object.fromEntries(Object.entries(upTo(3)).reverse()) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, rounds: 3 });
    // A recorded round that differs (a result corrected in round 2) is not a grown bundle.
    const before = await counts();
    const changed = clone(upTo(3));
    const match = changed.rounds[1]!.pairings.find((p) => !isBye(p)) as MatchPairing;
    changed.rounds[1]!.pairings[changed.rounds[1]!.pairings.indexOf(match)] = { table: match.table, players: match.players, result: { wins: { [match.players[0]]: 0, [match.players[1]]: 1 } } };
    const refused = await call('POST', '/v1/tournaments', { body: changed });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('TOURNAMENT_EXISTS');
    expect(await counts()).toEqual(before);
    await eventually(`/v1/tournaments/${id}`, (t) => t.roundsRecorded === 3);
  });

  describe.each(systems.map((s) => [s]))('%s', (system) => {
    const bundle = bundles.get(system)!;
    const id = bundle.tournament.id;
    const firstTwo: TournamentBundle = { ...bundle, rounds: bundle.rounds.slice(0, 2) };

    it('a token scoped to another tournament may not record this one (403), and nothing is stored', async () => {
      const before = await counts();
      const reply = await call('POST', '/v1/tournaments', { body: firstTwo, token: otherToken });
      expect(reply.status).toBe(403);
      expect(reply.body.error.code).toBe('TOURNAMENT_FORBIDDEN');
      expect(await counts()).toEqual(before);
    });

    it('a bundle with an illegal event in round 2 is refused whole (422) with its pointer, storing nothing', async () => {
      const broken = clone(firstTwo);
      const j = broken.rounds[1]!.pairings.findIndex((p) => !isBye(p));
      const game = (broken.rounds[1]!.pairings[j] as MatchPairing).games![0] as unknown as GameDocument;
      const k = game.events.findIndex((e) => e.player !== undefined);
      game.events.splice(k + 1, 0, clone(game.events[k]!));
      const before = await counts();
      const reply = await call('POST', '/v1/tournaments', { body: broken });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ path: `$.rounds[1].pairings[${j}].games[0].events[${k + 1}]`, round: 2, game: 1, index: k + 1 });
      expect(await counts()).toEqual(before);
    });

    const withLists = bundle.players.every((p) => p.deck?.list);
    const validates = withLists && !!findGame(system)!.validateDeck;

    (withLists ? it : notApplicable)('a game played with another list than the registered one is a 409 DECK_MISMATCH naming the cards that differ', async () => {
      const broken = clone(firstTwo);
      // Swap the registered lists of two players with different decks: their games no longer match.
      const [x, y] = [broken.players.find((p) => p.deck)!, broken.players.find((p) => p.deck && p.deck.name !== broken.players.find((q) => q.deck)!.deck!.name)];
      if (!y) return;
      [x.deck, y.deck] = [y.deck, x.deck];
      const reply = await call('POST', '/v1/tournaments', { body: broken });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toMatchObject({ code: 'DECK_MISMATCH', differences: expect.any(Array) });
      expect(reply.body.error.path).toMatch(/^\$\.rounds\[0\]\.pairings\[\d+\]\.games\[0\]\.events\[\d+\]$/);
    });

    it('records two rounds, then a third with PUT; standings, rounds and lists follow', async () => {
      const created = await call('POST', '/v1/tournaments', { body: firstTwo });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ id, rounds: 2 });
      // The same bundle again (its keys in another order) is already stored, as a game sent twice is;
      // another bundle under the same id is refused, and stores nothing.
      const before = await counts();
      const again = await call('POST', '/v1/tournaments', { body: Object.fromEntries(Object.entries(firstTwo).reverse()) });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ id, rounds: 2, games: created.body.games });
      const other = await call('POST', '/v1/tournaments', { body: { ...firstTwo, rounds: firstTwo.rounds.slice(0, 1) } });
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('TOURNAMENT_EXISTS');
      expect(other.body.error.message).toMatch(/already recorded from a different bundle: nothing of this one is stored/);
      expect(await counts()).toEqual(before);

      await eventually(`/v1/tournaments/${id}`, (t) => t.roundsRecorded === 2);
      const lists = await call('GET', `/v1/tournaments/${id}/decks`);
      expect(lists.status).toBe(403);
      expect(lists.body.error.code).toBe('DECKS_NOT_PUBLIC');

      expect((await call('PUT', `/v1/tournaments/${id}/rounds/4`, { body: bundle.rounds[2] })).body.error.code).toBe('ROUND_NUMBER_MISMATCH');
      const added = await call('PUT', `/v1/tournaments/${id}/rounds/3`, { body: bundle.rounds[2] });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ id, round: 3 });
      expect((await call('PUT', `/v1/tournaments/${id}/rounds/3`, { body: bundle.rounds[2] })).body.error.code).toBe('ROUND_OUT_OF_ORDER');

      await eventually(`/v1/tournaments/${id}`, (t) => t.roundsRecorded === 3);
      const final = await call('GET', `/v1/tournaments/${id}/standings`);
      expect(final.body.afterRound).toBe(3);
      expect(final.body.standings).toHaveLength(8);
      expect(final.body.standings[0]).toEqual(expect.objectContaining({ rank: 1, points: expect.any(Number), omw: expect.any(Number), gw: expect.any(Number), ogw: expect.any(Number) }));
      const dropped = bundle.rounds[1]!.drops![0]!;
      expect(final.body.standings.find((s: any) => s.playerId === dropped).droppedAfter).toBe(2);
      const early = await call('GET', `/v1/tournaments/${id}/standings?afterRound=1`);
      expect(early.body.standings.reduce((n: number, s: any) => n + s.points, 0)).toBeGreaterThanOrEqual(12);
      expect((await call('GET', `/v1/tournaments/${id}/standings?afterRound=9`)).status).toBe(404);

      const round = await call('GET', `/v1/tournaments/${id}/rounds/3`);
      expect(round.body.pairings.filter((p: any) => p.bye)).toHaveLength(1);
      const match = round.body.pairings.find((p: any) => p.games);
      expect(match.games[0]).toEqual(expect.objectContaining({ gameNumber: 1, firstPlayer: expect.any(String), replay: expect.stringMatching(/^\/v1\/games\/.+\/replay$/) }));
      await eventually(match.games[0].replay, (r) => Array.isArray(r.steps ?? r) || typeof r === 'object');

      const decks = await call('GET', `/v1/tournaments/${id}/decks`);
      expect(decks.status).toBe(200);
      expect(decks.body.decks).toHaveLength(8);
      if (withLists) expect(decks.body.decks.every((d: any) => d.deck.list)).toBe(true);

      const listed = await call('GET', `/v1/tournaments?system=${system}`);
      expect(listed.body.tournaments.map((t: any) => t.id)).toContain(id);
      expect((await call('GET', `/v1/tournaments?from=yesterday`)).status).toBe(400);
    });

    (validates ? it : notApplicable)('POST /v1/decks/validate answers every violation of a list, each with its code', async () => {
      const list = bundle.players[0]!.deck!.list;
      const ok = await call('POST', '/v1/decks/validate', { body: { system, catalog: bundle.catalog, list } });
      expect(ok).toEqual({ status: 200, body: { valid: true, violations: [] } });
      const broken = clone(list) as Record<string, unknown>;
      // Cut under the minimum size; Devacurse has none (its digest §4), so an unknown card instead.
      if (system === 'devacurse') (broken['cards'] as { catalogId: string }[])[1]!.catalogId = 'no-such-card';
      else for (const key of Object.keys(broken)) if (Array.isArray(broken[key])) broken[key] = (broken[key] as unknown[]).slice(0, 2);
      const bad = await call('POST', '/v1/decks/validate', { body: { system, catalog: bundle.catalog, list: broken } });
      expect(bad.body.valid).toBe(false);
      expect(bad.body.violations.length).toBeGreaterThan(0);
      expect(bad.body.violations[0]).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
      expect((await call('POST', '/v1/decks/validate', { body: { system, catalog: 'nope@1', list } })).status).toBe(404);
    });
  });
});


/** A case that does not apply to a game (no registered lists, no deck rules) is not defined for it. */
function notApplicable(_name: string, _body: () => Promise<void>): void {
  return undefined;
}
