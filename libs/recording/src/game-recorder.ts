import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { z } from 'zod';
import {
  CatalogByHash,
  GAME_CLOSED,
  GAME_RECORDED,
  GameClosedData,
  GameDocument,
  GameRecordedData,
  gameHeadStreamId,
  LogEvent,
  eventUnionFor,
  jsonPath,
  parseGameDocument,
  toLogEvent,
  vocabularyFor,
} from '@cardlog/events';
import {
  AnyGameSystem,
  Catalog,
  Outcome,
  ReplayFailure,
  findSystem,
  fold,
  recordLive,
  replay,
  resolveHeader,
} from '@cardlog/rules';
import { EncodedEventRows, EventStore, EventTooLargeError, NewEvent, WrongExpectedVersionError } from '@cardlog/store';
import { Visibility, isVisibility } from './access';
import { CatalogRepository } from './catalogs';
import { newEventIds } from './event-ids';
import { RecordingError, conflict, forbidden, invalid, notFound } from './errors';
import { GameRow, streamIdOf } from './games-table';
import { Principal, mayRecord } from './tokens';
import { IN_THREAD, UploadPreparer } from './preparer';
import { StorableGame, formatError, hashDocument, recordingError, storableGame, toNewEvents } from './upload-preparation';

export interface RecordOptions {
  readonly principal: Principal;
  readonly idempotencyKey?: string;
  /** Who may read the game (default public); see access.ts. */
  readonly visibility?: Visibility;
  /** Ties the stored events to one request or upload run. */
  readonly correlation?: string;
}

export interface UploadResult {
  readonly id: string;
  readonly events: number;
  readonly outcome: Outcome | null;
  /** False when the same game (content hash or idempotency key) was already stored. */
  readonly created: boolean;
}

/** Codes that mean a referenced catalog or card does not exist: answered as "not found". */
const NOT_FOUND_CODES = new Set(['UNKNOWN_CATALOG', 'DECK_UNKNOWN_CARD', 'UNKNOWN_CATALOG_ID']);

/**
 * The one way games enter Cardlog: a whole document (upload) or a live game action by action. Each
 * is parsed strictly, replayed through its game's rules and stored atomically, or refused whole.
 */
export class GameRecorder {
  private readonly listeners: ((events: number) => void)[] = [];
  private readonly liveStates = new LiveStateCache(256);

  constructor(
    private readonly sql: Sql,
    private readonly store: EventStore,
    private readonly catalogs: CatalogRepository,
    private readonly now: () => Date = () => new Date(),
    /** Where uploads are parsed, hashed and replayed: this thread by default, or the API's worker threads. */
    private readonly preparer: UploadPreparer = IN_THREAD,
  ) {}

  /** Called after every commit that stored events, with how many it stored (the relay wakes on it; metrics count them). */
  onRecorded(listener: (events: number) => void): void {
    this.listeners.push(listener);
  }

  private recorded(events: number): void {
    for (const listener of this.listeners) listener(events);
  }

  async upload(input: string | Buffer | unknown, options: RecordOptions): Promise<UploadResult> {
    checkRecordOptions(options);
    const prepared = await this.preparer.prepareUpload(input);
    if (!prepared.ok) throw recordingError(prepared.refusal);
    const { storable } = prepared;
    authorize(options.principal, storable.game);
    const existing = await this.findExisting(storable.contentHash, options);
    if (existing) return existing;
    await this.checkTournamentFacts(storable);

    if (prepared.replayed === 'unsupported-system') throw unsupportedSystem(storable.system);
    let replayed = prepared.replayed;
    if (replayed === 'needs-catalog') {
      const catalog = await this.resolveCatalog(storable);
      const again = await this.preparer.prepareUpload(input, catalog ?? undefined);
      if (!again.ok || typeof again.replayed === 'string') throw new Error(`an upload prepared twice came back ${again.ok ? again.replayed : again.refusal.code}`);
      replayed = again.replayed;
    }
    if (replayed.failure) throw ruleFailure(replayed.failure);
    const result = replayed;

    const gameId = randomUUID();
    try {
      await this.store.transaction((tx) => this.storeGame(tx, gameId, storable, result.rows, result.outcome, options));
    } catch (error) {
      if (error instanceof EventTooLargeError) throw eventTooLarge(error);
      // Two uploads of one game raced: the loser answers with the winner's game.
      const unique = error as { code?: string; constraint_name?: string };
      if (unique.code === '23505' && /content_hash|idempotency/.test(unique.constraint_name ?? '')) {
        const winner = await this.findExisting(storable.contentHash, options);
        if (winner) return winner;
      }
      if (unique.code === '23505' && unique.constraint_name === 'games_slot_idx') await this.checkTournamentFacts(storable);
      throw error;
    }
    const events = result.rows.fields.length;
    this.recorded(1 + events);
    return { id: gameId, events, outcome: result.outcome, created: true };
  }

  /**
   * Stores one already replayed game inside the caller's transaction (a tournament bundle stores
   * all its games and rounds in one). Wakes nobody: call `notifyRecorded` after the commit.
   */
  async storeReplayed(tx: TransactionSql, gameId: string, game: GameDocument | StorableGame, applied: readonly LogEvent[], outcome: Outcome | null, options: RecordOptions): Promise<void> {
    const storable = 'headerJson' in game ? game : storableGame(game);
    await this.storeGame(tx, gameId, storable, toNewEvents(applied, this.metadata(options)), outcome, options);
  }

  /**
   * An uploaded game's header event, events and row. The three writes are sent together and run in
   * this order on the transaction's connection (one round trip instead of one per statement): the
   * header comes before the game's events in commit order, as the read models expect, the game's
   * stream exists before its row references it, and a failure of any fails the transaction.
   */
  private async storeGame(tx: TransactionSql, gameId: string, storable: StorableGame, events: readonly NewEvent[] | EncodedEventRows, outcome: Outcome | null, options: RecordOptions): Promise<void> {
    const catalog = await this.headerCatalog(tx, storable);
    const streamId = streamIdOf(gameId);
    await Promise.all([
      this.appendHeader(tx, gameId, storable, catalog, 'upload', options),
      'fields' in events ? this.store.appendEncoded(streamId, 'no_stream', newEventIds(events.fields.length), events, this.metadata(options), tx) : this.store.append(streamId, 'no_stream', events, tx),
      this.insertGame(tx, gameId, storable, 'upload', outcome, options, storable.contentHash),
    ]);
  }

  /** `events`: how many the caller's transaction stored. */
  notifyRecorded(events: number): void {
    this.recorded(events);
  }

  /** Opens a live game from a document with no events (or no `events` key); actions follow through `appendLive`. */
  async startLive(input: string | Buffer | unknown, options: RecordOptions): Promise<{ id: string; version: number; created: boolean }> {
    checkRecordOptions(options);
    const document = parseOrThrow(withEventsKey(input));
    if (document.events.length > 0) {
      throw invalid('LIVE_GAME_HAS_EVENTS', 'a live game starts without events; send them to /v1/games/:id/events', { path: '$.events' });
    }
    authorize(options.principal, document.game);
    if (options.idempotencyKey) {
      const row = await this.findByKey(options);
      if (row) {
        if (hashDocument({ ...row.header, events: [] } as GameDocument) !== hashDocument(document)) throw keyReused(options.idempotencyKey, row.game_id);
        return { id: row.game_id, version: Number(row.version), created: false };
      }
    }
    await this.checkTournamentFacts(document);
    const system = systemFor(document);
    const storable = storableGame(document);
    const catalog = await this.resolveCatalog(storable);
    const result = replay(document, { system, resolveCatalog: () => catalog ?? undefined });
    if (result.failure) throw ruleFailure(result.failure);

    const gameId = randomUUID();
    try {
      await this.store.transaction(async (tx) => {
        await this.recordHeader(tx, gameId, storable, 'live', options);
        await tx`insert into streams (stream_id) values (${streamIdOf(gameId)})`;
        await this.insertGame(tx, gameId, storable, 'live', null, options, null);
      });
    } catch (error) {
      const unique = error as { code?: string; constraint_name?: string };
      if (unique.code === '23505' && unique.constraint_name === 'games_idempotency_idx') return this.startLive(input, options);
      if (unique.code === '23505' && unique.constraint_name === 'games_slot_idx') await this.checkTournamentFacts(document);
      throw error instanceof EventTooLargeError ? eventTooLarge(error) : error;
    }
    this.recorded(1);
    return { id: gameId, version: 0, created: true };
  }

  /**
   * Appends recorded actions to a live game at `expectedVersion`. Each action is decided against the
   * state its predecessors produced; any illegal one refuses the whole batch. Another recorder that
   * appended first makes this a conflict (409), never a corruption.
   */
  async appendLive(gameId: string, expectedVersion: number, rawEvents: unknown, options: RecordOptions): Promise<{ version: number; appended: number; outcome: Outcome | null }> {
    const game = await this.loadGame(gameId);
    if (!mayRecord(options.principal, game.header.game?.tournament)) throw tournamentForbidden(game.header.game?.tournament);
    if (game.mode !== 'live') throw notLive(game);
    const system = findSystem(game.system)!;
    const actions = parseLiveEvents(game.system, rawEvents);
    const onlyDerived = actions.every((a) => system.derivedEventTypes.has(a.type));
    // A finished game takes no more actions, but its recorder may still confirm the derived events that ended it.
    if (game.outcome && !onlyDerived) throw conflict('GAME_OVER', `game ${gameId} is over (${describeOutcome(game.outcome)})`);
    const current = Number(game.version);
    if (current !== expectedVersion) {
      throw conflict('WRONG_EXPECTED_VERSION', `game ${gameId} is at version ${current}, not ${expectedVersion}`, { expectedVersion, actualVersion: current });
    }

    let state = await this.foldGame(game, system, current);
    const pending = system.derivedEventTypes.has(actions[0]!.type) ? await this.derivedTail(game, system, current) : [];
    const batch = recordLive(system, state, current, actions, pending);
    if (batch.failure) throw ruleFailure(batch.failure, expectedVersion);
    state = batch.state;
    const produced = batch.events;
    const outcome = system.outcome(state);
    if (produced.length === 0) return { version: current, appended: 0, outcome };
    try {
      const appended = await this.store.transaction(async (tx) => {
        const result = await this.store.append(game.stream_id, expectedVersion, toNewEvents(produced, this.metadata(options)), tx);
        // The append holds the stream's lock, which closeGame takes too: a game closed meanwhile is seen here.
        const open = outcome
          ? await tx`update games set outcome = ${tx.json(outcome as never)}, ended_at = now() where game_id = ${gameId} and outcome is null returning 1`
          : await tx`select 1 from games where game_id = ${gameId} and outcome is null`;
        if (open.length === 0) throw conflict('GAME_OVER', `game ${gameId} was closed while these events were sent`);
        return result;
      });
      this.liveStates.remember(gameId, appended.version, state);
      this.recorded(produced.length);
      return { version: appended.version, appended: produced.length, outcome };
    } catch (error) {
      if (error instanceof EventTooLargeError) throw eventTooLarge(error, expectedVersion);
      if (error instanceof WrongExpectedVersionError) {
        throw conflict('WRONG_EXPECTED_VERSION', error.message, { expectedVersion, actualVersion: error.actual });
      }
      throw error;
    }
  }

  /**
   * Lets the recorder of an unfinished upload continue it live: from now on it takes appends at its
   * current version, exactly like a game opened with `startLive`. Its stored events do not change.
   */
  async continueLive(gameId: string, options: RecordOptions): Promise<{ id: string; version: number; mode: 'live' }> {
    const game = await this.loadGame(gameId);
    if (!mayRecord(options.principal, game.header.game?.tournament)) throw tournamentForbidden(game.header.game?.tournament);
    if (game.outcome) throw conflict('GAME_OVER', `game ${gameId} is over (${describeOutcome(game.outcome)})`);
    if (game.mode !== 'live') await this.sql`update games set mode = 'live' where game_id = ${gameId} and mode = 'upload'`;
    return { id: gameId, version: Number(game.version), mode: 'live' };
  }

  /**
   * Closes an unfinished game (an abandoned live game, an upload cut short) with a result decided
   * off the board: a win for one seat or a draw, and why. Its events do not change; the result is a
   * GameClosed event beside its header, and the game counts as finished from then on. With
   * `expectedVersion`, a game that moved since is a conflict (409) rather than closed.
   */
  async closeGame(gameId: string, request: unknown, options: RecordOptions): Promise<{ id: string; version: number; outcome: Outcome }> {
    const { outcome, expectedVersion } = parseCloseRequest(request);
    const game = await this.loadGame(gameId);
    if (!mayRecord(options.principal, game.header.game?.tournament)) throw tournamentForbidden(game.header.game?.tournament);
    if (outcome.result === 'win' && !game.players.some((p) => p.seat === outcome.winner)) {
      const seats = game.players.map((p) => p.seat).join(', ');
      throw new RecordingError('illegal', 'UNKNOWN_SEAT', `$.winner: "${outcome.winner.slice(0, 64)}" is not a seat of this game (${seats})`, { path: '$.winner' });
    }
    if (game.outcome) throw conflict('GAME_OVER', `game ${gameId} is over (${describeOutcome(game.outcome)})`);
    const closed = await this.store.transaction(async (tx) => {
      // The stream's lock, as an append takes it: no live append lands between the check and the close.
      const [{ version }] = await tx<{ version: string }[]>`select version from streams where stream_id = ${game.stream_id} for update`;
      const atVersion = Number(version);
      if (expectedVersion !== undefined && expectedVersion !== atVersion) {
        throw conflict('WRONG_EXPECTED_VERSION', `game ${gameId} is at version ${atVersion}, not ${expectedVersion}`, { expectedVersion, actualVersion: atVersion });
      }
      const updated = await tx`update games set outcome = ${tx.json(outcome as never)}, ended_at = now() where game_id = ${gameId} and outcome is null returning 1`;
      if (updated.length === 0) throw conflict('GAME_OVER', `game ${gameId} ended meanwhile`);
      const data: GameClosedData = { gameId, outcome, atVersion, closedBy: options.principal.name };
      await this.store.append(gameHeadStreamId(gameId), 1, [{ eventId: randomUUID(), type: GAME_CLOSED, data, metadata: this.metadata(options) }], tx);
      return { id: gameId, version: atVersion, outcome };
    });
    this.recorded(1);
    return closed;
  }

  /** The derived events stored after the game's last action (at most 32 back), with their seq. */
  private async derivedTail(game: GameRow, system: AnyGameSystem, version: number): Promise<LogEvent[]> {
    if (version === 0) return [];
    const recent = await this.store.readStream(game.stream_id, { fromPosition: Math.max(1, version - 31) });
    const tail: LogEvent[] = [];
    for (let i = recent.length - 1; i >= 0 && system.derivedEventTypes.has(recent[i]!.type); i--) {
      tail.unshift({ seq: recent[i]!.streamPosition, ...toLogEvent(recent[i]!) });
    }
    return tail;
  }

  /**
   * The live game's state at `version`: from this process's cache when it holds exactly that version
   * (another instance may have appended since, which the version check catches), else folded from
   * the stream.
   */
  private async foldGame(game: GameRow, system: AnyGameSystem, version: number) {
    const cached = this.liveStates.get(game.game_id, version);
    if (cached !== undefined) return cached;
    const catalog = await this.catalogs.resolve(game.system, game.catalog_id);
    const header = resolveHeader({ ...game.header, events: [] } as GameDocument, system, { resolveCatalog: () => catalog ?? undefined });
    // Exactly `version` events: a concurrent append past it is the version check's to refuse (409),
    // never a reason to decide this batch against a state it did not name.
    const stored = await this.store.readStream(game.stream_id, { limit: version });
    return fold(system, system.initialState(header), stored.map(toLogEvent));
  }

  async loadGame(gameId: string): Promise<GameRow> {
    if (!UUID.test(gameId)) throw notFound('GAME_NOT_FOUND', `no game ${gameId}`);
    const [row] = await this.sql<GameRow[]>`
      select g.*, s.version from games g join streams s using (stream_id) where g.game_id = ${gameId}`;
    if (!row) throw notFound('GAME_NOT_FOUND', `no game ${gameId}`);
    return row;
  }

  /**
   * The game this upload already is: the one this token stored under the same Idempotency-Key (a
   * different document under it is refused), or the one with the same content. The content hash
   * covers the tournament, which `authorize` has checked, so an existing game is never one of a
   * tournament the token may not record.
   */
  private async findExisting(contentHash: string, options: RecordOptions): Promise<UploadResult | null> {
    if (options.idempotencyKey) {
      const row = await this.findByKey(options);
      if (row) {
        if (row.content_hash !== contentHash) throw keyReused(options.idempotencyKey, row.game_id);
        return { id: row.game_id, events: Number(row.version), outcome: row.outcome, created: false };
      }
    }
    const [row] = await this.sql<{ game_id: string; outcome: Outcome | null; version: string }[]>`
      select g.game_id, g.outcome, s.version from games g join streams s using (stream_id) where g.content_hash = ${contentHash}`;
    return row ? { id: row.game_id, events: Number(row.version), outcome: row.outcome, created: false } : null;
  }

  /** Idempotency keys belong to the token that sent them. */
  private async findByKey(options: RecordOptions): Promise<(GameRow & { content_hash: string | null }) | null> {
    const [row] = await this.sql<(GameRow & { content_hash: string | null })[]>`
      select g.*, s.version from games g join streams s using (stream_id)
      where g.recorded_by_token = ${options.principal.tokenId} and g.idempotency_key = ${options.idempotencyKey!}`;
    if (row && !mayRecord(options.principal, row.tournament)) throw tournamentForbidden(row.tournament ?? undefined);
    return row ?? null;
  }

  /**
   * Facts a tournament game claims once: its slot (round, table, game number) holds one game, and
   * a player id names one player. Checked before storing; the slot's unique index settles races.
   */
  private async checkTournamentFacts(document: Pick<GameDocument, 'game' | 'players'>): Promise<void> {
    const context = document.game;
    const ids = new Map<string, string>();
    for (const [i, player] of document.players.entries()) {
      if (player.id === undefined) continue;
      const seen = ids.get(player.id);
      if (seen !== undefined && seen !== player.name) {
        throw new RecordingError('illegal', 'PLAYER_ID_CONFLICT', `$.players[${i}].id: player id "${player.id}" is already "${seen}" in this game`, { path: `$.players[${i}].id` });
      }
      ids.set(player.id, player.name);
    }
    if (!context?.tournament) return;
    if (context.round !== undefined && context.table !== undefined) {
      const [taken] = await this.sql<{ game_id: string }[]>`
        select game_id from games where tournament = ${context.tournament} and round = ${context.round}
          and table_number = ${context.table} and coalesce(game_number, 1) = ${context.gameNumber ?? 1}`;
      if (taken) {
        throw conflict(
          'GAME_SLOT_TAKEN',
          `tournament "${context.tournament}" round ${context.round} table ${context.table} game ${context.gameNumber ?? 1} is already recorded as game ${taken.game_id}`,
          { id: taken.game_id, path: '$.game' },
        );
      }
    }
    if (ids.size === 0) return;
    const known = await this.sql<{ id: string; name: string }[]>`
      select distinct p->>'id' as id, p->>'name' as name from games g, jsonb_array_elements(g.players) p
      where g.tournament = ${context.tournament} and p->>'id' = any(${[...ids.keys()]}::text[])`;
    for (const row of known) {
      if (row.name === ids.get(row.id)) continue;
      const i = document.players.findIndex((p) => p.id === row.id);
      throw new RecordingError(
        'illegal',
        'PLAYER_ID_CONFLICT',
        `$.players[${i}].id: player id "${row.id}" is "${row.name}" in tournament "${context.tournament}", not "${ids.get(row.id)}"`,
        { path: `$.players[${i}].id`, recordedName: row.name },
      );
    }
  }

  /** Changes who may read a game (`public`, `unlisted`, `private`); a record token of its tournament may. */
  async setVisibility(gameId: string, visibility: unknown, principal: RecordOptions['principal']): Promise<{ id: string; visibility: Visibility }> {
    if (!isVisibility(visibility)) throw invalid('SCHEMA_VIOLATION', '$.visibility: one of public, unlisted, private', { path: '$.visibility' });
    const game = await this.loadGame(gameId);
    if (!mayRecord(principal, game.tournament)) throw tournamentForbidden(game.tournament ?? undefined);
    await this.sql`update games set visibility = ${visibility} where game_id = ${game.game_id}`;
    return { id: game.game_id, visibility };
  }

  private async resolveCatalog(game: StorableGame): Promise<Catalog | null> {
    if (game.catalogRef === null) return null;
    const catalog = await this.catalogs.resolve(game.system, game.catalogRef);
    if (!catalog) throw notFound('UNKNOWN_CATALOG', `catalog "${game.catalogRef}" is not known for ${game.system}`, { path: '$.catalog' });
    return catalog;
  }

  /** Who recorded, when, and as part of which request (the envelope's metadata). */
  private metadata(options: RecordOptions) {
    return { recordedAt: this.now().toISOString(), actor: options.principal.name, ...(options.correlation ? { correlation: options.correlation } : {}) };
  }

  /** The header travels as an event too, so read models can be built from the event stream alone. */
  private async recordHeader(tx: TransactionSql, gameId: string, game: StorableGame, mode: 'upload' | 'live', options: RecordOptions) {
    await this.appendHeader(tx, gameId, game, await this.headerCatalog(tx, game), mode, options);
  }

  /** The catalog the header names: its reference, or an inline catalog's, stored first when new. */
  private async headerCatalog(tx: TransactionSql, game: StorableGame): Promise<GameRecordedData['header']['catalog']> {
    return game.inlineCatalog ? storeInlineCatalog(tx, game) : game.catalogRef!;
  }

  private async appendHeader(tx: TransactionSql, gameId: string, game: StorableGame, catalog: GameRecordedData['header']['catalog'], mode: 'upload' | 'live', options: RecordOptions) {
    const header = { ...game.recordedHeader, catalog } as GameRecordedData['header'];
    const data: GameRecordedData = { gameId, header, mode, recordedBy: options.principal.name };
    await this.store.append(gameHeadStreamId(gameId), 'no_stream', [{ eventId: randomUUID(), type: GAME_RECORDED, data, metadata: this.metadata(options) }], tx);
  }

  /**
   * The header arrives as JSON text (prepared off the event loop), sent as text: a parameter the
   * server types json would have postgres.js stringify it again.
   */
  private async insertGame(
    tx: TransactionSql,
    gameId: string,
    game: StorableGame,
    mode: 'upload' | 'live',
    outcome: Outcome | null,
    options: RecordOptions,
    contentHash: string | null,
  ): Promise<void> {
    const context = game.game ?? {};
    // Sent at once (`execute`), behind the statements built before it (see storeGame).
    await tx`
      insert into games (game_id, stream_id, system, rules_version, header, mode, external_id, tournament, round,
                         table_number, match, game_number, played_at, catalog_id, players, content_hash,
                         idempotency_key, outcome, recorded_by, ended_at, visibility, recorded_by_token)
      values (${gameId}, ${streamIdOf(gameId)}, ${game.system}, ${game.rulesVersion},
              ${game.headerJson}::text::json, ${mode}, ${context.id ?? null}, ${context.tournament ?? null},
              ${context.round ?? null}, ${context.table ?? null}, ${context.match ?? null}, ${context.gameNumber ?? null},
              ${context.playedAt ?? null}, ${game.catalogId}, ${tx.json(game.players as never)}, ${contentHash},
              ${options.idempotencyKey ?? null}, ${outcome ? tx.json(outcome as never) : null}, ${options.principal.name},
              ${outcome ? this.now() : null}, ${options.visibility ?? 'public'}, ${options.principal.tokenId})`.execute();
  }
}

/**
 * 413: one event would not fit in a Kafka message. For the header (GameRecorded) the path is the
 * document; for a game event, its index in the log (after `versionBefore` stored events).
 */
function eventTooLarge(error: EventTooLargeError, versionBefore = 0): RecordingError {
  const header = error.streamId.startsWith('gamehead-');
  const index = versionBefore + error.index;
  const where = header ? 'the document header (everything but its events; an inline catalog does not count)' : `event ${index} (${error.type})`;
  return new RecordingError('too_large', 'EVENT_TOO_LARGE', `${where} is ${error.bytes} bytes as stored; the limit is ${error.limit} bytes per event`, {
    path: header ? '$' : `$.events[${index}]`,
    ...(header ? {} : { index, type: error.type }),
    bytes: error.bytes,
    limit: error.limit,
  });
}

/** Stores an inline catalog's cards once, by content hash, and returns the reference events carry. */
async function storeInlineCatalog(tx: TransactionSql, game: StorableGame): Promise<CatalogByHash> {
  const catalog = game.inlineCatalog!;
  const { contentHash } = catalog;
  // Clubs upload the same inline catalog with every game: look first, and send its cards (megabytes
  // the database would parse again only to drop) only when they are new.
  const [known] = await tx`select 1 from catalog_contents where content_hash = ${contentHash}`;
  if (!known) {
    await tx`insert into catalog_contents (content_hash, system, cards)
             values (${contentHash}, ${game.system}, ${game.headerJson.slice(...catalog.cardsAt)}::text::jsonb) on conflict (content_hash) do nothing`;
  }
  return catalog.id === undefined ? { contentHash } : { id: catalog.id, contentHash };
}

/** A live game may be opened from a header alone: a document without `events` means no events yet. */
function withEventsKey(input: string | Buffer | unknown): unknown {
  let value = input;
  if (typeof input === 'string' || Buffer.isBuffer(input)) {
    try {
      value = JSON.parse(input.toString());
    } catch {
      return input; // the log format's parser names the line and column
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !('events' in value) ? { ...value, events: [] } : input;
}

function notLive(game: GameRow): RecordingError {
  if (game.outcome) {
    return conflict('GAME_NOT_LIVE', `game ${game.game_id} was uploaded whole and is over (${describeOutcome(game.outcome)}); it takes no more events`);
  }
  return conflict(
    'GAME_NOT_LIVE',
    `game ${game.game_id} was uploaded unfinished (version ${game.version}); to record the rest, POST /v1/games/${game.game_id}/continue ` +
      `and append at expectedVersion ${game.version}; to close it with a result, POST /v1/games/${game.game_id}/close ` +
      `{"result": "win", "winner": "<seat>", "reason": "…"} (or {"result": "draw", "reason": "…"})`,
    { version: Number(game.version), continue: `/v1/games/${game.game_id}/continue`, close: `/v1/games/${game.game_id}/close` },
  );
}

const CLOSE_FIELDS = new Set(['result', 'winner', 'reason', 'expectedVersion']);

/** `{ result: 'win', winner, reason, expectedVersion? }` or `{ result: 'draw', reason, expectedVersion? }`. */
function parseCloseRequest(request: unknown): { outcome: GameClosedData['outcome']; expectedVersion?: number } {
  const bad = (path: string, message: string) => invalid('SCHEMA_VIOLATION', `${path}: ${message}`, { path });
  if (typeof request !== 'object' || request === null || Array.isArray(request)) throw bad('$', 'the body is { result, winner?, reason, expectedVersion? }');
  const body = request as Record<string, unknown>;
  const unknownField = Object.keys(body).find((k) => !CLOSE_FIELDS.has(k));
  if (unknownField !== undefined) throw bad('$', `unknown field "${unknownField.slice(0, 64)}"`);
  const { result, winner, reason, expectedVersion } = body;
  if (result !== 'win' && result !== 'draw') throw bad('$.result', 'one of win, draw');
  if (typeof reason !== 'string' || reason.trim() === '' || reason.length > 200) throw bad('$.reason', 'why the game ended off the board (1 to 200 characters), e.g. "time", "no-show", "judge ruling"');
  if (expectedVersion !== undefined && (typeof expectedVersion !== 'number' || !Number.isInteger(expectedVersion) || expectedVersion < 0)) {
    throw bad('$.expectedVersion', 'the version the organiser last saw, an integer ≥ 0');
  }
  const version = expectedVersion === undefined ? {} : { expectedVersion: expectedVersion as number };
  if (result === 'draw') {
    if (winner !== undefined) throw bad('$.winner', 'a draw has no winner');
    return { outcome: { result, reason }, ...version };
  }
  if (typeof winner !== 'string' || winner === '') throw bad('$.winner', 'the winning seat (p1, p2, …)');
  return { outcome: { result, winner, reason }, ...version };
}

function parseOrThrow(input: string | Buffer | unknown): GameDocument {
  const parsed = parseGameDocument(input);
  if (!parsed.ok) throw formatError(parsed.error);
  return parsed.document;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Printable ASCII, at most 255 characters: what the idempotency index can always hold. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

function checkRecordOptions(options: RecordOptions): void {
  const key = options.idempotencyKey;
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw invalid('BAD_IDEMPOTENCY_KEY', `the Idempotency-Key header is 1 to 255 printable ASCII characters (got ${key.length} characters)`, {
      path: 'header:Idempotency-Key',
    });
  }
  if (options.visibility !== undefined && !isVisibility(options.visibility)) {
    throw invalid('BAD_QUERY', 'visibility must be one of public, unlisted, private', { path: 'visibility' });
  }
}

function keyReused(key: string, gameId: string): RecordingError {
  return new RecordingError('illegal', 'IDEMPOTENCY_KEY_REUSED', `the Idempotency-Key "${key.slice(0, 64)}" was already used by this token for a different game (${gameId}); use a new key for a new game`, {
    id: gameId,
    path: 'header:Idempotency-Key',
  });
}

function systemFor(document: GameDocument): AnyGameSystem {
  const system = findSystem(document.system);
  if (!system) throw unsupportedSystem(document.system);
  return system;
}

function unsupportedSystem(system: string): RecordingError {
  return invalid('UNSUPPORTED_SYSTEM', `no rules engine for "${system}" in this build`, { path: '$.system' });
}

function authorize(principal: Principal, game: GameDocument['game']): void {
  if (!mayRecord(principal, game?.tournament)) throw tournamentForbidden(game?.tournament);
}

function tournamentForbidden(tournament: string | undefined) {
  return forbidden(
    'TOURNAMENT_FORBIDDEN',
    tournament ? `this token may not record games of tournament "${tournament}"` : 'this token records tournament games only; the game names no tournament',
    { tournament: tournament ?? null },
  );
}

function ruleFailure(failure: ReplayFailure, versionBefore = 0): RecordingError {
  if (failure.index < 0) {
    const kind = NOT_FOUND_CODES.has(failure.code) ? 'not_found' : 'illegal';
    return new RecordingError(kind, failure.code, failure.message, { index: null, ...(failure.details ?? {}) });
  }
  // Positions as docs/positions.md fixes them: seq in the game, index (and path) in the submitted events.
  const seq = failure.seq ?? versionBefore + failure.index + 1;
  const details = {
    seq,
    index: failure.index,
    path: `$.events[${failure.index}]`,
    type: failure.type,
    validEvents: seq - 1,
    ...(versionBefore ? { version: versionBefore } : {}),
    ...(failure.details ? { rule: failure.details } : {}),
  };
  const message = `event ${seq} (${failure.type}, $.events[${failure.index}]): ${failure.message}`;
  return new RecordingError(NOT_FOUND_CODES.has(failure.code) ? 'not_found' : 'illegal', failure.code, message, details);
}

const liveSchemas = new Map<string, z.ZodType>();
function parseLiveEvents(system: string, raw: unknown): LogEvent[] {
  const vocabulary = vocabularyFor(system as never);
  if (!vocabulary) throw invalid('UNSUPPORTED_SYSTEM', `system "${system}" is not supported`);
  let schema = liveSchemas.get(system);
  if (!schema) liveSchemas.set(system, (schema = z.array(eventUnionFor(vocabulary.events)).min(1).max(1000)));
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = jsonPath(['events', ...issue.path]);
    throw invalid('SCHEMA_VIOLATION', `${path}: ${issue.message}`, { path });
  }
  return result.data as LogEvent[];
}

function describeOutcome(outcome: Outcome): string {
  return outcome.result === 'draw' ? `draw by ${outcome.reason}` : `${outcome.winner} won by ${outcome.reason}`;
}

/** The latest state of recently recorded live games, by game id and stream version (LRU). */
class LiveStateCache {
  private readonly entries = new Map<string, { version: number; state: unknown }>();

  constructor(private readonly capacity: number) {}

  get(gameId: string, version: number): unknown {
    const entry = this.entries.get(gameId);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(gameId);
    this.entries.set(gameId, entry);
    return entry.state;
  }

  remember(gameId: string, version: number, state: unknown): void {
    this.entries.delete(gameId);
    this.entries.set(gameId, { version, state });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
