import type { ReservedSql, Sql } from 'postgres';
import { Checkpoint, EventStore, START, StoredEvent } from '@cardlog/store';
import { PublishError, Transport } from './transport';

export interface RelayLogger {
  log(message: string): void;
  warn(message: string): void;
  error?(message: string): void;
}

export interface RelayOptions {
  /** The checkpoint's name; one per destination. */
  readonly name?: string;
  readonly batchSize?: number;
  /** How often to look for new events when no notification arrives. */
  readonly pollIntervalMs?: number;
  /** Hold a Postgres advisory lock so only one relay publishes (a second one waits). */
  readonly exclusive?: boolean;
  /** LISTEN for the append notification (needs a spare connection; off on embedded PGlite). */
  readonly listen?: boolean;
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /**
   * After taking the lock, wait this long before publishing (exclusive relays only). A relay that
   * lost its lock (its backend died) notices before its next request and stops; this wait covers
   * the one request it may still have in flight, so the two never publish the same events.
   * It must exceed the longest publish (bounded by the producer's timeouts). Default 15 s.
   * Skipped when the previous holder released the lock cleanly, or no relay ever held it
   * (`relay_lock_holders`): then nothing can be in flight.
   */
  readonly takeoverDelayMs?: number;
  /**
   * A client of one connection of its own that holds the lock's session (exclusive relays). Without
   * it the relay reserves a connection of the pool; postgres.js 3.4.9 then crashes the process with
   * an uncaught TypeError when that connection is queried or released after its backend died
   * (porsager/postgres#1208), as in a database restart. A pooled client just opens a new session,
   * in which the fencing check finds the lock gone.
   */
  readonly lockSession?: Sql;
  readonly logger?: RelayLogger;
}

/** An event the transport refuses for good (over the broker's limits): the relay stops on it. */
export interface StalledEvent {
  readonly eventId: string;
  readonly globalPosition: number;
  readonly streamId: string;
  readonly type: string;
  readonly reason: string;
  readonly since: string;
}

export interface RelayStatus {
  readonly running: boolean;
  /** True while this instance holds the relay lock (always true when not exclusive). */
  readonly active: boolean;
  readonly checkpoint: Checkpoint;
  readonly published: number;
  readonly failures: number;
  readonly lastError: string | null;
  /** Set while the relay is stopped on an event the transport will never take. */
  readonly stalled: StalledEvent | null;
  /** Times this instance found its lock gone (its database session died) and stood down. */
  readonly locksLost: number;
}

/** What is still to publish, measured from the store's head (not from Kafka offsets). */
export interface RelayLag {
  /** Events after the stored checkpoint, in commit order. */
  readonly events: number;
  /** Age of the oldest of them, in milliseconds (0 when none). */
  readonly oldestUnpublishedMs: number;
  readonly checkpoint: Checkpoint;
  readonly headPosition: number;
}

class LockLostError extends Error {
  override readonly name = 'LockLostError';
}

class EventRefusedError extends Error {
  override readonly name = 'EventRefusedError';
  constructor(
    readonly event: StoredEvent,
    override readonly cause: unknown,
  ) {
    super(`event ${event.eventId} (${event.type}, position ${event.globalPosition}) is refused by the transport: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** Arbitrary constant naming the relay's advisory lock. */
const RELAY_LOCK = 0x0ca7d4e1;

const quietLogger: RelayLogger = { log: () => undefined, warn: () => undefined };

/**
 * The transactional outbox's relay. The events table is the outbox: the relay reads events after
 * its checkpoint in commit order (see EventStore.readAll), hands them to the transport, and only
 * then advances its checkpoint, in Postgres. A crash between the two republishes a batch, which the
 * projector skips as duplicates; nothing is lost and no game's order changes. When the transport
 * fails (Kafka down) it retries with exponential backoff while the API keeps accepting games.
 */
export class OutboxRelay {
  private readonly name: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly logger: RelayLogger;

  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private backingOff = false;
  private lockConnection: Sql | ReservedSql | null = null;
  /** The backend that holds the lock (pid and start time, so a reused pid is not mistaken for it). */
  private lockHolder: { pid: number; startedAt: string } | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly takeoverDelayMs: number;
  /** A publish failed and none has succeeded since: the transport may still deliver it late. */
  private publishUnsettled = false;
  private state: {
    active: boolean;
    checkpoint: Checkpoint;
    published: number;
    failures: number;
    lastError: string | null;
    stalled: StalledEvent | null;
    locksLost: number;
  } = {
    active: false,
    checkpoint: START,
    published: 0,
    failures: 0,
    lastError: null,
    stalled: null,
    locksLost: 0,
  };

  constructor(
    private readonly sql: Sql,
    private readonly store: EventStore,
    private readonly transport: Transport,
    private readonly options: RelayOptions = {},
  ) {
    this.name = options.name ?? transport.name;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.backoff = { initialMs: 200, maxMs: 10_000, ...options.backoff };
    this.logger = options.logger ?? quietLogger;
    this.takeoverDelayMs = options.takeoverDelayMs ?? 15_000;
  }

  status(): RelayStatus {
    return { running: this.running, ...this.state };
  }

  /**
   * How far the stored checkpoint (whoever holds the lock) is behind the store's head. `sql` lets a
   * health check ask on its own connection rather than wait for one of the pool's.
   */
  async lag(sql: Sql = this.sql): Promise<RelayLag> {
    const checkpoint = await this.loadCheckpoint(sql);
    const [row] = await sql<{ events: string; oldest: Date | null; head: string | null }[]>`
      select count(*) as events, min(recorded_at) as oldest, (select max(global_position) from events) as head
      from events where (transaction_id, global_position) > (${checkpoint.transactionId}::xid8, ${checkpoint.globalPosition})`;
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    return {
      events: Number(row?.events ?? 0),
      oldestUnpublishedMs: oldest === null ? 0 : Math.max(0, Date.now() - oldest),
      checkpoint,
      headPosition: Number(row?.head ?? 0),
    };
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.options.listen) {
      const listener = await this.sql.listen('cardlog_events', () => this.wake());
      this.unlisten = () => listener.unlisten();
    }
    this.loop = this.run().catch((error: Error) => {
      this.logger.warn(`relay ${this.name} stopped: ${error.message}`);
      this.running = false;
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    await this.releaseLock();
  }

  /** Look for new events now (called after an in-process append, or by NOTIFY); not during a backoff. */
  wake(): void {
    if (this.backingOff && this.running) return;
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Publishes until nothing is left after the checkpoint (for tools and tests; needs no loop). */
  async drain(): Promise<number> {
    this.state.checkpoint = await this.loadCheckpoint();
    let total = 0;
    for (;;) {
      const n = await this.publishNext();
      if (n === 0) return total;
      total += n;
    }
  }

  private async run(): Promise<void> {
    let delay = this.backoff.initialMs;
    let checkpointLoaded = false;
    while (this.running) {
      const lock = await this.holdLock();
      if (lock === 'waiting') {
        await this.sleep(this.pollIntervalMs);
        continue;
      }
      if (lock.taken) {
        checkpointLoaded = false;
        if (lock.fence) {
          // Fencing: a previous holder whose session died may still have one request in flight.
          await this.sleepFor(this.takeoverDelayMs);
          if (!this.running) break;
        }
      }
      try {
        if (!checkpointLoaded) {
          this.state.checkpoint = await this.loadCheckpoint();
          checkpointLoaded = true;
        }
        const published = await this.publishNext();
        delay = this.backoff.initialMs;
        if (this.state.stalled) {
          this.logger.log(`relay ${this.name}: event ${this.state.stalled.eventId} was published after all; resuming`);
          this.state.stalled = null;
        }
        if (published === 0) await this.sleep(this.pollIntervalMs);
      } catch (error) {
        this.state.failures++;
        this.state.lastError = (error as Error).message;
        if (error instanceof LockLostError) {
          this.logger.warn(`relay ${this.name}: ${error.message}; stopped publishing`);
          checkpointLoaded = false;
          continue;
        }
        if (error instanceof EventRefusedError) this.stall(error);
        else this.logger.warn(`relay ${this.name}: ${(error as Error).message}; retrying in ${delay} ms`);
        this.backingOff = true;
        await this.sleepFor(error instanceof EventRefusedError ? this.backoff.maxMs : delay);
        this.backingOff = false;
        delay = Math.min(delay * 2, this.backoff.maxMs);
        checkpointLoaded = false;
      }
    }
  }

  /** Loud, once per event: an error log naming it, `stalled` in the status (health: degraded). */
  private stall(error: EventRefusedError): void {
    const event = error.event;
    if (this.state.stalled?.eventId !== event.eventId) {
      this.state.stalled = {
        eventId: event.eventId,
        globalPosition: event.globalPosition,
        streamId: event.streamId,
        type: event.type,
        reason: (error.cause as Error)?.message ?? String(error.cause),
        since: new Date().toISOString(),
      };
      (this.logger.error ?? this.logger.warn).call(
        this.logger,
        `relay ${this.name} STALLED: ${error.message}; nothing after it is published until the transport accepts it (raise the broker's limits) — retrying it alone every ${this.backoff.maxMs} ms`,
      );
    }
  }

  private async publishNext(): Promise<number> {
    await this.checkLock();
    const page = await this.store.readAll(this.state.checkpoint, this.batchSize);
    if (page.events.length === 0) return 0;
    await this.publishEvents(page.events);
    return page.events.length;
  }

  /**
   * Publishes `events` and advances the checkpoint past what the transport accepted. A refused
   * request is split in halves down to the single event, which then stops the relay: accepted
   * events are never sent again, and a bad one never makes the relay spin.
   */
  private async publishEvents(events: readonly StoredEvent[]): Promise<void> {
    try {
      await this.transport.publish(events);
      this.publishUnsettled = false;
    } catch (error) {
      this.publishUnsettled = true;
      if (!(error instanceof PublishError)) throw error;
      if (error.accepted > 0) await this.advance(events.slice(0, error.accepted));
      if (!error.refused) throw error.cause instanceof Error ? error.cause : error;
      const rest = events.slice(error.accepted);
      if (rest.length === 1) throw new EventRefusedError(rest[0]!, error.cause);
      const half = Math.ceil(rest.length / 2);
      await this.checkLock();
      await this.publishEvents(rest.slice(0, half));
      await this.checkLock();
      await this.publishEvents(rest.slice(half));
      return;
    }
    await this.advance(events);
  }

  /** Stores the checkpoint after `events`; it only ever moves forward, whoever writes it. */
  private async advance(events: readonly StoredEvent[]): Promise<void> {
    const last = events[events.length - 1]!;
    await this.sql`
      insert into relay_checkpoints (relay, transaction_id, global_position)
      values (${this.name}, ${last.transactionId}::xid8, ${last.globalPosition})
      on conflict (relay) do update set transaction_id = excluded.transaction_id,
        global_position = excluded.global_position, updated_at = now()
      where (relay_checkpoints.transaction_id, relay_checkpoints.global_position) < (excluded.transaction_id, excluded.global_position)`;
    this.state.checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    this.state.published += events.length;
    this.state.lastError = null;
  }

  private async loadCheckpoint(sql: Sql = this.sql): Promise<Checkpoint> {
    const [row] = await sql<{ transaction_id: string; global_position: string }[]>`
      select transaction_id, global_position from relay_checkpoints where relay = ${this.name}`;
    return row ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) } : START;
  }

  /**
   * 'waiting' (another relay has the lock), or held: `taken` when just now, with `fence` when the
   * takeover delay must be waited out first (see `takeoverDelayMs`).
   */
  private async holdLock(): Promise<'waiting' | { taken: boolean; fence: boolean }> {
    if (!this.options.exclusive) {
      this.state.active = true;
      return { taken: false, fence: false };
    }
    if (this.lockConnection) return { taken: false, fence: false };
    let connection: Sql | ReservedSql | null = null;
    try {
      connection = this.options.lockSession ?? (await this.sql.reserve());
      const [{ locked, pid, started_at }] = await connection<{ locked: boolean; pid: number; started_at: string }[]>`
        select pg_try_advisory_lock(${RELAY_LOCK}) as locked, pg_backend_pid() as pid,
          (select backend_start::text from pg_stat_activity where pid = pg_backend_pid()) as started_at`;
      if (!locked) {
        this.releaseSession(connection);
        return 'waiting';
      }
      this.lockConnection = connection;
      this.lockHolder = { pid, startedAt: started_at };
      // Only the lock's holder writes its row, so reading the last holder's word and leaving ours need no more locking.
      const [row] = await connection<{ previous_released: boolean | null }[]>`
        with previous as (select released from relay_lock_holders where lock_key = ${RELAY_LOCK})
        insert into relay_lock_holders (lock_key, released, holder, acquired_at)
        values (${RELAY_LOCK}, false, ${`${this.name} (backend ${pid})`}, now())
        on conflict (lock_key) do update set released = false, holder = excluded.holder, acquired_at = excluded.acquired_at
        returning (select released from previous) as previous_released`;
      const fence = this.takeoverDelayMs > 0 && row?.previous_released === false;
      this.state.active = true;
      this.logger.log(
        `relay ${this.name} holds the relay lock${fence ? `; its last holder did not let go cleanly, so it publishes in ${this.takeoverDelayMs} ms` : ' and publishes'}`,
      );
      return { taken: true, fence };
    } catch (error) {
      // A connection whose socket is gone must not go back to the pool (see checkLock).
      if (connection && !isConnectionError(error)) {
        if (this.lockConnection === connection) await connection`select pg_advisory_unlock(${RELAY_LOCK})`.catch(() => undefined);
        this.releaseSession(connection);
      }
      this.lockConnection = null;
      this.lockHolder = null;
      this.state.lastError = (error as Error).message;
      return 'waiting';
    }
  }

  /** Gives a reserved connection back to the pool; a lock session of its own stays open. */
  private releaseSession(connection: Sql | ReservedSql): void {
    if (connection !== this.options.lockSession) (connection as ReservedSql).release();
  }

  /**
   * Fencing: the advisory lock lives as long as the session that took it. Before every request to
   * the transport, the relay asks the server (on a pool connection) whether that session still
   * holds the lock; when it answers no, another relay may take over, so this one stops at once.
   * No answer (the database is busy or down) is no permission either: the relay backs off and asks
   * again. The lock's own connection is never queried once its session may have died: postgres.js
   * 3.4.9 throws from a timer when a reserved connection's socket is gone, and releasing such a
   * connection puts a closed one into the pool.
   */
  private async checkLock(): Promise<void> {
    if (!this.options.exclusive) return;
    if (!this.lockConnection || !this.lockHolder) throw new LockLostError('the relay lock is not held');
    const rows = await withTimeout(this.lockQuery(this.lockHolder), 5000);
    if (rows[0]?.held === true) return;
    const alive = rows[0]?.alive === true;
    const connection = this.lockConnection;
    this.lockConnection = null;
    this.lockHolder = null;
    this.state.active = false;
    this.state.locksLost++;
    // A session that is still there merely lost the lock (an explicit unlock): its connection is sound.
    if (alive) this.releaseSession(connection);
    throw new LockLostError(alive ? 'the relay lock was released from under it' : 'the relay lock was lost (its database session ended)');
  }

  private lockQuery(session: { pid: number; startedAt: string }) {
    return this.sql<{ held: boolean; alive: boolean }[]>`
      select
        exists (select 1 from pg_locks l
                where l.locktype = 'advisory' and l.granted and l.pid = ${session.pid} and l.objid::text::bigint = ${RELAY_LOCK}
                  and l.database = (select oid from pg_database where datname = current_database())) as held,
        exists (select 1 from pg_stat_activity a where a.pid = ${session.pid} and a.backend_start::text = ${session.startedAt}::text) as alive`;
  }

  private async releaseLock(): Promise<void> {
    const connection = this.lockConnection;
    const session = this.lockHolder;
    this.lockConnection = null;
    this.lockHolder = null;
    this.state.active = false;
    if (!connection || !session) return;
    // Only a live session can be asked to unlock; a dead one released the lock when it ended.
    const alive = await withTimeout(this.lockQuery(session), 5000).then(
      (rows) => rows[0]?.alive === true,
      () => false,
    );
    if (!alive) return;
    try {
      // Stopped with nothing in flight (stop() awaited the loop): the next holder need not wait.
      // After a failed publish the transport may still deliver it, so the next holder waits.
      if (!this.publishUnsettled) {
        await connection`update relay_lock_holders set released = true where lock_key = ${RELAY_LOCK}`.catch(() => undefined);
      }
      await connection`select pg_advisory_unlock(${RELAY_LOCK})`;
    } finally {
      this.releaseSession(connection);
    }
  }

  /** Sleeps `ms` unless stopped; wake-ups from new events do not cut it short. */
  private async sleepFor(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (this.running && Date.now() < until) {
      this.pendingWake = false;
      await this.sleep(Math.min(until - Date.now(), 1000));
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.pendingWake) {
      this.pendingWake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        this.pendingWake = false;
        done();
      };
    });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** postgres.js's codes for a connection that is gone (as opposed to a statement that failed). */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('CONNECTION_') || code === 'CONNECT_TIMEOUT' || code.startsWith('ECONN'));
}
