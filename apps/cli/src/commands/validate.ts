import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseGameDocument, parseTournamentBundle } from '@cardlog/events';
import { BundleRejected, Outcome, checkBundle, counted, matchWinner, outcomeWords, replay, resultsOf, systemName, topCutRounds } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { isTournamentBundle } from '../bundles';
import { CATALOG_FILE, LocalCatalogs } from '../catalog-files';
import { CliError } from '../errors';
import { EXIT, Io } from '../io';

export const VALIDATE_USAGE =
  'cardlog validate PATH… [--catalog FILE]… [--json]   check cardlog/1 files, folders, JSON Lines or tournament bundles as an upload would; a catalog not built in comes from --catalog or <name@version>.catalog.json beside the log';

/** One document's verdict, as printed (and as the --json object). */
export interface DocumentReport {
  readonly file: string;
  readonly status: 'ok' | 'invalid' | 'unreadable';
  readonly events?: number;
  /** The game's system, for a document that parsed. */
  readonly system?: string;
  readonly outcome?: Outcome | null;
  /** The winner's name as the document seats it, for a game won. */
  readonly winnerName?: string;
  /** For a tournament bundle that passed: the tournament and what it holds (`events`: of all its games). */
  readonly tournament?: {
    readonly id: string;
    readonly name: string;
    readonly players: number;
    /** Every round the bundle holds: the Swiss ones, then the top cut's. */
    readonly rounds: number;
    readonly games: number;
    /** The top cut's size, its rounds in the bundle, and the winner of its final once that is in. */
    readonly topCut: number | null;
    readonly topCutRounds: number;
    readonly champion: string | null;
  };
  /** Positions as in docs/positions.md: `seq` in the game, `index`/`path` in the document. */
  readonly failure?: { seq?: number; index?: number; type?: string; path?: string; code: string; message: string };
}

export interface Source {
  readonly label: string;
  /** The file the document was read from (for a JSON Lines line, its file). */
  readonly file?: string;
  readonly text?: string;
  readonly error?: { code: string; message: string };
}

const DOCUMENT_FILE = /\.(json|jsonl|ndjson)$/i;
const LINES_FILE = /\.(jsonl|ndjson)$/i;

/**
 * `validate`: parses each document strictly, then replays it through its game's rules. Exit 0 when
 * every document is valid, 1 when any is invalid, 2 when any input cannot be read or is not JSON.
 */
export function validateCommand(argv: readonly string[], io: Io): number {
  const { positionals, options, lists } = parseArgs(argv, { json: 'boolean', catalog: 'strings' });
  if (positionals.length === 0) throw new UsageError('validate needs at least one PATH');
  const catalogs = new LocalCatalogs(lists.catalog ?? []);
  let exit: number = EXIT.ok;
  for (const source of positionals.flatMap(sourcesOf)) {
    const report = validateSource(source, catalogs);
    if (report.status === 'unreadable') exit = EXIT.unusable;
    else if (report.status === 'invalid' && exit === EXIT.ok) exit = EXIT.invalid;
    if (options.json) io.out(JSON.stringify(report));
    else if (report.status === 'unreadable') io.err(formatReport(report));
    else io.out(formatReport(report));
  }
  return exit;
}

export function formatReport(report: DocumentReport): string {
  const f = report.failure;
  const t = report.tournament;
  if (report.status === 'ok' && t) {
    const won = t.champion ? `, won by ${t.champion}` : '';
    const rounds = t.topCutRounds ? `${counted(t.rounds - t.topCutRounds, 'Swiss round')} and a top ${t.topCut} (${counted(t.topCutRounds, 'round')}${won})` : counted(t.rounds, 'round');
    return `OK ${report.file} tournament ${t.name} (${t.id}, ${systemName(report.system!)}): ${counted(t.players, 'player')}, ${rounds}, ${counted(t.games, 'game')}, ${counted(report.events ?? 0, 'event')}`;
  }
  if (report.status === 'ok') return `OK ${report.file} ${report.events} events ${describeOutcome(report.outcome ?? null, report.system, report.winnerName)}`;
  if (report.status === 'unreadable') return `ERROR ${report.file} ${f!.code}: ${f!.message}`;
  // "event N" is always the event's seq in the game; a place in the document is a JSONPath.
  const where =
    f!.index !== undefined && f!.index < 0
      ? 'header'
      : f!.seq !== undefined
        ? `event ${f!.seq} ${f!.type ?? '?'} (${f!.path})`
        : `${f!.path ?? '$'}${f!.type ? ` ${f!.type}` : ''}`;
  return `INVALID ${report.file} ${where} ${f!.code}: ${f!.message}`;
}

/** "Agni (p1) won (last Deva standing)": in words, as the boards and the web app write it; --json keeps the seat and the reason's code. */
export function describeOutcome(outcome: Outcome | null, system?: string, winnerName?: string): string {
  if (!outcome) return 'unfinished';
  const name = (seat: string) => (winnerName ? `${winnerName} (${seat})` : seat);
  return outcomeWords({ winner: outcome.result === 'win' ? outcome.winner : null, reason: outcome.reason }, name, system);
}

export function validateSource(source: Source, catalogs: LocalCatalogs = new LocalCatalogs()): DocumentReport {
  if (source.error) return { file: source.label, status: 'unreadable', failure: source.error };
  if (isTournamentBundle(source.text!)) return validateBundle(source, catalogs);
  const parsed = parseGameDocument(source.text!);
  if (!parsed.ok) {
    const { code, message, path } = parsed.error;
    if (code === 'MALFORMED_JSON') return { file: source.label, status: 'unreadable', failure: { code, message } };
    const index = path ? eventIndexOf(path) : undefined;
    const type = index === undefined ? undefined : eventTypeAt(source.text!, index);
    return {
      file: source.label,
      status: 'invalid',
      failure: { ...(index !== undefined ? { index } : {}), ...(type ? { type } : {}), path: path ?? '$', code, message },
    };
  }
  let result: ReturnType<typeof replay>;
  try {
    result = replay(parsed.document, { resolveCatalog: catalogs.resolverFor(parsed.document.system, source.file) });
  } catch (error) {
    if (error instanceof CliError) return { file: source.label, status: 'unreadable', failure: { code: 'CATALOG_UNREADABLE', message: error.message } };
    throw error;
  }
  if (result.failure) {
    const { index, seq, type, code, message } = result.failure;
    const at = index < 0 ? { index } : { seq, index, path: `$.events[${index}]` };
    return { file: source.label, status: 'invalid', events: result.applied.length, failure: { ...at, type, code, message } };
  }
  const { system, players } = parsed.document;
  const outcome = result.outcome;
  const winnerName = outcome?.result === 'win' ? players.find((p) => p.seat === outcome.winner)?.name : undefined;
  return { file: source.label, status: 'ok', events: result.applied.length, system, outcome, ...(winnerName ? { winnerName } : {}) };
}

/**
 * A `cardlog-tournament/1` bundle, checked as POST /v1/tournaments checks it before storing
 * anything: its schema, the registration and lists, then every round, match and game in order. The
 * first failure is reported at its place in the bundle (`$.rounds[1].pairings[3].games[0].events[17]`).
 */
function validateBundle(source: Source, catalogs: LocalCatalogs): DocumentReport {
  const parsed = parseTournamentBundle(source.text!);
  if (!parsed.ok) {
    const { code, message, path } = parsed.error;
    return { file: source.label, status: 'invalid', failure: { path: path ?? '$', code, message: withoutPath(message, path) } };
  }
  const bundle = parsed.bundle;
  const system = bundle.tournament.system;
  let rounds: ReturnType<typeof checkBundle>;
  try {
    rounds = checkBundle(bundle, { resolveCatalog: catalogs.resolverFor(system, source.file) });
  } catch (error) {
    if (error instanceof BundleRejected) {
      const { code, message, path } = error.failure;
      return { file: source.label, status: 'invalid', system, failure: { path, code, message: withoutPath(message, path) } };
    }
    if (error instanceof CliError) return { file: source.label, status: 'unreadable', failure: { code: 'CATALOG_UNREADABLE', message: error.message } };
    throw error;
  }
  const games = rounds.flatMap((r) => r.matches.flatMap((m) => m.games));
  const events = games.reduce((n, g) => n + g.applied.length, 0);
  const { id, name, format } = bundle.tournament;
  const cut = rounds.filter((r) => r.round > format.swissRounds);
  // The champion: the winner of the final, once the bundle holds the cut's last round.
  const final = cut.length > 0 && cut.length === topCutRounds(format.topCut) ? cut[cut.length - 1]!.matches[0] : undefined;
  const winner = final ? matchWinner(resultsOf({ round: 0, matches: [final], byes: [] })[0]!) : null;
  const champion = winner ? (bundle.players.find((p) => p.id === winner)?.name ?? winner) : null;
  return {
    file: source.label,
    status: 'ok',
    events,
    system,
    tournament: { id, name, players: bundle.players.length, rounds: rounds.length, games: games.length, topCut: format.topCut ?? null, topCutRounds: cut.length, champion },
  };
}

/** A message without the path it starts with, since the report prints the path on its own. */
function withoutPath(message: string, path: string | undefined): string {
  return path && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
}

/** The documents a command-line path stands for: a file, every document file under a folder, or the lines of a JSON Lines file. */
export function sourcesOf(path: string): Source[] {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    return [{ label: path, error: { code: 'UNREADABLE', message: errorMessage(error) } }];
  }
  if (isDirectory) return filesUnder(path).flatMap(sourcesOf);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return [{ label: path, error: { code: 'UNREADABLE', message: errorMessage(error) } }];
  }
  if (!LINES_FILE.test(path)) return [{ label: path, file: path, text }];
  return text
    .split('\n')
    .map((line, i) => ({ label: `${path}:${i + 1}`, file: path, text: line }))
    .filter((s) => s.text.trim() !== '');
}

function filesUnder(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesUnder(path);
    return DOCUMENT_FILE.test(e.name) && !CATALOG_FILE.test(e.name) ? [path] : [];
  });
}

function eventIndexOf(path: string): number | undefined {
  const m = /^\$\.events\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : undefined;
}

function eventTypeAt(text: string, index: number): string | undefined {
  try {
    const type = (JSON.parse(text) as { events?: { type?: unknown }[] }).events?.[index]?.type;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
