import { Agent, request as httpRequest } from 'node:http';
import type { GameDocument } from '@cardlog/events';
import { simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { exchange, untilServerCloses } from '../testing/raw-http';
import { TestApi, httpClient, onBothDatabases, startTestApi } from '../testing/test-api';

jest.setTimeout(180_000);

const DERIVED = new Set(['GameEnded', 'CardsPutInGraveyard']);
const games = simulateGames(4, 20261202).map((g) => g.document);
const headerOf = (doc: GameDocument) => ({ ...doc, events: [] });
const withName = (doc: GameDocument, name: string): GameDocument => ({ ...doc, players: doc.players.map((p, i) => (i === 0 ? { ...p, name } : p)) });

/** A raw request: headers as given (a Content-Length that lies included), the body written as given. */
function rawRequest(base: string, options: { method: string; path: string; headers: Record<string, string>; body?: Buffer | string; end?: boolean }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(options.path, base);
    const req = httpRequest({ host: url.hostname, port: url.port, method: options.method, path: url.pathname + url.search, headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.flushHeaders();
    if (options.body !== undefined) req.write(options.body);
    if (options.end !== false) req.end();
  });
}

onBothDatabases('hostile input', (databaseUrl) => {
  let api: TestApi;
  let token: string;
  let db: Database;
  let liveId: string;
  const call = httpClient(() => api.base, () => token);
  const counts = async () => {
    const [row] = await db.sql<{ games: string; events: string }[]>`select (select count(*) from games) as games, (select count(*) from events) as events`;
    return { games: Number(row!.games), events: Number(row!.events) };
  };
  const WRITE_ROUTES = () => [
    ['POST', '/v1/games'],
    ['POST', '/v1/games/batch'],
    ['POST', '/v1/games/live'],
    ['POST', `/v1/games/${liveId}/events`],
    ['PUT', '/v1/catalogs/hostile@1'],
  ];

  beforeAll(async () => {
    api = await startTestApi({ ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
    db = api.app.get<Database>(DATABASE);
    token = (await new TokenRepository(db.sql).create('hostile tests')).token;
    liveId = (await call('POST', '/v1/games/live', { body: headerOf(games[0]!) })).body.id;
  });
  afterAll(() => api?.close());

  it('unclosed JSON nested 15,000 levels deep is a located 400 on all five write routes', async () => {
    const before = await counts();
    for (const [method, path] of WRITE_ROUTES()) {
      const reply = await call(method!, path!, { body: '['.repeat(15_000) });
      const error = path === '/v1/games/batch' ? reply.body.results?.[0]?.error : reply.body.error;
      expect({ path, status: reply.status, code: error?.code, line: error?.line, column: error?.column }).toEqual({
        path,
        status: path === '/v1/games/batch' ? 200 : 400,
        code: 'MALFORMED_JSON',
        line: 1,
        column: 15_001,
      });
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['NUL in a player name', withName(games[1]!, 'Ali\u0000ce'), 'INVALID_TEXT', '$.players[0].name'],
    ['a lone surrogate in a deck name', { ...games[1]!, players: games[1]!.players.map((p) => ({ ...p, deck: { name: 'Tide\ud800wall' } })) }, 'INVALID_TEXT', '$.players[0].deck.name'],
    ['a lone surrogate in a tournament', { ...games[1]!, game: { tournament: '\udfffopen' } }, 'INVALID_TEXT', '$.game.tournament'],
    ['a right-to-left override in a player name', withName(games[1]!, 'Bob\u202e'), 'SCHEMA_VIOLATION', '$.players[0].name'],
    ['a zero-width joiner in a player name', withName(games[1]!, 'B\u200dob'), 'SCHEMA_VIOLATION', '$.players[0].name'],
  ])('%s is a 400 naming its path, storing nothing', async (_what, doc, code, path) => {
    const before = await counts();
    const reply = await call('POST', '/v1/games', { body: doc });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code, path });
    const live = await call('POST', '/v1/games/live', { body: headerOf(doc as GameDocument) });
    expect(live.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('NUL inside a live action is a 400, not a database error', async () => {
    const reply = await call('POST', `/v1/games/${liveId}/events`, { body: { expectedVersion: 0, events: [{ type: 'Concede', player: 'p1\u0000', payload: {} }] } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('INVALID_TEXT');
  });

  it('invalid UTF-8 bytes are refused (400 with the place), never replaced', async () => {
    const text = Buffer.from(JSON.stringify(withName(games[1]!, 'Zoe')));
    const at = text.indexOf(Buffer.from('Zoe'));
    text[at + 2] = 0xff;
    const reply = await rawRequest(api.base, { method: 'POST', path: '/v1/games', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(text.length) }, body: text });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error).toMatchObject({ code: 'INVALID_UTF8', line: 1, column: expect.any(Number) });
  });

  it('card ids named like Object.prototype members are stored and read back; /state answers', async () => {
    const doc = games[2]!;
    const renamed = JSON.parse(JSON.stringify(doc).replaceAll('"p1-01"', '"__proto__"').replaceAll('"p2-01"', '"constructor"').replaceAll('"p1-02"', '"toString"')) as GameDocument;
    const stored = await call('POST', '/v1/games', { body: renamed });
    expect(stored.status).toBe(201);
    for (const view of ['spectator', 'judge', 'p1', 'reveal']) {
      const state = await call('GET', `/v1/games/${stored.body.id}/state?view=${view}`);
      expect({ view, status: state.status }).toEqual({ view, status: 200 });
    }
    const half = await call('GET', `/v1/games/${stored.body.id}/state?step=${Math.floor(renamed.events.length / 2)}&view=judge`);
    expect(half.status).toBe(200);
  });

  it('an Idempotency-Key over 255 characters is a 400 naming the header, storing nothing', async () => {
    const before = await counts();
    const reply = await call('POST', '/v1/games', { body: games[3]!, headers: { 'idempotency-key': 'k'.repeat(2_800) } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'BAD_IDEMPOTENCY_KEY', path: 'header:Idempotency-Key' });
    expect((await call('POST', '/v1/games/live', { body: headerOf(games[3]!), headers: { 'idempotency-key': 'k'.repeat(256) } })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('a 36-character game id that is no UUID is a 404 on every route', async () => {
    const fake = 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz';
    for (const path of [`/v1/games/${fake}`, `/v1/games/${fake}/log`, `/v1/games/${fake}/events`, `/v1/games/${fake}/state`, `/v1/games/${fake}/replay`]) {
      expect({ path, status: (await call('GET', path)).status }).toEqual({ path, status: 404 });
    }
    expect((await call('POST', `/v1/games/${fake}/events`, { body: { expectedVersion: 0, events: [] } })).status).toBe(404);
    expect((await call('PUT', `/v1/games/${'-'.repeat(36)}/visibility`, { body: { visibility: 'public' } })).status).toBe(404);
  });

  it('an upload with "events": [] is a 400, and a duplicated key is a 400 with its place', async () => {
    const before = await counts();
    const empty = await call('POST', '/v1/games', { body: headerOf(games[3]!) });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'NO_EVENTS', path: '$.events' });
    const duplicated = JSON.stringify(games[3]).replace('"rulesVersion":', '"rulesVersion":"2","rulesVersion":');
    const dup = await call('POST', '/v1/games', { body: duplicated });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toMatchObject({ code: 'DUPLICATE_KEY', path: '$', line: 1, column: expect.any(Number) });
    const dupAppend = await call('POST', `/v1/games/${liveId}/events`, { body: '{"expectedVersion":0,"expectedVersion":1,"events":[]}' });
    expect(dupAppend.body.error).toMatchObject({ code: 'DUPLICATE_KEY', path: '$' });
    expect(await counts()).toEqual(before);
  });

  it('a batch answers every line on its own and says which are stored, whatever a later line does', async () => {
    const a = { ...games[1]!, game: { tournament: 'batch-cup', round: 1, table: 1 } };
    const c = { ...games[2]!, game: { tournament: 'batch-cup', round: 1, table: 3 } };
    const lines = [JSON.stringify(a), JSON.stringify(withName(games[3]!, 'x\u0000')), '{"format": "cardlog/1",', JSON.stringify(c), '['.repeat(20_000)];
    const reply = await call('POST', '/v1/games/batch', { body: lines.join('\n') });
    expect(reply.status).toBe(200);
    expect(reply.body.results.map((r: { line: number; status: string; stored: boolean }) => [r.line, r.status, r.stored])).toEqual([
      [1, 'created', true],
      [2, 'rejected', false],
      [3, 'rejected', false],
      [4, 'created', true],
      [5, 'rejected', false],
    ]);
    expect(reply.body.results[2].error).toMatchObject({ code: 'MALFORMED_JSON', line: 1, column: 24 });
  });

  describe('bodies are checked before they are read', () => {
    it('an unauthenticated upload is refused without its body being read', async () => {
      // Headers promise 8 MiB and nothing follows: an answer proves nothing was waited for.
      const reply = await rawRequest(api.base, { method: 'POST', path: '/v1/games', headers: { 'content-type': 'application/json', 'content-length': String(8 * 1024 * 1024) }, end: false });
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.body).error.code).toBe('UNAUTHORIZED');
    });

    it('a declared length over the limit is a 413 at once, even when the body never comes', async () => {
      const reply = await rawRequest(api.base, {
        method: 'POST',
        path: '/v1/games',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(9 * 1024 * 1024) },
        body: '0123456789',
        end: false,
      });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body).error).toMatchObject({ code: 'LIMIT_EXCEEDED', limit: 8 * 1024 * 1024 });
    });

    it('a body without a length stops being read at the limit (413)', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL('/v1/games', api.base);
        const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: url.pathname, headers: { authorization: `Bearer ${token}`, 'transfer-encoding': 'chunked' } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
        // 9 MiB, then silence: the answer must not wait for an end that never comes.
        for (let i = 0; i < 9; i++) req.write(chunk);
      });
      expect(reply.status).toBe(413);
    });

    it('a client that writes all of an oversized body still reads its 413, and its connection serves the next request', async () => {
      // The answer comes before the body is read; the rest is then read and thrown away, so a client
      // still writing never meets a closed socket (EPIPE, or a reset that loses the answer).
      const body = Buffer.alloc(9 * 1024 * 1024, 0x20);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const length of [{ 'content-length': String(body.length) }, { 'transfer-encoding': 'chunked' }] as Record<string, string>[]) {
          for (let i = 0; i < 4; i++) {
            const refused = await exchange(agent, api.base, { method: 'POST', path: '/v1/games', headers: { authorization: `Bearer ${token}`, ...length }, body });
            const next = await exchange(agent, api.base, { method: 'GET', path: '/health' });
            expect({ length, refused: refused.status, next }).toEqual({ length, refused: 413, next: { status: 200, reused: true } });
          }
        }
      } finally {
        agent.destroy();
      }
    });

    it('a body that stalls after its 413 is not waited for: the API closes the connection', async () => {
      const url = new URL(api.base);
      const received = await untilServerCloses(
        api.base,
        `POST /v1/games HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\ncontent-length: ${9 * 1024 * 1024}\r\n\r\n0123456789`,
      );
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received).toContain('LIMIT_EXCEEDED');
    });

    it('an unknown field of 2 MiB is not echoed back: error bodies are bounded', async () => {
      const key = 'k'.repeat(2 * 1024 * 1024);
      for (const [path, body] of [
        ['/v1/games', `{${JSON.stringify(key)}: 1}`],
        [`/v1/games/${liveId}/events`, `{"expectedVersion": 0, "events": [], ${JSON.stringify(key)}: 1}`],
      ] as const) {
        const reply = await rawRequest(api.base, { method: 'POST', path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, body });
        expect({ path, status: reply.status }).toEqual({ path, status: 400 });
        expect(reply.body.length).toBeLessThan(8 * 1024);
      }
    });

    it('MALFORMED_JSON carries line and column fields on every JSON route', async () => {
      for (const [method, path] of [...WRITE_ROUTES(), ['PUT', `/v1/games/${liveId}/visibility`]]) {
        const reply = await call(method!, path!, { body: '{\n  "a": ,\n}' });
        const error = path === '/v1/games/batch' ? reply.body.results[0].error : reply.body.error;
        expect({ path, code: error.code, line: error.line, column: error.column }).toEqual({ path, code: 'MALFORMED_JSON', line: path === '/v1/games/batch' ? 1 : 2, column: expect.any(Number) });
      }
    });
  });

  describe('idempotency, duplicates and races', () => {
    it("a key reused with another document is a 422; keys belong to their token, and never hand out another tournament's game", async () => {
      const repo = new TokenRepository(db.sql);
      const paris = (await repo.create('paris recorder', ['paris-major'])).token;
      const kyoto = (await repo.create('kyoto recorder', ['kyoto-cup'])).token;
      const parisGame = { ...games[1]!, game: { tournament: 'paris-major', round: 2, table: 1 } };
      const first = await call('POST', '/v1/games', { body: parisGame, token: paris, headers: { 'idempotency-key': 'round-2-table-1' } });
      expect(first.status).toBe(201);
      const reused = await call('POST', '/v1/games', { body: { ...parisGame, game: { tournament: 'paris-major', round: 2, table: 2 } }, token: paris, headers: { 'idempotency-key': 'round-2-table-1' } });
      expect(reused.status).toBe(422);
      expect(reused.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      const kyotoGame = { ...games[2]!, game: { tournament: 'kyoto-cup', round: 2, table: 1 } };
      const other = await call('POST', '/v1/games', { body: kyotoGame, token: kyoto, headers: { 'idempotency-key': 'round-2-table-1' } });
      expect(other.status).toBe(201);
      expect(other.body.id).not.toBe(first.body.id);
    });

    it('a second document for a taken tournament slot is a 409 with the stored id; a player id under another name is a 422', async () => {
      const slot = { tournament: 'slot-cup', round: 3, table: 7, gameNumber: 1 };
      const first = await call('POST', '/v1/games', { body: { ...games[1]!, game: slot } });
      expect(first.status).toBe(201);
      const before = await counts();
      const second = await call('POST', '/v1/games', { body: { ...games[2]!, game: slot } });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({ code: 'GAME_SLOT_TAKEN', id: first.body.id });
      expect((await call('POST', '/v1/games/live', { body: headerOf({ ...games[2]!, game: slot }) })).status).toBe(409);
      const named = (doc: GameDocument, name: string) => ({ ...doc, players: doc.players.map((p, i) => ({ ...p, id: `member-${i}`, ...(i === 0 ? { name } : {}) })) });
      expect((await call('POST', '/v1/games', { body: { ...named(games[3]!, 'Somchai'), game: { tournament: 'id-cup', round: 1, table: 1 } } })).status).toBe(201);
      const renamed = await call('POST', '/v1/games', { body: { ...named(games[2]!, 'Someone Else'), game: { tournament: 'id-cup', round: 1, table: 2 } } });
      expect(renamed.status).toBe(422);
      expect(renamed.body.error).toMatchObject({ code: 'PLAYER_ID_CONFLICT', path: '$.players[0].id' });
      expect(await counts()).toEqual({ games: before.games + 1, events: before.events + games[3]!.events.length + 1 });
    });

    it('concurrent appends at one version: every loser gets 409, none a 422', async () => {
      const doc = games[3]!;
      const id = (await call('POST', '/v1/games/live', { body: headerOf(doc) })).body.id;
      const actions = doc.events.filter((e) => !DERIVED.has(e.type));
      let version = 0;
      for (let round = 0; round < 6; round++) {
        const replies = await Promise.all(Array.from({ length: 12 }, () => call('POST', `/v1/games/${id}/events`, { body: { expectedVersion: version, events: actions.slice(round, round + 1) } })));
        expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(409)]);
        version = replies.find((r) => r.status === 200)!.body.version;
      }
    });
  });
});
