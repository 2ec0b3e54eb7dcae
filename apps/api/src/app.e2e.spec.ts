import { loadApiConfig } from './config';
import { TestApi, onBothDatabases, startTestApi } from './testing/test-api';

jest.setTimeout(60_000);

onBothDatabases('API', (databaseUrl) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ logLevel: 'info', captureLogs: true, ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
  });
  afterAll(() => api?.close());

  it('GET /health reports the database up', async () => {
    const res = await fetch(`${api.base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' }, relay: { status: 'up', mode: 'in-process' } } });
  });

  it('GET /v1/schema/log serves the JSON Schema of cardlog/1', async () => {
    const res = await fetch(`${api.base}/v1/schema/log`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/schema+json');
    expect(await res.json()).toMatchObject({ $id: expect.stringContaining('cardlog-1.schema.json'), title: expect.stringContaining('cardlog/1') });
  });

  it('serves the OpenAPI document at /docs-json', async () => {
    const res = await fetch(`${api.base}/docs-json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/v1/schema/log', '/v1/games', '/v1/games/{id}/state']));
  });

  it('never writes an authorization header or a token into the logs', async () => {
    const secret = 'cl_live_3f9c2b7a1e5d4c6b8a0f';
    await fetch(`${api.base}/v1/schema/log?x=1`, { headers: { authorization: `Bearer ${secret}`, cookie: `session=${secret}` } });
    await fetch(`${api.base}/v1/games`, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: '{}' });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.logs()).toContain('/v1/schema/log?x=1');
    expect(api.logs()).not.toContain(secret);
    expect(api.logs()).toContain('[redacted]');
  });
});

describe('loadApiConfig', () => {
  it('defaults to port 3000 and the embedded database', () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({ port: 3000, logLevel: 'info' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.cardlog\/data$/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadApiConfig({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    expect(() => loadApiConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadApiConfig({ KAFKA_BROKERS: 'localhost' })).toThrow(/KAFKA_BROKERS/);
    expect(() => loadApiConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadApiConfig({ CARDLOG_DEMO: 'yes' })).toThrow(/CARDLOG_DEMO must be 0 or 1/);
    expect(() => loadApiConfig({}, ['--demo'])).toThrow(/unknown argument "--demo"/);
  });

  it('loads the demo into the embedded database unless --no-demo or CARDLOG_DEMO=0, and into PostgreSQL only with CARDLOG_DEMO=1', () => {
    const pg = { DATABASE_URL: 'postgres://cardlog@db.example/cardlog' };
    expect(loadApiConfig({}).demo).toBe(true);
    expect(loadApiConfig({}, ['--no-demo']).demo).toBe(false);
    expect(loadApiConfig({ CARDLOG_DEMO: '0' }).demo).toBe(false);
    expect(loadApiConfig(pg).demo).toBe(false);
    expect(loadApiConfig({ ...pg, CARDLOG_DEMO: '1' }).demo).toBe(true);
    expect(loadApiConfig({ ...pg, CARDLOG_DEMO: '1' }, ['--no-demo']).demo).toBe(false);
  });
});
