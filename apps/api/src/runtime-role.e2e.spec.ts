import postgres, { Sql } from 'postgres';
import { simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database, migrate } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { DATABASE } from './database/database.module';
import { Reply, TestApi, httpClient, startTestApi } from './testing/test-api';

jest.setTimeout(120_000);

/**
 * The API as it runs in production (docs/security.md): the owner migrated the database and minted
 * a token; the API logs in as a member of cardlog_app — no superuser, no owner, no DDL — and every
 * use case works through that role's grants, the in-process projector's read models included.
 */
describeWithPostgres('the API connected as the runtime role', () => {
  let db: TestDatabase;
  let owner: Sql;
  let api: TestApi | undefined;
  let runtimeUrl: string;
  let token: string;
  const role = `cardlog_rt_api_${process.pid}_${Date.now().toString(36)}`;
  const call = httpClient(() => api!.base, () => token);
  const games = simulateGames(2, 20261201).map((g) => g.document);

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_api_runtime');
    owner = postgres(db.url, { max: 2, onnotice: () => undefined });
    await migrate(owner);
    await owner.unsafe(`create role ${role} login in role cardlog_app`);
    token = (await new TokenRepository(owner).create('runtime e2e')).token;
    const url = new URL(db.url);
    url.username = role;
    url.password = '';
    runtimeUrl = url.toString();
    api = await startTestApi({ databaseUrl: runtimeUrl });
  });

  afterAll(async () => {
    await api?.close();
    await owner?.end({ timeout: 5 });
    await db?.drop();
    const admin = postgres(process.env.CARDLOG_TEST_DATABASE_URL!, { max: 1, onnotice: () => undefined });
    try {
      await admin.unsafe(`drop role if exists ${role}`);
    } finally {
      await admin.end();
    }
  });

  it('is connected as a role that is neither superuser nor owner and cannot change the schema', async () => {
    const sql = api!.app.get<Database>(DATABASE).sql;
    const [me] = await sql<{ user: string; superuser: boolean; app: boolean; create: boolean }[]>`
      select current_user as user, r.rolsuper as superuser, pg_has_role(current_user, 'cardlog_app', 'member') as app,
             has_schema_privilege(current_user, 'public', 'create') as create
      from pg_roles r where r.rolname = current_user`;
    expect(me).toEqual({ user: role, superuser: false, app: true, create: false });
    const [{ owner: tableOwner }] = await sql<{ owner: string }[]>`select tableowner as owner from pg_tables where tablename = 'events'`;
    expect(tableOwner).not.toBe(role);
  });

  it('serves /health, uploads, batches, live games, closing, visibility and catalogs', async () => {
    expect((await call('GET', '/health', { token: null })).body).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' } } });
    const uploaded = await call('POST', '/v1/games', { body: games[0] });
    expect(uploaded.status).toBe(201);
    expect((await call('POST', '/v1/games', { body: games[0] })).status).toBe(200);
    const batch = await call('POST', '/v1/games/batch', { body: JSON.stringify(games[1]), headers: { 'content-type': 'application/x-ndjson' } });
    expect(batch.body).toMatchObject({ created: 1, rejected: 0 });

    const live = await call('POST', '/v1/games/live', { body: { ...games[1]!, events: undefined, game: { tournament: 'rt-cup', round: 1, table: 1 } } });
    expect(live.status).toBe(201);
    const actions = games[1]!.events.filter((e) => e.type !== 'GameEnded' && e.type !== 'CardsPutInGraveyard').slice(0, 6);
    const appended = await call('POST', `/v1/games/${live.body.id}/events`, { body: { expectedVersion: 0, events: actions } });
    expect([appended.status, appended.body.error?.code]).toEqual([200, undefined]);
    const closed = await call('POST', `/v1/games/${live.body.id}/close`, { body: { result: 'draw', reason: 'time' } });
    expect(closed).toMatchObject({ status: 200, body: { outcome: { result: 'draw' } } });
    expect((await call('PUT', `/v1/games/${uploaded.body.id}/visibility`, { body: { visibility: 'unlisted' } })).status).toBe(200);

    const cards = [{ id: 'rt-hero', name: 'Runtime Hero', type: 'Character', extra: false, colors: ['red'], pray: false, worthless: false, text: 'x' }];
    expect((await call('PUT', '/v1/catalogs/rt-set@1', { body: { system: 'born-from-blood', cards } })).status).toBe(201);
    expect((await call('GET', '/v1/catalogs/rt-set@1', { token: null })).status).toBe(200);
  });

  it('builds and serves the read models: replay, state, listing and statistics', async () => {
    const { body } = await call('POST', '/v1/games', { body: { ...games[1]!, game: { tournament: 'rt-open', round: 1, table: 2 } } });
    const total = games[1]!.events.length;
    let replay: Reply;
    const deadline = Date.now() + 60_000;
    do {
      replay = await call('GET', `/v1/games/${body.id}/replay`, { token: null });
      if (replay.body.projected === total) break;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < deadline);
    expect(replay.body).toMatchObject({ total, projected: total });
    expect((await call('GET', `/v1/games/${body.id}/state?step=${total}&view=reveal`, { token: null })).status).toBe(200);
    expect((await call('GET', '/v1/games?tournament=rt-open', { token: null })).body.items).toHaveLength(1);
    const overview = await call('GET', '/v1/stats/overview', { token: null });
    expect(overview.status).toBe(200);
    expect(overview.body.systems.find((s: any) => s.system === 'born-from-blood')?.games).toBeGreaterThanOrEqual(1);
  });
});
