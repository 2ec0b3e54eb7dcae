import { MIN_GAMES_TO_RANK, rankOrder, rankingFloor, rateDifference, share, winRate } from './rates';

describe('win rates', () => {
  it('count a draw as half a win', () => {
    const r = winRate({ wins: 3, losses: 6, draws: 1 }, 20);
    expect(r).toMatchObject({ games: 10, wins: 3, losses: 6, draws: 1, value: 0.35, tooSmallToRank: true });
    expect(r.low).toBeCloseTo(0.1369, 4);
    expect(r.high).toBeCloseTo(0.6463, 4);
  });

  it('have no value without games, and an interval of [0, 1]', () => {
    expect(winRate({ wins: 0, losses: 0, draws: 0 }, 20)).toEqual({ games: 0, wins: 0, losses: 0, draws: 0, value: null, low: 0, high: 1, tooSmallToRank: true });
  });

  it('are rankable from the floor up', () => {
    expect(winRate({ wins: 10, losses: 9, draws: 0 }, 20).tooSmallToRank).toBe(true);
    expect(winRate({ wins: 10, losses: 10, draws: 0 }, 20).tooSmallToRank).toBe(false);
  });

  it('have a floor of 20 games that minGames can raise and never lower', () => {
    expect(MIN_GAMES_TO_RANK).toBe(20);
    expect(rankingFloor()).toBe(20);
    expect(rankingFloor(5)).toBe(20);
    expect(rankingFloor(50)).toBe(50);
  });

  it('give a share its Wilson interval', () => {
    const s = share(7, 10);
    expect(s).toMatchObject({ count: 7, of: 10, value: 0.7 });
    expect(s.low).toBeCloseTo(0.3968, 4);
    expect(share(0, 0).value).toBeNull();
  });

  it('subtract with an interval for the difference, rankable only when both sides reach the floor', () => {
    const d = rateDifference(winRate({ wins: 30, losses: 20, draws: 0 }, 20), winRate({ wins: 20, losses: 30, draws: 0 }, 20), 20);
    expect(d.value).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0037, 4);
    expect(d.high).toBeCloseTo(0.3809, 4);
    expect(d).toMatchObject({ games: { a: 50, b: 50 }, tooSmallToRank: false });
    const thin = rateDifference(winRate({ wins: 30, losses: 20, draws: 0 }, 20), winRate({ wins: 5, losses: 5, draws: 0 }, 20), 20);
    expect(thin.tooSmallToRank).toBe(true);
    const empty = rateDifference(winRate({ wins: 1, losses: 0, draws: 0 }, 20), winRate({ wins: 0, losses: 0, draws: 0 }, 20), 20);
    expect(empty).toMatchObject({ value: null, low: null, high: null });
  });
});

describe('ranking order', () => {
  it('puts rates below the floor and rates without a value last, best first within each group', () => {
    const rows = [
      { id: 'small-high', rate: { value: 0.9, tooSmallToRank: true } },
      { id: 'mid', rate: { value: 0.5, tooSmallToRank: false } },
      { id: 'none', rate: null },
      { id: 'top', rate: { value: 0.6, tooSmallToRank: false } },
      { id: 'small-low', rate: { value: 0.1, tooSmallToRank: true } },
      { id: 'mid-b', rate: { value: 0.5, tooSmallToRank: false } },
    ];
    const sorted = [...rows].sort(rankOrder((r) => r.rate, (a, b) => (a.id < b.id ? -1 : 1)));
    expect(sorted.map((r) => r.id)).toEqual(['top', 'mid', 'mid-b', 'small-high', 'small-low', 'none']);
  });
});
