import { readFileSync } from 'node:fs';
import { parseGameDocument } from '@cardlog/events';
import { counted, findGame, findSystem, fold, isViewer, replay, resolveHeader } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { isTournamentBundle } from '../bundles';
import { LocalCatalogs } from '../catalog-files';
import { EXIT, Io } from '../io';

export const REPLAY_USAGE =
  'cardlog replay FILE [--game ROUND.TABLE.GAME] [--step N] [--view pN|spectator|judge|reveal] [--catalog FILE]… [--json]   the board after event N of the game (its seq, derived events counted; 0 = before the first); --game picks a game of a tournament bundle';

/** `replay`: folds a local log to step N and prints what the viewer sees, with the last events described. */
export function replayCommand(argv: readonly string[], io: Io): number {
  const { positionals, options, lists } = parseArgs(argv, { step: 'integer', view: 'string', json: 'boolean', catalog: 'strings', game: 'string' });
  if (positionals.length !== 1) throw new UsageError('replay takes exactly one FILE');
  const view = (options.view as string | undefined) ?? 'spectator';
  if (!isViewer(view)) throw new UsageError(`--view must be a seat (p1, p2, …), spectator, judge or reveal; got "${view}"`);
  let text: string;
  try {
    text = readFileSync(positionals[0]!, 'utf8');
  } catch (error) {
    io.err(`replay: cannot read ${positionals[0]}: ${(error as Error).message}`);
    return EXIT.unusable;
  }
  const game = options.game as string | undefined;
  if (isTournamentBundle(text)) text = gameOfBundle(text, game);
  else if (game !== undefined) throw new UsageError('--game picks a game of a tournament bundle; this file is one game');
  const parsed = parseGameDocument(text);
  if (!parsed.ok) {
    io.err(`replay: ${positionals[0]}: ${parsed.error.code}: ${parsed.error.message}`);
    return parsed.error.code === 'MALFORMED_JSON' ? EXIT.unusable : EXIT.invalid;
  }
  // A seat the game does not have would be shown the board as a spectator sees it, under its name.
  const seats = parsed.document.players.map((p) => p.seat);
  if (/^p\d/.test(view) && !seats.includes(view)) throw new UsageError(`--view ${view}: this game seats ${seats.join(', ')}`);
  const resolveCatalog = new LocalCatalogs(lists.catalog ?? []).resolverFor(parsed.document.system, positionals[0]);
  const result = replay(parsed.document, { resolveCatalog });
  if (result.failure && result.failure.index < 0) {
    io.err(`replay: ${positionals[0]}: ${result.failure.code}: ${result.failure.message}`);
    return EXIT.invalid;
  }
  const total = result.applied.length;
  const step = (options.step as number | undefined) ?? total;
  if (step < 0 || step > total) throw new UsageError(`--step must be from 0 to ${total} (the valid events of this log)`);
  if (view === 'reveal' && !result.outcome) throw new UsageError('--view reveal shows a finished game only');

  const system = findSystem(parsed.document.system)!;
  const header = resolveHeader(parsed.document, system, { resolveCatalog });
  const events = result.applied.slice(0, step);
  const state = fold(system, system.initialState(header), events);
  const seen = system.view(state, view);
  if (options.json) {
    io.out(JSON.stringify({ step, total, view, state: seen }, null, 2));
    return EXIT.ok;
  }
  // The last three events, each numbered by its place in the game (replay's events carry no seq).
  const first = Math.max(0, events.length - 3);
  const recent: string[] = [];
  let s = fold(system, system.initialState(header), events.slice(0, first));
  for (let i = first; i < events.length; i++) {
    recent.push(`  ${i + 1}. ${system.describe(events[i]!, s)}`);
    s = system.evolve(s, events[i]!);
  }
  io.out(`${positionals[0]} — step ${step} of ${total}, as ${view} sees it`);
  if (recent.length) io.out(`last events:\n${recent.join('\n')}`);
  io.out('');
  const board = findGame(parsed.document.system)?.textBoard;
  io.out(board ? board(seen) : JSON.stringify(seen, null, 2));
  if (result.failure) {
    const f = result.failure;
    io.err(`note: the log is invalid from event ${f.seq} ${f.type} ($.events[${f.index}], ${f.code}); steps stop before it`);
  }
  return EXIT.ok;
}

/**
 * The text of game `ROUND.TABLE.GAME` (`2.3.1`: round 2, table 3, its first game) of a
 * `cardlog-tournament/1` bundle, for `replay` to read as it reads a file of one game.
 */
function gameOfBundle(text: string, pick: string | undefined): string {
  const bundle = JSON.parse(text) as { rounds?: { number?: number; pairings?: { table?: number; games?: unknown[] }[] }[] };
  const tables = (bundle.rounds ?? []).flatMap((r) => (r.pairings ?? []).filter((p) => p.games?.length).map((p) => `${r.number}.${p.table}.1`));
  const example = tables[0] ?? '1.1.1';
  if (pick === undefined) throw new UsageError(`this file is a tournament bundle: name one of its games with --game ROUND.TABLE.GAME (e.g. --game ${example})`);
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(pick);
  if (!m) throw new UsageError(`--game is ROUND.TABLE.GAME (e.g. ${example}); got "${pick}"`);
  const [round, table, number] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const games = bundle.rounds?.find((r) => r.number === round)?.pairings?.find((p) => p.table === table)?.games;
  const found = games?.[number - 1];
  if (found === undefined) {
    throw new UsageError(`--game ${pick}: the bundle has ${games ? `${counted(games.length, 'game')} at round ${round}, table ${table}` : `no logged match at round ${round}, table ${table}`}`);
  }
  return JSON.stringify(found);
}
