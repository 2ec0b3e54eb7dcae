import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { loadApiConfig } from './config';
import { DATABASE } from './database/database.module';
import { SUCCESS } from './openapi/responses';
import { TestApi, startTestApi } from './testing/test-api';

jest.setTimeout(180_000);

const get = async (api: TestApi, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${api.base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe('query parameters (embedded PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it('GET /v1/games refuses an unknown parameter (a typo) with 400 naming it and listing the ones it takes', async () => {
    const res = await get(api, '/v1/games?tournment=spring-open');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'BAD_QUERY',
      path: 'tournment',
      message: 'tournment is not a parameter of this endpoint; it takes system, tournament, player, deck, cursor, limit',
    });
  });

  it('a repeated parameter is one clear 400', async () => {
    const res = await get(api, '/v1/games?tournament=a&tournament=b');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_QUERY', path: 'tournament', message: 'tournament is given more than once' });
  });

  it('limit has one rule and one message on every paginated route', async () => {
    for (const bad of ['0', '201', 'ten', '-1']) {
      const res = await get(api, `/v1/games?limit=${bad}`);
      expect([res.status, res.body.error.message]).toEqual([400, `limit must be an integer from 1 to 200, got "${bad}"`]);
    }
    const id = '00000000-0000-4000-8000-000000000000';
    const events = await get(api, `/v1/games/${id}/events?limit=1001`);
    expect([events.status, events.body.error.message]).toEqual([400, 'limit must be an integer from 1 to 1000, got "1001"']);
    expect((await get(api, '/v1/games?limit=200')).status).toBe(200);
  });

  it('routes without parameters refuse any, and the other game routes refuse unknown ones', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/v1/games/${id}?x=1`, `/v1/games/${id}/log?x=1`, `/v1/games/${id}/replay?x=1`]) {
      const res = await get(api, path);
      expect([res.status, res.body.error.message]).toEqual([400, 'x is not a parameter of this endpoint; it takes none']);
    }
    const state = await get(api, `/v1/games/${id}/state?stp=3`);
    expect(state.body.error.message).toBe('stp is not a parameter of this endpoint; it takes step, view');
  });

  it('sends no CORS headers by default', async () => {
    const res = await get(api, '/v1/games', { origin: 'https://viewer.example.org' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the OpenAPI document (embedded PGlite)', () => {
  let api: TestApi;
  let doc: any;
  beforeAll(async () => {
    api = await startTestApi();
    doc = (await get(api, '/docs-json')).body;
  });
  afterAll(() => api?.close());

  it('describes a success body and the error bodies of every operation', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) => Object.entries(item).map(([method, op]) => ({ key: `${method} ${path}`, op: op as any })));
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(SUCCESS).sort()).toEqual(operations.map((o) => o.key).sort());
    for (const { key, op } of operations) {
      const statuses = Object.keys(op.responses);
      const schemaOf = (status: string) => op.responses[status].content?.['application/json']?.schema?.$ref as string | undefined;
      expect([key, statuses.filter((s) => /^2/.test(s)).every((s) => schemaOf(s))]).toEqual([key, true]);
      expect([key, statuses.some((s) => /^[45]/.test(s) && schemaOf(s) === '#/components/schemas/ApiError')]).toEqual([key, true]);
      for (const s of statuses) expect(doc.components.schemas[schemaOf(s)!.split('/').pop()!]).toBeDefined();
    }
  });

  it('describes what the API really answers', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const check = (name: string, body: unknown) => {
      const validate = ajv.getSchema(`#/components/schemas/${name}`)!;
      expect([name, validate(body), validate.errors ?? null]).toEqual([name, true, null]);
    };
    check('GamePage', (await get(api, '/v1/games')).body);
    check('CatalogList', (await get(api, '/v1/catalogs')).body);
    check('Catalog', (await get(api, '/v1/catalogs/demo-bfb@1')).body);
    check('StatsOverviewReport', (await get(api, '/v1/stats/overview')).body);
    check('ApiError', (await get(api, '/v1/games?tournment=x')).body);
    const { token } = await new TokenRepository(api.app.get<Database>(DATABASE).sql).create('openapi check');
    const doc0 = simulateGames(1, 77)[0]!.document;
    const uploaded = await fetch(`${api.base}/v1/games`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(doc0) });
    const created = (await uploaded.json()) as { id: string };
    check('UploadResult', created);
    check('GamePage', (await get(api, '/v1/games')).body);
    check('GameSummary', (await get(api, `/v1/games/${created.id}`)).body);
    check('GameEventsPage', (await get(api, `/v1/games/${created.id}/events?limit=5`)).body);
    check('GameReplay', (await get(api, `/v1/games/${created.id}/replay`)).body);
    check('GameState', (await get(api, `/v1/games/${created.id}/state?step=10&view=p1`)).body);
    check('DeckStatsReport', (await get(api, '/v1/stats/decks')).body);
    check('MatchupStatsReport', (await get(api, '/v1/stats/matchups')).body);
    check('CardStatsReport', (await get(api, '/v1/stats/cards')).body);
    check('ApiError', (await get(api, '/v1/games/00000000-0000-4000-8000-000000000000')).body);
  });
});

describe('CORS when configured (embedded PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { corsOrigins: ['https://viewer.example.org'] } });
  });
  afterAll(() => api?.close());

  it('answers a preflight and reads for a configured origin only', async () => {
    const preflight = await fetch(`${api.base}/v1/games`, {
      method: 'OPTIONS',
      headers: { origin: 'https://viewer.example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://viewer.example.org');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const read = await get(api, '/v1/games', { origin: 'https://viewer.example.org' });
    expect(read.headers.get('access-control-allow-origin')).toBe('https://viewer.example.org');
    const other = await get(api, '/v1/games', { origin: 'https://elsewhere.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CARDLOG_CORS_ORIGINS', () => {
  it('is off when unset, * or a list of origins when set, and names a bad entry', () => {
    expect(loadApiConfig({}).corsOrigins).toBeUndefined();
    expect(loadApiConfig({ CARDLOG_CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
    expect(loadApiConfig({ CARDLOG_CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(() => loadApiConfig({ CARDLOG_CORS_ORIGINS: 'https://a.example/viewer' })).toThrow(/CARDLOG_CORS_ORIGINS .*got "https:\/\/a\.example\/viewer"/);
  });
});
