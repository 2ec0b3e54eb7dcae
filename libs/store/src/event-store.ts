import type { Sql, TransactionSql } from 'postgres';
import { EventIdConflictError, EventTooLargeError, ExpectedVersion, WrongExpectedVersionError } from './errors';

/**
 * The largest event the store accepts: its data and metadata as JSON, in UTF-8 bytes. Every event
 * travels as one Kafka message, and the broker and topic are configured for KAFKA_MESSAGE_MAX_BYTES
 * (2 MiB, libs/bus); this bound leaves room for the envelope and headers, so an event that is
 * stored can always be published. Large immutable content (card catalogs) is stored once by
 * content hash and referenced, never carried in events.
 */
export const MAX_EVENT_BYTES = 1024 * 1024;
import { inTransaction } from './transaction';

export interface NewEvent {
  /** Chosen by the writer (a UUID), so a retried append is recognised and not stored twice. */
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion?: number;
  readonly data: unknown;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** What an event holds apart from its id and metadata. */
export type EventContent = Omit<NewEvent, 'eventId' | 'metadata'>;

/**
 * Events encoded ahead of their append, off the event loop (the upload's worker thread): each
 * event's fields as JSON text, without the id and metadata the append gives them (see
 * `encodeEventRows`).
 */
export interface EncodedEventRows {
  readonly fields: readonly string[];
  /** The events whose data is over half of MAX_EVENT_BYTES (in UTF-8 bytes): only they can pass it with the metadata. */
  readonly large: readonly { readonly index: number; readonly type: string; readonly bytes: number }[];
}

export interface StoredEvent {
  readonly globalPosition: number;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
  readonly recordedAt: Date;
  /** The writing transaction (xid8, as a decimal string); part of the commit-order checkpoint. */
  readonly transactionId: string;
}

export interface AppendResult {
  readonly streamId: string;
  /** The stream's version after the append: the position of its last event. */
  readonly version: number;
  readonly firstPosition: number;
  readonly globalPositions: readonly number[];
  /** True when these exact events were already stored by an earlier try of the same append. */
  readonly duplicate: boolean;
}

/** A position in commit order: everything at or before it has been read. */
export interface Checkpoint {
  readonly transactionId: string;
  readonly globalPosition: number;
}

export const START: Checkpoint = { transactionId: '0', globalPosition: 0 };

export interface ReadAllResult {
  readonly events: StoredEvent[];
  /** Where the next read continues; unchanged when nothing was read. */
  readonly checkpoint: Checkpoint;
}

type Db = Sql | TransactionSql;

interface EarlierRow {
  event_id: string;
  stream_id: string;
  stream_position: string;
  global_position: string;
}

interface EventRow {
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
  transaction_id: string;
}

const COLUMNS = ['global_position', 'stream_id', 'stream_position', 'event_id', 'type', 'schema_version', 'data', 'metadata', 'recorded_at', 'transaction_id'];

function toStored(row: EventRow): StoredEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    transactionId: row.transaction_id,
  };
}

/**
 * The event store over postgres.js. The same SQL runs on PostgreSQL 15+ and on embedded PGlite.
 */
export class EventStore {
  constructor(private readonly sql: Sql) {}

  /**
   * Runs `work` in one transaction; appends inside it commit or roll back with the caller's writes.
   * Its first statement announces the transaction as a writer of events (see `readAll`), before
   * any write gives it a transaction id; it has a connection reserved for it (see `inTransaction`).
   */
  transaction<T>(work: (tx: TransactionSql) => Promise<T>): Promise<T> {
    return inTransaction(this.sql, async (tx) => {
      // The lock goes out with the work's first statements, in one round trip, ahead of them.
      const announced = announceWriter(tx);
      ANNOUNCED.add(tx);
      const [, result] = await Promise.all([announced, work(tx)]);
      return result;
    });
  }

  /**
   * Appends events at the end of a stream, all or nothing, when the stream is at `expected`.
   * A retry of an append that already succeeded (same event ids, same stream, same order) returns
   * the original result with `duplicate: true` and writes nothing.
   */
  async append(streamId: string, expected: ExpectedVersion, events: readonly NewEvent[], tx?: TransactionSql): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    return this.appendBatch(streamId, expected, encodeEvents(streamId, events), tx);
  }

  /** `append` of events encoded beforehand (`encodeEventRows`), with their ids, each given `metadata`. */
  async appendEncoded(streamId: string, expected: ExpectedVersion, eventIds: readonly string[], rows: EncodedEventRows, metadata: Readonly<Record<string, unknown>>, tx?: TransactionSql): Promise<AppendResult> {
    if (eventIds.length === 0) throw new Error('append needs at least one event');
    if (eventIds.length !== rows.fields.length) throw new Error(`${eventIds.length} event ids for ${rows.fields.length} events`);
    const metadataJson = JSON.stringify(metadata);
    const metadataBytes = Buffer.byteLength(metadataJson, 'utf8');
    // Every event left out of `large` fits with metadata up to half the limit.
    if (ENVELOPE_CHARS + metadataBytes > MAX_EVENT_BYTES / 2) throw new Error(`metadata of ${metadataBytes} bytes is too large for encoded events`);
    const tooLarge = rows.large.find((e) => ENVELOPE_CHARS + e.bytes + metadataBytes > MAX_EVENT_BYTES);
    if (tooLarge) throw new EventTooLargeError(streamId, tooLarge.index, tooLarge.type, ENVELOPE_CHARS + tooLarge.bytes + metadataBytes, MAX_EVENT_BYTES);
    return this.appendBatch(streamId, expected, { eventIds, rowsJson: rowsJsonOf(eventIds, rows.fields), sharedMetadataJson: metadataJson }, tx);
  }

  private appendBatch(streamId: string, expected: ExpectedVersion, batch: EncodedEvents, tx: TransactionSql | undefined): Promise<AppendResult> {
    if (tx) return this.appendIn(tx, streamId, expected, batch);
    return this.transaction((t) => this.appendIn(t, streamId, expected, batch));
  }

  private async appendIn(tx: TransactionSql, streamId: string, expected: ExpectedVersion, batch: EncodedEvents): Promise<AppendResult> {
    if (expected === 'no_stream') {
      // A new stream (every upload) in one round trip: the stream's row is created, which holds it
      // as the lock below would, and the events go in with it. A stream that exists already
      // (created empty, or by another try of this append) takes the general way below.
      const [, created] = await Promise.all([announceWriterOnce(tx), insertOrExplain(streamId, insertEvents(tx, streamId, null, batch))]);
      if (created.count > 0) return appended(streamId, 0, created);
    }
    // Four statements, one round trip: each is sent as it is built (`execute`) and they run in this
    // order on the transaction's connection (postgres.js pipelines queries not awaited one by one), so the
    // duplicate lookup runs once the stream's lock is held, as it did when each was awaited.
    const [, , locked, earlier] = await Promise.all([
      // Cheap when `transaction` already did it; it matters for callers that began the transaction
      // themselves (they must not write before their first append, see `readAll`). Done above for a new stream.
      expected === 'no_stream' ? null : announceWriterOnce(tx),
      // Lock the stream row (creating it at version 0): concurrent appends to one stream queue here.
      tx`insert into streams (stream_id) values (${streamId}) on conflict (stream_id) do nothing`.execute(),
      tx<{ version: string }[]>`select version from streams where stream_id = ${streamId} for update`.execute(),
      this.earlierAppendRows(tx, streamId, batch.eventIds),
    ]);
    const version = Number(locked[0]!.version);

    const duplicate = this.earlierAppend(streamId, batch.eventIds, earlier);
    if (duplicate) return duplicate;

    const expectedNumber = expected === 'no_stream' ? 0 : expected;
    if (expectedNumber !== 'any' && expectedNumber !== version) {
      throw new WrongExpectedVersionError(streamId, expected, version);
    }
    return appended(streamId, version, await insertOrExplain(streamId, insertEvents(tx, streamId, version, batch)));
  }

  /**
   * Rows that already hold these event ids. Only a stream with events can hold an earlier try of
   * this append, so for a new stream (every upload) the lookup is a one-time filter that skips the
   * probes; ids taken in another stream are still refused, by the insert's unique index.
   */
  private earlierAppendRows(tx: TransactionSql, streamId: string, ids: readonly string[]) {
    return tx<EarlierRow[]>`
      select event_id, stream_id, stream_position, global_position from events
      where exists (select 1 from streams where stream_id = ${streamId} and version > 0) and event_id = any(${ids}::uuid[])`.execute();
  }

  /** The result of an earlier try of this very append, from the rows that already hold its event ids. */
  private earlierAppend(streamId: string, ids: readonly string[], found: readonly EarlierRow[]): AppendResult | null {
    if (found.length === 0) return null;
    const byId = new Map(found.map((r) => [r.event_id, r]));
    const rows = ids.map((id) => byId.get(id));
    const first = rows[0];
    const sameAppend =
      first !== undefined &&
      rows.every(
        (r, i) => r !== undefined && r.stream_id === streamId && Number(r.stream_position) === Number(first.stream_position) + i,
      );
    if (!sameAppend) throw new EventIdConflictError(streamId, found.map((r) => r.event_id));
    const firstPosition = Number(first.stream_position);
    return {
      streamId,
      version: firstPosition + ids.length - 1,
      firstPosition,
      globalPositions: rows.map((r) => Number(r!.global_position)),
      duplicate: true,
    };
  }

  /** The events of one stream in order, from `fromPosition` (1-based, inclusive). */
  async readStream(streamId: string, options: { fromPosition?: number; limit?: number; db?: Db } = {}): Promise<StoredEvent[]> {
    const db = options.db ?? this.sql;
    const rows = await db<EventRow[]>`
      select ${db(COLUMNS)} from events
      where stream_id = ${streamId} and stream_position >= ${options.fromPosition ?? 1}
      order by stream_position
      limit ${options.limit ?? 1_000_000}`;
    return rows.map(toStored);
  }

  /** The stream's version (0 when it has no events). */
  async streamVersion(streamId: string, db: Db = this.sql): Promise<number> {
    const [row] = await db<{ version: string }[]>`select version from streams where stream_id = ${streamId}`;
    return row ? Number(row.version) : 0;
  }

  /**
   * Events of every stream after `after`, in commit order: by writing transaction id, then position.
   * Only transactions below a horizon are returned, so a reader that stores the returned checkpoint
   * never skips an event that commits later with a smaller transaction id. The horizon is the
   * oldest transaction id still in flight among the writers of `events` (every writer takes a
   * ROW EXCLUSIVE lock on it before it gets a transaction id; `pg_locks` lists them), or, with none
   * in flight, the next transaction id to be assigned. Unlike `pg_snapshot_xmin`, it is not held
   * back by transactions that never write events, in this database or any other of the cluster
   * (docs/pipeline.md, "The relay's horizon").
   */
  async readAll(after: Checkpoint = START, limit = 1000, db: Db = this.sql): Promise<ReadAllResult> {
    const horizon = await this.horizon(db);
    const rows = await db<EventRow[]>`
      select ${db(COLUMNS)} from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})
        and transaction_id < ${horizon}::xid8
      order by transaction_id, global_position
      limit ${limit}`;
    const events = rows.map(toStored);
    const last = events[events.length - 1];
    return { events, checkpoint: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : after };
  }

  /**
   * The commit-order horizon (as a decimal xid8), read in its own statement *before* the statement
   * that reads events: a writer that held no lock then either had committed already (its events
   * are visible to the later statement) or gets its transaction id after this statement, at or
   * above `next`. Transaction ids in pg_locks are 32-bit; they are widened by their signed distance
   * from `next`. `next` is the snapshot's xmax, one past the newest *completed* transaction, so an
   * in-flight writer may be above it as well as below (within 2^31 either way): widening as if it
   * were always below once turned such a writer into a negative horizon, which xid8 read as a huge
   * one, and a transaction committed after that writer was published before it, past it for good.
   */
  async horizon(db: Db = this.sql): Promise<string> {
    const [row] = await db<{ next: string; writers: string[] | null }[]>`
      select pg_snapshot_xmax(pg_current_snapshot())::text as next, (
        select array_agg(x.transactionid::text)
        from pg_locks r
        join pg_locks x on x.pid = r.pid and x.locktype = 'transactionid' and x.granted and x.mode = 'ExclusiveLock'
        where r.locktype = 'relation' and r.database = (select oid from pg_database where datname = current_database())
          and r.relation = 'events'::regclass and r.mode <> 'AccessShareLock' and r.pid <> pg_backend_pid()
      ) as writers`;
    return commitHorizon(row!.next, row!.writers ?? []);
  }

  /** The newest position in the store (relay and projector lag are measured from it). */
  async head(db: Db = this.sql): Promise<{ globalPosition: number }> {
    const [row] = await db<{ last: string | null }[]>`select max(global_position) as last from events`;
    return { globalPosition: Number(row?.last ?? 0) };
  }
}

const XID_SPAN = 2n ** 32n;

/**
 * The horizon from a snapshot's xmax (`next`, a full 64-bit id) and the 32-bit ids of the events
 * writers in flight: the oldest writer, or `next` when none is older. Each writer's id is widened
 * to 64 bits by its signed distance from `next`, since it may lie above `next` as well as below.
 */
export function commitHorizon(next: string, writers: readonly string[]): string {
  const n = BigInt(next);
  let horizon = n;
  for (const writer of writers) {
    let distance = (BigInt(writer) - (n % XID_SPAN)) % XID_SPAN;
    if (distance < 0n) distance += XID_SPAN;
    if (distance >= XID_SPAN / 2n) distance -= XID_SPAN;
    const full = n + distance;
    if (full < 0n) throw new Error(`transaction ${writer} cannot be widened against ${next}`);
    if (full < horizon) horizon = full;
  }
  return horizon.toString();
}

/**
 * Transactions begun by `EventStore.transaction`, whose first statement was `announceWriter`: an
 * append inside one need not send it again (an upload appends twice; the lock is held until the end).
 * A reserved connection is a new object for every reservation, so a mark never outlives its transaction.
 */
const ANNOUNCED = new WeakSet<object>();

/** `announceWriter`, unless `transaction` already sent it on this transaction. */
function announceWriterOnce(tx: TransactionSql) {
  return ANNOUNCED.has(tx) ? null : announceWriter(tx);
}

/**
 * Marks the transaction as a writer of events before it has a transaction id (see readAll). Sent
 * at once (`execute`): statements built after it go after it. (An awaited query is sent a few
 * microtasks later, behind the ones executed meanwhile.)
 */
function announceWriter(tx: TransactionSql) {
  return tx`lock table events in row exclusive mode`.execute();
}

/**
 * A batch of events as the insert takes it: one JSON array of rows, built once (each event's data
 * is serialised once, and its size checked from that text). Metadata shared by the whole batch (the
 * recorder gives every event of an append the same object) is sent once, beside the rows.
 */
interface EncodedEvents {
  readonly eventIds: readonly string[];
  readonly rowsJson: string;
  readonly sharedMetadataJson: string | null;
}

/** `{"data":…,"metadata":…}`: the text whose size MAX_EVENT_BYTES bounds, around the two values. */
const ENVELOPE_CHARS = '{"data":,"metadata":}'.length;

function encodeEvents(streamId: string, events: readonly NewEvent[]): EncodedEvents {
  const first = events[0]!.metadata;
  const shared = events.every((e) => e.metadata === first);
  const sharedJson = shared ? JSON.stringify(first ?? {}) : null;
  const fields = events.map((event, index) => {
    const data = JSON.stringify(event.data) as string | undefined;
    const metadata = shared ? null : JSON.stringify(event.metadata ?? {});
    checkSize(streamId, index, event.type, data, metadata ?? sharedJson!);
    return fieldsOf(event, data, metadata);
  });
  const eventIds = events.map((e) => e.eventId);
  return { eventIds, rowsJson: rowsJsonOf(eventIds, fields), sharedMetadataJson: sharedJson };
}

/**
 * Events as `appendEncoded` takes them, their ids and metadata left for the append to give: what
 * an upload's worker thread prepares, so the event loop only joins texts.
 */
export function encodeEventRows(events: readonly EventContent[]): EncodedEventRows {
  const large: { index: number; type: string; bytes: number }[] = [];
  const fields = events.map((event, index) => {
    const data = JSON.stringify(event.data) as string | undefined;
    // A UTF-16 unit is at most 3 bytes of UTF-8: only a text that long can be over half the limit.
    if (data !== undefined && (ENVELOPE_CHARS + data.length) * 3 > MAX_EVENT_BYTES / 2) {
      const bytes = Buffer.byteLength(data, 'utf8');
      if (ENVELOPE_CHARS + bytes > MAX_EVENT_BYTES / 2) large.push({ index, type: event.type, bytes });
    }
    return fieldsOf(event, data, null);
  });
  return { fields, large };
}

/** One row's fields but its id, as JSON text (`data`: the event's data as JSON, `metadata`: its own, if not shared). */
function fieldsOf(event: EventContent, data: string | undefined, metadata: string | null): string {
  // A value JSON.stringify leaves out (undefined) leaves the column null, which the table refuses.
  const dataField = data === undefined ? '' : `,"data":${data}`;
  const metadataField = metadata === null ? '' : `,"metadata":${metadata}`;
  return `"type":${JSON.stringify(event.type)},"schema_version":${event.schemaVersion ?? 1}${dataField}${metadataField}`;
}

function rowsJsonOf(eventIds: readonly string[], fields: readonly string[]): string {
  let rows = '[';
  for (let i = 0; i < fields.length; i++) rows += `${i === 0 ? '' : ','}{"event_id":${JSON.stringify(eventIds[i])},${fields[i]}}`;
  return `${rows}]`;
}

function checkSize(streamId: string, index: number, type: string, data: string | undefined, metadata: string): void {
  const chars = ENVELOPE_CHARS + (data?.length ?? 0) + metadata.length;
  // A UTF-16 unit is at most 3 bytes of UTF-8: only a text that long can be over the limit.
  if (chars * 3 <= MAX_EVENT_BYTES) return;
  const bytes = ENVELOPE_CHARS + Buffer.byteLength(data ?? '', 'utf8') + Buffer.byteLength(metadata, 'utf8');
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(streamId, index, type, bytes, MAX_EVENT_BYTES);
}

/**
 * Inserts the batch after `version`, in one statement. With `version` null the stream is new: its
 * row is created in the same statement, and nothing is inserted (no rows come back) when it exists.
 * The rows travel as JSON text, cast by the server (typed json, postgres.js would serialise the
 * text again); the database advances the stream's version from them (migration 0011), so the
 * runtime role needs no grant to write versions.
 */
function insertEvents(tx: TransactionSql, streamId: string, version: number | null, batch: EncodedEvents) {
  const rows = tx`
    rows from (jsonb_to_recordset(${batch.rowsJson}::text::jsonb) as (event_id uuid, type text, schema_version integer, data jsonb, metadata jsonb))
      with ordinality as r(event_id, type, schema_version, data, metadata, n)`;
  // The shared metadata in a subquery: converted once per statement (an InitPlan), where a cast of
  // the parameter was converted again for every row under a generic plan (1–2 µs per event).
  const metadata = tx`coalesce(r.metadata, (select ${batch.sharedMetadataJson}::text::jsonb))`;
  // The positions come back as one row (each event's in stream order, as text), where a row per
  // event cost the server a message each and the client a row each to parse.
  const inserted =
    version === null
      ? tx<InsertedRows[]>`
          with created as (insert into streams (stream_id) values (${streamId}) on conflict (stream_id) do nothing returning stream_id),
          inserted as (
            insert into events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
            select c.stream_id, r.n, r.event_id, r.type, r.schema_version, r.data, ${metadata}
            from created c, ${rows}
            order by r.n
            returning global_position, stream_position)
          select count(*)::int as count, array_to_string(array_agg(global_position order by stream_position), ',') as positions from inserted`
      : tx<InsertedRows[]>`
          with inserted as (
            insert into events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
            select ${streamId}, ${version}::bigint + r.n, r.event_id, r.type, r.schema_version, r.data, ${metadata}
            from ${rows}
            order by r.n
            returning global_position, stream_position)
          select count(*)::int as count, array_to_string(array_agg(global_position order by stream_position), ',') as positions from inserted`;
  return inserted.execute().then(([row]) => row!);
}

/** The rows an insert wrote: how many, and their global positions in stream order (comma-separated; null for none). */
interface InsertedRows {
  count: number;
  positions: string | null;
}

function appended(streamId: string, version: number, inserted: InsertedRows): AppendResult {
  const globalPositions = inserted.positions === null ? [] : inserted.positions.split(',').map(Number);
  return { streamId, version: version + inserted.count, firstPosition: version + 1, globalPositions, duplicate: false };
}

/** A concurrent writer may store one of these event ids between our check and our insert. */
async function insertOrExplain<T>(streamId: string, query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    const e = error as { code?: string; constraint_name?: string; detail?: string };
    if (e.code === '23505' && e.constraint_name === 'events_event_id_key') {
      throw new EventIdConflictError(streamId, [/\(event_id\)=\(([^)]+)\)/.exec(e.detail ?? '')?.[1] ?? 'unknown']);
    }
    throw error;
  }
}
