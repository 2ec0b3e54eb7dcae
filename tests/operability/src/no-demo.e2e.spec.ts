// Turning the demo off: a fresh embedded data folder stays empty with CARDLOG_DEMO=0. (`--no-demo`
// reaches the same config field: apps/api's loadApiConfig spec; one process start here is enough.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Proc, getJson, killEverything } from './harness';

const PORT = 19645;
const BASE = `http://127.0.0.1:${PORT}`;

describe('a fresh embedded start with CARDLOG_DEMO=0', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardlog-no-demo-'));
  afterAll(() => {
    killEverything();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves an empty database: no tournaments, no games, no demo line', async () => {
    const server = new Proc(['apps/api/dist/main.js'], { env: { CARDLOG_DEMO: '0', PORT: String(PORT), HOST: '127.0.0.1', CARDLOG_DATA_DIR: dataDir } });
    await server.until(/Cardlog on http/, 120_000);
    // Give a background load the moment it would need to start.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await getJson(`${BASE}/v1/tournaments`)).tournaments).toEqual([]);
    expect((await getJson(`${BASE}/v1/games`)).items).toEqual([]);
    expect(server.output).not.toMatch(/demo:/);
    expect(await server.stop()).toBe(0);
  });
});
