import { createHash } from 'node:crypto';
import { GameDocument, LogEvent, LogFormatError, parseGameDocument } from '@cardlog/events';
import { Catalog, Outcome, ReplayFailure, canonicalJson, findSystem, replay } from '@cardlog/rules';
import { EncodedEventRows, NewEvent, encodeEventRows } from '@cardlog/store';
import { RecordingError, RecordingErrorKind, invalid } from './errors';
import { newEventIds } from './event-ids';

/**
 * The CPU-heavy part of an upload, apart from everything that needs the database: parse and
 * validate the text, hash it, replay it, and turn the big parts of what will be stored into JSON
 * text. Pure, so it can run on a worker thread; what it returns is small apart from those texts
 * (structured clone copies a string in one piece, an object graph field by field).
 */

/** A game as the store writes it (games row, GameRecorded header, inline catalog contents). */
export interface StorableGame {
  readonly system: GameDocument['system'];
  readonly rulesVersion: string;
  readonly game: GameDocument['game'];
  readonly players: GameDocument['players'];
  /** The catalog reference, or null for an inline catalog. */
  readonly catalogRef: string | null;
  /** games.catalog_id. */
  readonly catalogId: string;
  /** games.header: the document without its events, as JSON text (exactly what `sql.json` sends). */
  readonly headerJson: string;
  /** GameRecorded's header, without `catalog` (which follows it: the reference, or the stored inline catalog's). */
  readonly recordedHeader: Readonly<Record<string, unknown>>;
  /**
   * An inline catalog's content hash (catalog_contents) and where its cards' JSON text is inside
   * `headerJson` (sent only when the catalog is new, and not carried twice across the threads).
   */
  readonly inlineCatalog: { readonly id?: string; readonly cardsAt: readonly [number, number]; readonly contentHash: string } | null;
  /** The whole document's content hash (games.content_hash). */
  readonly contentHash: string;
}

/**
 * A replay that applied every event, with the events encoded as the store writes them (a text per
 * event: structured clone copies each in one piece, where the events' object graph went field by
 * field and the event loop then serialised it again); or the rule the first illegal event broke.
 */
export type Replayed =
  | { readonly outcome: Outcome | null; readonly rows: EncodedEventRows; readonly failure?: undefined }
  | { readonly failure: ReplayFailure };

/** A refusal as data (it crosses a thread boundary); `recordingError` turns it back. */
export interface Refusal {
  readonly kind: RecordingErrorKind;
  readonly code: string;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export type PreparedUpload =
  | { readonly ok: false; readonly refusal: Refusal }
  | {
      readonly ok: true;
      readonly storable: StorableGame;
      readonly events: number;
      /**
       * The replay, done ahead of the checks that need the database (which still decide first), or
       * why it waits: a catalog stored on the server (prepare again with it), or no such rules engine.
       */
      readonly replayed: Replayed | 'needs-catalog' | 'unsupported-system';
    };

/**
 * Parses, validates, hashes and replays an uploaded document. `catalog`: the stored catalog the
 * document references, once resolved (without it, such a document comes back 'needs-catalog').
 */
export function prepareUpload(input: string | Buffer | unknown, catalog?: Catalog): PreparedUpload {
  const parsed = parseGameDocument(input);
  if (!parsed.ok) return { ok: false, refusal: asRefusal(formatError(parsed.error)) };
  const document = parsed.document;
  if (document.events.length === 0) {
    const error = invalid('NO_EVENTS', '$.events: an uploaded game has at least one event; open a game without events through /v1/games/live', { path: '$.events' });
    return { ok: false, refusal: asRefusal(error) };
  }
  return { ok: true, storable: storableGame(document), events: document.events.length, replayed: replayDocument(document, catalog) };
}

function replayDocument(document: GameDocument, catalog: Catalog | undefined): Replayed | 'needs-catalog' | 'unsupported-system' {
  const system = findSystem(document.system);
  if (!system) return 'unsupported-system';
  if (typeof document.catalog === 'string' && !system.builtinCatalogs[document.catalog] && !catalog) return 'needs-catalog';
  const result = replay(document, { system, resolveCatalog: () => catalog });
  if (result.failure) return { failure: result.failure };
  // Event ids are chosen at the append: preparing is pure, in this thread or a worker alike.
  return { outcome: result.outcome, rows: encodeEventRows(result.applied.map((e) => ({ type: e.type, data: storedData(e) }))) };
}

/** Log events as the store takes them: new event ids, and their data. */
export function toNewEvents(events: readonly LogEvent[], metadata: Readonly<Record<string, unknown>>): NewEvent[] {
  const ids = newEventIds(events.length);
  return events.map((e, i) => ({ eventId: ids[i]!, type: e.type, data: storedData(e), metadata }));
}

/** A log event's data as stored: the acting seat and the payload. */
function storedData(e: LogEvent): { player?: string; payload: unknown } {
  return e.player === undefined ? { payload: e.payload } : { player: e.player, payload: e.payload };
}

/** What the store writes for `document`, computed once (uploads, tournament games and live games alike). */
export function storableGame(document: GameDocument, contentHash = hashDocument(document)): StorableGame {
  const { events: _events, ...header } = document;
  const { catalog, ...recordedHeader } = header;
  const inline = typeof catalog === 'string' ? null : catalog;
  const headerJson = JSON.stringify(header);
  // The cards' text is a part of the header's (JSON.stringify writes a value the same wherever it is).
  const cardsJson = inline ? JSON.stringify(inline.cards) : '';
  const cardsStart = inline ? headerJson.indexOf(cardsJson) : -1;
  return {
    system: document.system,
    rulesVersion: document.rulesVersion,
    game: document.game,
    players: document.players,
    catalogRef: inline ? null : (catalog as string),
    catalogId: inline ? (inline.id ?? 'inline') : (catalog as string),
    headerJson,
    recordedHeader,
    inlineCatalog: inline
      ? {
          ...(inline.id === undefined ? {} : { id: inline.id }),
          cardsAt: [cardsStart, cardsStart + cardsJson.length],
          contentHash: createHash('sha256').update(canonicalJson(inline.cards)).digest('hex'),
        }
      : null,
    contentHash,
  };
}

export function hashDocument(document: GameDocument): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}

export function formatError(error: LogFormatError): RecordingError {
  const details = {
    ...(error.path ? { path: error.path } : {}),
    ...(error.line !== undefined ? { line: error.line, column: error.column } : {}),
    ...(error.issues ? { issues: error.issues.slice(0, 20) } : {}),
  };
  return new RecordingError(error.code === 'LIMIT_EXCEEDED' ? 'too_large' : 'invalid', error.code, error.message, details);
}

export function asRefusal(error: RecordingError): Refusal {
  return { kind: error.kind, code: error.code, message: error.message, details: error.details };
}

export function recordingError(refusal: Refusal): RecordingError {
  return new RecordingError(refusal.kind, refusal.code, refusal.message, refusal.details);
}
