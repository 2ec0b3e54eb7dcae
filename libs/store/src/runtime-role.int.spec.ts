import { randomUUID } from 'node:crypto';
import postgres, { Sql } from 'postgres';
import { createTestDatabase, describeWithPostgres } from '@cardlog/testing';
import { EventStore } from './event-store';
import { migrate } from './migrate';

jest.setTimeout(60_000);

/**
 * The runtime role (a login member of cardlog_app, as the API and the projector connect) appends
 * and reads events and nothing more: it cannot change or hide a fact, mint a token or change the
 * schema. The owner migrated the database first.
 */
describeWithPostgres('the runtime role cardlog_app', () => {
  let owner: Sql;
  let runtime: Sql;
  let drop: () => Promise<void>;
  const role = `cardlog_rt_${process.pid}_${Date.now().toString(36)}`;

  beforeAll(async () => {
    const db = await createTestDatabase('cardlog_roles');
    owner = postgres(db.url, { max: 2, onnotice: () => undefined });
    await migrate(owner);
    await owner.unsafe(`create role ${role} login in role cardlog_app`);
    const url = new URL(db.url);
    url.username = role;
    runtime = postgres(url.toString(), { max: 2, onnotice: () => undefined });
    drop = async () => {
      await runtime.end({ timeout: 5 });
      await owner.end({ timeout: 5 });
      await db.drop();
      const admin = postgres(process.env.CARDLOG_TEST_DATABASE_URL!, { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(`drop role if exists ${role}`);
      } finally {
        await admin.end();
      }
    };
  });
  afterAll(() => drop?.());

  it('starts on a current schema without migrating (no DDL), and appends and reads events', async () => {
    await expect(migrate(runtime)).resolves.toMatchObject({ applied: [] });
    const store = new EventStore(runtime);
    const streamId = `rt-${randomUUID()}`;
    const first = await store.append(streamId, 'no_stream', [{ eventId: randomUUID(), type: 'Noted', data: { n: 1 } }]);
    const second = await store.append(streamId, first.version, [
      { eventId: randomUUID(), type: 'Noted', data: { n: 2 } },
      { eventId: randomUUID(), type: 'Noted', data: { n: 3 } },
    ]);
    expect(second.version).toBe(3);
    expect(await store.streamVersion(streamId)).toBe(3);
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it.each([
    ['update an event', 'update events set type = type'],
    ['delete an event', 'delete from events'],
    ['truncate events', 'truncate events'],
    ['disable the immutability trigger', 'alter table events disable trigger events_are_immutable'],
    ['drop the immutability trigger', 'drop trigger events_are_immutable on events'],
    ['rewrite a stream version', 'update streams set version = 0'],
    ['create a stream at any version', "insert into streams (stream_id, version) values ('forged', 99)"],
    ['rewrite a game header', `update games set header = '{}'::json`],
    ['reassign a game to another tournament', `update games set tournament = 'other'`],
    ['mint a token', "insert into api_tokens (token_id, name, token_hash) values (gen_random_uuid(), 'forged', 'x')"],
    ['re-scope a token', 'update api_tokens set tournaments = null'],
    ['revoke a token', 'update api_tokens set revoked_at = now()'],
    ['forge the migration history', "insert into schema_migrations (id, name, checksum) values (999, 'x', 'x')"],
    ['create a table', 'create table forged (n integer)'],
  ])('may not %s', async (_what, statement) => {
    await expect(runtime.unsafe(statement)).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|42P01)$/) });
  });

  it('refuses, with the reason, to migrate a schema that is not current', async () => {
    const extra = { id: 9999, name: '9999_later.sql', sql: 'select 1', checksum: 'later' };
    const { loadMigrations } = await import('./migrate');
    await expect(migrate(runtime, [...loadMigrations(), extra])).rejects.toThrow(/may not migrate it .*run `npm run migrate` as the owner role/);
  });
});
