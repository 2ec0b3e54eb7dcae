import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { StatsReader } from '@cardlog/projections';
import { publishableGameIds } from '@cardlog/recording';
import { UsageError, parseArgs } from '../args';
import { openDatabase } from '../database';
import { EXIT, Io } from '../io';

export const DUMP_USAGE = 'cardlog dump --out DIR [--system S]   write open data: games, seats, cards (CSV + JSON Lines) and statistics';

/** The read-model tables published as open data, with the columns each file carries. */
const TABLES = {
  games: {
    table: 'rm_games',
    columns: ['game_id', 'system', 'rules_version', 'mode', 'tournament', 'round', 'table_number', 'match', 'game_number', 'played_at', 'recorded_at',
      'catalog_id', 'first_player', 'events', 'turns', 'status', 'result', 'winner', 'end_reason'],
    order: ['recorded_at', 'game_id'],
  },
  seats: {
    table: 'rm_game_seats',
    columns: ['game_id', 'seat', 'system', 'rules_version', 'tournament', 'played_at', 'player_name', 'player_id', 'deck_name', 'archetype',
      'list_hash', 'on_play', 'opponent_archetype', 'result'],
    order: ['game_id', 'seat'],
  },
  cards: {
    table: 'rm_card_games',
    columns: ['game_id', 'seat', 'system', 'card_id', 'card_name', 'copies', 'in_opening_hand', 'drawn', 'played'],
    order: ['game_id', 'seat', 'card_id'],
  },
} as const;

/**
 * `dump`: the read models of finished, non-private games as open data. Each table goes to `<name>.csv` and `<name>.jsonl`, the
 * statistics to `stats-*.json`, and `manifest.json` says as of which event-store position the data
 * stands and how many rows each file holds. Everything is read in one repeatable-read transaction,
 * so the files agree with each other.
 */
export async function dumpCommand(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, options } = parseArgs(argv, { out: 'string', system: 'string' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const out = options.out as string | undefined;
  if (!out) throw new UsageError('--out DIR is required');
  const system = options.system as string | undefined;
  // Opened first: a database held by a running server fails here, before DIR exists.
  const db = await openDatabase();
  try {
    mkdirSync(out, { recursive: true });
    const manifest = await db.sql.begin('isolation level repeatable read', async (tx) => {
      const [progress] = await tx<{ global_position: string | null }[]>`select max(global_position) as global_position from projection_progress`;
      const files: Record<string, number> = {};
      for (const [name, spec] of Object.entries(TABLES)) {
        // Open data holds finished games only, never private ones: an unfinished game's opening
        // hands are hidden information (see libs/recording access.ts).
        // Tables and columns are the constants above, sent as quoted identifiers; the system is a parameter.
        const rows = await tx<Record<string, unknown>[]>`
          select ${tx([...spec.columns])} from ${tx(spec.table)}
          where game_id in (${publishableGameIds(tx as unknown as Sql)}) ${system ? tx`and system = ${system}` : tx``}
          ${orderBy(tx as unknown as Sql, spec.order)}`;
        writeFileSync(join(out, `${name}.csv`), toCsv(spec.columns, rows));
        writeFileSync(join(out, `${name}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''));
        files[`${name}.csv`] = rows.length;
        files[`${name}.jsonl`] = rows.length;
      }
      const stats = new StatsReader(tx as unknown as Sql);
      const params = system ? { system } : {};
      const reports = { decks: await stats.decks(params), matchups: await stats.matchups(params), cards: await stats.cards(params), overview: await stats.overview(params) };
      for (const [name, report] of Object.entries(reports)) {
        writeFileSync(join(out, `stats-${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
        files[`stats-${name}.json`] = 1;
      }
      return {
        format: 'cardlog-open-data/1',
        asOf: { globalPosition: Number(progress?.global_position ?? 0) },
        generatedAt: new Date().toISOString(),
        filter: system ? { system } : {},
        files,
      };
    });
    writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    io.out(`dumped ${manifest.files['games.csv']} games, ${manifest.files['seats.csv']} seats, ${manifest.files['cards.csv']} card rows to ${out} (as of position ${manifest.asOf.globalPosition})`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}

/** `order by` the given columns (a fragment of its own, so postgres.js quotes them as a plain identifier list). */
function orderBy(sql: Sql, columns: readonly string[]) {
  return sql`order by ${sql(columns as string[])}`;
}

function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return '';
    const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}
