// The two-command promise, tested from a fresh clone: `npm start` builds what it needs, serves,
// fills the empty embedded database with the demo, stops cleanly on SIGTERM and, started again,
// finds the same data without loading the demo twice.
//
// What is cloned is the committed HEAD; the clone installs its own node_modules with `npm ci`, as a
// new user's does (from npm's local cache when it has the packages), so a dependency missing from the
// lockfile or a workspace that does not install fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Proc, ROOT, freePort, getJson, killEverything } from './harness';

let PORT: number;
let BASE: string;
/** From `npm start` to listening, build included (Nx's cache may or may not have it). */
const LISTEN_WITHIN_MS = 120_000;
/** From `npm start` to every demo tournament recorded and projected. */
const DEMO_WITHIN_MS = 240_000;
/** `npm ci` in the clone. */
const INSTALL_WITHIN_MS = 600_000;

/** `git clone` of HEAD into a temporary folder and `npm ci` there; how long each took goes to `measured`. */
function cloneAndInstall(measured: Record<string, number>): string {
  const work = mkdtempSync(join(tmpdir(), 'cardlog-clone-'));
  const clone = join(work, 'cardlog');
  execFileSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'pipe' });
  const started = Date.now();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: clone, stdio: 'pipe', timeout: INSTALL_WITHIN_MS, env: { ...process.env, CI: 'true' } });
  measured.npmCiMs = Date.now() - started;
  return clone;
}

const npmStart = (clone: string) =>
  new Proc(['start'], { command: 'npm', cwd: clone, env: { PORT: String(PORT), HOST: '127.0.0.1' } });

describe('a fresh clone, `npm start`', () => {
  let clone: string;
  let server: Proc | undefined;
  const measured: Record<string, number> = {};

  beforeAll(async () => {
    PORT = await freePort();
    BASE = `http://127.0.0.1:${PORT}`;
    clone = cloneAndInstall(measured);
  }, INSTALL_WITHIN_MS + 60_000);
  afterAll(async () => {
    await server?.stop(15_000);
    killEverything();
    if (clone) rmSync(join(clone, '..'), { recursive: true, force: true });
    process.stdout.write(`clone-and-start measurements: ${JSON.stringify(measured)}\n`);
  });

  it('serves, loads the demo into ./.cardlog/data in the background and stops with exit 0 on SIGTERM', async () => {
    server = npmStart(clone);
    const listening = await server.until(/Cardlog on (http:\/\/\S+) /, LISTEN_WITHIN_MS);
    measured.listeningMs = listening.ms;
    expect(server.output).toMatch(/embedded PGlite, data in \S+\/\.cardlog\/data/);
    // Its own write, after the listening line: it may reach us in a later chunk.
    await server.until(/local organiser's write token: cl_\S+/, 10_000);
    await server.until(/demo: loading 4 simulated tournaments in the background/, 30_000);
    // Usable while the demo loads.
    expect((await fetch(`${BASE}/health`)).status).toBe(200);
    const loaded = await server.until(/demo: 4 tournaments, (\d+) rounds, (\d+) games recorded in ([\d.]+) s, replays and statistics ready in ([\d.]+) s/, DEMO_WITHIN_MS);
    measured.demoReadyMs = loaded.ms;
    measured.demoGames = Number(loaded.match[2]);

    const { tournaments } = await getJson(`${BASE}/v1/tournaments`);
    expect(tournaments.map((t: { system: string }) => t.system).sort()).toEqual(['aegis', 'born-from-blood', 'devacurse', 'summoner-master']);
    const aegis = tournaments.find((t: { system: string }) => t.system === 'aegis');
    const { standings } = await getJson(`${BASE}/v1/tournaments/${aegis.id}/standings`);
    expect(standings.length).toBe(aegis.players);
    expect(new Set(standings.map((s: { name: string }) => s.name)).size).toBe(aegis.players);
    expect(standings[0].points).toBeGreaterThan(standings[standings.length - 1].points);
    const round = await getJson(`${BASE}/v1/tournaments/${aegis.id}/rounds/1`);
    const replayLink = round.pairings.find((p: { games?: unknown[] }) => p.games?.length).games[0].replay;
    const replay = await getJson(`${BASE}${replayLink}`);
    expect(replay.steps.length).toBeGreaterThan(10);
    const state = await getJson(`${BASE}${replayLink.replace(/\/replay$/, '/state')}?step=5&view=spectator`);
    expect(state).toBeTruthy();
    const overview = await getJson(`${BASE}/v1/stats/overview`);
    expect(overview.systems).toHaveLength(4);
    measured.games = overview.systems.reduce((n: number, s: { games: number }) => n + s.games, 0);
    expect(measured.games).toBe(measured.demoGames);
    expect(existsSync(join(clone, '.cardlog', 'data', 'local-token'))).toBe(true);

    expect(await server.stop()).toBe(0);
    expect(server.output).toMatch(/cardlog: stopped/);
  });

  it('started again, finds the same data and does not load the demo twice', async () => {
    if (server?.running) await server.stop();
    const token = readFileSync(join(clone, '.cardlog', 'data', 'local-token'), 'utf8').trim();
    server = npmStart(clone);
    const listening = await server.until(/Cardlog on (http:\/\/\S+) /, LISTEN_WITHIN_MS);
    measured.restartListeningMs = listening.ms;
    const printed = await server.until(/local organiser's write token: (\S+)/, 10_000);
    expect(printed.match[1]).toBe(token);
    const overview = await getJson(`${BASE}/v1/stats/overview`);
    expect(overview.systems.reduce((n: number, s: { games: number }) => n + s.games, 0)).toBe(measured.games);
    expect((await getJson(`${BASE}/v1/tournaments`)).tournaments).toHaveLength(4);
    expect(server.output).not.toMatch(/demo: loading/);
    expect(await server.stop()).toBe(0);
  });
});
