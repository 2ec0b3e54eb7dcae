import { INestApplication } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { createApiApp } from './bootstrap';
import { ApiConfig, loadApiConfig } from './config';

jest.setTimeout(60_000);

interface Running {
  app: INestApplication;
  base: string;
  logs: () => string;
}

async function start(overrides: Partial<ApiConfig>): Promise<Running> {
  const config = { ...loadApiConfig({ LOG_LEVEL: 'info' }), port: 0, host: '127.0.0.1', ...overrides };
  const sink = new PassThrough();
  let captured = '';
  sink.on('data', (chunk) => (captured += chunk.toString()));
  const app = await createApiApp(config, sink);
  await app.listen(0, '127.0.0.1');
  return { app, base: await app.getUrl(), logs: () => captured };
}

function apiSuite(name: string, gate: (name: string, body: () => void) => void, configure: () => Promise<{ config: Partial<ApiConfig>; cleanup: () => Promise<void> }>) {
  gate(`API on ${name}`, () => {
    let running: Running;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const setup = await configure();
      cleanup = setup.cleanup;
      running = await start(setup.config);
    });
    afterAll(async () => {
      await running?.app.close();
      await cleanup?.();
    });

    it('GET /health reports the database up', async () => {
      const res = await fetch(`${running.base}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' } } });
    });

    it('GET /v1/schema/log serves the JSON Schema of cardlog/1', async () => {
      const res = await fetch(`${running.base}/v1/schema/log`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/schema+json');
      expect(await res.json()).toMatchObject({ $id: expect.stringContaining('cardlog-1.schema.json'), title: expect.stringContaining('cardlog/1') });
    });

    it('serves the OpenAPI document at /docs-json', async () => {
      const res = await fetch(`${running.base}/docs-json`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/v1/schema/log']));
    });

    it('never writes an authorization header or a token into the logs', async () => {
      const secret = 'cl_live_3f9c2b7a1e5d4c6b8a0f';
      await fetch(`${running.base}/v1/schema/log?x=1`, { headers: { authorization: `Bearer ${secret}`, cookie: `session=${secret}` } });
      await new Promise((r) => setTimeout(r, 50));
      expect(running.logs()).toContain('/v1/schema/log?x=1');
      expect(running.logs()).not.toContain(secret);
      expect(running.logs()).toContain('[redacted]');
    });
  });
}

apiSuite('embedded PGlite', (name, body) => describe(name, body), async () => ({ config: { dataDir: 'memory' }, cleanup: () => Promise.resolve() }));

let testDb: TestDatabase;
apiSuite('PostgreSQL', describeWithPostgres, async () => {
  testDb = await createTestDatabase('cardlog_api');
  return { config: { databaseUrl: testDb.url }, cleanup: () => testDb.drop() };
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
  });
});
