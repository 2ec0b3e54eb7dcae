import postgres, { Sql } from 'postgres';
import { simulateGames } from '@cardlog/rules';
import { StoredEvent, migrate } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { OutboxRelay } from './outbox-relay';
import { Transport } from './transport';
import { uploadAll, wire } from '../testing/wire';
import { until } from '../testing/until';

jest.setTimeout(120_000);

/** Records what it is given; `hold()` makes the next publish wait until released, like a slow broker. */
class GatedTransport implements Transport {
  readonly name = 'gated';
  readonly received: StoredEvent[] = [];
  failing = false;
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  inFlight = false;
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open?.();
    this.gate = null;
  }
  async publish(events: readonly StoredEvent[]): Promise<void> {
    if (this.failing) throw new Error('broker unavailable');
    if (this.gate) {
      this.inFlight = true;
      await this.gate;
      this.inFlight = false;
    }
    this.received.push(...events);
  }
}

/** A takeover delay no test waits out: a relay that fences is seen by its log line, never by the clock. */
const LONG = 10 * 60_000;

/**
 * The takeover delay protects against a previous holder of the relay lock that may still have a
 * publish in flight. Only a holder whose session died, or whose last publish failed, can: after a
 * clean stop, or on a database no relay ever published from, the next relay publishes at once.
 */
describeWithPostgres('the relay lock taken over', () => {
  let db: TestDatabase;
  let sql: Sql;
  let parts: ReturnType<typeof wire>;
  const relays: OutboxRelay[] = [];

  function relay(transport: Transport, logs: string[] = []): OutboxRelay {
    const r = new OutboxRelay(sql, parts.store, transport, {
      name: 'takeover',
      exclusive: true,
      pollIntervalMs: 20,
      backoff: { initialMs: 20, maxMs: 100 },
      takeoverDelayMs: LONG,
      logger: { log: (m) => logs.push(m), warn: (m) => logs.push(m) },
    });
    relays.push(r);
    return r;
  }
  const total = async () => Number((await sql<{ n: string }[]>`select count(*) as n from events`)[0]!.n);
  const holderRow = async () => (await sql<{ released: boolean }[]>`select released from relay_lock_holders`)[0];

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_relay_takeover');
    sql = postgres(db.url, { max: 8, onnotice: () => undefined });
    await migrate(sql);
    parts = wire(sql);
  });

  afterAll(async () => {
    for (const r of relays) await r.stop().catch(() => undefined);
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  it('publishes at once on a fresh database and after a clean stop; fences after a holder whose session died mid-publish', async () => {
    // A fresh database: no relay ever held the lock.
    expect(await holderRow()).toEqual({ released: true });
    await uploadAll(parts.recorder, simulateGames(1, 8101).map((g) => g.document));
    const first = new GatedTransport();
    const firstLogs: string[] = [];
    const a = relay(first, firstLogs);
    await a.start();
    await until('the first relay published everything', async () => first.received.length === (await total()));
    expect(firstLogs.some((m) => /holds the relay lock and publishes/.test(m))).toBe(true);
    expect(await holderRow()).toEqual({ released: false });
    await a.stop();
    expect(await holderRow()).toEqual({ released: true });

    // After a clean stop the next holder publishes what is new at once.
    await uploadAll(parts.recorder, simulateGames(1, 8102).map((g) => g.document));
    const second = new GatedTransport();
    const b = relay(second);
    await b.start();
    await until('the second relay published what was new', async () => first.received.length + second.received.length === (await total()));

    // Its lock session dies while a publish is in flight.
    second.hold();
    await uploadAll(parts.recorder, simulateGames(1, 8103).map((g) => g.document));
    await until('a publish is in flight', () => second.inFlight);
    const [holder] = await sql<{ pid: number }[]>`
      select l.pid from pg_locks l join pg_database d on d.oid = l.database
      where d.datname = current_database() and l.locktype = 'advisory' and l.objid::text::bigint = ${0x0ca7d4e1} and l.granted`;
    await sql`select pg_terminate_backend(${holder!.pid})`;

    // The next holder waits out its takeover delay instead of publishing beside that request.
    const third = new GatedTransport();
    const thirdLogs: string[] = [];
    const c = relay(third, thirdLogs);
    await c.start();
    await until('the third relay holds the lock and fences', () => thirdLogs.some((m) => /did not let go cleanly, so it publishes in 600000 ms/.test(m)));
    expect(c.status().active).toBe(true);
    expect(third.received).toHaveLength(0);
    second.release();
    await until('the fenced relay stood down', () => b.status().locksLost === 1);
    await c.stop();
    await b.stop();
  });

  it('fences after a holder that stopped while its last publish had failed (the broker may still deliver it)', async () => {
    // Leave a clean release behind first.
    const clean = relay(new GatedTransport());
    await clean.start();
    await until('the relay holds the lock', () => clean.status().active);
    await clean.stop();
    expect(await holderRow()).toEqual({ released: true });

    await uploadAll(parts.recorder, simulateGames(1, 8104).map((g) => g.document));
    const failing = new GatedTransport();
    failing.failing = true;
    const a = relay(failing);
    await a.start();
    await until('a publish failed', () => a.status().failures > 0);
    await a.stop();
    expect(await holderRow()).toEqual({ released: false });

    const logs: string[] = [];
    const b = relay(new GatedTransport(), logs);
    await b.start();
    await until('the next relay fences', () => logs.some((m) => /did not let go cleanly/.test(m)));
    await b.stop();
  });
});
