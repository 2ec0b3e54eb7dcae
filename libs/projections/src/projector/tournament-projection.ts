import type { TransactionSql } from 'postgres';
import { ROUND_RECORDED, RoundRecordedData, TOURNAMENT_REGISTERED, TournamentRegisteredData, streamKey } from '@cardlog/events';
import { type MatchResult, computeStandings, matchWinner, resultsOf, topCutRounds, topCutSeeds } from '@cardlog/rules';
import type { StoredEvent } from '@cardlog/store';

export const TOURNAMENT_TABLES = ['rm_tournaments', 'rm_tournament_players', 'rm_tournament_matches', 'rm_tournament_standings'] as const;

/**
 * The tournament read models, from a tournament's own stream: its registration, then each round's
 * matches, and the standings after that round recomputed from every match so far (a pure function
 * of the stream, so a rebuild writes the same rows). Never throws on a fact it does not know.
 */
export async function projectTournamentEvents(tx: TransactionSql, events: readonly StoredEvent[]): Promise<void> {
  for (const event of events) {
    const tournamentId = streamKey(event.streamId);
    if (event.type === TOURNAMENT_REGISTERED) await register(tx, tournamentId, event.data as TournamentRegisteredData);
    else if (event.type === ROUND_RECORDED) await recordRound(tx, tournamentId, event.data as RoundRecordedData);
  }
}

async function register(tx: TransactionSql, id: string, data: TournamentRegisteredData): Promise<void> {
  const t = data.tournament;
  await tx`insert into rm_tournaments ${tx({
    tournament_id: id,
    name: t.name,
    system: t.system,
    rules_version: t.rulesVersion,
    start_date: t.startDate,
    end_date: t.endDate ?? null,
    swiss_rounds: t.format.swissRounds,
    top_cut: t.format.topCut ?? null,
    best_of: t.bestOf,
    decks_public: t.decksPublic ?? false,
    catalog_id: data.catalog ?? null,
    players: data.players.length,
  } as never)} on conflict (tournament_id) do nothing`;
  const rows = data.players.map((p) => ({
    tournament_id: id,
    player_id: p.id,
    name: p.name,
    deck_name: p.deck?.name ?? null,
    archetype: p.deck?.archetype ?? null,
    list: p.deck ? tx.json(p.deck.list as never) : null,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx`insert into rm_tournament_players ${tx(rows.slice(i, i + 500) as never)} on conflict do nothing`;
}

async function recordRound(tx: TransactionSql, id: string, data: RoundRecordedData): Promise<void> {
  const rows = [
    ...data.matches.map((m) => ({
      tournament_id: id,
      round: data.round,
      table_number: m.table,
      player_a: m.players[0],
      player_b: m.players[1],
      wins_a: m.wins[m.players[0]] ?? 0,
      wins_b: m.wins[m.players[1]] ?? 0,
      draws: m.draws,
      result_only: m.resultOnly,
      games: tx.json(m.games as never),
    })),
    ...data.byes.map((bye) => ({
      tournament_id: id,
      round: data.round,
      table_number: null,
      player_a: bye,
      player_b: null,
      wins_a: 0,
      wins_b: 0,
      draws: 0,
      result_only: true,
      games: tx.json([]),
    })),
  ];
  for (let i = 0; i < rows.length; i += 500) await tx`insert into rm_tournament_matches ${tx(rows.slice(i, i + 500) as never)} on conflict do nothing`;
  if (data.drops.length > 0) {
    await tx`update rm_tournament_players set dropped_after = ${data.round} where tournament_id = ${id} and player_id = any(${data.drops as string[]})`;
  }
  await tx`update rm_tournaments set rounds_recorded = greatest(rounds_recorded, ${data.round}) where tournament_id = ${id}`;

  const [tournament] = await tx<{ best_of: number; swiss_rounds: number; top_cut: number | null }[]>`
    select best_of, swiss_rounds, top_cut from rm_tournaments where tournament_id = ${id}`;
  if (!tournament) return;
  if (data.round > tournament.swiss_rounds) {
    // A top-cut round: standings stay the final Swiss ones; the first keeps the seeds, the final names the champion.
    if (data.round === tournament.swiss_rounds + 1) await recordSeeds(tx, id, data, tournament);
    if (data.round === tournament.swiss_rounds + topCutRounds(tournament.top_cut)) {
      const winner = data.matches.length === 1 ? matchWinner(resultsOf(data)[0]!) : null;
      if (winner !== null) {
        await tx`update rm_tournaments t set champion = p.player_id, champion_name = p.name
          from rm_tournament_players p
          where t.tournament_id = ${id} and p.tournament_id = t.tournament_id and p.player_id = ${winner}`;
      }
    }
    return;
  }
  const { players, results } = await resultsThrough(tx, id, data.round);
  const standings = computeStandings({
    players: players.map((p) => ({ id: p.player_id, name: p.name })),
    matches: results,
    drops: Object.fromEntries(players.filter((p) => p.dropped_after !== null && p.dropped_after <= data.round).map((p) => [p.player_id, p.dropped_after!])),
    byeGameWins: Math.ceil(tournament.best_of / 2),
  });
  await tx`delete from rm_tournament_standings where tournament_id = ${id} and after_round = ${data.round}`;
  const standingRows = standings.map((s) => ({
    tournament_id: id,
    after_round: data.round,
    player_id: s.playerId,
    rank: s.rank,
    name: s.name,
    points: s.points,
    match_wins: s.matchWins,
    match_losses: s.matchLosses,
    match_draws: s.matchDraws,
    byes: s.byes,
    omw: s.omw,
    gw: s.gw,
    ogw: s.ogw,
    dropped_after: s.droppedAfter,
  }));
  for (let i = 0; i < standingRows.length; i += 500) await tx`insert into rm_tournament_standings ${tx(standingRows.slice(i, i + 500) as never)}`;
}

/**
 * Each cut player's seed: the round's own `seeds`, or, for a first round recorded before they were
 * kept, the seeding the check would give it (the final Swiss standings, the round's pairings
 * deciding among players tied on every tiebreaker).
 */
async function recordSeeds(tx: TransactionSql, id: string, data: RoundRecordedData, tournament: { best_of: number; swiss_rounds: number; top_cut: number | null }): Promise<void> {
  let seeds = data.seeds;
  if (!seeds) {
    const { players, results } = await resultsThrough(tx, id, tournament.swiss_rounds);
    seeds = topCutSeeds({
      players: players.map((p) => ({ id: p.player_id, name: p.name })),
      results,
      dropped: new Set(players.filter((p) => p.dropped_after !== null).map((p) => p.player_id)),
      swissRounds: tournament.swiss_rounds,
      topCut: tournament.top_cut ?? 0,
      byeGameWins: Math.ceil(tournament.best_of / 2),
      firstRound: resultsOf(data),
    }).map((s) => s.playerId);
  }
  if (seeds.length === 0) return;
  await tx`update rm_tournament_players p set seed = s.seed
    from unnest(${seeds as string[]}::text[]) with ordinality as s(player_id, seed)
    where p.tournament_id = ${id} and p.player_id = s.player_id`;
}

/** The tournament's players and the results of its rounds 1..`round`, as standings and seeding read them. */
async function resultsThrough(tx: TransactionSql, id: string, round: number): Promise<{ players: { player_id: string; name: string; dropped_after: number | null }[]; results: MatchResult[] }> {
  const players = await tx<{ player_id: string; name: string; dropped_after: number | null }[]>`
    select player_id, name, dropped_after from rm_tournament_players where tournament_id = ${id} order by player_id`;
  const matches = await tx<{ round: number; player_a: string; player_b: string | null; wins_a: number; wins_b: number; draws: number }[]>`
    select round, player_a, player_b, wins_a, wins_b, draws from rm_tournament_matches
    where tournament_id = ${id} and round <= ${round} order by round, player_a`;
  return { players, results: matches.map((m) => ({ round: m.round, a: m.player_a, b: m.player_b, winsA: m.wins_a, winsB: m.wins_b, draws: m.draws })) };
}
