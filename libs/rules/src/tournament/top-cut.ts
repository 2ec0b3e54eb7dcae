import { bracketOrder, topCutRounds } from '../words';
import { computeStandings, type MatchResult } from './standings';

export { bracketOrder, topCutRounds };

/**
 * The top cut: the single-elimination rounds after the Swiss rounds. A tournament's
 * `format.topCut` players go on, seeded by the final Swiss standings, into a bracket of the next
 * power of two; the top seeds get a bye where the field is short (a top 6 plays in a bracket of 8,
 * seeds 1 and 2 waiting out the first round). Rounds swissRounds+1 … swissRounds+topCutRounds are
 * the bracket's, recorded as any round is. Pure: the recorder, the simulator and the CLI share it.
 */

/** The bracket's size: `topCut` rounded up to a power of two. */
export function bracketSize(topCut: number): number {
  return 2 ** topCutRounds(topCut);
}

/** A seeded player of the cut. */
export interface Seed {
  readonly seed: number;
  readonly playerId: string;
}

/**
 * Who makes the cut: the first `topCut` players of the standings after the last Swiss round who
 * have not dropped, in the order the standings list them (players equal on every tiebreaker are
 * listed by id, so the list, and the cut, is one answer). Fewer players than the cut all go on.
 */
export function topCutSeeds(input: {
  readonly players: readonly { readonly id: string; readonly name: string }[];
  /** Every Swiss round's results (byes with `b` null). */
  readonly results: readonly MatchResult[];
  readonly dropped: ReadonlySet<string>;
  readonly swissRounds: number;
  readonly topCut: number;
  readonly byeGameWins: number;
}): Seed[] {
  const standings = computeStandings({
    players: input.players,
    matches: input.results.filter((m) => m.round <= input.swissRounds),
    byeGameWins: input.byeGameWins,
  });
  return standings
    .filter((s) => !input.dropped.has(s.playerId))
    .slice(0, input.topCut)
    .map((s, i) => ({ seed: i + 1, playerId: s.playerId }));
}

/** The winner of a decided match (more games won), or null. */
export function matchWinner(m: MatchResult): string | null {
  if (m.b === null) return m.a;
  if (m.winsA > m.winsB) return m.a;
  if (m.winsB > m.winsA) return m.b;
  return null;
}

/** What a round of the bracket must hold, from the seeds and the bracket's earlier rounds. */
export interface BracketRound {
  /** 1 for the cut's first round. */
  readonly stage: number;
  /** The players still in, each with its seed and place in the bracket (0-based slot). */
  readonly players: ReadonlyMap<string, { readonly seed: number; readonly slot: number }>;
  /** Players whose opponent in this round is an empty place of the bracket: they advance with a bye. */
  readonly byes: ReadonlySet<string>;
  /** Places of the bracket that meet in this round share a block of this many slots. */
  readonly block: number;
}

/**
 * The bracket's round `stage` (1-based): who is still in, who meets whom, who has a bye. `earlier`
 * are the results of the bracket's rounds before it; every match of them must have a winner
 * (`checkRound` refuses one without).
 */
export function bracketRound(seeds: readonly Seed[], topCut: number, stage: number, earlier: readonly MatchResult[]): BracketRound {
  const size = bracketSize(topCut);
  const order = bracketOrder(size);
  const slotOfSeed = new Map(order.map((seed, slot) => [seed, slot]));
  let alive = new Map(seeds.map((s) => [s.playerId, { seed: s.seed, slot: slotOfSeed.get(s.seed)! }]));
  const roundsBefore = [...new Set(earlier.map((m) => m.round))].sort((x, y) => x - y);
  for (const round of roundsBefore) {
    const advanced = new Set(earlier.filter((m) => m.round === round).map(matchWinner).filter((w): w is string => w !== null));
    alive = new Map([...alive].filter(([id]) => advanced.has(id)));
  }
  const block = 2 ** stage;
  const byes = new Set<string>();
  for (const [id, place] of alive) {
    if (![...alive.values()].some((p) => p !== place && meetIn(block, p.slot, place.slot))) byes.add(id);
  }
  return { stage, players: alive, byes, block };
}

/** Whether two places of the bracket meet in a round whose blocks are `block` slots wide. */
export function meetIn(block: number, slotA: number, slotB: number): boolean {
  return Math.floor(slotA / block) === Math.floor(slotB / block);
}
