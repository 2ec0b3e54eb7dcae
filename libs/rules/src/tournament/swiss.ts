import type { Prng } from '../prng';

export interface SwissPlayer {
  readonly id: string;
  readonly points: number;
  /** Ids this player has met. */
  readonly opponents: ReadonlySet<string>;
  readonly hadBye: boolean;
}

export interface SwissRound {
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/**
 * Pairs one Swiss round the usual way: players ordered by points (ties in a seeded random order),
 * the bye to the lowest-ranked player who has not had one, then each player from the top paired
 * with the highest-ranked player left whom they have not met, backtracking when that leaves someone
 * without a legal opponent. Rematches are allowed only when no pairing avoids them.
 */
export function pairSwissRound(players: readonly SwissPlayer[], prng: Prng): SwissRound {
  const shuffled = prng.shuffle([...players]);
  const ordered = shuffled.sort((a, b) => b.points - a.points);
  let bye: string | null = null;
  let field = ordered;
  if (ordered.length % 2 === 1) {
    const receiver = [...ordered].reverse().find((p) => !p.hadBye) ?? ordered[ordered.length - 1]!;
    bye = receiver.id;
    field = ordered.filter((p) => p !== receiver);
  }
  const pairs = pairWithoutRematches(field) ?? pairInOrder(field);
  return { pairs, bye };
}

function pairWithoutRematches(field: readonly SwissPlayer[]): [string, string][] | null {
  const used = new Array<boolean>(field.length).fill(false);
  const pairs: [string, string][] = [];
  let steps = 0;
  const search = (): boolean => {
    const first = used.indexOf(false);
    if (first < 0) return true;
    if (++steps > 100_000) return false;
    used[first] = true;
    for (let j = first + 1; j < field.length; j++) {
      if (used[j] || field[first]!.opponents.has(field[j]!.id)) continue;
      used[j] = true;
      pairs.push([field[first]!.id, field[j]!.id]);
      if (search()) return true;
      pairs.pop();
      used[j] = false;
    }
    used[first] = false;
    return false;
  };
  return search() ? pairs : null;
}

function pairInOrder(field: readonly SwissPlayer[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < field.length; i += 2) pairs.push([field[i]!.id, field[i + 1]!.id]);
  return pairs;
}
