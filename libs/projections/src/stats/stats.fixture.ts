import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';

// Hand-made read-model facts for the statistics tests. Every expected number in the specs follows
// from the table below by hand.
//
// born-from-blood (rules 1.0 unless noted), 33 finished games, 66 seat-games:
//   Aggro v Control  20 games  i = 1..20. Aggro (p1) wins i ∈ 1..8 and 11..14; Control wins the rest.
//                    i ≤ 10: Aggro on the play, list aggro-a, tournament kyoto-cup, played 2026-11-01.
//                    i > 10: Control on the play, list aggro-b, no tournament,       played 2026-11-01.
//                    turns 10 + (i mod 5), events 10 × turns.
//   Aggro v Midrange  4 games  Aggro (p1, on the play, aggro-a): W, L, L, D. turns 20. played 2026-11-10.
//   Control v Midrange 6 games Control (p1, on the play): W, W, W, L, L, L. turns 30. played 2026-11-10.
//   Aggro mirror      2 games  p1 (aggro-a, on the play) wins both. rules 1.1, turns 8, played 2026-11-10.
//   unknown v Midrange 1 game  Midrange (p2) wins; no archetype, no first player. turns 9, played 2026-11-10.
//   + one Aggro v Control game in progress, which no statistic may count.
// aegis (rules 2.0): one game, Knight (p1) beats Rogue (p2), Rogue on the play, turns 5, events 50,
//   no played_at (recorded 2026-11-20).
//
// Cards (born-from-blood):
//   bfb-001 Ember Imp in every Aggro seat of Aggro v Control (2 copies for i ≤ 10, 3 after) and in
//     both seats of both mirror games (2 copies, in the opening hand). In Aggro v Control:
//     opening hand i ∈ {1, 2, 3, 11, 12}, drawn i ∈ {3, 4, 5, 9, 13, 15}, played i ∈ {1, 2, 4, 9, 11}.
//   bfb-002 Stone Wall in every Control seat (26), never seen.
//   The game in progress has bfb-001 in Aggro's opening hand.

export const PLAYED = { early: '2026-11-01T12:00:00Z', late: '2026-11-10T12:00:00Z', aegis: '2026-11-20T12:00:00Z' } as const;

type Outcome = 'p1' | 'p2' | 'draw' | null;

interface SeatSpec {
  archetype: string | null;
  list?: string | null;
  deck?: string | null;
  cards?: { id: string; name: string; copies: number; oh?: boolean; drawn?: boolean; played?: boolean }[];
}

interface GameSpec {
  system?: string;
  rules?: string;
  tournament?: string | null;
  playedAt: string | null;
  recordedAt?: string;
  first: 'p1' | 'p2' | null;
  outcome: Outcome;
  turns: number;
  events?: number;
  p1: SeatSpec;
  p2: SeatSpec;
}

export async function insertGame(sql: Sql, spec: GameSpec): Promise<string> {
  const gameId = randomUUID();
  const system = spec.system ?? 'born-from-blood';
  const rules = spec.rules ?? '1.0';
  const tournament = spec.tournament ?? null;
  const finished = spec.outcome !== null;
  await sql`insert into rm_games ${sql({
    game_id: gameId,
    system,
    rules_version: rules,
    mode: 'upload',
    tournament,
    played_at: spec.playedAt,
    recorded_at: spec.recordedAt ?? spec.playedAt ?? PLAYED.aegis,
    catalog_id: 'demo@1',
    players: JSON.stringify([{ seat: 'p1' }, { seat: 'p2' }]),
    first_player: spec.first,
    events: spec.events ?? spec.turns * 10,
    turns: spec.turns,
    status: finished ? 'finished' : 'in_progress',
    result: spec.outcome === null ? null : spec.outcome === 'draw' ? 'draw' : 'win',
    winner: spec.outcome === 'p1' || spec.outcome === 'p2' ? spec.outcome : null,
  })}`;
  for (const [seat, other] of [
    ['p1', 'p2'],
    ['p2', 'p1'],
  ] as const) {
    const me = spec[seat];
    const result = spec.outcome === null ? null : spec.outcome === 'draw' ? 'draw' : spec.outcome === seat ? 'win' : 'loss';
    await sql`insert into rm_game_seats ${sql({
      game_id: gameId,
      seat,
      system,
      rules_version: rules,
      tournament,
      played_at: spec.playedAt ?? spec.recordedAt ?? PLAYED.aegis,
      player_name: `${seat} of ${gameId.slice(0, 8)}`,
      deck_name: me.deck ?? null,
      archetype: me.archetype,
      list_hash: me.list ?? null,
      on_play: spec.first === null ? null : spec.first === seat,
      opponent_archetype: spec[other].archetype,
      result,
    })}`;
    for (const card of me.cards ?? []) {
      await sql`insert into rm_card_games ${sql({
        game_id: gameId,
        seat,
        system,
        card_id: card.id,
        card_name: card.name,
        copies: card.copies,
        in_opening_hand: card.oh ?? false,
        drawn: card.drawn ?? false,
        played: card.played ?? false,
      })}`;
    }
  }
  // As the projector does once a game's rows are written: its cards join the per-card counters.
  await sql`select rm_card_stats_add(array[${gameId}]::uuid[], 1)`;
  return gameId;
}

const imp = (copies: number, seen: { oh?: boolean; drawn?: boolean; played?: boolean } = {}) => ({ id: 'bfb-001', name: 'Ember Imp', copies, ...seen });
const wall = { id: 'bfb-002', name: 'Stone Wall', copies: 2 };

export async function seedStatsFixture(sql: Sql): Promise<void> {
  const aggro = (list: string, cards: SeatSpec['cards'] = []): SeatSpec => ({ archetype: 'Aggro', list, deck: 'Red Aggro', cards });
  const control: SeatSpec = { archetype: 'Control', list: 'control-1', deck: 'Blue Control', cards: [wall] };
  const midrange: SeatSpec = { archetype: 'Midrange', list: 'mid-1', deck: 'Green Midrange' };
  const OH = new Set([1, 2, 3, 11, 12]);
  const DRAWN = new Set([3, 4, 5, 9, 13, 15]);
  const PLAYS = new Set([1, 2, 4, 9, 11]);
  for (let i = 1; i <= 20; i++) {
    const early = i <= 10;
    await insertGame(sql, {
      tournament: early ? 'kyoto-cup' : null,
      playedAt: PLAYED.early,
      first: early ? 'p1' : 'p2',
      outcome: (i >= 1 && i <= 8) || (i >= 11 && i <= 14) ? 'p1' : 'p2',
      turns: 10 + (i % 5),
      p1: aggro(early ? 'aggro-a' : 'aggro-b', [imp(early ? 2 : 3, { oh: OH.has(i), drawn: DRAWN.has(i), played: PLAYS.has(i) })]),
      p2: control,
    });
  }
  for (const outcome of ['p1', 'p2', 'p2', 'draw'] as const) {
    await insertGame(sql, { playedAt: PLAYED.late, first: 'p1', outcome, turns: 20, p1: aggro('aggro-a'), p2: midrange });
  }
  for (const outcome of ['p1', 'p1', 'p1', 'p2', 'p2', 'p2'] as const) {
    await insertGame(sql, { playedAt: PLAYED.late, first: 'p1', outcome, turns: 30, p1: control, p2: midrange });
  }
  for (let i = 0; i < 2; i++) {
    await insertGame(sql, {
      rules: '1.1',
      playedAt: PLAYED.late,
      first: 'p1',
      outcome: 'p1',
      turns: 8,
      p1: aggro('aggro-a', [imp(2, { oh: true })]),
      p2: aggro('aggro-b', [imp(2, { oh: true })]),
    });
  }
  await insertGame(sql, { playedAt: PLAYED.late, first: null, outcome: 'p2', turns: 9, p1: { archetype: null }, p2: midrange });
  await insertGame(sql, { playedAt: PLAYED.late, first: 'p1', outcome: null, turns: 3, p1: aggro('aggro-a', [imp(2, { oh: true })]), p2: control });
  await insertGame(sql, {
    system: 'aegis',
    rules: '2.0',
    playedAt: null,
    recordedAt: PLAYED.aegis,
    first: 'p2',
    outcome: 'p1',
    turns: 5,
    events: 50,
    p1: { archetype: 'Knight' },
    p2: { archetype: 'Rogue' },
  });
}
