import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestApi, startTestApi } from '../testing/test-api';

jest.setTimeout(120_000);

describe('the web app at /', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardlog-web-'));
  let api: TestApi;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Cardlog</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    api = await startTestApi({ config: { webDir: dir } });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers / and every deep link of the app with index.html', async () => {
    for (const path of ['/', '/games', '/games/7d1f0c2e-0000-4000-8000-000000000000?step=12&view=p1', '/meta/cards?sort=gih']) {
      const res = await fetch(`${api.base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves built assets, cached for good since their names carry a hash', async () => {
    const res = await fetch(`${api.base}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('leaves /v1, /docs and /health to the API, and a missing file is a 404', async () => {
    const unknown = await fetch(`${api.base}/v1/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${api.base}/health`)).headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${api.base}/docs-json`)).headers.get('content-type')).toContain('application/json');
    expect(await (await fetch(`${api.base}/docs`)).text()).toContain('swagger');
    expect((await fetch(`${api.base}/assets/missing-0000.js`)).status).toBe(404);
  });
});

describe('the web app when it is not built', () => {
  it('says how to build it instead of a blank page', async () => {
    const api = await startTestApi({ config: { webDir: join(tmpdir(), 'cardlog-web-absent') } });
    try {
      const res = await fetch(`${api.base}/games`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('nx run web:build');
    } finally {
      await api.close();
    }
  });
});
