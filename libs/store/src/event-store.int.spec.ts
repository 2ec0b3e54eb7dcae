import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres, { Sql } from 'postgres';
import { createTestDatabase, describeWithPostgres } from '@cardlog/testing';
import { connectDatabase } from './database';
import { EventIdConflictError, WrongExpectedVersionError } from './errors';
import { EventStore, MAX_EVENT_BYTES, NewEvent, START, encodeEventRows } from './event-store';
import { defaultMigrationsDir, loadMigrations, migrate } from './migrate';
import { dumpSchema } from './schema-dump';

jest.setTimeout(60_000);

const event = (type = 'Noted', data: unknown = { n: 1 }): NewEvent => ({ eventId: randomUUID(), type, data, metadata: { actor: 'test' } });

interface Backend {
  sql: Sql;
  url?: string;
  close(): Promise<void>;
}

/** The same suite runs on the PostgreSQL server (CI) and on embedded PGlite (the default setup). */
function eventStoreSuite(name: string, connect: () => Promise<Backend>, gate: (name: string, body: () => void) => void) {
  gate(`event store on ${name}`, () => {
    let backend: Backend;
    let store: EventStore;

    beforeAll(async () => {
      backend = await connect();
      const report = await migrate(backend.sql);
      expect(report.applied).toEqual(loadMigrations().map((m) => m.name));
      store = new EventStore(backend.sql);
    });
    afterAll(() => backend?.close());

    describe('migrations', () => {
      it('a second run applies nothing', async () => {
        expect(await migrate(backend.sql)).toEqual({ applied: [], alreadyApplied: loadMigrations().length });
      });

      it('refuses to run when an applied migration was edited', async () => {
        const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'f'.repeat(64) } : m));
        await expect(migrate(backend.sql, edited)).rejects.toThrow(/0001_event_store\.sql was edited after it was applied/);
      });
    });

    describe('immutability', () => {
      beforeAll(() => store.append(`imm-${randomUUID()}`, 'no_stream', [event()]));

      it.each([
        ['UPDATE', 'update events set type = type'],
        ['DELETE', 'delete from events'],
        ['TRUNCATE', 'truncate events cascade'],
      ])('the trigger refuses %s even for the owner', async (op, statement) => {
        await expect(backend.sql.unsafe(statement)).rejects.toThrow(`events are immutable: ${op} on events is refused`);
      });

      it.each([
        ['update events set type = type'],
        ['delete from events'],
        ['truncate events cascade'],
      ])('the application role has no grant for: %s', async (statement) => {
        const attempt = backend.sql.begin(async (tx) => {
          await tx`set local role cardlog_app`;
          await tx.unsafe(statement);
        });
        await expect(attempt).rejects.toMatchObject({ code: '42501' });
      });

      it('the application role can append and read', async () => {
        const streamId = `role-${randomUUID()}`;
        await backend.sql.begin(async (tx) => {
          await tx`set local role cardlog_app`;
          await store.append(streamId, 'no_stream', [event()], tx);
        });
        expect(await store.readStream(streamId)).toHaveLength(1);
      });
    });

    describe('append and read', () => {
      it('numbers a stream 1..n and reads it back with data and metadata', async () => {
        const streamId = `game-${randomUUID()}`;
        const first = await store.append(streamId, 'no_stream', [event('A', { x: 1 }), event('B', { nested: { y: [1, 2] } })]);
        expect(first).toMatchObject({ streamId, version: 2, firstPosition: 1, duplicate: false });
        const second = await store.append(streamId, 2, [event('C')]);
        expect(second).toMatchObject({ version: 3, firstPosition: 3 });
        expect(second.globalPositions[0]).toBeGreaterThan(first.globalPositions[1]!);
        const read = await store.readStream(streamId);
        expect(read.map((e) => [e.streamPosition, e.type])).toEqual([
          [1, 'A'],
          [2, 'B'],
          [3, 'C'],
        ]);
        expect(read[1]).toMatchObject({ data: { nested: { y: [1, 2] } }, metadata: { actor: 'test' }, schemaVersion: 1 });
        expect(await store.readStream(streamId, { fromPosition: 3 })).toHaveLength(1);
        expect(await store.streamVersion(streamId)).toBe(3);
      });

      it('an append answers with each event’s global position, in stream order, as stored', async () => {
        const streamId = `game-${randomUUID()}`;
        const many = Array.from({ length: 300 }, (_, i) => event('N', { i }));
        const created = await store.append(streamId, 'no_stream', many);
        const more = await store.append(streamId, 300, many.slice(0, 5).map((e) => ({ ...e, eventId: randomUUID() })));
        const encoded = `game-${randomUUID()}`;
        const fromRows = await store.appendEncoded(encoded, 'no_stream', many.map(() => randomUUID()), encodeEventRows(many), { actor: 'rows' });
        const stored = async (id: string) => (await store.readStream(id)).map((e) => e.globalPosition);
        expect([...created.globalPositions, ...more.globalPositions]).toEqual(await stored(streamId));
        expect(created.globalPositions).toHaveLength(300);
        expect(more).toMatchObject({ version: 305, firstPosition: 301 });
        expect(fromRows.globalPositions).toEqual(await stored(encoded));
      });

      it('events of one append keep their own metadata, shared or not', async () => {
        const streamId = `game-${randomUUID()}`;
        const shared = { actor: 'shared' };
        await store.append(streamId, 'no_stream', [{ ...event('A'), metadata: shared }, { ...event('B'), metadata: shared }]);
        await store.append(streamId, 2, [{ ...event('C'), metadata: { actor: 'c' } }, { ...event('D'), metadata: undefined }]);
        expect((await store.readStream(streamId)).map((e) => e.metadata)).toEqual([{ actor: 'shared' }, { actor: 'shared' }, { actor: 'c' }, {}]);
      });

      it('events encoded beforehand are stored as an append stores them; one too large with its metadata is refused at the append', async () => {
        const streamId = `game-${randomUUID()}`;
        const metadata = { actor: 'encoded' };
        const contents = [{ type: 'A', data: { x: 1 } }, { type: 'B', schemaVersion: 2, data: { nested: { y: [1, 2] } } }];
        await expect(store.appendEncoded(streamId, 'no_stream', [randomUUID(), randomUUID()], encodeEventRows(contents), metadata)).resolves.toMatchObject({ version: 2, firstPosition: 1, duplicate: false });
        expect((await store.readStream(streamId)).map((e) => [e.type, e.schemaVersion, e.data, e.metadata])).toEqual([
          ['A', 1, { x: 1 }, metadata],
          ['B', 2, { nested: { y: [1, 2] } }, metadata],
        ]);
        // Under the limit alone, over it once the metadata is known.
        const rows = encodeEventRows([contents[0]!, { type: 'Big', data: 'x'.repeat(MAX_EVENT_BYTES - 40) }]);
        const other = `game-${randomUUID()}`;
        await expect(store.appendEncoded(other, 'no_stream', [randomUUID(), randomUUID()], rows, { actor: 'y'.repeat(100) })).rejects.toMatchObject({ name: 'EventTooLargeError', index: 1, type: 'Big' });
        expect(await store.streamVersion(other)).toBe(0);
      });

      it('a stream created without events takes a no_stream append', async () => {
        const streamId = `live-${randomUUID()}`;
        await backend.sql`insert into streams (stream_id) values (${streamId})`;
        await expect(store.append(streamId, 'no_stream', [event()])).resolves.toMatchObject({ version: 1, firstPosition: 1, duplicate: false });
        await expect(store.append(streamId, 'no_stream', [event()])).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });

      it('an event needs its stream, and a stream that holds events is never removed', async () => {
        const missing = `none-${randomUUID()}`;
        await expect(
          backend.sql`insert into events (stream_id, stream_position, event_id, type, data) values (${missing}, 1, ${randomUUID()}, 'X', '{}')`,
        ).rejects.toMatchObject({ code: '23503' });
        const streamId = `kept-${randomUUID()}`;
        await store.append(streamId, 'no_stream', [event()]);
        await expect(backend.sql`delete from streams where stream_id = ${streamId}`).rejects.toMatchObject({ code: '23503' });
        await expect(backend.sql`update streams set stream_id = ${missing} where stream_id = ${streamId}`).rejects.toMatchObject({ code: '23503' });
        await expect(backend.sql.unsafe('truncate streams cascade')).rejects.toMatchObject({ code: '23503' });
        expect(await store.streamVersion(streamId)).toBe(1);
      });

      it('a wrong expected version is a typed conflict and writes nothing', async () => {
        const streamId = `game-${randomUUID()}`;
        await store.append(streamId, 'no_stream', [event()]);
        await expect(store.append(streamId, 0, [event()])).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(store.append(streamId, 'no_stream', [event()])).rejects.toMatchObject({ actual: 1, expected: 'no_stream' });
        await expect(store.append(streamId, 5, [event()])).rejects.toThrow(`stream ${streamId} is at version 1, not 5`);
        expect(await store.readStream(streamId)).toHaveLength(1);
        await expect(store.append(streamId, 'any', [event()])).resolves.toMatchObject({ version: 2 });
      });

      it('a retried append returns the original result and stores nothing twice', async () => {
        const streamId = `game-${randomUUID()}`;
        const events = [event('A'), event('B')];
        const original = await store.append(streamId, 'no_stream', events);
        const retry = await store.append(streamId, 'no_stream', events);
        expect(retry).toEqual({ ...original, duplicate: true });
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('event ids reused in a different append are refused and nothing is written', async () => {
        const streamId = `game-${randomUUID()}`;
        const [a, b] = [event('A'), event('B')];
        await store.append(streamId, 'no_stream', [a, b]);
        await expect(store.append(streamId, 2, [b, event('C')])).rejects.toBeInstanceOf(EventIdConflictError);
        await expect(store.append(`other-${randomUUID()}`, 'no_stream', [a])).rejects.toBeInstanceOf(EventIdConflictError);
        expect(await store.streamVersion(streamId)).toBe(2);
      });

      it('a failing caller transaction rolls its append back', async () => {
        const streamId = `game-${randomUUID()}`;
        await expect(
          store.transaction(async (tx) => {
            await store.append(streamId, 'no_stream', [event()], tx);
            throw new Error('caller failed');
          }),
        ).rejects.toThrow('caller failed');
        expect(await store.readStream(streamId)).toHaveLength(0);
      });

      it('50 concurrent appends at one expected version: one wins, 49 conflict, no gap or duplicate', async () => {
        const streamId = `race-${randomUUID()}`;
        await store.append(streamId, 'no_stream', [event('Start')]);
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => store.append(streamId, 1, [event('Raced', { writer: i }), event('Raced', { writer: i })])),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(49);
        for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
        const stream = await store.readStream(streamId);
        expect(stream.map((e) => e.streamPosition)).toEqual([1, 2, 3]);
        const writers = new Set(stream.slice(1).map((e) => (e.data as { writer: number }).writer));
        expect(writers.size).toBe(1);
      });
    });

    describe('readAll', () => {
      it('returns every event after a checkpoint in commit order, then nothing', async () => {
        const { checkpoint: tail } = await drain(store, START);
        const s1 = `all-${randomUUID()}`;
        const s2 = `all-${randomUUID()}`;
        await store.append(s1, 'no_stream', [event('A'), event('B')]);
        await store.append(s2, 'no_stream', [event('C')]);
        const page1 = await store.readAll(tail, 2);
        expect(page1.events.map((e) => e.type)).toEqual(['A', 'B']);
        const page2 = await store.readAll(page1.checkpoint, 2);
        expect(page2.events.map((e) => [e.streamId, e.type])).toEqual([[s2, 'C']]);
        const page3 = await store.readAll(page2.checkpoint, 2);
        expect(page3).toEqual({ events: [], checkpoint: page2.checkpoint });
      });
    });

    if (name === 'PostgreSQL') {
      it('readAll never skips an event whose transaction commits after a later one', async () => {
        const { checkpoint: tail } = await drain(store, START);
        const slow = await backend.sql.reserve();
        try {
          await slow`begin`;
          await store.append(`slow-${randomUUID()}`, 'no_stream', [event('Slow')], slow as never);
          await store.append(`fast-${randomUUID()}`, 'no_stream', [event('Fast')]);
          // The fast event has the higher position and is committed, but the slow transaction is
          // still open: a reader must wait for it rather than read past it.
          const during = await store.readAll(tail);
          expect(during.events.map((e) => e.type)).toEqual([]);
          await slow`commit`;
        } finally {
          slow.release();
        }
        const after = await store.readAll(tail);
        expect(after.events.map((e) => e.type)).toEqual(['Slow', 'Fast']);
      });

      it('an events writer with a transaction id above the snapshot xmax still holds readAll back', async () => {
        const { checkpoint: tail } = await drain(store, START);
        // An older transaction that writes no events keeps xmax (one past the newest completed id)
        // at or below it, so the events writer that starts after it is above xmax.
        const older = await backend.sql.reserve();
        const slow = await backend.sql.reserve();
        try {
          await older`begin`;
          await older`select pg_current_xact_id()`;
          await slow`begin`;
          await store.append(`slow-${randomUUID()}`, 'no_stream', [event('Slow')], slow as never);
          const [{ xid }] = await slow<{ xid: string }[]>`select pg_current_xact_id()::text as xid`;
          const horizon = await store.horizon();
          expect(horizon).toMatch(/^\d+$/);
          expect(BigInt(horizon)).toBeLessThanOrEqual(BigInt(xid));
          await store.append(`fast-${randomUUID()}`, 'no_stream', [event('Fast')]);
          expect((await store.readAll(tail)).events.map((e) => e.type)).toEqual([]);
          await slow`commit`;
          await older`commit`;
        } finally {
          slow.release();
          older.release();
        }
        expect((await store.readAll(tail)).events.map((e) => e.type)).toEqual(['Slow', 'Fast']);
      });

      it('migrations/schema.sql is the schema the migrations produce', () => {
        const checkedIn = readFileSync(join(defaultMigrationsDir(), 'schema.sql'), 'utf8').replace(/^--.*\n/, '');
        expect(dumpSchema(backend.url!)).toBe(checkedIn);
      });
    }
  });
}

async function drain(store: EventStore, from = START) {
  let checkpoint = from;
  for (;;) {
    const page = await store.readAll(checkpoint, 10_000);
    if (page.events.length === 0) return { checkpoint };
    checkpoint = page.checkpoint;
  }
}

eventStoreSuite(
  'PostgreSQL',
  async () => {
    const db = await createTestDatabase('cardlog_store');
    // 16 connections race the 50 appends (more only took a suite running beside this one past the
    // server's max_connections); idle ones close so the rest of the file holds few.
    const sql = postgres(db.url, { max: 16, idle_timeout: 5, onnotice: () => undefined });
    return {
      sql,
      url: db.url,
      async close() {
        await sql.end();
        await db.drop();
      },
    };
  },
  describeWithPostgres,
);

eventStoreSuite(
  'embedded PGlite',
  async () => {
    const db = await connectDatabase({ dataDir: 'memory' });
    return { sql: db.sql, close: () => db.close() };
  },
  (name, body) => describe(name, body),
);
