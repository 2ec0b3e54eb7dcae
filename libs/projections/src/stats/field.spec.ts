import { expectedWinRate } from './field';

// A hand-made field: A 50%, B 30%, C 20% of the seat-games. Non-mirror records, from each side:
//   A vs B 6–4, A vs C 4–6, B vs C 7–2 with 1 draw (7.5 of 10).
const shares = new Map([
  ['A', 0.5],
  ['B', 0.3],
  ['C', 0.2],
]);
const record = (score: number, games = 10) => ({ score, games });
const fixed = (e: ReturnType<typeof expectedWinRate>) => e && { ...e, value: Number(e.value.toFixed(4)), low: Number(e.low.toFixed(4)), high: Number(e.high.toFixed(4)) };

describe('expected win rate against the field', () => {
  it('weights each matchup by the opponent meta share and counts the mirror as 0.5', () => {
    // 0.5·0.5 + 0.3·0.6 + 0.2·0.4 = 0.51
    const a = expectedWinRate('A', shares, new Map([['B', record(6)], ['C', record(4)]]));
    expect(fixed(a)).toEqual({ value: 0.51, low: 0.416, high: 0.604, games: 20, coverage: 1, unknownMatchups: [] });
  });

  it('gives every archetype of the table its expected win rate', () => {
    // B: 0.5·0.4 + 0.3·0.5 + 0.2·0.75 = 0.5;  C: 0.5·0.6 + 0.3·0.25 + 0.2·0.5 = 0.475
    expect(fixed(expectedWinRate('B', shares, new Map([['A', record(4)], ['C', record(7.5)]])))).toMatchObject({ value: 0.5, low: 0.3607, high: 0.6393 });
    expect(fixed(expectedWinRate('C', shares, new Map([['A', record(6)], ['B', record(2.5)]])))).toMatchObject({ value: 0.475, low: 0.3253, high: 0.6247 });
  });

  it('leaves out a matchup never played and renormalises the weights over the rest', () => {
    // (0.5·0.5 + 0.3·0.6) / 0.8 = 0.5375
    const a = expectedWinRate('A', shares, new Map([['B', record(6)], ['C', record(0, 0)]]));
    expect(fixed(a)).toEqual({ value: 0.5375, low: 0.4398, high: 0.6352, games: 10, coverage: 0.8, unknownMatchups: ['C'] });
  });

  it('is null when no matchup against another archetype is known', () => {
    expect(expectedWinRate('A', shares, new Map())).toBeNull();
  });

  it('ignores a record against an archetype outside the field', () => {
    const a = expectedWinRate('A', shares, new Map([['B', record(6)], ['C', record(4)], ['Z', record(10)]]));
    expect(a!.value).toBeCloseTo(0.51, 10);
  });
});
