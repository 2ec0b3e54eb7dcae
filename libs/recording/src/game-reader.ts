import type { Sql } from 'postgres';
import { GameDocument, LogEvent, toLogEvent } from '@cardlog/events';
import { AnyGameSystem, Viewer, decodeState, findSystem, fold, isViewer, resolveHeader } from '@cardlog/rules';
import { EventStore } from '@cardlog/store';
import { AccessFacts, GameRead, Visibility, authorizeRead, listableBy } from './access';
import { CatalogRepository } from './catalogs';
import { forbidden, invalid, notFound } from './errors';
import { GameRow, GameSummary, toSummary } from './games-table';
import { GameRecorder } from './game-recorder';
import { Principal } from './tokens';

export interface GameFilter {
  readonly system?: string;
  readonly tournament?: string;
  /** A player's name or id. */
  readonly player?: string;
  /** A deck's name or archetype. */
  readonly deck?: string;
  readonly cursor?: string;
  readonly limit?: number;
}

export interface GamePage {
  readonly items: GameSummary[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

export interface GameEventsPage {
  readonly gameId: string;
  readonly events: {
    seq: number;
    eventId: string;
    type: string;
    schemaVersion: number;
    data: unknown;
    metadata: Record<string, unknown>;
  }[];
  readonly nextFrom: number | null;
}

export const MAX_PAGE = 200;

/** Folded boards of finished games kept in memory: a few hundred, at most ~65 KB each (one decoded from a snapshot). */
const BOARD_CACHE_SIZE = 256;

/** What the finished games held in memory may take by default, as FinishedGames charges them (see there). */
export const HELD_GAMES_BYTES = 64 * 1024 * 1024;

export interface GameReaderOptions {
  /** Bytes the finished games held for seeks may take (FinishedGames); 0 holds none. */
  readonly heldGamesBytes?: number;
}

/** Reads of recorded games, straight from the games table and the event streams. */
export class GameReader {
  private readonly boards = new BoardCache(BOARD_CACHE_SIZE);
  private readonly finished: FinishedGames;

  constructor(
    private readonly sql: Sql,
    private readonly store: EventStore,
    private readonly catalogs: CatalogRepository,
    private readonly recorder: GameRecorder,
    options: GameReaderOptions = {},
  ) {
    this.finished = new FinishedGames(options.heldGamesBytes ?? HELD_GAMES_BYTES);
  }

  /** Games the reader may list: public ones, and those it is staff or a seat of. */
  async list(filter: GameFilter, reader: Principal | null = null): Promise<GamePage> {
    const limit = clampLimit(filter.limit, 50);
    const cursor = filter.cursor ? decodeCursor(filter.cursor) : null;
    const sql = this.sql;
    const rows = await sql<GameRow[]>`
      select g.*, s.version from games g join streams s using (stream_id)
      where ${listableBy(sql, reader)}
        ${filter.system ? sql`and g.system = ${filter.system}` : sql``}
        ${filter.tournament ? sql`and g.tournament = ${filter.tournament}` : sql``}
        ${filter.player ? sql`and (g.players @> ${sql.json([{ name: filter.player }])} or g.players @> ${sql.json([{ id: filter.player }])})` : sql``}
        ${filter.deck ? sql`and (g.players @> ${sql.json([{ deck: { name: filter.deck } }])} or g.players @> ${sql.json([{ deck: { archetype: filter.deck } }])})` : sql``}
        ${cursor ? sql`and (g.created_at, g.game_id) < (${cursor.createdAt}::timestamptz, ${cursor.gameId}::uuid)` : sql``}
      order by g.created_at desc, g.game_id desc
      limit ${limit + 1}`;
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.game_id) : null,
    };
  }

  /** The game, when `reader` may make `read` of it (the replay route asks with its own read). */
  async get(gameId: string, reader: Principal | null, read: GameRead = { route: 'summary' }): Promise<GameSummary> {
    return toSummary(await this.loadReadable(gameId, reader, read));
  }

  private async loadReadable(gameId: string, reader: Principal | null, read: GameRead): Promise<GameRow> {
    const game = await this.recorder.loadGame(gameId);
    authorizeRead(reader, accessFacts(game), read);
    return game;
  }

  /** The game as a cardlog/1 document: its header as recorded, and every stored event in order. */
  async log(gameId: string, reader: Principal | null): Promise<GameDocument> {
    const game = await this.loadReadable(gameId, reader, { route: 'log' });
    const events = (await this.store.readStream(game.stream_id)).map(toLogEvent);
    return { ...game.header, events } as GameDocument;
  }

  async events(gameId: string, reader: Principal | null, from = 1, limit?: number): Promise<GameEventsPage> {
    if (!Number.isInteger(from) || from < 1) throw invalid('BAD_QUERY', '`from` is a position ≥ 1', { path: 'from' });
    const game = await this.loadReadable(gameId, reader, { route: 'events' });
    const take = clampLimit(limit, MAX_PAGE, 1000);
    const stored = await this.store.readStream(game.stream_id, { fromPosition: from, limit: take + 1 });
    const page = stored.slice(0, take);
    return {
      gameId,
      events: page.map((e) => ({
        seq: e.streamPosition,
        eventId: e.eventId,
        type: e.type,
        schemaVersion: e.schemaVersion,
        data: e.data,
        metadata: e.metadata,
      })),
      nextFrom: stored.length > take ? from + take : null,
    };
  }

  /** The board after `step` events as `viewer` may see it (default: the latest step, spectator). */
  async state(gameId: string, reader: Principal | null, options: { step?: number; view?: string }): Promise<GameBoard> {
    const held = this.finished.get(gameId);
    if (held) {
      const answer = await this.stateOfFinished(held, reader, options);
      if (answer) return answer;
    }
    const cached = options.step !== undefined ? this.boards.nearest(gameId, options.step) : undefined;
    const game = await this.loadBoard(gameId, options.step, cached?.step);
    const total = Number(game.version);
    // A reader who may not see the game at all learns nothing of it, its length included: 404 first.
    authorizeRead(reader, accessFacts(game), { route: 'summary' });
    const step = options.step ?? total;
    if (!Number.isInteger(step) || step < 0 || step > total) {
      throw invalid('BAD_STEP', `step must be between 0 and ${total} for this game`, { path: 'step', total });
    }
    const view = options.view ?? 'spectator';
    const seats = game.players.map((p) => p.seat);
    if (!isViewer(view) || (/^p\d+$/.test(view) && !seats.includes(view))) {
      throw invalid('BAD_VIEW', `view must be one of ${[...seats, 'spectator', 'judge', 'reveal'].join(', ')}`, { path: 'view' });
    }
    authorizeRead(reader, accessFacts(game), { route: 'state', view });
    if (view === 'reveal' && !game.outcome) throw forbidden('REVEAL_BEFORE_END', 'the full reveal is available once the game is over');
    const system = findSystem(game.system)!;
    const events: LogEvent[] = game.tail.map(toLogEvent);
    // A cached board is shared: its few events are applied copy-on-write (evolve copies what an event
    // touches; fold's in-place path first copies every card, ~70 µs). A decoded snapshot or initial
    // state is this request's own, and folded in place.
    const state = cached
      ? events.reduce((board, event) => system.evolve(board, event), cached.state)
      : fold(system, await this.startingBoard(game, system), events);
    if (game.outcome) {
      this.boards.remember(game.game_id, step, state);
      this.hold(game, system);
    }
    return {
      gameId,
      step,
      total,
      view,
      folded: events.length,
      outcome: step === total ? game.outcome : system.outcome(state),
      state: system.view(state, view as Viewer),
    };
  }

  /**
   * A seek into a finished game this process holds (FinishedGames): the facts a reader's access
   * depends on, which can change (the game's visibility, whether its row still exists, its version:
   * the derived events that ended it may still be confirmed), are read fresh, as the other path
   * reads them, in one small statement with any events appended since; the rest (header, players,
   * outcome, events, boards) is immutable once a game is over and comes from memory. The board and
   * its view are taken while PostgreSQL answers, and nothing of them leaves before the same checks
   * as the other path's, in the same order, on the fresh facts. Undefined when the game is no
   * longer held as finished (the caller then takes the other path).
   */
  private async stateOfFinished(held: FinishedGame, reader: Principal | null, options: { step?: number; view?: string }): Promise<GameBoard | undefined> {
    const known = held.events.length;
    const pending = this.freshFacts(held.gameId, known);
    pending.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    // postgres.js sends a short statement from a setImmediate it queues once the query has started (a
    // microtask on): the board is taken after that one has run, while the server works.
    await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
    const view = options.view ?? 'spectator';
    const seats = held.players.map((p) => p.seat);
    const validView = isViewer(view) && !(/^p\d+$/.test(view) && !seats.includes(view));
    // Taken before the facts arrive, dropped unread unless every check below passes; whatever it
    // might throw is left for after them, so a refused reader learns nothing from it.
    let early: { state: unknown; folded: number } | undefined;
    let earlyView: unknown;
    if (validView && options.step !== undefined && Number.isInteger(options.step) && options.step >= 0 && options.step <= known) {
      try {
        early = this.boardOf(held, options.step);
        earlyView = held.system.view(early.state, view as Viewer);
      } catch {
        early = earlyView = undefined;
      }
    }
    const facts = await pending;
    if (!facts) {
      this.finished.forget(held.gameId);
      throw notFound('GAME_NOT_FOUND', `no game ${held.gameId}`);
    }
    if (!facts.finished) {
      this.finished.forget(held.gameId);
      return undefined;
    }
    held.extend(facts.after, facts.tail?.map(toLogEvent) ?? []);
    const total = Number(facts.version);
    if (held.events.length !== total) {
      this.finished.forget(held.gameId);
      return undefined;
    }
    const access = { gameId: held.gameId, tournament: facts.tournament, finished: true, visibility: facts.visibility };
    authorizeRead(reader, access, { route: 'summary' });
    const step = options.step ?? total;
    if (!Number.isInteger(step) || step < 0 || step > total) {
      throw invalid('BAD_STEP', `step must be between 0 and ${total} for this game`, { path: 'step', total });
    }
    if (!validView) {
      throw invalid('BAD_VIEW', `view must be one of ${[...seats, 'spectator', 'judge', 'reveal'].join(', ')}`, { path: 'view' });
    }
    authorizeRead(reader, access, { route: 'state', view });
    const board = early ?? this.boardOf(held, step);
    this.boards.remember(held.gameId, step, board.state);
    return {
      gameId: held.gameId,
      step,
      total,
      view,
      folded: board.folded,
      outcome: step === total ? held.outcome : held.system.outcome(board.state),
      state: early ? earlyView : held.system.view(board.state, view as Viewer),
    };
  }

  /** The board after `step` events of a held game: from a recent board or its nearest checkpoint, stepped forward copy-on-write. */
  private boardOf(held: FinishedGame, step: number): { state: unknown; folded: number } {
    const recent = this.boards.nearest(held.gameId, step);
    const checkpoint = held.checkpointAt(step);
    const from = recent && recent.step >= checkpoint.step ? recent : checkpoint;
    let state = from.state;
    for (let i = from.step; i < step; i++) state = held.system.evolve(state, held.events[i]!);
    return { state, folded: step - from.step };
  }

  /**
   * Whether the game still exists, who may read it and how far its stream goes, read fresh for every
   * seek into a held game, with the events after the `after` this process knows (normally none).
   */
  private async freshFacts(gameId: string, after: number): Promise<FreshFacts | undefined> {
    const [row] = await this.sql<Omit<FreshFacts, 'after'>[]>`
      select g.visibility, g.tournament, g.outcome is not null as finished, s.version,
        case when s.version > ${after} then
          (select json_agg(json_build_object('type', e.type, 'data', e.data) order by e.stream_position)
           from events e where e.stream_id = g.stream_id and e.stream_position > ${after})
        end as tail
      from games g join streams s using (stream_id)
      where g.game_id = ${gameId}`;
    return row ? { ...row, after } : undefined;
  }

  /**
   * Starts holding a finished game just answered by the other path: its events are read once, in
   * the background, and folded into checkpoints. A failure only means the game is not held.
   */
  private hold(game: BoardRow, system: AnyGameSystem): void {
    if (!game.outcome || this.finished.has(game.game_id) || this.holding.has(game.game_id)) return;
    this.holding.add(game.game_id);
    const version = Number(game.version);
    void (async () => {
      const [row] = await this.sql<{ events: string | null }[]>`
        select (select json_agg(json_build_object('type', e.type, 'data', e.data) order by e.stream_position)
                from events e where e.stream_id = g.stream_id and e.stream_position <= ${version})::text as events
        from games g where g.game_id = ${game.game_id}`;
      const text = row?.events ?? '[]';
      const events = (JSON.parse(text) as { type: string; data: unknown }[]).map(toLogEvent);
      if (!row || events.length !== version) return;
      const initial = await this.startingBoard({ ...game, snapshot_seq: null }, system);
      this.finished.add(new FinishedGame(game.game_id, system, game.players, game.outcome!, initial, events), text.length);
    })()
      .catch(() => undefined)
      .finally(() => this.holding.delete(game.game_id));
  }

  private readonly holding = new Set<string>();

  /** Whether this process holds a finished game in memory, is loading it, or neither (specs and operators). */
  held(gameId: string): 'held' | 'loading' | null {
    return this.finished.has(gameId) ? 'held' : this.holding.has(gameId) ? 'loading' : null;
  }

  /** The snapshot the board row carries, decoded, or the game's initial state without one. */
  private async startingBoard(game: BoardRow, system: AnyGameSystem): Promise<unknown> {
    const catalog = await this.catalogs.resolve(game.system, game.catalog_id);
    const header = resolveHeader({ ...game.header, events: [] } as GameDocument, system, { resolveCatalog: () => catalog ?? undefined });
    const initial = system.initialState(header);
    return game.snapshot_seq !== null ? decodeState(game.snapshot, initial) : initial;
  }

  /**
   * The game's row with the board a seek starts from, and the events after it up to `step` (default:
   * the latest): from `cached` (the step of a board this process holds, always nearer than decoding
   * a snapshot), else from the replay read model's newest snapshot at or before the step, else from
   * the start. One statement, so one round trip and one view of the database: the events agree with
   * the row's version even while a live game is appended to. They are read before the access checks
   * and dropped unread unless those pass.
   */
  private async loadBoard(gameId: string, step: number | undefined, cached: number | undefined): Promise<BoardRow> {
    if (!UUID.test(gameId)) throw notFound('GAME_NOT_FOUND', `no game ${gameId}`);
    const [row] = await this.sql<BoardRow[]>`
      select g.game_id, g.system, g.catalog_id, g.header, g.players, g.outcome, g.tournament, g.visibility, s.version,
        snap.seq as snapshot_seq, snap.state as snapshot,
        (select coalesce(json_agg(json_build_object('type', e.type, 'data', e.data) order by e.stream_position), '[]')
         from events e
         where e.stream_id = g.stream_id and e.stream_position > coalesce(snap.seq, ${cached ?? 0}) and e.stream_position <= board.step) as tail
      from games g
      join streams s using (stream_id)
      cross join lateral (select least(coalesce(${step ?? null}::bigint, s.version), s.version) as step) board
      left join lateral (
        select r.seq, r.state from rm_replay_snapshots r
        where ${cached === undefined} and r.game_id = g.game_id and r.seq <= board.step
        order by r.seq desc limit 1
      ) snap on true
      where g.game_id = ${gameId}`;
    if (!row) throw notFound('GAME_NOT_FOUND', `no game ${gameId}`);
    return row;
  }
}

/**
 * Folded boards of finished games by game and step, least recently used first out. A stream's
 * events, a game's header and a stored catalog never change, so the board after N events is the same
 * for every request; finished games are the replays stepped through again and again. It holds whole
 * states, never views: each request is authorised and projected for its own viewer. A replay stepped
 * forward finds the board one step back and folds one event.
 */
export class BoardCache {
  private readonly entries = new Map<string, unknown>();

  constructor(
    private readonly capacity: number,
    /** How far back a board is looked for; past a snapshot interval, the snapshot is nearer. */
    private readonly reach = 64,
  ) {}

  /** The cached board nearest at or before `step`, within `reach` steps. */
  nearest(gameId: string, step: number): { step: number; state: unknown } | undefined {
    for (let at = step; at >= 0 && at > step - this.reach; at--) {
      const key = `${gameId}:${at}`;
      const state = this.entries.get(key);
      if (state === undefined) continue;
      this.entries.delete(key);
      this.entries.set(key, state);
      return { step: at, state };
    }
    return undefined;
  }

  remember(gameId: string, step: number, state: unknown): void {
    const key = `${gameId}:${step}`;
    this.entries.delete(key);
    this.entries.set(key, state);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * A finished game held in memory: what never changes once a game is over (its header's players,
 * its outcome, its stored events: the events table refuses updates and deletes, and `cardlog_app`
 * may update only a game's outcome while it has none, its end time and its visibility) and a board
 * every CHECKPOINT_EVERY steps, stepped forward with `evolve`, which copies what an event touches and
 * never changes the board it is given, so the checkpoints share what the events left alone. Never
 * what can change: visibility, existence and version are read for every request.
 */
export class FinishedGame {
  /** checkpoints[k]: the board after k × CHECKPOINT_EVERY events. */
  private readonly checkpoints: unknown[];

  constructor(
    readonly gameId: string,
    readonly system: AnyGameSystem,
    readonly players: GameRow['players'],
    readonly outcome: NonNullable<GameRow['outcome']>,
    initial: unknown,
    /** events[i] is the event with seq i + 1. */
    readonly events: LogEvent[],
  ) {
    this.checkpoints = [initial];
    let state = initial;
    for (let i = 0; i < events.length; i++) {
      state = system.evolve(state, events[i]!);
      if ((i + 1) % CHECKPOINT_EVERY === 0) this.checkpoints.push(state);
    }
  }

  /** The checkpoint nearest at or before `step`. */
  checkpointAt(step: number): { step: number; state: unknown } {
    const k = Math.min(Math.floor(step / CHECKPOINT_EVERY), this.checkpoints.length - 1);
    return { step: k * CHECKPOINT_EVERY, state: this.checkpoints[k] };
  }

  /**
   * Adds the events stored after the `after` first (derived events confirmed after the end), when
   * this still knows exactly those; a checkpoint is added for each interval they complete.
   */
  extend(after: number, tail: readonly LogEvent[]): void {
    if (tail.length === 0 || after !== this.events.length) return;
    const last = this.checkpointAt(this.events.length);
    this.events.push(...tail);
    let state = last.state;
    for (let i = last.step; i < this.events.length; i++) {
      state = this.system.evolve(state, this.events[i]!);
      if ((i + 1) % CHECKPOINT_EVERY === 0 && (i + 1) / CHECKPOINT_EVERY === this.checkpoints.length) this.checkpoints.push(state);
    }
  }
}

/** A held game's checkpoints: a seek steps at most CHECKPOINT_EVERY − 1 events (~7 µs each for Born from Blood). */
const CHECKPOINT_EVERY = 8;

/**
 * Finished games held in memory, least recently used first out, within a budget of bytes. A game
 * is charged BYTES_PER_EVENT_BYTE times the JSON text of its events: measured heap over event text,
 * with a checkpoint every 8 steps, was 6.6 for Born from Blood, 6.7 for Aegis and 3.4 for Devacurse.
 */
export class FinishedGames {
  private readonly entries = new Map<string, { game: FinishedGame; bytes: number }>();
  private used = 0;

  constructor(private readonly budget: number) {}

  get(gameId: string): FinishedGame | undefined {
    const entry = this.entries.get(gameId);
    if (!entry) return undefined;
    this.entries.delete(gameId);
    this.entries.set(gameId, entry);
    return entry.game;
  }

  has(gameId: string): boolean {
    return this.entries.has(gameId);
  }

  /** Holds `game`, charged for `eventBytes` of event text; a game over the whole budget is not held. */
  add(game: FinishedGame, eventBytes: number): void {
    const bytes = BYTES_PER_EVENT_BYTE * eventBytes + BYTES_PER_GAME;
    if (bytes > this.budget) return;
    this.forget(game.gameId);
    this.entries.set(game.gameId, { game, bytes });
    this.used += bytes;
    for (const [id, entry] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(id);
      this.used -= entry.bytes;
    }
  }

  forget(gameId: string): void {
    const entry = this.entries.get(gameId);
    if (!entry) return;
    this.entries.delete(gameId);
    this.used -= entry.bytes;
  }

  /** Bytes charged for the games held. */
  get bytes(): number {
    return this.used;
  }
}

const BYTES_PER_EVENT_BYTE = 8;
const BYTES_PER_GAME = 16 * 1024;

/** What `/state` answers. */
export interface GameBoard {
  readonly gameId: string;
  readonly step: number;
  readonly total: number;
  readonly view: string;
  readonly folded: number;
  readonly outcome: unknown;
  readonly state: unknown;
}

/** The facts of a game's row a seek into a held game reads fresh. */
interface FreshFacts {
  readonly visibility: Visibility;
  readonly tournament: string | null;
  readonly finished: boolean;
  readonly version: string;
  /** The events after `after`, or null when there are none. */
  readonly tail: { type: string; data: unknown }[] | null;
  readonly after: number;
}

/**
 * The columns of a game's row `state` reads (all of them cost a seek ~20 µs more parsing), the
 * snapshot (encoded) and the events to fold after it.
 */
interface BoardRow extends Pick<GameRow, 'game_id' | 'system' | 'catalog_id' | 'header' | 'players' | 'outcome' | 'tournament' | 'visibility' | 'version'> {
  snapshot_seq: number | null;
  snapshot: unknown;
  tail: { type: string; data: unknown }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function accessFacts(game: Pick<GameRow, 'game_id' | 'tournament' | 'outcome' | 'visibility'>): AccessFacts {
  return { gameId: game.game_id, tournament: game.tournament, finished: game.outcome !== null, visibility: game.visibility };
}

function clampLimit(value: number | undefined, fallback: number, max = MAX_PAGE): number {
  if (value === undefined || Number.isNaN(value)) return fallback;
  if (!Number.isInteger(value) || value < 1) throw invalid('BAD_QUERY', `limit must be an integer from 1 to ${max}`, { path: 'limit' });
  return Math.min(value, max);
}

function encodeCursor(createdAt: Date, gameId: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${gameId}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; gameId: string } {
  const [createdAt, gameId] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !gameId || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/.test(gameId)) {
    throw invalid('BAD_CURSOR', 'cursor is not one this API returned', { path: 'cursor' });
  }
  return { createdAt, gameId };
}
