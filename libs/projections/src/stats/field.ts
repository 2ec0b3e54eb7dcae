import { Z_95 } from './wilson';

/** One archetype's non-mirror record against one opponent archetype. */
export interface MatchupRecord {
  /** Wins plus half the draws. */
  readonly score: number;
  readonly games: number;
}

export interface ExpectedWinRate {
  /** Σ w_B · WR(A vs B) over the archetypes in the estimate, the mirror counting 0.5. */
  readonly value: number;
  readonly low: number;
  readonly high: number;
  /** Non-mirror games behind the estimate. */
  readonly games: number;
  /** Share of the field (by meta share) whose matchup is known, the mirror included. */
  readonly coverage: number;
  /** Opponent archetypes left out because no game against them was observed. */
  readonly unknownMatchups: string[];
}

/**
 * The win rate archetype `a` should expect against the field described by `shares` (meta share of
 * every named archetype), from its observed matchups:
 *
 *   E(a) = Σ_{b ∈ K} w_b · WR(a, b),  w_b = s_b / Σ_{c ∈ K} s_c
 *
 * where K holds `a` itself (the mirror, WR = 0.5 by symmetry) and every other archetype that `a`
 * played at least once; archetypes it never met are left out and the weights renormalised over K
 * (reported as `coverage` and `unknownMatchups`). The interval treats the shares as fixed and each
 * matchup as an independent proportion with the Agresti–Coull variance p̃(1 − p̃)/(n + z²),
 * p̃ = (score + z²/2)/(n + z²): value ± z·√(Σ w_b² · var_b), clipped to [0, 1]. Null when `a` met no
 * other archetype.
 */
export function expectedWinRate(
  a: string,
  shares: ReadonlyMap<string, number>,
  matchups: ReadonlyMap<string, MatchupRecord>,
  z: number = Z_95,
): ExpectedWinRate | null {
  const known = [...shares.keys()].filter((b) => b !== a && (matchups.get(b)?.games ?? 0) > 0);
  if (known.length === 0) return null;
  const shareOf = (b: string) => shares.get(b) ?? 0;
  const covered = shareOf(a) + known.reduce((sum, b) => sum + shareOf(b), 0);
  const field = [...shares.values()].reduce((sum, s) => sum + s, 0);
  if (covered <= 0) return null;
  const z2 = z * z;
  let value = (shareOf(a) / covered) * 0.5;
  let variance = 0;
  let games = 0;
  for (const b of known) {
    const { score, games: n } = matchups.get(b)!;
    const w = shareOf(b) / covered;
    value += w * (score / n);
    const adjusted = (score + z2 / 2) / (n + z2);
    variance += w * w * ((adjusted * (1 - adjusted)) / (n + z2));
    games += n;
  }
  const half = z * Math.sqrt(variance);
  return {
    value,
    low: Math.max(0, value - half),
    high: Math.min(1, value + half),
    games,
    coverage: covered / field,
    unknownMatchups: [...shares.keys()].filter((b) => b !== a && !known.includes(b)).sort(),
  };
}
