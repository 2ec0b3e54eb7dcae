import { bracketOrder, topCutRounds } from '../words';
import { computeStandings, type MatchResult, type Standing } from './standings';

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

/** A pairing of the cut's first round as the seeding reads it: two players, or one with a bye (`b` null). */
export interface CutPairing {
  readonly a: string;
  readonly b: string | null;
}

/** What the cut is seeded from. */
export interface SeedingInput {
  readonly players: readonly { readonly id: string; readonly name: string }[];
  /** Every Swiss round's results (byes with `b` null); later rounds' are left out. */
  readonly results: readonly MatchResult[];
  readonly dropped: ReadonlySet<string>;
  readonly swissRounds: number;
  readonly topCut: number;
  readonly byeGameWins: number;
  /** The cut's first round, as recorded or about to be: its pairings and byes, results not read. */
  readonly firstRound?: readonly CutPairing[];
}

/** The final Swiss standings of the players who did not drop. */
function finalSwiss(input: SeedingInput): Standing[] {
  return computeStandings({
    players: input.players,
    matches: input.results.filter((m) => m.round <= input.swissRounds),
    byeGameWins: input.byeGameWins,
  }).filter((s) => !input.dropped.has(s.playerId));
}

/**
 * When `playerId` is outside the cut only by a tie at its line (sharing the rank of the last of
 * the final standings' first N, so the organiser may have taken them), the seed a player of that
 * rank holds (the lowest, the line's); else null.
 */
export function tiedAtCutLine(input: SeedingInput, playerId: string): Seed | null {
  const standings = finalSwiss(input);
  const n = Math.min(input.topCut, standings.length);
  const rank = new Map(standings.map((s) => [s.playerId, s.rank]));
  const line = standings[n - 1]?.rank;
  const seeds = topCutSeeds(input);
  if (line === undefined || rank.get(playerId) !== line || seeds.some((s) => s.playerId === playerId)) return null;
  return seeds.filter((s) => rank.get(s.playerId) === line).at(-1) ?? null;
}

/**
 * Who makes the cut: the first `topCut` players of the standings after the last Swiss round who
 * have not dropped, in the order the standings list them. Fewer players than the cut all go on.
 *
 * Players equal on every tiebreaker share a rank and are listed by id, but the order among them is
 * the organiser's to decide (a playoff, a die roll): given the cut's first round as recorded
 * (`firstRound`), the seeds are those that make it, if any order of tied players (and any choice
 * among players tied at the cut line) does; the listed order where it fits, and else the one
 * nearest to it, seed by seed. A first round no such order makes is seeded as far as it can be,
 * for the round's check to name what fits no seed.
 */
export function topCutSeeds(input: SeedingInput): Seed[] {
  const standings = finalSwiss(input);
  const listed = standings.slice(0, input.topCut).map((s) => s.playerId);
  const order = input.firstRound ? organisersOrder(standings, input.topCut, input.firstRound) : listed;
  return order.map((playerId, i) => ({ seed: i + 1, playerId }));
}

type Entry = readonly [top: string, bottom: string | null, index: number];

/**
 * The seeds the organiser's tie-breaks give the recorded first round. The first round pairs seed s
 * with seed size+1−s (a bye when there is no such seed), so a seeding is one entry of the round (a
 * pair, or a bye) per seed of the bracket's top half: a player who shares the rank of seed s at s,
 * and their opponent sharing the rank of seed size+1−s, or no opponent when that seed is empty.
 * Seeds are taken in order, each given the entry, in the listed order of its players, that still
 * lets as many entries as possible be seated after it (a maximum bipartite matching of seeds to
 * entries), so the answer is the listed seeds wherever the round allows them. A round no order
 * makes whole keeps the seats its entries can have, and the listed players of those ranks take
 * the rest: the round's check then names the entries that fit no seed.
 */
function organisersOrder(standings: readonly Standing[], topCut: number, firstRound: readonly CutPairing[]): string[] {
  const n = Math.min(topCut, standings.length);
  const size = bracketSize(topCut);
  const half = Math.min(n, size / 2);
  const place = new Map(standings.map((s, i) => [s.playerId, i]));
  const rankOf = (seed: number) => standings[seed - 1]!.rank;
  const fits = (player: string, seed: number) => {
    const i = place.get(player);
    return i !== undefined && standings[i]!.rank === rankOf(seed);
  };
  // For each top-half seed, the entries that can sit there, each as [at seed s, at its partner seed].
  const options: Entry[][] = [];
  for (let s = 1; s <= half; s++) {
    const t = size + 1 - s;
    const here: Entry[] = [];
    firstRound.forEach((e, k) => {
      const ways: [string, string | null][] = t > n ? (e.b === null ? [[e.a, null]] : []) : e.b === null ? [] : [[e.a, e.b], [e.b, e.a]];
      for (const [top, bottom] of ways) if (fits(top, s) && (bottom === null || fits(bottom, t))) here.push([top, bottom, k]);
    });
    // The listed order first: the player placed higher in the standings takes the seed.
    here.sort((x, y) => place.get(x[0])! - place.get(y[0])!);
    options.push(here);
  }
  const chosen = preferredMatching(options, firstRound.length);
  const seeds: (string | undefined)[] = new Array(n).fill(undefined);
  chosen.forEach((k, s) => {
    if (k < 0) return;
    const [top, bottom] = options[s]!.find((o) => o[2] === k)!;
    seeds[s] = top;
    if (bottom !== null) seeds[size - s - 1] = bottom;
  });
  // Seeds no entry took: the first listed players of their rank not seated, else the first listed.
  const seated = new Set(seeds.filter((id): id is string => id !== undefined));
  for (let s = 0; s < n; s++) {
    if (seeds[s] !== undefined) continue;
    const free = standings.filter((p) => !seated.has(p.playerId));
    const id = (free.find((p) => p.rank === rankOf(s + 1)) ?? free[0]!).playerId;
    seeds[s] = id;
    seated.add(id);
  }
  return seeds as string[];
}

/**
 * A maximum matching of seeds to entries (each seed's `options`, best first) that gives each seed
 * in turn the best entry it can have while as many entries as possible stay seated: the entry of
 * each seed, or -1. Kuhn's augmenting paths find a maximum matching; then each seed, in order,
 * tries its options best first, taking an option when the seed it displaces finds another entry
 * by an augmenting path among the seeds not yet settled (one path per try, so a top 256 of one
 * tie takes milliseconds).
 */
function preferredMatching(options: readonly (readonly Entry[])[], entries: number): number[] {
  const seeds = options.length;
  let entryOf = new Array<number>(seeds).fill(-1);
  let seedOf = new Array<number>(entries).fill(-1);
  const settled = new Array<boolean>(seeds).fill(false);
  // An augmenting path from seed `s` over seeds not settled: true when it seated `s`.
  const augment = (s: number, seen: boolean[]): boolean => {
    for (const [, , k] of options[s]!) {
      if (seen[k]) continue;
      seen[k] = true;
      const holder = seedOf[k]!;
      if (holder >= 0 && settled[holder]) continue;
      if (holder < 0 || augment(holder, seen)) {
        entryOf[s] = k;
        seedOf[k] = s;
        return true;
      }
    }
    return false;
  };
  for (let s = 0; s < seeds; s++) augment(s, new Array<boolean>(entries).fill(false));
  for (let s = 0; s < seeds; s++) {
    for (const [, , k] of options[s]!) {
      if (entryOf[s] === k) break;
      const holder = seedOf[k]!;
      if (holder >= 0 && settled[holder]) continue;
      const saved = [entryOf.slice(), seedOf.slice()] as const;
      const before = seatedCount(entryOf);
      // Seed s takes k; its own entry is freed, and k's holder looks for another without s (or,
      // failing that, a seat left free lets another seed in: the count is what must hold).
      if (entryOf[s]! >= 0) seedOf[entryOf[s]!] = -1;
      entryOf[s] = k;
      seedOf[k] = s;
      settled[s] = true;
      if (holder >= 0) entryOf[holder] = -1;
      let count = seatedCount(entryOf);
      const unseated = holder >= 0 ? [holder] : [];
      for (let f = s + 1; f < seeds; f++) if (f !== holder && entryOf[f]! < 0) unseated.push(f);
      for (const f of unseated) {
        if (count >= before) break;
        if (augment(f, new Array<boolean>(entries).fill(false))) count++;
      }
      settled[s] = false;
      if (count >= before) break;
      [entryOf, seedOf] = [saved[0], saved[1]];
    }
    settled[s] = true;
  }
  return entryOf;
}

function seatedCount(entryOf: readonly number[]): number {
  let n = 0;
  for (const k of entryOf) if (k >= 0) n++;
  return n;
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
