import { MatchResult, computeStandings } from './standings';

/**
 * Eight players, three Bo3 rounds. G drops after round 1, so rounds 2 and 3 have a bye (D, then B).
 * E–F in round 1 is a drawn match, 1–1 with one drawn game. Every figure below is worked by hand
 * from Appendix C: match-win % = points / (3 × rounds), game-win % = game points / (3 × games),
 * each floored at 0.33; opponents' figures average the opponents' own, byes left out.
 */
const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((id) => ({ id, name: `Player ${id}` }));
const m = (round: number, a: string, b: string | null, winsA: number, winsB: number, draws = 0): MatchResult => ({ round, a, b, winsA, winsB, draws });
const matches = [
  m(1, 'A', 'B', 2, 0),
  m(1, 'C', 'D', 2, 1),
  m(1, 'E', 'F', 1, 1, 1),
  m(1, 'G', 'H', 0, 2),
  m(2, 'A', 'C', 2, 1),
  m(2, 'H', 'E', 2, 0),
  m(2, 'F', 'B', 2, 0),
  m(2, 'D', null, 0, 0),
  m(3, 'A', 'H', 0, 2),
  m(3, 'F', 'C', 1, 2),
  m(3, 'D', 'E', 2, 1),
  m(3, 'B', null, 0, 0),
];

describe('standings', () => {
  const standings = computeStandings({ players, matches, drops: { G: 1 }, byeGameWins: 2 });
  const row = (id: string) => standings.find((s) => s.playerId === id)!;

  it('rank by match points, then OMW%, GW%, OGW%', () => {
    expect(standings.map((s) => [s.rank, s.playerId, s.points])).toEqual([
      [1, 'H', 9],
      [2, 'A', 6],
      [3, 'C', 6],
      [4, 'D', 6],
      [5, 'F', 4],
      [6, 'B', 3],
      [7, 'E', 1],
      [8, 'G', 0],
    ]);
  });

  it.each([
    // id, OMW% (hand-computed), GW%, OGW%
    ['A', 18 / 27, 12 / 21, 17 / 27], // opponents B (3/9), C (6/9), H (9/9)
    ['B', 10 / 18, 6 / 18, (12 / 21 + 13 / 24) / 2], // opponents A and F; the bye is worth 2–0 in games
    ['C', 16 / 27, 15 / 27, (15 / 24 + 12 / 21 + 13 / 24) / 3],
    ['D', (6 / 9 + 0.33) / 2, 15 / 24, (15 / 27 + 0.33) / 2], // E's 1/9 match-win % is floored at 0.33
    ['E', 19 / 27, 0.33, (13 / 24 + 1 + 15 / 24) / 3], // E's own 7/24 game-win % is floored too
    ['F', (0.33 + 3 / 9 + 6 / 9) / 3, 13 / 24, (0.33 + 6 / 18 + 15 / 27) / 3], // a drawn game is worth 1 game point
    ['G', 1, 0.33, 1], // dropped after round 1: one opponent, H
    ['H', (0.33 + 0.33 + 6 / 9) / 3, 1, (0.33 + 0.33 + 12 / 21) / 3],
  ])('%s has the hand-computed tiebreakers', (id, omw, gw, ogw) => {
    expect(row(id).omw).toBeCloseTo(omw, 4);
    expect(row(id).gw).toBeCloseTo(gw, 4);
    expect(row(id).ogw).toBeCloseTo(ogw, 4);
  });

  it('a bye is a won match, and a drawn match is worth 1 point to each', () => {
    expect(row('D')).toMatchObject({ matchWins: 2, matchLosses: 1, byes: 1, points: 6 });
    expect(row('E')).toMatchObject({ matchDraws: 1, points: 1 });
    expect(row('F')).toMatchObject({ matchWins: 1, matchLosses: 1, matchDraws: 1, points: 4 });
  });

  it('a dropped player keeps the results played before dropping', () => {
    expect(row('G')).toMatchObject({ droppedAfter: 1, matchLosses: 1, points: 0 });
  });

  it('standings after round 1 count round 1 only', () => {
    const early = computeStandings({ players, matches: matches.filter((x) => x.round === 1), byeGameWins: 2 });
    // H and A both won 2–0 against opponents who lost 0–2: level on everything, listed by id; C won 2–1.
    expect(early.filter((s) => s.points === 3).map((s) => [s.rank, s.playerId])).toEqual([
      [1, 'A'],
      [1, 'H'],
      [3, 'C'],
    ]);
    expect(early.find((s) => s.playerId === 'H')!.rank).toBe(1);
    expect(early.find((s) => s.playerId === 'A')!.rank).toBe(1);
  });

  it('players level on every tiebreaker share a rank', () => {
    const two = computeStandings({ players: players.slice(0, 2), matches: [m(1, 'A', 'B', 1, 1)], byeGameWins: 2 });
    expect(two.map((s) => [s.rank, s.playerId])).toEqual([
      [1, 'A'],
      [1, 'B'],
    ]);
  });

  it('refuses a match naming an unregistered player', () => {
    expect(() => computeStandings({ players, matches: [m(1, 'A', 'Z', 2, 0)], byeGameWins: 2 })).toThrow(/"Z"/);
  });
});
