import type { StoredEvent } from '@cardlog/store';
import { connectDatabase, migrate, Database } from '@cardlog/store';
import { simulateGames } from '@cardlog/rules';
import { OutboxRelay } from './outbox-relay';
import { Transport } from './transport';
import { uploadAll, wire } from '../testing/wire';

jest.setTimeout(60_000);

/** A transport that is down for its first `failures` calls, like Kafka during an outage. */
class FlakyTransport implements Transport {
  readonly name = 'flaky';
  readonly received: StoredEvent[] = [];
  calls = 0;
  constructor(private failures: number) {}
  async publish(events: readonly StoredEvent[]): Promise<void> {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('broker unavailable');
    }
    this.received.push(...events);
  }
}

describe('the outbox relay', () => {
  let db: Database;
  let parts: ReturnType<typeof wire>;

  beforeAll(async () => {
    db = await connectDatabase({ dataDir: 'memory' });
    await migrate(db.sql);
    parts = wire(db.sql);
    await uploadAll(parts.recorder, simulateGames(3, 99).map((g) => g.document));
  });
  afterAll(() => db.close());

  it('retries with backoff while the transport is down, then delivers everything once, in commit order', async () => {
    const transport = new FlakyTransport(3);
    const relay = new OutboxRelay(db.sql, parts.store, transport, { name: 'flaky', batchSize: 100, pollIntervalMs: 20, backoff: { initialMs: 10, maxMs: 40 } });
    const [{ total }] = await db.sql<{ total: string }[]>`select count(*) as total from events`;
    try {
      await relay.start();
      const deadline = Date.now() + 20_000;
      while (transport.received.length < Number(total) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await relay.stop();
    }
    expect(relay.status().failures).toBe(3);
    expect(transport.received.map((e) => e.globalPosition)).toEqual([...transport.received.map((e) => e.globalPosition)].sort((a, b) => a - b));
    expect(new Set(transport.received.map((e) => e.eventId)).size).toBe(Number(total));
    const [checkpoint] = await db.sql<{ global_position: string }[]>`select global_position from relay_checkpoints where relay = 'flaky'`;
    expect(Number(checkpoint!.global_position)).toBe(transport.received.at(-1)!.globalPosition);
  });

  it('resumes from its checkpoint: a restarted relay sends only what is new', async () => {
    const first = new FlakyTransport(0);
    await new OutboxRelay(db.sql, parts.store, first, { name: 'resume' }).drain();
    await uploadAll(parts.recorder, simulateGames(1, 100).map((g) => g.document));
    const second = new FlakyTransport(0);
    const sent = await new OutboxRelay(db.sql, parts.store, second, { name: 'resume' }).drain();
    expect(sent).toBe(second.received.length);
    expect(second.received[0]!.globalPosition).toBeGreaterThan(first.received.at(-1)!.globalPosition);
  });
});
