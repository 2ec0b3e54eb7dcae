import type { ReservedSql, Sql } from 'postgres';
import { Checkpoint, EventStore, START } from '@cardlog/store';
import type { Transport } from './transport';

export interface RelayLogger {
  log(message: string): void;
  warn(message: string): void;
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
  readonly logger?: RelayLogger;
}

export interface RelayStatus {
  readonly running: boolean;
  /** True while this instance holds the relay lock (always true when not exclusive). */
  readonly active: boolean;
  readonly checkpoint: Checkpoint;
  readonly published: number;
  readonly failures: number;
  readonly lastError: string | null;
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
  private lockConnection: ReservedSql | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private state: { active: boolean; checkpoint: Checkpoint; published: number; failures: number; lastError: string | null } = {
    active: false,
    checkpoint: START,
    published: 0,
    failures: 0,
    lastError: null,
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
  }

  status(): RelayStatus {
    return { running: this.running, ...this.state };
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
      if (!(await this.holdLock())) {
        await this.sleep(this.pollIntervalMs);
        continue;
      }
      try {
        if (!checkpointLoaded) {
          this.state.checkpoint = await this.loadCheckpoint();
          checkpointLoaded = true;
        }
        const published = await this.publishNext();
        delay = this.backoff.initialMs;
        if (published === 0) await this.sleep(this.pollIntervalMs);
      } catch (error) {
        this.state.failures++;
        this.state.lastError = (error as Error).message;
        this.logger.warn(`relay ${this.name}: ${(error as Error).message}; retrying in ${delay} ms`);
        this.backingOff = true;
        await this.sleep(delay);
        this.backingOff = false;
        delay = Math.min(delay * 2, this.backoff.maxMs);
        checkpointLoaded = false;
      }
    }
  }

  private async publishNext(): Promise<number> {
    const page = await this.store.readAll(this.state.checkpoint, this.batchSize);
    if (page.events.length === 0) return 0;
    await this.transport.publish(page.events);
    await this.sql`
      insert into relay_checkpoints (relay, transaction_id, global_position)
      values (${this.name}, ${page.checkpoint.transactionId}::xid8, ${page.checkpoint.globalPosition})
      on conflict (relay) do update set transaction_id = excluded.transaction_id,
        global_position = excluded.global_position, updated_at = now()`;
    this.state.checkpoint = page.checkpoint;
    this.state.published += page.events.length;
    this.state.lastError = null;
    return page.events.length;
  }

  private async loadCheckpoint(): Promise<Checkpoint> {
    const [row] = await this.sql<{ transaction_id: string; global_position: string }[]>`
      select transaction_id, global_position from relay_checkpoints where relay = ${this.name}`;
    return row ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) } : START;
  }

  private async holdLock(): Promise<boolean> {
    if (!this.options.exclusive) {
      this.state.active = true;
      return true;
    }
    if (this.lockConnection) return true;
    let connection: ReservedSql | null = null;
    try {
      connection = await this.sql.reserve();
      const [{ locked }] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${RELAY_LOCK}) as locked`;
      if (!locked) {
        connection.release();
        return false;
      }
      this.lockConnection = connection;
      this.state.active = true;
      this.logger.log(`relay ${this.name} holds the relay lock and publishes`);
      return true;
    } catch (error) {
      connection?.release();
      this.state.lastError = (error as Error).message;
      return false;
    }
  }

  private async releaseLock(): Promise<void> {
    const connection = this.lockConnection;
    this.lockConnection = null;
    this.state.active = false;
    if (!connection) return;
    try {
      await connection`select pg_advisory_unlock(${RELAY_LOCK})`;
    } finally {
      connection.release();
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
