import type { Sql } from 'postgres';
import { randomUUID } from 'node:crypto';
import { GameDocument, MatchPairing, ROUND_RECORDED, RoundRecordedData, TOURNAMENT_REGISTERED, TournamentBundle, isBye, tournamentStreamId } from '@cardlog/events';
import { TournamentRecorder } from '@cardlog/recording';
import { registeredGames, replay, simulateTournament } from '@cardlog/rules';
import { START, loadMigrations, migrate } from '@cardlog/store';
import { Describe, OpenDatabase, onBothDatabases } from '../testing/databases';
import { dumpReadModels, testPrincipal, wire } from '../testing/wire';
import { TournamentQueries } from '../tournament-queries';
import { rebuildReadModels } from './rebuild';

jest.setTimeout(600_000);

const systems = registeredGames()
  .filter((g) => g.simulator?.playerCounts.includes(2))
  .map((g) => g.system.id);

// 32 players, 5 Swiss rounds, best of 1; one player drops after round 3, so rounds 4 and 5 have a
// bye; then a top 8 (rounds 6, 7 and 8). Simulated once per system and shared by both databases.
const bundles = new Map<string, TournamentBundle>();
const bundleFor = (system: string) => {
  if (!bundles.has(system)) bundles.set(system, simulateTournament({ system, players: 32, rounds: 5, bestOf: 1, seed: 20261201, topCut: 8, playTopCut: true }));
  return bundles.get(system)!;
};
const outcomes = new WeakMap<object, ReturnType<typeof replay>['outcome']>();
const outcomeOf = (game: GameDocument) => {
  if (!outcomes.has(game)) outcomes.set(game, replay(game).outcome);
  return outcomes.get(game)!;
};

/**
 * Appendix C worked straight from the bundle, independently of the library's standings code:
 * each game's winner from its own replay, a bye worth a won match (and the needed games), every
 * percentage floored at 0.33, byes left out of the opponents' averages.
 */
function expectedStandings(bundle: TournamentBundle, afterRound: number) {
  const needed = Math.ceil(bundle.tournament.bestOf / 2);
  const me = new Map(bundle.players.map((p) => [p.id, { points: 0, rounds: 0, gamePoints: 0, games: 0, opponents: [] as string[] }]));
  for (const round of bundle.rounds.slice(0, afterRound)) {
    for (const pairing of round.pairings) {
      if (isBye(pairing)) {
        const t = me.get(pairing.bye)!;
        t.points += 3;
        t.rounds += 1;
        t.gamePoints += 3 * needed;
        t.games += needed;
        continue;
      }
      const wins: Record<string, number> = { [pairing.players[0]]: 0, [pairing.players[1]]: 0 };
      let draws = 0;
      for (const game of (pairing as MatchPairing).games as unknown as GameDocument[]) {
        const outcome = outcomeOf(game)!;
        if (outcome.result === 'win') wins[game.players.find((p) => p.seat === outcome.winner)!.id!]! += 1;
        else draws += 1;
      }
      const [a, b] = pairing.players;
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const t = me.get(x)!;
        t.rounds += 1;
        t.games += wins[a]! + wins[b]! + draws;
        t.gamePoints += 3 * wins[x]! + draws;
        t.points += wins[x]! > wins[y]! ? 3 : wins[x] === wins[y] ? 1 : 0;
        t.opponents.push(y);
      }
    }
  }
  const floor = (x: number) => Math.max(0.33, x);
  const mw = (id: string) => floor(me.get(id)!.points / (3 * me.get(id)!.rounds));
  const gw = (id: string) => floor(me.get(id)!.gamePoints / (3 * me.get(id)!.games));
  const avg = (ids: string[], f: (id: string) => number) => (ids.length ? ids.reduce((s, id) => s + f(id), 0) / ids.length : 0.33);
  return new Map([...me].map(([id, t]) => [id, { points: t.points, omw: avg(t.opponents, mw), gw: gw(id), ogw: avg(t.opponents, gw) }]));
}

function suite(name: string, describeFn: Describe, open: OpenDatabase) {
  describeFn(`tournament read models on ${name}`, () => {
    describe.each(systems.map((s) => [s]))('%s', (system) => {
      let sql: Sql;
      let close: () => Promise<void>;
      let parts: ReturnType<typeof wire>;
      const bundle = bundleFor(system);

      beforeAll(async () => {
        ({ sql, close } = await open());
        await migrate(sql);
        parts = wire(sql);
        const tournaments = new TournamentRecorder(sql, parts.store, parts.catalogs, parts.recorder);
        await tournaments.register(bundle, { principal: testPrincipal });
        let checkpoint = START;
        for (;;) {
          const page = await parts.store.readAll(checkpoint, 1000);
          if (page.events.length === 0) break;
          await parts.runner.apply(page.events);
          checkpoint = page.checkpoint;
        }
      });
      afterAll(() => close?.());

      it.each([1, 3, 5])('standings after round %i match Appendix C worked from the bundle', async (round) => {
        const expected = expectedStandings(bundle, round);
        const { standings } = await new TournamentQueries(sql).standings(bundle.tournament.id, round);
        expect(standings).toHaveLength(32);
        for (const row of standings) {
          const want = expected.get(row.playerId)!;
          expect(row.points).toBe(want.points);
          expect(row.omw).toBeCloseTo(want.omw, 4);
          expect(row.gw).toBeCloseTo(want.gw, 4);
          expect(row.ogw).toBeCloseTo(want.ogw, 4);
        }
        // Ranked by points, then OMW%, GW%, OGW%.
        const keys = standings.map((s) => [s.points, s.omw, s.gw, s.ogw]);
        for (let i = 1; i < keys.length; i++) {
          const [p, q] = [keys[i - 1]!, keys[i]!];
          const order = q[0]! - p[0]! || q[1]! - p[1]! || q[2]! - p[2]! || q[3]! - p[3]!;
          expect(order).toBeLessThanOrEqual(0);
        }
      });

      it('a round lists its pairings, results and links to each game', async () => {
        const round = await new TournamentQueries(sql).round(bundle.tournament.id, 4);
        expect(round.pairings.filter((p) => 'bye' in p)).toHaveLength(1);
        const match = round.pairings.find((p) => 'games' in p) as unknown as { games: { gameId: string; replay: string; firstPlayer: string | null }[] };
        expect(match.games[0]!.replay).toBe(`/v1/games/${match.games[0]!.gameId}/replay`);
        expect(match.games[0]!.firstPlayer).not.toBeNull();
        const [{ count }] = await sql<{ count: string }[]>`select count(*) from rm_games where game_id = ${match.games[0]!.gameId}`;
        expect(Number(count)).toBe(1);
      });

      it('conversion compares each archetype’s share of the top 8 who played the quarterfinals with its share of the field', async () => {
        const report = await new TournamentQueries(sql).conversion({ tournament: bundle.tournament.id });
        expect(report.players).toBe(32);
        expect(report.topCut).toBe(8);
        const quarterfinalists = new Set(bundle.rounds[5]!.pairings.flatMap((p) => (isBye(p) ? [p.bye] : p.players)));
        const archetypeOf = new Map(bundle.players.map((p) => [p.id, p.deck?.archetype ?? 'unknown']));
        for (const a of report.archetypes) {
          expect(a.topCut).toBe([...quarterfinalists].filter((id) => archetypeOf.get(id) === a.archetype).length);
          expect(a.conversion).toBeCloseTo(a.topCutShare / a.share, 9);
        }
      });

      it('records the top cut as rounds 6 to 8, keeps the standings Swiss, and names the final’s winner champion', async () => {
        const queries = new TournamentQueries(sql);
        const summary = await queries.get(bundle.tournament.id);
        expect(summary.roundsRecorded).toBe(8);
        const final = await queries.round(bundle.tournament.id, 8);
        expect(final.pairings).toHaveLength(1);
        const [match] = final.pairings as { players: [string, string]; result: { wins: Record<string, number> } }[];
        const [a, b] = match!.players;
        const winner = match!.result.wins[a]! > match!.result.wins[b]! ? a : b;
        expect(summary.champion).toEqual({ playerId: winner, name: bundle.players.find((p) => p.id === winner)!.name });
        const quarterfinals = await queries.round(bundle.tournament.id, 6);
        expect(quarterfinals.pairings).toHaveLength(4);
        // Seeds 1–8 in the order of the final Swiss standings (no tie here was the organiser's to break); each match adds up to 9.
        const last = await queries.standings(bundle.tournament.id, 5);
        const inCut = last.standings.filter((s) => quarterfinals.seeds![s.playerId] !== undefined).map((s) => s.playerId);
        expect(inCut.map((id) => quarterfinals.seeds![id])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        for (const p of quarterfinals.pairings as { players: [string, string] }[]) expect(quarterfinals.seeds![p.players[0]]! + quarterfinals.seeds![p.players[1]]!).toBe(9);
        expect(Object.keys((await queries.round(bundle.tournament.id, 7)).seeds!)).toHaveLength(4);
        expect((await queries.round(bundle.tournament.id, 5)).seeds).toBeNull();
        expect((await queries.standings(bundle.tournament.id)).afterRound).toBe(5);
        await expect(queries.standings(bundle.tournament.id, 6)).rejects.toMatchObject({ code: 'ROUND_NOT_FOUND' });
      });

      it('migration 0097 backfills the seeds the projection writes, for cuts recorded before it', async () => {
        const seeds = () => sql<{ player_id: string; seed: number | null }[]>`
          select player_id, seed from rm_tournament_players where tournament_id = ${bundle.tournament.id} order by player_id`;
        const projected = await seeds();
        expect(projected.filter((r) => r.seed !== null)).toHaveLength(8);
        await sql`update rm_tournament_players set seed = null where tournament_id = ${bundle.tournament.id}`;
        // The migration's backfill on rows as an older build left them (its column already added).
        const backfill = loadMigrations().find((m) => m.id === 97)!.sql.replace(/^alter table [^;]+;$/m, '');
        expect(backfill).not.toMatch(/alter table/i);
        await sql.unsafe(backfill);
        expect(await seeds()).toEqual(projected);
      });

      it('projections rebuild gives the same tournament rows, byte for byte', async () => {
        const incremental = await dumpReadModels(sql);
        await rebuildReadModels(sql, parts.store, parts.runner);
        const rebuilt = await dumpReadModels(sql);
        for (const table of ['rm_tournaments', 'rm_tournament_players', 'rm_tournament_matches', 'rm_tournament_standings']) {
          expect(rebuilt[table]!.length).toBeGreaterThan(0);
          expect(rebuilt[table]).toEqual(incremental[table]);
        }
      });
    });
  });
}

/**
 * Four players, one Swiss round of 2–0s, a top 3: P1 and P3 are equal on every tiebreaker, and so
 * are P2 and P4. The organiser seeded P3 first and sent P4, not P2, into the cut.
 */
const tied: TournamentBundle = {
  format: 'cardlog-tournament/1',
  tournament: { id: 'tie-cup', name: 'Tie Cup', system: 'born-from-blood', rulesVersion: '1', startDate: '2026-12-07', format: { swissRounds: 1, topCut: 3 }, bestOf: 3 },
  players: ['P1', 'P2', 'P3', 'P4'].map((id) => ({ id, name: `Player ${id.slice(1)}` })),
  rounds: [
    { number: 1, pairings: [result(1, 'P1', 'P2'), result(2, 'P3', 'P4')] },
    { number: 2, pairings: [{ bye: 'P3' }, result(1, 'P4', 'P1')] },
    { number: 3, pairings: [result(1, 'P3', 'P4')] },
  ],
};

function result(table: number, winner: string, loser: string): MatchPairing {
  return { table, players: [winner, loser], result: { wins: { [winner]: 2, [loser]: 0 } } };
}

function seedSuite(name: string, describeFn: Describe, open: OpenDatabase) {
  describeFn(`top-cut seeds on ${name}`, () => {
    let sql: Sql;
    let close: () => Promise<void>;
    let parts: ReturnType<typeof wire>;
    const project = async () => {
      for (let checkpoint = START; ; ) {
        const page = await parts.store.readAll(checkpoint, 1000);
        if (page.events.length === 0) return;
        await parts.runner.apply(page.events);
        checkpoint = page.checkpoint;
      }
    };

    beforeAll(async () => {
      ({ sql, close } = await open());
      await migrate(sql);
      parts = wire(sql);
    });
    afterAll(() => close?.());

    it("keeps the organiser's order among players tied on every tiebreaker, as the cut's first round recorded it", async () => {
      await new TournamentRecorder(sql, parts.store, parts.catalogs, parts.recorder).register(tied, { principal: testPrincipal });
      await project();
      const [first] = await parts.store.readStream(tournamentStreamId('tie-cup')).then((events) => events.filter((e) => e.type === ROUND_RECORDED && (e.data as RoundRecordedData).round === 2));
      expect((first!.data as RoundRecordedData).seeds).toEqual(['P3', 'P1', 'P4']);
      const queries = new TournamentQueries(sql);
      expect((await queries.round('tie-cup', 2)).seeds).toEqual({ P3: 1, P1: 2, P4: 3 });
      expect((await queries.round('tie-cup', 3)).seeds).toEqual({ P3: 1, P4: 3 });
      expect((await queries.get('tie-cup')).champion).toEqual({ playerId: 'P3', name: 'Player 3' });
    });

    it('works the same seeds out for a first round recorded before they were kept', async () => {
      // The same tournament's stream as an older build wrote it: no `seeds` on its RoundRecorded.
      const rounds: RoundRecordedData[] = tied.rounds.map((round) => ({
        round: round.number,
        matches: round.pairings.filter((p): p is MatchPairing => !isBye(p)).map((p) => ({ table: p.table, players: p.players, wins: p.result!.wins, draws: 0, resultOnly: true, games: [] })),
        byes: round.pairings.filter(isBye).map((p) => p.bye),
        drops: [],
      }));
      const registered = { tournament: { ...tied.tournament, id: 'tie-cup-old' }, players: tied.players };
      await parts.store.append(tournamentStreamId('tie-cup-old'), 'no_stream', [
        { eventId: randomUUID(), type: TOURNAMENT_REGISTERED, data: registered },
        ...rounds.map((data) => ({ eventId: randomUUID(), type: ROUND_RECORDED, data })),
      ]);
      await project();
      expect((await new TournamentQueries(sql).round('tie-cup-old', 2)).seeds).toEqual({ P3: 1, P1: 2, P4: 3 });
    });
  });
}

onBothDatabases('cardlog_tourproj', suite);
onBothDatabases('cardlog_tourseed', seedSuite);
