import { GameDocument, MatchPairing, TournamentBundle, isBye, parseTournamentBundle } from '@cardlog/events';
import { replay } from '../replay';
import { registeredSystemIds } from '../registry';
import { DEMO_TOURNAMENTS, demoRounds, simulateDemoTournament } from './demo';
import { firstPlayerSeat } from './simulate-tournament';
import { checkBundle } from './validate-bundle';

jest.setTimeout(120_000);

const gamesOf = (bundle: TournamentBundle) =>
  bundle.rounds.flatMap((r) => r.pairings.filter((p): p is MatchPairing => !isBye(p))).flatMap((m) => (m.games ?? []) as unknown as GameDocument[]);

/** Per archetype: games and wins, counted from each game's own outcome. */
function archetypeRecords(bundle: TournamentBundle) {
  const records = new Map<string, { games: number; wins: number }>();
  let firstPlayerWins = 0;
  let decisive = 0;
  for (const game of gamesOf(bundle)) {
    const outcome = replay(game).outcome;
    if (outcome?.result !== 'win') continue;
    decisive += 1;
    if (firstPlayerSeat(game) === outcome.winner) firstPlayerWins += 1;
    for (const player of game.players) {
      const archetype = player.deck?.archetype ?? '(none)';
      const record = records.get(archetype) ?? { games: 0, wins: 0 };
      records.set(archetype, { games: record.games + 1, wins: record.wins + (player.seat === outcome.winner ? 1 : 0) });
    }
  }
  return { records, firstPlayerShare: firstPlayerWins / decisive };
}

describe('the demo tournaments', () => {
  it('cover every registered game system once, with distinct ids', () => {
    expect(DEMO_TOURNAMENTS.map((p) => p.system).sort()).toEqual([...registeredSystemIds()].sort());
    expect(new Set(DEMO_TOURNAMENTS.map((p) => p.id)).size).toBe(DEMO_TOURNAMENTS.length);
  });

  it('are the same bundle, byte for byte, every time a plan is simulated', () => {
    const plan = { ...DEMO_TOURNAMENTS[0]!, players: 8, rounds: 2 };
    expect(JSON.stringify(simulateDemoTournament(plan))).toBe(JSON.stringify(simulateDemoTournament(plan)));
    expect(JSON.stringify(simulateDemoTournament({ ...plan, seed: plan.seed + 1 }))).not.toBe(JSON.stringify(simulateDemoTournament(plan)));
  });

  describe.each(DEMO_TOURNAMENTS.map((plan) => [plan.system, plan] as const))('of %s', (_system, plan) => {
    const bundle = simulateDemoTournament(plan);
    const { records, firstPlayerShare } = archetypeRecords(bundle);

    it('is a bundle the tournament schema and the recorder’s checks accept', () => {
      const parsed = parseTournamentBundle(JSON.parse(JSON.stringify(bundle)));
      expect(parsed.ok).toBe(true);
      checkBundle(bundle);
      // The Swiss rounds, then the top 8's quarterfinals, semifinals and final.
      expect(bundle.rounds).toHaveLength(plan.rounds! + 3);
      expect(demoRounds(plan)).toBe(bundle.rounds.length);
    });

    it('looks like a real field: many distinct names and several archetypes', () => {
      expect(new Set(bundle.players.map((p) => p.name)).size).toBe(plan.players);
      expect(plan.players).toBeGreaterThanOrEqual(16);
      expect(records.size).toBeGreaterThanOrEqual(3);
    });

    it('gives archetypes differing, believable win rates, and going first no dominating edge', () => {
      const rates = [...records.values()].filter((r) => r.games >= 10).map((r) => r.wins / r.games);
      expect(rates.length).toBeGreaterThanOrEqual(3);
      // Differing: at least five points between the best and the worst well-sampled archetype…
      expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThanOrEqual(0.05);
      // …and believable: no archetype with a real sample wins almost always or almost never.
      for (const rate of rates) expect(rate).toBeGreaterThan(0.15);
      for (const rate of rates) expect(rate).toBeLessThan(0.85);
      expect(firstPlayerShare).toBeGreaterThan(0.35);
      expect(firstPlayerShare).toBeLessThan(0.65);
    });
  });
});
