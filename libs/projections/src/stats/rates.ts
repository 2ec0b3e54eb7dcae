import { Z_95, differenceInterval, wilsonInterval } from './wilson';

/**
 * Below this many games a rate is shown but marked `tooSmallToRank`, and rankings put it last.
 * `minGames` raises the floor of a request; it never lowers it.
 */
export const MIN_GAMES_TO_RANK = 20;

/** The floor of a request: the named minimum, or `minGames` when that is higher. */
export const rankingFloor = (minGames?: number) => Math.max(MIN_GAMES_TO_RANK, minGames ?? 0);

/** Wins, losses and draws of some set of seat-games. */
export interface Record3 {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/**
 * A win rate: a draw counts as half a win, so value = (wins + draws / 2) / games, with its Wilson
 * 95% interval. `value` is null when there are no games (the interval is then [0, 1]).
 */
export interface WinRate extends Record3 {
  readonly games: number;
  readonly value: number | null;
  readonly low: number;
  readonly high: number;
  readonly tooSmallToRank: boolean;
}

/** A share of a whole (meta share, draw share…) with its Wilson 95% interval. */
export interface Share {
  readonly count: number;
  readonly of: number;
  readonly value: number | null;
  readonly low: number;
  readonly high: number;
}

/** A difference of two win rates (value = a − b), e.g. IWD = GIH win rate − GNS win rate. */
export interface RateDifference {
  readonly value: number | null;
  readonly low: number | null;
  readonly high: number | null;
  /** Games behind each side. */
  readonly games: { readonly a: number; readonly b: number };
  readonly tooSmallToRank: boolean;
}

/** Half a win per draw: the score that every win rate divides by games. */
export const score = (r: Record3) => r.wins + r.draws / 2;

export function winRate(r: Record3, floor: number, z: number = Z_95): WinRate {
  const games = r.wins + r.losses + r.draws;
  const { low, high } = wilsonInterval(score(r), games, z);
  return { games, wins: r.wins, losses: r.losses, draws: r.draws, value: games ? score(r) / games : null, low, high, tooSmallToRank: games < floor };
}

export function share(count: number, of: number, z: number = Z_95): Share {
  const { low, high } = wilsonInterval(count, of, z);
  return { count, of, value: of ? count / of : null, low, high };
}

export function rateDifference(a: WinRate, b: WinRate, floor: number, z: number = Z_95): RateDifference {
  const interval = differenceInterval(score(a), a.games, score(b), b.games, z);
  return {
    value: a.value !== null && b.value !== null ? a.value - b.value : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    games: { a: a.games, b: b.games },
    tooSmallToRank: a.games < floor || b.games < floor,
  };
}

export interface Rankable {
  readonly value: number | null;
  readonly tooSmallToRank: boolean;
}

/**
 * Ranking order: rows whose rate is rankable first, then the higher value; rows without a value
 * and rows below the floor come last, in the same order among themselves. `tieBreak` settles ties.
 */
export function rankOrder<T>(rate: (row: T) => Rankable | null, tieBreak: (a: T, b: T) => number) {
  const key = (row: T): [number, number] => {
    const r = rate(row);
    const ranked = r !== null && r.value !== null && !r.tooSmallToRank;
    return [ranked ? 0 : 1, r?.value ?? -Infinity];
  };
  return (x: T, y: T): number => {
    const [groupX, valueX] = key(x);
    const [groupY, valueY] = key(y);
    if (groupX !== groupY) return groupX - groupY;
    if (valueX !== valueY) return valueY > valueX ? 1 : -1;
    return tieBreak(x, y);
  };
}
