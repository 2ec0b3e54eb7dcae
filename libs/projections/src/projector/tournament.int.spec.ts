import type { Sql } from 'postgres';
import { GameDocument, MatchPairing, TournamentBundle, isBye } from '@cardlog/events';
import { TournamentRecorder } from '@cardlog/recording';
import { registeredGames, replay, simulateTournament } from '@cardlog/rules';
import { START, migrate } from '@cardlog/store';
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
        expect((await queries.round(bundle.tournament.id, 6)).pairings).toHaveLength(4);
        expect((await queries.standings(bundle.tournament.id)).afterRound).toBe(5);
        await expect(queries.standings(bundle.tournament.id, 6)).rejects.toMatchObject({ code: 'ROUND_NOT_FOUND' });
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

onBothDatabases('cardlog_tourproj', suite);
