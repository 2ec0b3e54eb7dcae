import type { PendingQuery, Row, Sql } from 'postgres';
import { ExpectedWinRate, MatchupRecord, expectedWinRate } from './field';
import { RateDifference, Share, WinRate, rankOrder, rankingFloor, rateDifference, score, share, winRate } from './rates';
import { PlayedRange, RawStatsParams, StatsFilter, oneOf, readParams } from './stats-params';
import { Distribution, Frequency, describeDistribution } from './wilson';

/** Every statistics answer: the filters it applied, the ranking floor, and one block per system. */
export interface StatsReport<T> {
  readonly filters: StatsFilter & { readonly by?: string; readonly archetype?: string };
  /** Rates over fewer games than this are marked `tooSmallToRank` and ranked last. */
  readonly floor: number;
  readonly systems: T[];
}

export interface DeckStats {
  /** The archetype (by=archetype) or the archetype most seen with this list (by=list); null when unknown. */
  readonly archetype: string | null;
  /** by=list only: the exact list, null for seats whose list is unknown. */
  readonly listHash?: string | null;
  /** by=list only: the deck name most seen with this list. */
  readonly deckName?: string | null;
  /** Seat-games, mirrors included. */
  readonly games: number;
  /** Seat-games against the same archetype: in `games` and the meta share, not in the win rate. */
  readonly mirrors: number;
  /** Seat-games of this deck among all seat-games of the system in the filter. */
  readonly metaShare: Share;
  readonly winRate: WinRate;
}

export interface SystemDecks {
  readonly system: string;
  readonly seatGames: number;
  readonly decks: DeckStats[];
}

export interface MatchupStats {
  readonly opponent: string;
  readonly winRate: WinRate;
  readonly onPlay: WinRate;
  readonly onDraw: WinRate;
}

export interface ArchetypeMatchups {
  readonly archetype: string;
  readonly games: number;
  readonly mirrors: number;
  readonly metaShare: Share;
  /** Expected win rate against the field; null when no matchup against another archetype is known. */
  readonly expectedWinRate: (ExpectedWinRate & { readonly tooSmallToRank: boolean }) | null;
  readonly matchups: MatchupStats[];
}

export interface SystemMatchups {
  readonly system: string;
  readonly seatGames: number;
  readonly archetypes: ArchetypeMatchups[];
}

export interface CardStats {
  readonly cardId: string;
  readonly name: string;
  readonly meanCopies: number;
  /** Seat-games with the card in the deck. */
  readonly gamesInDeck: number;
  /** GP: every game with the card in the deck. */
  readonly inDeck: WinRate;
  /** OH: in the opening hand. */
  readonly openingHand: WinRate;
  /** GD: drawn during the game, not in the opening hand. */
  readonly drawn: WinRate;
  /** GIH: in the opening hand or drawn (OH + GD). */
  readonly inHand: WinRate;
  /** Played at least once. */
  readonly played: WinRate;
  /** GNS: in the deck, never seen (neither in the opening hand nor drawn). */
  readonly notSeen: WinRate;
  /** IWD: GIH win rate − GNS win rate. */
  readonly improvementWhenDrawn: RateDifference;
}

export interface SystemCards {
  readonly system: string;
  readonly cards: CardStats[];
}

export interface SystemOverview {
  readonly system: string;
  /** Finished games. */
  readonly games: number;
  readonly decisive: Share;
  readonly draws: Share;
  /** The first player's win rate, over finished games whose first player is known. */
  readonly firstPlayer: WinRate;
  readonly gamesWithoutFirstPlayer: number;
  readonly turns: Distribution;
  readonly events: Distribution;
}

const DECK_GROUPINGS = ['archetype', 'list'] as const;

interface RecordRow {
  wins: number;
  losses: number;
  draws: number;
}

const byName = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** The statistics endpoints over the read models (rm_games, rm_game_seats, rm_card_games). */
export class StatsReader {
  constructor(private readonly sql: Sql) {}

  /** Per archetype, or per exact list with `by=list`: record, win rate without mirrors, meta share. */
  async decks(params: RawStatsParams): Promise<StatsReport<SystemDecks>> {
    const { filter, range, text } = readParams(params, ['by']);
    const by = oneOf('by', text('by'), DECK_GROUPINGS, 'archetype');
    const floor = rankingFloor(filter.minGames);
    const sql = this.sql;
    const key = by === 'list' ? sql`s.list_hash` : sql`s.archetype`;
    const rows = await sql<(RecordRow & { system: string; key: string | null; archetype: string | null; deck_name: string | null; games: number; mirrors: number })[]>`
      select s.system, ${key} as key,
        ${by === 'list' ? sql`mode() within group (order by s.archetype) as archetype, mode() within group (order by s.deck_name) as deck_name,` : sql`s.archetype, null as deck_name,`}
        count(*)::int as games,
        count(*) filter (where ${isMirror(sql)})::int as mirrors,
        ${recordColumns(sql, sql`not ${isMirror(sql)}`)}
      from rm_game_seats s
      where ${seatConditions(sql, filter, range)}
      group by s.system, ${key}`;
    const systems = groupBySystem(rows).map(([system, group]) => {
      const seatGames = group.reduce((sum, r) => sum + r.games, 0);
      const decks: DeckStats[] = group
        .filter((r) => r.games >= (filter.minGames ?? 0))
        .map((r) => ({
          archetype: r.archetype,
          ...(by === 'list' ? { listHash: r.key, deckName: r.deck_name } : {}),
          games: r.games,
          mirrors: r.mirrors,
          metaShare: share(r.games, seatGames),
          winRate: winRate(r, floor),
        }))
        .sort(rankOrder((d) => d.winRate, (a, b) => b.games - a.games || byName(a.listHash ?? a.archetype, b.listHash ?? b.archetype)));
      return { system, seatGames, decks };
    });
    return { filters: { ...filter, by }, floor, systems };
  }

  /** Archetype × archetype records, split on the play and on the draw, and expected win rate against the field. */
  async matchups(params: RawStatsParams): Promise<StatsReport<SystemMatchups>> {
    const { filter, range } = readParams(params);
    const floor = rankingFloor(filter.minGames);
    const sql = this.sql;
    const where = seatConditions(sql, filter, range);
    const totals = await sql<{ system: string; archetype: string | null; games: number; mirrors: number }[]>`
      select s.system, s.archetype, count(*)::int as games, count(*) filter (where ${isMirror(sql)})::int as mirrors
      from rm_game_seats s
      where ${where}
      group by s.system, s.archetype`;
    type CellRow = RecordRow & { system: string; archetype: string; opponent: string } & Record<`play_${keyof RecordRow}` | `draw_${keyof RecordRow}`, number>;
    const cells = await sql<CellRow[]>`
      select s.system, s.archetype, s.opponent_archetype as opponent,
        ${recordColumns(sql, sql`true`)},
        ${recordColumns(sql, sql`s.on_play`, 'play_')},
        ${recordColumns(sql, sql`not s.on_play`, 'draw_')}
      from rm_game_seats s
      where ${where} and s.archetype is not null and s.opponent_archetype is not null and s.archetype <> s.opponent_archetype
      group by s.system, s.archetype, s.opponent_archetype`;
    const systems = groupBySystem(totals).map(([system, group]) => {
      const seatGames = group.reduce((sum, r) => sum + r.games, 0);
      const named = group.filter((r): r is typeof r & { archetype: string } => r.archetype !== null);
      const shares = new Map(named.map((r) => [r.archetype, r.games / seatGames]));
      const archetypes: ArchetypeMatchups[] = named
        .filter((r) => r.games >= (filter.minGames ?? 0))
        .map((r) => {
          const own = cells.filter((c) => c.system === system && c.archetype === r.archetype);
          const records = new Map<string, MatchupRecord>(own.map((c) => [c.opponent, { score: score(c), games: c.wins + c.losses + c.draws }]));
          const expected = expectedWinRate(r.archetype, shares, records);
          const matchups = own
            .map((c) => ({
              opponent: c.opponent,
              winRate: winRate(c, floor),
              onPlay: winRate({ wins: c.play_wins, losses: c.play_losses, draws: c.play_draws }, floor),
              onDraw: winRate({ wins: c.draw_wins, losses: c.draw_losses, draws: c.draw_draws }, floor),
            }))
            .sort((a, b) => (shares.get(b.opponent) ?? 0) - (shares.get(a.opponent) ?? 0) || byName(a.opponent, b.opponent));
          return {
            archetype: r.archetype,
            games: r.games,
            mirrors: r.mirrors,
            metaShare: share(r.games, seatGames),
            expectedWinRate: expected && { ...expected, tooSmallToRank: expected.games < floor },
            matchups,
          };
        })
        .sort(rankOrder((a) => a.expectedWinRate, (a, b) => b.games - a.games || byName(a.archetype, b.archetype)));
      return { system, seatGames, archetypes };
    });
    return { filters: filter, floor, systems };
  }

  /** Per card: win rates in deck, in the opening hand, drawn, in hand, played and never seen, and IWD. */
  async cards(params: RawStatsParams): Promise<StatsReport<SystemCards>> {
    const { filter, range, text } = readParams(params, ['archetype']);
    const archetype = text('archetype');
    const floor = rankingFloor(filter.minGames);
    const sql = this.sql;
    const subsets = {
      deck: sql`true`,
      oh: sql`c.in_opening_hand`,
      gd: sql`c.drawn and not c.in_opening_hand`,
      gih: sql`(c.in_opening_hand or c.drawn)`,
      played: sql`c.played`,
      gns: sql`not c.in_opening_hand and not c.drawn`,
    };
    type Subset = keyof typeof subsets;
    type CardRow = { system: string; card_id: string; card_name: string; mean_copies: number } & Record<`${Subset}_${keyof RecordRow}`, number>;
    const counted = range.from === undefined && range.before === undefined && range.upTo === undefined;
    const rows = counted
      ? await this.cardCounters<CardRow>(filter, archetype)
      : await sql<CardRow[]>`
      select c.system, c.card_id, mode() within group (order by c.card_name) as card_name, avg(c.copies)::float8 as mean_copies,
        ${joinFragments(sql, (Object.keys(subsets) as Subset[]).map((k) => recordColumns(sql, subsets[k], `${k}_`)))}
      from rm_card_games c
      join rm_game_seats s on s.game_id = c.game_id and s.seat = c.seat
      where ${seatConditions(sql, filter, range)}
        ${archetype !== undefined ? sql`and s.archetype = ${archetype}` : sql``}
      group by c.system, c.card_id`;
    const rate = (row: CardRow, k: Subset) => winRate({ wins: row[`${k}_wins`], losses: row[`${k}_losses`], draws: row[`${k}_draws`] }, floor);
    const systems = groupBySystem(rows).map(([system, group]) => ({
      system,
      cards: group
        .map((row): CardStats => {
          const inHand = rate(row, 'gih');
          const notSeen = rate(row, 'gns');
          const inDeck = rate(row, 'deck');
          return {
            cardId: row.card_id,
            name: row.card_name,
            meanCopies: row.mean_copies,
            gamesInDeck: inDeck.games,
            inDeck,
            openingHand: rate(row, 'oh'),
            drawn: rate(row, 'gd'),
            inHand,
            played: rate(row, 'played'),
            notSeen,
            improvementWhenDrawn: rateDifference(inHand, notSeen, floor),
          };
        })
        .filter((card) => card.gamesInDeck >= (filter.minGames ?? 0))
        .sort(rankOrder((card) => card.inHand, (a, b) => b.gamesInDeck - a.gamesInDeck || byName(a.cardId, b.cardId))),
    }));
    return { filters: { ...filter, ...(archetype !== undefined ? { archetype } : {}) }, floor, systems };
  }

  /**
   * The rows of `cards` from the counters the projector keeps (rm_card_stats, migration 0050) when
   * no date range applies: the same sums the join over rm_card_games computes, read from a few
   * rows per card. The name is the one most seen with the card, the first by name on a tie, as
   * `mode() within group (order by card_name)` picks it.
   */
  private cardCounters<T extends Row>(filter: StatsFilter, archetype: string | undefined): Promise<T[]> {
    const sql = this.sql;
    const counts = ['deck', 'oh', 'gd', 'gih', 'played', 'gns'].flatMap((k) => ['wins', 'losses', 'draws'].map((r) => `${k}_${r}`));
    return sql<T[]>`
      with named as (
        select system, card_id, card_name, sum(seat_games) as seat_games, sum(sum_copies) as sum_copies,
          ${joinFragments(sql, counts.map((c) => sql`sum(${sql(c)}) as ${sql(c)}`))}
        from rm_card_stats
        where seat_games > 0
          ${filter.system !== undefined ? sql`and system = ${filter.system}` : sql``}
          ${filter.rulesVersion !== undefined ? sql`and rules_version = ${filter.rulesVersion}` : sql``}
          ${filter.tournament !== undefined ? sql`and tournament = ${filter.tournament}` : sql``}
          ${archetype !== undefined ? sql`and archetype = ${archetype}` : sql``}
        group by system, card_id, card_name
      )
      select system, card_id, (array_agg(card_name order by seat_games desc, card_name))[1] as card_name,
        (sum(sum_copies)::numeric / sum(seat_games)::numeric)::float8 as mean_copies,
        ${joinFragments(sql, counts.map((c) => sql`sum(${sql(c)})::int as ${sql(c)}`))}
      from named
      group by system, card_id`;
  }

  /** Per system: finished games, decisive and drawn shares, the first player's win rate, game lengths. */
  async overview(params: RawStatsParams): Promise<StatsReport<SystemOverview>> {
    const { filter, range } = readParams(params);
    const floor = rankingFloor(filter.minGames);
    const sql = this.sql;
    const where = gameConditions(sql, filter, range);
    const counts = await sql<{ system: string; games: number; draws: number; fp_games: number; fp_wins: number; fp_draws: number }[]>`
      select g.system, count(*)::int as games,
        count(*) filter (where g.result = 'draw')::int as draws,
        count(*) filter (where g.first_player is not null)::int as fp_games,
        count(*) filter (where g.first_player is not null and g.result = 'win' and g.winner = g.first_player)::int as fp_wins,
        count(*) filter (where g.first_player is not null and g.result = 'draw')::int as fp_draws
      from rm_games g
      where ${where}
      group by g.system`;
    const lengths = await sql<{ system: string; measure: 'turns' | 'events'; value: number; count: number }[]>`
      select g.system, 'turns' as measure, g.turns as value, count(*)::int as count from rm_games g where ${where} group by g.system, g.turns
      union all
      select g.system, 'events' as measure, g.events as value, count(*)::int as count from rm_games g where ${where} group by g.system, g.events`;
    const frequencies = (system: string, measure: 'turns' | 'events'): Frequency[] =>
      lengths.filter((l) => l.system === system && l.measure === measure).map((l) => ({ value: l.value, count: l.count }));
    const systems = groupBySystem(counts).map(([system, [row]]) => ({
      system,
      games: row!.games,
      decisive: share(row!.games - row!.draws, row!.games),
      draws: share(row!.draws, row!.games),
      firstPlayer: winRate({ wins: row!.fp_wins, draws: row!.fp_draws, losses: row!.fp_games - row!.fp_wins - row!.fp_draws }, floor),
      gamesWithoutFirstPlayer: row!.games - row!.fp_games,
      turns: describeDistribution(frequencies(system, 'turns')),
      events: describeDistribution(frequencies(system, 'events')),
    }));
    return { filters: filter, floor, systems };
  }
}

/** A seat played its own archetype: both sides known and equal. */
const isMirror = (sql: Sql) => sql`coalesce(s.archetype = s.opponent_archetype, false)`;

/** `<prefix>wins`, `<prefix>losses`, `<prefix>draws` of the seat-games that satisfy `condition`. */
function recordColumns(sql: Sql, condition: PendingQuery<Row[]>, prefix = '') {
  return sql`
    count(*) filter (where ${condition} and s.result = 'win')::int as ${sql(`${prefix}wins`)},
    count(*) filter (where ${condition} and s.result = 'loss')::int as ${sql(`${prefix}losses`)},
    count(*) filter (where ${condition} and s.result = 'draw')::int as ${sql(`${prefix}draws`)}`;
}

function joinFragments(sql: Sql, fragments: PendingQuery<Row[]>[]) {
  return fragments.reduce((joined, fragment, i) => (i === 0 ? fragment : sql`${joined}, ${fragment}`));
}

/** Finished seat-games within the filter. */
function seatConditions(sql: Sql, filter: StatsFilter, range: PlayedRange) {
  return sql`s.result is not null
    ${filter.system !== undefined ? sql`and s.system = ${filter.system}` : sql``}
    ${filter.rulesVersion !== undefined ? sql`and s.rules_version = ${filter.rulesVersion}` : sql``}
    ${filter.tournament !== undefined ? sql`and s.tournament = ${filter.tournament}` : sql``}
    ${range.from !== undefined ? sql`and s.played_at >= ${range.from}::timestamptz` : sql``}
    ${range.before !== undefined ? sql`and s.played_at < ${range.before}::timestamptz` : sql``}
    ${range.upTo !== undefined ? sql`and s.played_at <= ${range.upTo}::timestamptz` : sql``}`;
}

/** Finished games within the filter; a game without played_at is dated by recorded_at. */
function gameConditions(sql: Sql, filter: StatsFilter, range: PlayedRange) {
  const playedAt = sql`coalesce(g.played_at, g.recorded_at)`;
  return sql`g.status = 'finished' and g.result is not null
    ${filter.system !== undefined ? sql`and g.system = ${filter.system}` : sql``}
    ${filter.rulesVersion !== undefined ? sql`and g.rules_version = ${filter.rulesVersion}` : sql``}
    ${filter.tournament !== undefined ? sql`and g.tournament = ${filter.tournament}` : sql``}
    ${range.from !== undefined ? sql`and ${playedAt} >= ${range.from}::timestamptz` : sql``}
    ${range.before !== undefined ? sql`and ${playedAt} < ${range.before}::timestamptz` : sql``}
    ${range.upTo !== undefined ? sql`and ${playedAt} <= ${range.upTo}::timestamptz` : sql``}`;
}

/** Rows grouped by their system, systems in name order. */
function groupBySystem<T extends { system: string }>(rows: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.system, [...(groups.get(row.system) ?? []), row]);
  return [...groups.entries()].sort(([a], [b]) => byName(a, b));
}
