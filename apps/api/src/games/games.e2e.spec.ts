import type { GameDocument } from '@cardlog/events';
import { findSystem, fold, resolveHeader, simulateDocuments, simulateGames } from '@cardlog/rules';
import { DEFAULT_SNAPSHOT_EVERY } from '@cardlog/projections';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Reply, TestApi, httpClient, onBothDatabases, startTestApi } from '../testing/test-api';

jest.setTimeout(120_000);

const DERIVED = new Set(['GameEnded', 'CardsPutInGraveyard']);
const games = simulateGames(4, 20261129).map((g) => g.document);
const aegisGames = simulateDocuments('aegis', 2, 20261201).map((g) => g.document);
const withContext = (doc: GameDocument, game: GameDocument['game']): GameDocument => ({ ...doc, game });
const headerOf = (doc: GameDocument): GameDocument => ({ ...doc, events: [] });

onBothDatabases('recording API', (databaseUrl) => {
  let api: TestApi;
  let token: string;
  let scopedToken: string;
  let db: Database;
  const call = httpClient(() => api.base, () => token);

  const counts = async () => {
    const [row] = await db.sql<{ games: string; events: string }[]>`select (select count(*) from games) as games, (select count(*) from events) as events`;
    return { games: Number(row!.games), events: Number(row!.events) };
  };

  beforeAll(async () => {
    api = await startTestApi({ ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
    db = api.app.get<Database>(DATABASE);
    const tokens = new TokenRepository(db.sql);
    token = (await tokens.create('e2e recorder')).token;
    scopedToken = (await tokens.create('table judge', ['bkk-open'])).token;
  });
  afterAll(() => api?.close());

  describe('upload', () => {
    it('stores a game and answers 201 with its id, event count and outcome; the same game again is 200 with the same id', async () => {
      const first = await call('POST', '/v1/games', { body: games[0] });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ id: expect.any(String), events: games[0]!.events.length, outcome: expect.objectContaining({ reason: expect.any(String) }) });
      const before = await counts();
      const again = await call('POST', '/v1/games', { body: JSON.stringify(games[0], null, 2) });
      expect(again).toEqual({ status: 200, body: first.body });
      expect(await counts()).toEqual(before);
    });

    it('an Idempotency-Key makes a retried upload return the original game; the key with another document is a 422', async () => {
      const doc = withContext(games[1]!, { tournament: 'kyoto-cup', round: 1, table: 4 });
      const first = await call('POST', '/v1/games', { body: doc, headers: { 'idempotency-key': 'upload-kyoto-r1-t4' } });
      expect(first.status).toBe(201);
      const retry = await call('POST', '/v1/games', { body: JSON.stringify(doc, null, 1), headers: { 'idempotency-key': 'upload-kyoto-r1-t4' } });
      expect(retry).toEqual({ status: 200, body: first.body });
      const before = await counts();
      const other = await call('POST', '/v1/games', { body: withContext(doc, { tournament: 'kyoto-cup', round: 1, table: 5 }), headers: { 'idempotency-key': 'upload-kyoto-r1-t4' } });
      expect(other.status).toBe(422);
      expect(other.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', id: first.body.id });
      expect(await counts()).toEqual(before);
    });

    it('GET /log gives back the uploaded document', async () => {
      for (const doc of games.slice(0, 3)) {
        const { body } = await call('POST', '/v1/games', { body: doc });
        const log = await call('GET', `/v1/games/${body.id}/log`, { token: null });
        expect(log.status).toBe(200);
        expect(log.body).toEqual(doc);
      }
    });

    it('needs a valid bearer token (401) and leaves nothing behind', async () => {
      const before = await counts();
      expect((await call('POST', '/v1/games', { body: games[2], token: null })).body.error.code).toBe('UNAUTHORIZED');
      expect((await call('POST', '/v1/games', { body: games[2], token: 'cl_not-a-token' })).status).toBe(401);
      expect(await counts()).toEqual(before);
    });

    it('a token scoped to a tournament may record only that tournament (403)', async () => {
      const other = await call('POST', '/v1/games', { body: withContext(games[3]!, { tournament: 'paris-major' }), token: scopedToken });
      expect(other.status).toBe(403);
      expect(other.body.error).toMatchObject({ code: 'TOURNAMENT_FORBIDDEN', tournament: 'paris-major' });
      expect((await call('POST', '/v1/games', { body: games[3], token: scopedToken })).status).toBe(403);
      expect((await call('POST', '/v1/games', { body: withContext(games[3]!, { tournament: 'bkk-open' }), token: scopedToken })).status).toBe(201);
    });

    it('malformed JSON is a 400 naming the line and column', async () => {
      const res = await call('POST', '/v1/games', { body: '{\n  "format": "cardlog/1",\n  "system": ,\n}' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'MALFORMED_JSON', message: expect.stringContaining('line 3, column 13') });
    });

    it('a schema violation is a 400 with the JSON path', async () => {
      const doc = structuredClone(games[0]!) as any;
      doc.events[5].payload.surprise = true;
      const res = await call('POST', '/v1/games', { body: doc });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$.events[5].payload' });
    });

    it('an illegal action is a 422 with its index, type, code and the count of valid events, and stores nothing', async () => {
      const doc = structuredClone(games[2]!);
      const k = doc.events.findIndex((e, i) => i > 12 && e.type === 'AdvancePhase');
      doc.events[k] = { ...doc.events[k]!, player: doc.events[k]!.player === 'p1' ? 'p2' : 'p1' };
      const before = await counts();
      const res = await call('POST', '/v1/games', { body: doc });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual(
        expect.objectContaining({ seq: k + 1, index: k, path: `$.events[${k}]`, type: 'AdvancePhase', code: 'NOT_YOUR_TURN', validEvents: k, message: expect.any(String) }),
      );
      expect(await counts()).toEqual(before);
    });

    it('positions in an error: seq counts the derived events an upload left out, index and path point into the document', async () => {
      // Without its GameEnded the log is one event shorter than the stored game: an action after the
      // end is document index n-1 but would be event n+1 of the game.
      const doc = games[2]!;
      const actionsOnly = doc.events.filter((e) => !DERIVED.has(e.type));
      const late = { ...doc, events: [...actionsOnly, { type: 'Concede', player: 'p1', payload: {} }] };
      const res = await call('POST', '/v1/games', { body: late });
      expect(res.status).toBe(422);
      const n = actionsOnly.length;
      expect(res.body.error).toMatchObject({ code: 'GAME_OVER', seq: doc.events.length + 1, index: n, path: `$.events[${n}]`, validEvents: doc.events.length });
      expect(res.body.error.message).toMatch(new RegExp(`^event ${doc.events.length + 1} \\(Concede, \\$\\.events\\[${n}\\]\\)`));
    });

    it('an unknown catalog is a 404', async () => {
      const res = await call('POST', '/v1/games', { body: { ...games[0], catalog: 'missing-set@9' } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('UNKNOWN_CATALOG');
    });

    it('a document over the size limit is a 413', async () => {
      const huge = { ...games[0], game: { recordedBy: 'x'.repeat(9 * 1024 * 1024) } };
      const res = await call('POST', '/v1/games', { body: huge });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('LIMIT_EXCEEDED');
    });
  });

  describe('batch', () => {
    it('answers each JSON line on its own', async () => {
      const bad = { ...games[3], rulesVersion: '99' };
      const body = [JSON.stringify(games[3]), '', JSON.stringify(bad), '{oops', JSON.stringify(games[0])].join('\n');
      const res = await call('POST', '/v1/games/batch', { body, headers: { 'content-type': 'application/x-ndjson' } });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: any) => [r.line, r.status, r.error?.code])).toEqual([
        [1, 'created', undefined],
        [3, 'rejected', 'UNKNOWN_RULES_VERSION'],
        [4, 'rejected', 'MALFORMED_JSON'],
        [5, 'exists', undefined],
      ]);
      expect(res.body).toMatchObject({ created: 1, exists: 1, rejected: 2 });
    });
  });

  describe('live recording', () => {
    const actions = (doc: GameDocument) => doc.events.filter((e) => !DERIVED.has(e.type));

    it('opens a game without events, then takes actions at the expected version', async () => {
      const doc = games[1]!;
      const open = await call('POST', '/v1/games/live', { body: headerOf(doc) });
      expect(open).toEqual({ status: 201, body: { id: expect.any(String), version: 0 } });
      let version = 0;
      const all = actions(doc);
      for (let i = 0; i < all.length; i += 25) {
        const res = await call('POST', `/v1/games/${open.body.id}/events`, { body: { expectedVersion: version, events: all.slice(i, i + 25) } });
        expect(res.status).toBe(200);
        version = res.body.version;
      }
      expect(version).toBe(doc.events.length);
      const log = await call('GET', `/v1/games/${open.body.id}/log`, { token: null });
      expect(log.body.events).toEqual(doc.events);
      const summary = await call('GET', `/v1/games/${open.body.id}`, { token: null });
      expect(summary.body).toMatchObject({ mode: 'live', status: 'finished', events: doc.events.length });
    });

    it('a stale expected version is a 409, and an illegal action a 422 that appends nothing', async () => {
      const doc = games[2]!;
      const open = await call('POST', '/v1/games/live', { body: headerOf(doc) });
      const id = open.body.id;
      const all = actions(doc);
      const first = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 0, events: all.slice(0, 10) } });
      expect(first.body.version).toBe(10);
      const stale = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 0, events: all.slice(10, 11) } });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatchObject({ code: 'WRONG_EXPECTED_VERSION', actualVersion: 10 });
      const illegal = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 10, events: [all[10], { type: 'EndTurn', player: 'p2', payload: {} }] } });
      expect(illegal.status).toBe(422);
      expect(illegal.body.error).toMatchObject({ index: 1, type: 'EndTurn' });
      expect((await call('GET', `/v1/games/${id}`, { token: null })).body.events).toBe(10);
      const derived = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 10, events: [{ type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } }] } });
      expect(derived.status).toBe(422);
      expect(derived.body.error).toMatchObject({ code: 'DERIVED_MISMATCH', seq: 11, index: 0, path: '$.events[0]', validEvents: 10 });
    });

    it('opens a live game from a document without an events key', async () => {
      const { events: _events, ...header } = games[0]!;
      const open = await call('POST', '/v1/games/live', { body: header });
      expect(open).toEqual({ status: 201, body: { id: expect.any(String), version: 0 } });
    });

    it('takes the derived events a recorder sends when they equal what the engine derived (a simulated game replayed live, in batches, the final GameEnded alone)', async () => {
      const doc = games[1]!;
      const open = await call('POST', '/v1/games/live', { body: headerOf(doc) });
      let version = 0;
      // Batches of 20 with the derived events in them, then the final GameEnded alone (after the move that ended the game).
      const batches = [...Array.from({ length: Math.ceil((doc.events.length - 1) / 20) }, (_, i) => doc.events.slice(i * 20, Math.min(i * 20 + 20, doc.events.length - 1))), doc.events.slice(-1)];
      for (const batch of batches) {
        const res = await call('POST', `/v1/games/${open.body.id}/events`, { body: { expectedVersion: version, events: batch } });
        expect([res.status, res.body.error?.code]).toEqual([200, undefined]);
        version = res.body.version;
      }
      expect(batches.at(-1)![0]!.type).toBe('GameEnded');
      expect(version).toBe(doc.events.length);
      expect((await call('GET', `/v1/games/${open.body.id}/log`, { token: null })).body.events).toEqual(doc.events);
      const last = doc.events[doc.events.length - 1]!;
      const wrong = { ...last, payload: { ...(last.payload as object), reason: 'concede' === (last.payload as any).reason ? 'hp' : 'concede' } };
      const differs = await call('POST', `/v1/games/${open.body.id}/events`, { body: { expectedVersion: version, events: [wrong] } });
      expect(differs.status).toBe(422);
      expect(differs.body.error).toMatchObject({ code: 'DERIVED_MISMATCH', seq: doc.events.length });
      const more = await call('POST', `/v1/games/${open.body.id}/events`, { body: { expectedVersion: version, events: [{ type: 'Concede', player: 'p1', payload: {} }] } });
      expect(more.body.error.code).toBe('GAME_OVER');
    });

    it('an unfinished upload says how to continue it; its recorder continues it live and closes it with a concession', async () => {
      const doc = games[2]!;
      const cut = doc.events.findIndex((e, i) => i > 30 && e.type === 'EndTurn') + 1;
      const unfinished = { ...doc, game: { tournament: 'unfinished-cup', round: 1 }, events: doc.events.slice(0, cut) };
      const uploaded = await call('POST', '/v1/games', { body: unfinished });
      expect(uploaded.body.outcome).toBeNull();
      const id = uploaded.body.id;
      const refused = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: cut, events: [{ type: 'Concede', player: 'p1', payload: {} }] } });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'GAME_NOT_LIVE', version: cut, continue: `/v1/games/${id}/continue` });
      expect(refused.body.error.message).toMatch(/POST \/v1\/games\/.+\/continue/);
      const other = await call('POST', `/v1/games/${id}/continue`, { token: scopedToken });
      expect(other.status).toBe(403);
      const continued = await call('POST', `/v1/games/${id}/continue`);
      expect(continued).toEqual({ status: 200, body: { id, version: cut, mode: 'live' } });
      expect((await call('POST', `/v1/games/${id}/continue`)).body.version).toBe(cut);
      const rest = doc.events.slice(cut).filter((e) => !DERIVED.has(e.type)).slice(0, 4);
      const appended = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: cut, events: rest } });
      expect(appended.status).toBe(200);
      const closed = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: appended.body.version, events: [{ type: 'Concede', player: 'p2', payload: {} }] } });
      expect(closed.body.outcome).toEqual({ result: 'win', winner: 'p1', reason: 'concede' });
      expect((await call('GET', `/v1/games/${id}`, { token: null })).body).toMatchObject({ status: 'finished', mode: 'live' });
      expect((await call('POST', `/v1/games/${id}/continue`)).body.error.code).toBe('GAME_OVER');
    });

    it('an organiser closes an unfinished upload with a result: finished everywhere, its events unchanged, nothing more appended', async () => {
      const doc = games[3]!;
      const cut = doc.events.findIndex((e, i) => i > 20 && e.type === 'EndTurn') + 1;
      const uploaded = await call('POST', '/v1/games', { body: { ...doc, game: { tournament: 'bkk-open', round: 2, table: 9 }, events: doc.events.slice(0, cut) } });
      const id = uploaded.body.id;
      const notLive = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: cut, events: [{ type: 'Concede', player: 'p1', payload: {} }] } });
      expect(notLive.body.error).toMatchObject({ code: 'GAME_NOT_LIVE', close: `/v1/games/${id}/close` });
      expect(notLive.body.error.message).toContain(`POST /v1/games/${id}/close`);
      const close = (body: unknown, token?: string | null) => call('POST', `/v1/games/${id}/close`, { body, ...(token !== undefined ? { token } : {}) });
      const before = await counts();
      expect((await close({ result: 'win', winner: 'p2', reason: 'time' }, null)).status).toBe(401);
      expect((await close({ result: 'lose', reason: 'time' })).body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$.result' });
      expect((await close({ result: 'win', reason: 'time' })).body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$.winner' });
      expect((await close({ result: 'draw', winner: 'p1', reason: 'time' })).body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$.winner' });
      expect((await close({ result: 'draw' })).body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$.reason' });
      expect((await close({ result: 'draw', reason: 'time', extra: 1 })).body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$' });
      expect(await close({ result: 'win', winner: 'p7', reason: 'time' })).toMatchObject({ status: 422, body: { error: { code: 'UNKNOWN_SEAT', path: '$.winner' } } });
      expect(await close({ result: 'win', winner: 'p2', reason: 'time', expectedVersion: cut - 1 })).toMatchObject({
        status: 409,
        body: { error: { code: 'WRONG_EXPECTED_VERSION', actualVersion: cut } },
      });
      expect(await counts()).toEqual(before);
      const anonymousLog = await call('GET', `/v1/games/${id}/log`, { token: null });
      expect(anonymousLog.status).toBe(401);

      const closed = await close({ result: 'win', winner: 'p2', reason: 'time', expectedVersion: cut }, scopedToken);
      expect(closed).toEqual({ status: 200, body: { id, version: cut, outcome: { result: 'win', winner: 'p2', reason: 'time' } } });
      expect((await call('GET', `/v1/games/${id}`, { token: null })).body).toMatchObject({ status: 'finished', events: cut, outcome: { winner: 'p2', reason: 'time' } });
      // Finished now: the log is public, and it is still exactly what was uploaded.
      expect((await call('GET', `/v1/games/${id}/log`, { token: null })).body.events).toEqual(doc.events.slice(0, cut));
      expect((await close({ result: 'draw', reason: 'again' })).body.error.code).toBe('GAME_OVER');
      expect((await call('POST', `/v1/games/${id}/continue`)).body.error.code).toBe('GAME_OVER');
      expect((await counts()).events).toBe(before.events + 1);
      const listed = await call('GET', '/v1/games?tournament=bkk-open', { token: null });
      expect(listed.body.items.find((g: any) => g.id === id)).toMatchObject({ status: 'finished', outcome: { result: 'win', winner: 'p2' } });
      // The read models (statistics, open data) count it as finished, with that result, once the projector got there.
      const projected = () => db.sql<{ status: string; winner: string; end_reason: string; events: number }[]>`
        select status, winner, end_reason, events from rm_games where game_id = ${id} and status = 'finished'`;
      const deadline = Date.now() + 60_000;
      while ((await projected()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const [row] = await projected();
      expect(row).toEqual({ status: 'finished', winner: 'p2', end_reason: 'time', events: cut });
      const seats = await db.sql<{ seat: string; result: string }[]>`select seat, result from rm_game_seats where game_id = ${id} order by seat`;
      expect(seats).toEqual([{ seat: 'p1', result: 'loss' }, { seat: 'p2', result: 'win' }]);
    });

    it('a live game left unfinished is closed as a draw; a recorder appending at the same time gets 409, never a game with events after its result', async () => {
      const doc = games[0]!;
      const open = await call('POST', '/v1/games/live', { body: headerOf(doc) });
      const id = open.body.id;
      const all = actions(doc);
      await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 0, events: all.slice(0, 10) } });
      const [closing, ...appends] = await Promise.all([
        call('POST', `/v1/games/${id}/close`, { body: { result: 'draw', reason: 'time' } }),
        ...Array.from({ length: 5 }, () => call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 10, events: all.slice(10, 11) } })),
      ]);
      expect(closing.status).toBe(200);
      expect(closing.body.outcome).toEqual({ result: 'draw', reason: 'time' });
      const won = appends.filter((r) => r.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      expect(appends.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(closing.body.version).toBe(won.length ? won[0]!.body.version : 10);
      const events = await call('GET', `/v1/games/${id}/events?limit=1000`);
      expect(events.body.events).toHaveLength(closing.body.version);
      const after = await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: closing.body.version, events: all.slice(11, 12) } });
      expect(after.body.error.code).toBe('GAME_OVER');
    });

    it('50 recorders appending at one version: one 200, 49 409, and no gap or duplicate', async () => {
      const doc = games[3]!;
      const open = await call('POST', '/v1/games/live', { body: headerOf(doc) });
      const id = open.body.id;
      const all = actions(doc);
      await call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 0, events: all.slice(0, 12) } });
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 12, events: all.slice(12, 13) } })),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(49);
      const events = await call('GET', `/v1/games/${id}/events?limit=1000`);
      expect(events.body.events.map((e: any) => e.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    });

    it('refuses a live game document that already has events, and appends to unknown or uploaded games', async () => {
      expect((await call('POST', '/v1/games/live', { body: games[0] })).body.error.code).toBe('LIVE_GAME_HAS_EVENTS');
      const missing = await call('POST', '/v1/games/00000000-0000-4000-8000-000000000000/events', { body: { expectedVersion: 0, events: [] } });
      expect(missing.status).toBe(404);
      const uploaded = await call('POST', '/v1/games', { body: games[0] });
      const res = await call('POST', `/v1/games/${uploaded.body.id}/events`, { body: { expectedVersion: 1, events: [{ type: 'Concede', player: 'p1', payload: {} }] } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('GAME_NOT_LIVE');
      const badBody = await call('POST', `/v1/games/${uploaded.body.id}/events`, { body: { events: [] } });
      expect(badBody.body.error).toMatchObject({ code: 'SCHEMA_VIOLATION', path: '$.expectedVersion' });
    });
  });

  describe('catalogs', () => {
    const cards = [
      { id: 'c-hero', name: 'Ventra the Tidecaller', type: 'Character', extra: false, colors: ['blue'], pray: false, worthless: false, text: 'A made-up hero.' },
    ];

    it('stores a catalog (201), accepts the same one again (200) and validates cards (400 with a path)', async () => {
      expect((await call('PUT', '/v1/catalogs/tide-set@1', { body: { system: 'born-from-blood', cards } })).status).toBe(201);
      const same = await call('PUT', '/v1/catalogs/tide-set@1', { body: { system: 'born-from-blood', cards } });
      expect(same).toMatchObject({ status: 200, body: { status: 'unchanged' } });
      const bad = await call('PUT', '/v1/catalogs/tide-set@2', { body: { system: 'born-from-blood', cards: [{ ...cards[0], type: 'Dragon' }] } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.path).toBe('$.cards[0].type');
      expect((await call('PUT', '/v1/catalogs/no-version', { body: { system: 'born-from-blood', cards } })).status).toBe(400);
      expect((await call('PUT', '/v1/catalogs/tide-set@3', { body: { system: 'born-from-blood', cards }, token: null })).status).toBe(401);
      expect((await call('GET', '/v1/catalogs/tide-set@1', { token: null })).body.cards).toEqual(cards);
    });

    it('is immutable once a game references it (409)', async () => {
      const demoCatalog = findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!;
      const put = await call('PUT', '/v1/catalogs/club-set@1', { body: { system: 'born-from-blood', cards: demoCatalog.cards } });
      expect(put.status).toBe(201);
      const game = await call('POST', '/v1/games', { body: { ...games[0], catalog: 'club-set@1' } });
      expect(game.status).toBe(201);
      const changed = await call('PUT', '/v1/catalogs/club-set@1', { body: { system: 'born-from-blood', cards: demoCatalog.cards.slice(1) } });
      expect(changed.status).toBe(409);
      expect(changed.body.error.code).toBe('CATALOG_IMMUTABLE');
      expect(changed.body.error.message).toBe('catalog club-set@1 is referenced by 1 game and cannot change; publish a new version');
    });
  });

  describe('catalog reads', () => {
    it('GET /v1/catalogs/demo-bfb@1 serves the built-in catalog every simulated game references', async () => {
      const demoCatalog = findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!;
      const demo = await call('GET', '/v1/catalogs/demo-bfb@1', { token: null });
      expect(demo.status).toBe(200);
      expect(demo.body).toMatchObject({ id: 'demo-bfb@1', system: 'born-from-blood', source: 'builtin', cards: demoCatalog.cards });
      const missing = await call('GET', '/v1/catalogs/nothing@1', { token: null });
      expect(missing.body.error).toMatchObject({ code: 'UNKNOWN_CATALOG' });
      expect(missing.status).toBe(404);
    });

    it('GET /v1/catalogs lists the built-in and the stored catalogs without their cards', async () => {
      const list = await call('GET', '/v1/catalogs', { token: null });
      expect(list.status).toBe(200);
      const byId = new Map(list.body.items.map((c: any) => [c.id, c]));
      expect(byId.get('demo-bfb@1')).toMatchObject({ system: 'born-from-blood', source: 'builtin', cards: expect.any(Number), createdAt: null });
      expect(byId.get('tide-set@1')).toEqual({ id: 'tide-set@1', system: 'born-from-blood', source: 'stored', cards: 1, createdAt: expect.any(String) });
    });
  });

  describe('reads', () => {
    it('lists games newest first with filters and cursor pagination', async () => {
      const all: any[] = [];
      let cursor: string | null = null;
      do {
        const page: Reply = await call('GET', `/v1/games?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: null });
        expect(page.status).toBe(200);
        all.push(...page.body.items);
        cursor = page.body.nextCursor;
      } while (cursor);
      const { games: stored } = await counts();
      expect(all).toHaveLength(stored);
      expect(new Set(all.map((g) => g.id)).size).toBe(stored);
      const kyoto = await call('GET', '/v1/games?tournament=kyoto-cup', { token: null });
      expect(kyoto.body.items.map((g: any) => g.game.tournament)).toEqual(['kyoto-cup']);
      const byPlayer = await call('GET', `/v1/games?player=${encodeURIComponent('Bot Ash')}&system=born-from-blood`, { token: null });
      expect(byPlayer.body.items.length).toBeGreaterThan(0);
      const deckName = games[0]!.players[0]!.deck!.name!;
      const byDeck = await call('GET', `/v1/games?deck=${encodeURIComponent(deckName)}`, { token: null });
      expect(byDeck.body.items.every((g: any) => g.players.some((p: any) => p.deck?.name === deckName))).toBe(true);
      expect((await call('GET', '/v1/games?cursor=garbage', { token: null })).status).toBe(400);
      expect((await call('GET', '/v1/games?limit=-1', { token: null })).status).toBe(400);
    });

    it('pages through events and folds the board to any step for each viewer', async () => {
      const { body } = await call('POST', '/v1/games', { body: games[0] });
      const page = await call('GET', `/v1/games/${body.id}/events?from=3&limit=2`, { token: null });
      expect(page.body.events.map((e: any) => e.seq)).toEqual([3, 4]);
      expect(page.body.nextFrom).toBe(5);
      expect(page.body.events[0]).toMatchObject({ type: games[0]!.events[2]!.type, metadata: { recordedAt: expect.any(String), actor: 'e2e recorder' } });

      const step = 12;
      const p1 = await call('GET', `/v1/games/${body.id}/state?step=${step}&view=p1`, { token: null });
      expect(p1.status).toBe(200);
      expect(p1.body).toMatchObject({ step, view: 'p1', total: games[0]!.events.length });
      const spectator = await call('GET', `/v1/games/${body.id}/state?step=${step}`, { token: null });
      expect(spectator.body.view).toBe('spectator');
      expect(JSON.stringify(spectator.body.state)).not.toEqual(JSON.stringify(p1.body.state));
      expect((await call('GET', `/v1/games/${body.id}/state?view=reveal`, { token: null })).status).toBe(200);
      expect((await call('GET', `/v1/games/${body.id}/state?step=99999`, { token: null })).status).toBe(400);
      expect((await call('GET', `/v1/games/${body.id}/state?view=p7`, { token: null })).status).toBe(400);
      expect((await call('GET', '/v1/games/not-a-game', { token: null })).status).toBe(404);
    });

    it('serves the projected replay, and folds at most K events from a snapshot for any step', async () => {
      const { body } = await call('POST', '/v1/games', { body: games[1] });
      const total = games[1]!.events.length;
      let replay: Reply;
      const deadline = Date.now() + 20_000;
      do {
        replay = await call('GET', `/v1/games/${body.id}/replay`, { token: null });
        if (replay.body.projected === total) break;
        await new Promise((r) => setTimeout(r, 50));
      } while (Date.now() < deadline);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ gameId: body.id, total, projected: total });
      expect(replay.body.steps.map((s: any) => s.seq)).toEqual(games[1]!.events.map((_, i) => i + 1));
      expect(replay.body.steps.every((s: any) => typeof s.description === 'string' && s.description.length > 0)).toBe(true);
      const k = DEFAULT_SNAPSHOT_EVERY;
      for (const step of [1, k - 1, k, k + 1, total].filter((s) => s <= total)) {
        const state = await call('GET', `/v1/games/${body.id}/state?step=${step}&view=judge`, { token: null });
        expect(state.status).toBe(200);
        expect(state.body.folded).toBeLessThan(k);
        const full = await call('GET', `/v1/games/${body.id}/log`, { token: null });
        expect(full.body.events).toHaveLength(total);
      }
    });

    it('a finished replay stepped forward, back and across answers, for each viewer, the board a fold of its first N events gives', async () => {
      const doc = games[2]!;
      const { body } = await call('POST', '/v1/games', { body: doc });
      const system = findSystem(doc.system)!;
      const initial = system.initialState(resolveHeader(headerOf(doc), system));
      const total = doc.events.length;
      const forward = Array.from({ length: 60 }, (_, i) => i);
      for (const step of [...forward, ...forward.slice(30).reverse(), total, 1, total - 1, 51, 50, 49, 0]) {
        for (const view of ['spectator', 'p1', 'p2', 'judge', 'reveal'] as const) {
          const state = await call('GET', `/v1/games/${body.id}/state?step=${step}&view=${view}`, { token: null });
          expect(state.status).toBe(200);
          const expected = system.view(fold(system, initial, doc.events.slice(0, step)), view);
          expect(state.body.state).toEqual(JSON.parse(JSON.stringify(expected)));
        }
      }
    });

    it('records aegis games like any other: upload, 422 with the rule code, projected replay, views and deck statistics', async () => {
      const [doc] = aegisGames;
      const created = await call('POST', '/v1/games', { body: doc });
      expect(created.status).toBe(201);
      expect(created.body.outcome).toMatchObject({ result: expect.any(String), reason: expect.stringMatching(/^(aegis|deckOut|concede)$/) });

      const draw = doc!.events.findIndex((e) => e.type === 'DrawForTurn');
      const tampered = { ...doc!, events: doc!.events.map((e, i) => (i === draw ? { ...e, player: e.player === 'p1' ? 'p2' : 'p1' } : e)) };
      const before = await counts();
      const refused = await call('POST', '/v1/games', { body: tampered });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ index: draw, type: 'DrawForTurn', code: 'NOT_YOUR_TURN' });
      expect(await counts()).toEqual(before);

      const total = doc!.events.length;
      let replay: Reply;
      const deadline = Date.now() + 20_000;
      do {
        replay = await call('GET', `/v1/games/${created.body.id}/replay`, { token: null });
        if (replay.body.projected === total) break;
        await new Promise((r) => setTimeout(r, 50));
      } while (Date.now() < deadline);
      expect(replay.body.projected).toBe(total);
      expect(replay.body.steps.find((s: any) => s.type === 'DrawForTurn')).toMatchObject({ turn: 1, phase: 'draw', description: expect.stringMatching(/draws 2 cards for the turn\.$/) });

      const p1 = await call('GET', `/v1/games/${created.body.id}/state?step=${total}&view=p1`, { token: null });
      expect(p1.status).toBe(200);
      expect(p1.body.state.players.p1.hand).toBeDefined();
      expect(p1.body.state.players.p2.hand).toBeUndefined();
      expect(p1.body.state.players.p1.aegisSet).toBeUndefined();

      await call('POST', '/v1/games', { body: aegisGames[1] });
      let decks: Reply;
      const statsDeadline = Date.now() + 20_000;
      do {
        decks = await call('GET', '/v1/stats/decks?system=aegis&minGames=1', { token: null });
        if (decks.body.systems?.[0]?.seatGames >= 4) break;
        await new Promise((r) => setTimeout(r, 50));
      } while (Date.now() < statsDeadline);
      expect(decks.body.systems[0]).toMatchObject({ system: 'aegis', seatGames: 4 });
      expect(decks.body.systems[0].decks.map((d: any) => d.archetype).join()).toMatch(/(Mono|Dual)/);
    });

    it('will not reveal a game in progress', async () => {
      const open = await call('POST', '/v1/games/live', { body: headerOf(games[0]!) });
      const res = await call('GET', `/v1/games/${open.body.id}/state?view=reveal`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('REVEAL_BEFORE_END');
      const anonymous = await call('GET', `/v1/games/${open.body.id}/state?view=reveal`, { token: null });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('GAME_IN_PROGRESS');
    });
  });
});
