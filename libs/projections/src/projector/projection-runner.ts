import type { Fragment, Sql, TransactionSql } from 'postgres';
import { GAME_RECORDED, GameRecordedData, gameHeadStreamId, gameStreamId, isTournamentStream, streamKey } from '@cardlog/events';
import { STEP_WORDING } from '@cardlog/rules';
import { EventStore, StoredEvent } from '@cardlog/store';
import { CatalogSource, GameCatalogs } from './game-catalogs';
import { GameChanges, GameContext, GameHead, HeadSince, StoredHeadRow, encodeHead, projectGame, restoreHead, startHead } from './game-projection';

export type { CatalogSource };
import { TOURNAMENT_TABLES, projectTournamentEvents } from './tournament-projection';


/**
 * The replay snapshot interval unless configured (CARDLOG_SNAPSHOT_EVERY). Every snapshot is the
 * whole state, encoded, sent and stored: at 50 they were 44% of the bytes the projection wrote and
 * ~15% of its CPU; at 100 a seek folds at most 99 events, about 0.3 ms of a Born from Blood game.
 */
export const DEFAULT_SNAPSHOT_EVERY = 100;

export interface RunnerOptions {
  /** Replay snapshot interval: `/state?step=N` folds at most this many events (DEFAULT_SNAPSHOT_EVERY). */
  readonly snapshotEvery?: number;
  /** Games in progress whose folded head this runner keeps for its next batch (HeldHeads); 0 keeps none. */
  readonly heldHeads?: number;
  readonly name?: string;
}

export interface ApplyResult {
  readonly applied: number;
  readonly duplicates: number;
}

/** An event arrived whose predecessor in its stream was never applied: refuse rather than corrupt. */
export class StreamGapError extends Error {
  override readonly name = 'StreamGapError';
}

export const READ_MODEL_TABLES = [
  'rm_replay_step_chunks',
  'rm_replay_snapshots',
  'rm_game_heads',
  'rm_games',
  'rm_game_seats',
  'rm_card_games',
  'rm_card_stats',
  ...TOURNAMENT_TABLES,
  'projection_positions',
  'projection_progress',
] as const;

/**
 * Applies batches of events to every read model with an exactly-once effect: in one transaction
 * it skips events at or below each stream's applied position (at-least-once delivery), applies the
 * rest, and stores the new positions with the rows. The caller acknowledges the batch (commits
 * Kafka offsets) only after `apply` resolves.
 */
export class ProjectionRunner {
  private readonly snapshotEvery: number;
  private readonly name: string;
  private readonly catalogs: GameCatalogs;
  private readonly held: HeldHeads;
  /** Reads the events a head without a state is restored from. */
  private readonly store: EventStore;

  constructor(
    private readonly sql: Sql,
    catalogs: CatalogSource,
    options: RunnerOptions = {},
  ) {
    this.catalogs = new GameCatalogs(catalogs);
    this.snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    this.name = options.name ?? 'projector';
    this.held = new HeldHeads(options.heldHeads ?? 256);
    this.store = new EventStore(sql);
  }

  async apply(events: readonly StoredEvent[]): Promise<ApplyResult> {
    if (events.length === 0) return { applied: 0, duplicates: 0 };
    // The transaction is run by hand on a reserved connection rather than with `sql.begin`, which
    // waits for BEGIN before the first statement and for the last statement before COMMIT: here BEGIN
    // travels with the first reads and COMMIT with the writes, two round trips a batch instead of
    // four (on a loaded server each is a wait for the backend to be scheduled). A failed write aborts
    // the transaction, so the COMMIT behind it rolls back, and the write's error is what is thrown.
    const db = await this.sql.reserve();
    try {
      const tx = db as unknown as TransactionSql;
      const begun = tx`begin`.execute();
      begun.catch(() => undefined);
      const { result, writes, folded } = await this.applyIn(tx, events, begun);
      await Promise.all([...writes, tx`commit`.execute()]);
      // Only a committed fold is kept: a batch that failed took its games' heads out (applyIn) and
      // leaves them out, so the next batch restores them from what the database holds.
      for (const head of folded) this.held.keep(head);
      return result;
    } catch (error) {
      await db`rollback`.catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
  }

  /** Queues the batch's writes on `tx` and returns them unawaited, with what the batch applied. */
  private async applyIn(
    tx: TransactionSql,
    events: readonly StoredEvent[],
    begun: Promise<unknown>,
  ): Promise<{ result: ApplyResult; writes: Promise<unknown>[]; folded: HeldHead[] }> {
    // The heads are read in the same round trip, after the lock on the positions is granted (the
    // statements run in order), so they are those of the last transaction that held it. Games whose
    // head this runner holds are left out: theirs is checked against the positions below. Both
    // streams of every game are locked, the one without events in this batch too: a held head is
    // current only while neither has moved.
    const { games, streamIds } = streamsOf(events);
    const locked = tx<{ stream_id: string; position: string }[]>`
      select stream_id, position from projection_positions where stream_id = any(${streamIds}) for update`.execute();
    const [, rows, heads] = await Promise.all([begun, locked, this.loadHeads(tx, games.filter((g) => !this.held.has(g)))]);
    const positions = new Map(rows.map((r) => [r.stream_id, Number(r.position)]));
    // Where the last committed transaction left each stream: `positions` moves on as the batch is read.
    const committed = new Map(positions);

    const { fresh, duplicates, touched, top } = freshEvents(events, positions);
    if (fresh.length === 0) return { result: { applied: 0, duplicates }, writes: [], folded: [] };

    const { byGame, tournament } = byStream(fresh);
    await projectTournamentEvents(tx, tournament);

    // Every write is sent as it is queued (`execute`), without waiting for the one before: postgres.js
    // pipelines them on the transaction's connection and the server runs them in that order, so the
    // deletes still run before the inserts. The replay rows of a game go out as soon as the game is
    // folded, so the server writes them while the next game is folded here.
    const writes: Promise<unknown>[] = [];
    // Handled at once: a write that fails while a later game is still folded is reported by
    // Promise.all below, not as an unhandled rejection.
    const queue = (write: Promise<unknown>) => {
      write.catch(() => undefined);
      writes.push(write);
    };
    // Each game's head and context first: which games the per-card counters count already is
    // known before any is folded, so every write that replaces old rows can go out before the fold.
    // A head this runner holds is taken out of its keeping here, whatever happens next: the fold
    // changes its state in place, and a batch that fails must not leave a changed state behind.
    const folds: { gameId: string; list: StoredEvent[]; head: GameHead; context: GameContext; owned: boolean }[] = [];
    for (const [gameId, list] of byGame) {
      const held = this.held.take(gameId);
      if (list[0]!.type === GAME_RECORDED) {
        const context = await this.catalogs.contextOf(tx, list[0]!.data as GameRecordedData);
        folds.push({ gameId, list, head: startHead(list[0]!, context), context, owned: false });
      } else if (held && held.gamePosition === (committed.get(gameStreamId(gameId)) ?? 0) && held.headPosition === (committed.get(gameHeadStreamId(gameId)) ?? 0)) {
        // Both of the game's streams are where this runner committed them last (the locked
        // positions): no other runner has applied their events since, so the head it folded then is
        // the stored one.
        folds.push({ gameId, list, head: held.head, context: held.context, owned: true });
      } else {
        // Held but stale (another runner went on with the game), or never held.
        const row = heads.get(gameId) ?? (await this.loadHeads(tx, [gameId])).get(gameId);
        if (!row) throw new StreamGapError(`game ${gameId}: events arrived before its GameRecorded header`);
        const context = await this.catalogs.contextOf(tx, row.header);
        const since = row.state === null ? await this.sinceSnapshot(tx, gameId, row.seq) : undefined;
        folds.push({ gameId, list, head: restoreHead(row, context, since), context, owned: false });
      }
    }

    // The per-card counters (migration 0050) follow the rows they count: the games' old rows are
    // taken out of them before the rows are replaced, and the new rows added after. Only finished
    // games' seats have a result, so only they count: the calls are skipped when there are none.
    const gameIds = folds.map((g) => g.gameId);
    const counted = folds.filter((g) => g.list[0]!.type !== GAME_RECORDED && g.context.system.outcome(g.head.state)).map((g) => g.gameId);
    if (counted.length > 0) queue(tx`select rm_card_stats_add(${counted}::uuid[], -1)`.execute());
    if (gameIds.length > 0) {
      queue(tx`delete from rm_game_seats where game_id = any(${gameIds}::uuid[])`.execute());
      queue(tx`delete from rm_card_games where game_id = any(${gameIds}::uuid[])`.execute());
    }

    // A game's rows go out as soon as it is folded, so the server writes them while the next game
    // is folded here, and little is left to wait for after the last.
    const finished: string[] = [];
    const folded: HeldHead[] = [];
    for (const { gameId, list, head, context, owned } of folds) {
      const change = projectGame(head, list, context, this.snapshotEvery, { owned });
      queue(writeGame(tx, gameId, change, encodeHead(change.head)));
      if (change.game.status === 'finished') finished.push(gameId);
      // A game in progress is likely to go on in a later batch; a finished one seldom does.
      else folded.push({ head: change.head, context, gamePosition: positions.get(gameStreamId(gameId)) ?? 0, headPosition: positions.get(gameHeadStreamId(gameId)) ?? 0 });
      // postgres.js sends a queued statement from a microtask: let it go before folding the next game.
      await undefined;
    }
    if (finished.length > 0) queue(tx`select rm_card_stats_add(${finished}::uuid[], 1)`.execute());
    const positionRows = touched.map((stream_id) => ({ stream_id, position: positions.get(stream_id)! }));
    queue(upsertRows(tx, 'projection_positions', positionRows, tx`on conflict (stream_id) do update set position = excluded.position`));
    queue(tx`
      insert into projection_progress (projector, global_position, events_applied)
      values (${this.name}, ${top}, ${fresh.length})
      on conflict (projector) do update set global_position = greatest(projection_progress.global_position, excluded.global_position),
        events_applied = projection_progress.events_applied + excluded.events_applied, updated_at = now()`.execute());
    return { result: { applied: fresh.length, duplicates }, writes, folded };
  }

  private async loadHeads(tx: TransactionSql, gameIds: string[]): Promise<Map<string, StoredHeadRow>> {
    if (gameIds.length === 0) return new Map();
    const rows = await tx<StoredHeadRow[]>`
      select game_id, header, seq, state, facts from rm_game_heads where game_id = any(${gameIds}::uuid[])`;
    return new Map(rows.map((r) => [r.game_id, r]));
  }

  /** What a head without a state (migration 0090) is restored from: its newest snapshot and the events after it. */
  private async sinceSnapshot(tx: TransactionSql, gameId: string, seq: number): Promise<HeadSince> {
    const [snapshot] = await tx<{ seq: number; state: unknown }[]>`
      select seq, state from rm_replay_snapshots where game_id = ${gameId}::uuid and seq <= ${seq} order by seq desc limit 1`;
    const from = snapshot ? snapshot.seq + 1 : 1;
    const events = seq >= from ? await this.store.readStream(gameStreamId(gameId), { fromPosition: from, limit: seq - from + 1, db: tx }) : [];
    if (events.length !== seq - from + 1) throw new StreamGapError(`game ${gameId}: its head stands at ${seq}, and the store holds ${from + events.length - 1} of its events`);
    return { snapshot: snapshot ? snapshot.state : null, events };
  }
}

// The batch's bookkeeping by stream. A batch holds long runs of one stream's events (a game's are
// stored and published together), and each event's stream id is a string of its own, parsed from its
// message: hashing it for a Map or Set on every event was 5–6% of the Kafka projector's thread. Each
// pass below compares an event's stream id with the one before it (equal strings compare by length
// and characters, no hash) and looks a stream up once per run.

/** The games of a batch (by id) and every stream whose position the batch locks: both of each game's, the one without events too. */
function streamsOf(events: readonly StoredEvent[]): { games: string[]; streamIds: string[] } {
  const games = new Set<string>();
  const tournaments = new Set<string>();
  let previous: string | undefined;
  for (let i = 0; i < events.length; i++) {
    const streamId = events[i]!.streamId;
    if (streamId === previous) continue;
    previous = streamId;
    if (isTournamentStream(streamId)) tournaments.add(streamId);
    else games.add(streamKey(streamId));
  }
  const streamIds = new Set(tournaments);
  for (const game of games) streamIds.add(gameHeadStreamId(game)).add(gameStreamId(game));
  return { games: [...games], streamIds: [...streamIds] };
}

/**
 * The events of a batch not applied yet, with each stream's position moved past them in
 * `positions`, the streams they moved (in order of first appearance) and the highest global
 * position among them. An event at or below its stream's position is a redelivery and skipped; one
 * beyond the next position means a missing event, and the batch is refused.
 */
function freshEvents(
  events: readonly StoredEvent[],
  positions: Map<string, number>,
): { fresh: StoredEvent[]; duplicates: number; touched: string[]; top: number } {
  const fresh: StoredEvent[] = [];
  const touched = new Set<string>();
  let duplicates = 0;
  let top = -Infinity;
  // The stream of the run being read, and its position as far as the run has moved it.
  let streamId: string | undefined;
  let last = 0;
  let moved = false;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    if (event.streamId !== streamId) {
      if (moved) positions.set(streamId!, last);
      streamId = event.streamId;
      last = positions.get(streamId) ?? 0;
      moved = false;
    }
    const position = event.streamPosition;
    if (position <= last) {
      duplicates++;
      continue;
    }
    if (position !== last + 1) {
      throw new StreamGapError(`${streamId}: event ${position} arrived after ${last}; ${last + 1} is missing`);
    }
    last = position;
    if (!moved) {
      moved = true;
      touched.add(streamId);
    }
    if (event.globalPosition > top) top = event.globalPosition;
    fresh.push(event);
  }
  if (moved) positions.set(streamId!, last);
  return { fresh, duplicates, touched: [...touched], top };
}

/** Fresh events by game (both of its streams, in batch order) and the tournament streams' events. */
function byStream(fresh: readonly StoredEvent[]): { byGame: Map<string, StoredEvent[]>; tournament: StoredEvent[] } {
  const byGame = new Map<string, StoredEvent[]>();
  const tournament: StoredEvent[] = [];
  let streamId: string | undefined;
  let list: StoredEvent[] = tournament;
  for (let i = 0; i < fresh.length; i++) {
    const event = fresh[i]!;
    if (event.streamId !== streamId) {
      streamId = event.streamId;
      if (isTournamentStream(streamId)) list = tournament;
      else {
        const key = streamKey(streamId);
        const known = byGame.get(key);
        if (known) list = known;
        else byGame.set(key, (list = []));
      }
    }
    list.push(event);
  }
  return { byGame, tournament };
}

/** A game's head as this runner committed it, with the context it was folded in and its stream's position. */
interface HeldHead {
  readonly head: GameHead;
  readonly context: GameContext;
  /**
   * The applied positions of the game's two streams (`game-<id>`, `gamehead-<id>`; 0 for none) that
   * the head's transaction stored. Both count: the batch after the one that brought the header
   * begins on the other stream.
   */
  readonly gamePosition: number;
  readonly headPosition: number;
}

/**
 * The heads of games in progress that this runner folded and committed last, the least recently
 * kept dropped first. A game's next batch goes on from its held head instead of reading the head's
 * row and restoring its state (the newest snapshot with the events after it folded in): the row is
 * written by the same fold, so they are equal as long as the game's streams are at the applied
 * positions the head was kept with (the runner checks them under the positions' lock). Another
 * runner that applies either stream in between moves its position, and the held head is not used.
 */
class HeldHeads {
  private readonly heads = new Map<string, HeldHead>();

  constructor(private readonly capacity: number) {}

  has(gameId: string): boolean {
    return this.heads.has(gameId);
  }

  /** The head held for the game, which is no longer held. */
  take(gameId: string): HeldHead | undefined {
    const held = this.heads.get(gameId);
    this.heads.delete(gameId);
    return held;
  }

  keep(held: HeldHead): void {
    if (this.capacity === 0) return;
    this.heads.delete(held.head.gameId);
    this.heads.set(held.head.gameId, held);
    if (this.heads.size > this.capacity) this.heads.delete(this.heads.keys().next().value!);
  }
}

/**
 * Queues one insert of all `rows` (objects with the same keys, named after the table's columns),
 * sent as a single JSON text parameter that the server expands with json_populate_recordset. The
 * statement's text depends only on the table and its columns, so postgres.js prepares it once per
 * connection; a multi-row VALUES list would be a new statement (a describe round trip, a prepared
 * statement kept on both sides) for every row count, and thousands of parameters to bind one by one.
 */
function insertRows(tx: TransactionSql, table: string, rows: readonly object[], conflict?: Fragment): Promise<unknown> {
  if (rows.length === 0) return Promise.resolve();
  const columns = Object.keys(rows[0]!);
  return tx`insert into ${tx(table)} (${tx(columns)})
    select ${tx(columns)} from json_populate_recordset(null::${tx(table)}, ${JSON.stringify(rows)}::text::json)
    ${conflict ?? tx``}`.execute();
}

function upsertRows(tx: TransactionSql, table: string, rows: readonly object[], conflict: Fragment): Promise<unknown> {
  return insertRows(tx, table, rows, conflict);
}

/**
 * Queues one statement that writes everything a batch changed for one game: its new step chunks and
 * snapshots, its seats, card rows, summary and head, each table's insert a data-modifying CTE of it
 * (no two touch the same table). One statement instead of about ten per game and batch: each was a
 * socket write that woke the server, and a statement's own overhead there. Each chunk and state is
 * still a parameter of its own (text cast to json: checked once), so the statement's text varies with
 * their numbers; postgres.js prepares each variant once per connection, and games have few.
 */
function writeGame(tx: TransactionSql, gameId: string, change: GameChanges, head: ReturnType<typeof encodeHead>): Promise<unknown> {
  const parts: Fragment[] = [];
  const chunks = change.chunks;
  if (chunks.length > 0) {
    // A chunk the game's earlier batches began: its new steps follow the stored ones.
    // A chunk keeps the older of its wordings (migration 0096): one begun in an older wording is still due its refresh.
    parts.push(tx`steps as (insert into rm_replay_step_chunks (game_id, chunk, steps, wording) values ${chunks.map(
      ({ chunk, steps }, i) => tx`${i > 0 ? tx`,` : tx``} (${gameId}::uuid, ${chunk}::int, ${JSON.stringify(steps)}::text::json, ${STEP_WORDING}::smallint)`,
    )}
      on conflict (game_id, chunk) do update set steps = (rm_replay_step_chunks.steps::jsonb || excluded.steps::jsonb)::json,
        wording = least(rm_replay_step_chunks.wording, excluded.wording))`);
  }
  if (change.snapshots.length > 0) {
    parts.push(tx`snapshots as (insert into rm_replay_snapshots (game_id, seq, state) values ${change.snapshots.map(
      ({ seq, state }, i) => tx`${i > 0 ? tx`,` : tx``} (${gameId}::uuid, ${seq}::int, ${state}::text::json)`,
    )})`);
  }
  if (change.seats.length > 0) parts.push(tx`seats as (${rowsFrom(tx, 'rm_game_seats', change.seats)})`);
  if (change.cards.length > 0) parts.push(tx`cards as (${rowsFrom(tx, 'rm_card_games', change.cards)})`);
  parts.push(tx`game as (${rowsFrom(
    tx,
    'rm_games',
    [change.game],
    tx`on conflict (game_id) do update set first_player = excluded.first_player, events = excluded.events,
         turns = excluded.turns, status = excluded.status, result = excluded.result, winner = excluded.winner,
         end_reason = excluded.end_reason`,
  )})`);
  return tx`with ${parts.map((part, i) => (i > 0 ? tx`, ${part}` : part))}
    insert into rm_game_heads (game_id, header, seq, state, facts)
    values (${head.game_id}::uuid, ${JSON.stringify(head.header)}::text::json, ${head.seq}::int,
      ${head.state}::text::json, ${head.facts}::text::json)
    on conflict (game_id) do update set seq = excluded.seq, state = excluded.state, facts = excluded.facts`.execute();
}

/** An insert of `rows` from one JSON parameter (see insertRows), as a fragment. */
function rowsFrom(tx: TransactionSql, table: string, rows: readonly object[], conflict?: Fragment): Fragment {
  const columns = Object.keys(rows[0]!);
  return tx`insert into ${tx(table)} (${tx(columns)})
    select ${tx(columns)} from json_populate_recordset(null::${tx(table)}, ${JSON.stringify(rows)}::text::json)
    ${conflict ?? tx``}`;
}

/**
 * A read-model row as JSON with every object's keys in sorted order, for comparing two builds row
 * for row: the projector's states are json columns (migration 0060), which keep the key order they
 * were written with, and a state restored between batches may list equal fields in another order.
 */
export function canonicalRowJson(row: unknown): string {
  return JSON.stringify(row, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

