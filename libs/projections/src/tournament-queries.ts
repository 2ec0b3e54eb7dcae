import type { Sql } from 'postgres';
import type { RecordedGame } from '@cardlog/events';

export class TournamentQueryError extends Error {
  constructor(
    readonly kind: 'not_found' | 'forbidden' | 'invalid',
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TournamentFilter {
  readonly system?: string;
  readonly from?: string;
  readonly to?: string;
  readonly name?: string;
}

const numeric = (v: unknown) => Number(v);

interface StandingRow {
  rank: number;
  player_id: string;
  name: string;
  points: number;
  match_wins: number;
  match_losses: number;
  match_draws: number;
  byes: number;
  omw: string;
  gw: string;
  ogw: string;
  dropped_after: number | null;
}

interface MatchRow {
  table_number: number | null;
  player_a: string;
  player_b: string | null;
  wins_a: number;
  wins_b: number;
  draws: number;
  result_only: boolean;
  games: RecordedGame[];
}

/** Reads of the tournament read models: list, one tournament, standings, a round's pairings, lists. */
export class TournamentQueries {
  constructor(private readonly sql: Sql) {}

  async list(filter: TournamentFilter = {}) {
    const sql = this.sql;
    const rows = await sql<Record<string, unknown>[]>`
      select * from rm_tournaments where true
        ${filter.system ? sql`and system = ${filter.system}` : sql``}
        ${filter.from ? sql`and start_date >= ${filter.from}` : sql``}
        ${filter.to ? sql`and start_date <= ${filter.to}` : sql``}
        ${filter.name ? sql`and name ilike ${'%' + filter.name.replace(/[%_\\]/g, (c) => '\\' + c) + '%'}` : sql``}
      order by start_date desc, tournament_id limit 200`;
    return { tournaments: rows.map(summary) };
  }

  async get(id: string) {
    const [row] = await this.sql<Record<string, unknown>[]>`select * from rm_tournaments where tournament_id = ${id}`;
    if (!row) throw new TournamentQueryError('not_found', 'TOURNAMENT_NOT_FOUND', `no tournament "${id}"`);
    return summary(row);
  }

  async standings(id: string, afterRound?: number) {
    const tournament = await this.get(id);
    // Standings are the Swiss rounds': the top cut's rounds decide the bracket, not the table.
    const swissRecorded = Math.min(tournament.roundsRecorded, tournament.swissRounds);
    const round = afterRound ?? swissRecorded;
    if (round < 1 || round > swissRecorded) {
      const cut = tournament.roundsRecorded > tournament.swissRounds ? `; rounds after ${tournament.swissRounds} are the top cut's, which has no standings` : '';
      throw new TournamentQueryError('not_found', 'ROUND_NOT_FOUND', `afterRound must be from 1 to ${swissRecorded} (Swiss rounds recorded)${cut}`);
    }
    const rows = await this.sql<StandingRow[]>`
      select * from rm_tournament_standings where tournament_id = ${id} and after_round = ${round} order by rank, player_id`;
    return {
      tournament: id,
      afterRound: round,
      standings: rows.map((r) => ({
        rank: r.rank,
        playerId: r.player_id,
        name: r.name,
        points: r.points,
        record: { wins: r.match_wins, losses: r.match_losses, draws: r.match_draws, byes: r.byes },
        omw: numeric(r.omw),
        gw: numeric(r.gw),
        ogw: numeric(r.ogw),
        droppedAfter: r.dropped_after,
      })),
    };
  }

  async round(id: string, n: number) {
    const tournament = await this.get(id);
    const rows = await this.sql<MatchRow[]>`
      select * from rm_tournament_matches where tournament_id = ${id} and round = ${n} order by table_number nulls last, player_a`;
    if (rows.length === 0) throw new TournamentQueryError('not_found', 'ROUND_NOT_FOUND', `tournament "${id}" has no round ${n} recorded`);
    // A top-cut round names each player's seed (the organiser's order among players tied in the final Swiss standings).
    const seeded =
      n > tournament.swissRounds
        ? await this.sql<{ player_id: string; seed: number }[]>`
            select player_id, seed from rm_tournament_players where tournament_id = ${id} and seed is not null order by seed`
        : null;
    const inRound = new Set(rows.flatMap((r) => (r.player_b === null ? [r.player_a] : [r.player_a, r.player_b])));
    return {
      tournament: id,
      round: n,
      bestOf: tournament.bestOf,
      /** Player id → seed, for the players of a top-cut round; null for a Swiss round. */
      seeds: seeded ? Object.fromEntries(seeded.filter((r) => inRound.has(r.player_id)).map((r) => [r.player_id, r.seed])) : null,
      pairings: rows.map((r) =>
        r.player_b === null
          ? { bye: r.player_a }
          : {
              table: r.table_number as number,
              players: [r.player_a, r.player_b] as [string, string],
              result: { wins: { [r.player_a]: r.wins_a, [r.player_b]: r.wins_b }, draws: r.draws },
              resultOnly: r.result_only,
              games: r.games.map((g) => ({ ...g, replay: `/v1/games/${g.gameId}/replay`, log: `/v1/games/${g.gameId}/log` })),
            },
      ),
    };
  }

  /** Lists are public after the last Swiss round, or earlier when the organiser published them. */
  async decks(id: string) {
    const tournament = await this.get(id);
    if (!tournament.decksPublic && tournament.roundsRecorded < tournament.swissRounds) {
      throw new TournamentQueryError('forbidden', 'DECKS_NOT_PUBLIC', `the lists of "${id}" are public after round ${tournament.swissRounds} (${tournament.roundsRecorded} recorded)`);
    }
    const rows = await this.sql<{ player_id: string; name: string; deck_name: string | null; archetype: string | null; list: unknown }[]>`
      select player_id, name, deck_name, archetype, list from rm_tournament_players where tournament_id = ${id} order by player_id`;
    return { tournament: id, decks: rows.map((r) => ({ playerId: r.player_id, name: r.name, deck: { name: r.deck_name, archetype: r.archetype, list: r.list } })) };
  }

  /**
   * Per archetype: players, players in the top cut (those who played its first round once it is
   * recorded; until then the top `topCut`, or 8, of the latest standings), and the conversion
   * figure — the archetype's share of the top cut over its share of the field.
   */
  async conversion(filter: { system?: string; tournament?: string } = {}) {
    const sql = this.sql;
    const rows = await sql<{ archetype: string; players: string; top: string }[]>`
      with last as (
        select t.tournament_id, least(t.rounds_recorded, t.swiss_rounds) as swiss, t.rounds_recorded > t.swiss_rounds as cut_played,
          t.swiss_rounds + 1 as cut_round, coalesce(t.top_cut, 8) as cut
        from rm_tournaments t
        where t.rounds_recorded > 0
          ${filter.system ? sql`and t.system = ${filter.system}` : sql``}
          ${filter.tournament ? sql`and t.tournament_id = ${filter.tournament}` : sql``}
      )
      select coalesce(p.archetype, 'unknown') as archetype, count(*) as players,
        count(*) filter (where case when last.cut_played then exists (
          select 1 from rm_tournament_matches m
          where m.tournament_id = last.tournament_id and m.round = last.cut_round and p.player_id in (m.player_a, m.player_b)
        ) else s.rank <= last.cut end) as top
      from last
      join rm_tournament_players p on p.tournament_id = last.tournament_id
      join rm_tournament_standings s on s.tournament_id = last.tournament_id and s.after_round = last.swiss and s.player_id = p.player_id
      group by 1 order by 2 desc, 1`;
    const total = rows.reduce((n, r) => n + Number(r.players), 0);
    const totalTop = rows.reduce((n, r) => n + Number(r.top), 0);
    return {
      players: total,
      topCut: totalTop,
      archetypes: rows.map((r) => {
        const share = total ? Number(r.players) / total : 0;
        const topShare = totalTop ? Number(r.top) / totalTop : 0;
        return { archetype: r.archetype, players: Number(r.players), topCut: Number(r.top), share, topCutShare: topShare, conversion: share ? topShare / share : null };
      }),
    };
  }
}

function summary(row: Record<string, unknown>) {
  const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null ? null : String(v).slice(0, 10));
  return {
    id: row.tournament_id as string,
    name: row.name as string,
    system: row.system as string,
    rulesVersion: row.rules_version as string,
    startDate: day(row.start_date),
    endDate: day(row.end_date),
    swissRounds: row.swiss_rounds as number,
    topCut: row.top_cut as number | null,
    bestOf: row.best_of as number,
    decksPublic: row.decks_public as boolean,
    /** The catalog the registered lists were checked against (null when the bundle named none). */
    catalog: (row.catalog_id as string | null) ?? null,
    players: row.players as number,
    /** Swiss rounds and then the top cut's, as recorded so far. */
    roundsRecorded: row.rounds_recorded as number,
    /** The winner of the top cut's final, once recorded. */
    champion: row.champion ? { playerId: row.champion as string, name: row.champion_name as string } : null,
  };
}
