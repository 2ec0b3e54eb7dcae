/**
 * Swiss standings with the tiebreakers of the MTG tournament rules, Appendix C: match points
 * (win 3, draw 1, loss 0; a bye is a won match), then opponents' match-win percentage, game-win
 * percentage and opponents' game-win percentage. Every percentage has a floor of 0.33, and byes
 * are left out of the opponents' percentages. Pure: the projector and the tests share it.
 */

/** One round's result between two players (`b` null for a bye). */
export interface MatchResult {
  readonly round: number;
  readonly a: string;
  readonly b: string | null;
  /** Games won by `a`, by `b`, and drawn. A bye counts as `a` winning the games needed. */
  readonly winsA: number;
  readonly winsB: number;
  readonly draws: number;
}

export interface StandingsInput {
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly matches: readonly MatchResult[];
  /** Player id → the round after which the player dropped. */
  readonly drops?: Readonly<Record<string, number>>;
  /** Games a bye is worth (the match's needed wins: 1 in Bo1, 2 in Bo3, 3 in Bo5). */
  readonly byeGameWins: number;
}

export interface Standing {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly points: number;
  readonly matchWins: number;
  readonly matchLosses: number;
  readonly matchDraws: number;
  readonly byes: number;
  /** Opponents' match-win %, game-win %, opponents' game-win %: fractions 0..1, rounded to 4 places. */
  readonly omw: number;
  readonly gw: number;
  readonly ogw: number;
  readonly droppedAfter: number | null;
}

export const PERCENTAGE_FLOOR = 0.33;
const EPSILON = 1e-9;

interface Tally {
  points: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  rounds: number;
  gamePoints: number;
  games: number;
  opponents: string[];
}

/** Match-win % and game-win % of one player, floored at 0.33 (Appendix C). */
function percentages(t: Tally): { mw: number; gw: number } {
  const mw = t.rounds === 0 ? PERCENTAGE_FLOOR : Math.max(PERCENTAGE_FLOOR, t.points / (3 * t.rounds));
  const gw = t.games === 0 ? PERCENTAGE_FLOOR : Math.max(PERCENTAGE_FLOOR, t.gamePoints / (3 * t.games));
  return { mw, gw };
}

export function computeStandings(input: StandingsInput): Standing[] {
  const tallies = new Map<string, Tally>();
  for (const p of input.players) {
    tallies.set(p.id, { points: 0, wins: 0, losses: 0, draws: 0, byes: 0, rounds: 0, gamePoints: 0, games: 0, opponents: [] });
  }
  const tally = (id: string) => {
    const t = tallies.get(id);
    if (!t) throw new Error(`standings: a match names player "${id}", who is not registered`);
    return t;
  };
  for (const m of input.matches) {
    const a = tally(m.a);
    if (m.b === null) {
      a.points += 3;
      a.wins += 1;
      a.byes += 1;
      a.rounds += 1;
      a.gamePoints += 3 * input.byeGameWins;
      a.games += input.byeGameWins;
      continue;
    }
    const b = tally(m.b);
    const games = m.winsA + m.winsB + m.draws;
    for (const [me, mine, theirs, opponent] of [
      [a, m.winsA, m.winsB, m.b],
      [b, m.winsB, m.winsA, m.a],
    ] as const) {
      me.rounds += 1;
      me.games += games;
      me.gamePoints += 3 * mine + m.draws;
      me.opponents.push(opponent);
      if (mine > theirs) {
        me.points += 3;
        me.wins += 1;
      } else if (mine < theirs) me.losses += 1;
      else {
        me.points += 1;
        me.draws += 1;
      }
    }
  }
  const own = new Map([...tallies].map(([id, t]) => [id, percentages(t)]));
  const average = (ids: readonly string[], pick: (p: { mw: number; gw: number }) => number) =>
    ids.length === 0 ? PERCENTAGE_FLOOR : ids.reduce((sum, id) => sum + pick(own.get(id)!), 0) / ids.length;

  const rows = input.players.map((p) => {
    const t = tallies.get(p.id)!;
    return {
      playerId: p.id,
      name: p.name,
      points: t.points,
      matchWins: t.wins,
      matchLosses: t.losses,
      matchDraws: t.draws,
      byes: t.byes,
      omwExact: average(t.opponents, (o) => o.mw),
      gwExact: own.get(p.id)!.gw,
      ogwExact: average(t.opponents, (o) => o.gw),
      droppedAfter: input.drops?.[p.id] ?? null,
    };
  });
  const compare = (x: (typeof rows)[number], y: (typeof rows)[number]) =>
    y.points - x.points || differ(y.omwExact, x.omwExact) || differ(y.gwExact, x.gwExact) || differ(y.ogwExact, x.ogwExact);
  rows.sort((x, y) => compare(x, y) || (x.playerId < y.playerId ? -1 : x.playerId > y.playerId ? 1 : 0));

  const standings: Standing[] = [];
  rows.forEach((row, i) => {
    // Players equal on every tiebreaker share a rank; the list then orders them by id.
    const rank = i > 0 && compare(rows[i - 1]!, row) === 0 ? standings[i - 1]!.rank : i + 1;
    const { omwExact, gwExact, ogwExact, ...rest } = row;
    standings.push({ rank, ...rest, omw: round4(omwExact), gw: round4(gwExact), ogw: round4(ogwExact) });
  });
  return standings;
}

function differ(x: number, y: number): number {
  return Math.abs(x - y) < EPSILON ? 0 : x - y;
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
