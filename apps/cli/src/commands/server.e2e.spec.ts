import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulateGames } from '@cardlog/rules';
import { main } from '../main';
import { captureIo, tempDir } from '../testing';

jest.setTimeout(180_000);

const apiMain = join(__dirname, '..', '..', '..', 'api', 'dist', 'main.js');

/** Starts the built API on an embedded database in `dataDir`, on a free port. */
async function startApi(dataDir: string): Promise<{ url: string; process: ChildProcess; stop: () => Promise<void> }> {
  if (!existsSync(apiMain)) throw new Error('apps/api/dist is missing: `nx run cli:test` builds it first');
  const child = spawn(process.execPath, [apiMain], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CARDLOG_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', KAFKA_BROKERS: '', CARDLOG_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Cardlog (?:API )?on (http:\/\/\S+?) /.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the API exited with ${code}:\n${output}`)));
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Points the database commands at the embedded folder `dir` (CI sets DATABASE_URL for other tests). */
async function withEmbeddedDatabase(dir: string, work: () => Promise<void>): Promise<void> {
  const saved = { dir: process.env.CARDLOG_DATA_DIR, url: process.env.DATABASE_URL };
  process.env.CARDLOG_DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  try {
    await work();
  } finally {
    if (saved.dir === undefined) delete process.env.CARDLOG_DATA_DIR;
    else process.env.CARDLOG_DATA_DIR = saved.dir;
    if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
  }
}

describe('the CLI against a running server', () => {
  const work = tempDir();
  const dataDir = join(work, 'data');
  const games = join(work, 'games');
  const journal = join(work, 'journal.jsonl');
  let api: Awaited<ReturnType<typeof startApi>>;
  let token: string;
  const documents = simulateGames(6, 31337).map((g, i) => ({ ...g.document, game: { tournament: i < 4 ? 'spring-open' : 'club-night', round: i + 1 } }));

  beforeAll(async () => {
    mkdirSync(games, { recursive: true });
    documents.slice(0, 4).forEach((doc, i) => writeFileSync(join(games, `game-${i}.json`), JSON.stringify(doc)));
    writeFileSync(join(games, 'more.jsonl'), `${documents.slice(4).map((d) => JSON.stringify(d)).join('\n')}\n`);
    const broken = structuredClone(documents[0]!);
    broken.events[20] = { ...broken.events[20]!, player: broken.events[20]!.player === 'p1' ? 'p2' : 'p1' };
    writeFileSync(join(games, 'zz-broken.json'), JSON.stringify(broken));
    api = await startApi(dataDir);
    token = readFileSync(join(dataDir, 'local-token'), 'utf8').trim();
  });
  afterAll(() => api?.stop());

  it('upload sends files, folders and JSON Lines and reports created, already present and each rejection', async () => {
    const io = captureIo();
    const code = await main(['upload', games, '--server', api.url, '--token', token, '--journal', journal], io);
    expect(code).toBe(1);
    const out = io.stdout.join('\n');
    expect(out).toMatch(/created 6, already present 0, rejected 1/);
    expect(out).toMatch(/REJECTED .*zz-broken\.json event 21 \w+ \(\$\.events\[20\]\) [A-Z_]+: (?!event)/);
    expect(io.stderr.join('\n')).toMatch(/progress 7\/7/);
  });

  it('a re-run uploads nothing twice', async () => {
    const io = captureIo();
    await main(['upload', games, '--server', api.url, '--token', token, '--journal', journal], io);
    expect(io.stdout.join('\n')).toMatch(/created 0, already present 6, rejected 1/);
    const fresh = captureIo();
    await main(['upload', join(games, 'game-0.json'), '--server', api.url, '--token', token, '--journal', join(work, 'other-journal.jsonl')], fresh);
    expect(fresh.stdout.join('\n')).toMatch(/created 0, already present 1, rejected 0/);
  });

  it('upload names a bad token and an unreachable server', async () => {
    const bad = captureIo();
    expect(await main(['upload', games, '--server', api.url, '--token', 'cl_wrong', '--journal', join(work, 'j2')], bad)).toBe(2);
    expect(bad.stderr.join('\n')).toMatch(/refused the token/);
    const usage = captureIo();
    expect(await main(['upload', games, '--server', api.url], usage)).toBe(2);
    expect(usage.stderr.join('\n')).toMatch(/a token is required: --token-file FILE, CARDLOG_TOKEN or --token T/);
  });

  it('export writes a tournament’s logs, equal to the uploaded documents', async () => {
    const out = join(work, 'export');
    const io = captureIo();
    expect(await main(['export', '--server', api.url, '--tournament', 'spring-open', '--out', out], io)).toBe(0);
    expect(io.stdout).toEqual([`exported 4 games to ${out}`]);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['spring-open-r1.json', 'spring-open-r2.json', 'spring-open-r3.json', 'spring-open-r4.json']);
    const exported = files.map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')));
    const rounds = exported.map((d) => d.game.round).sort();
    expect(rounds).toEqual([1, 2, 3, 4]);
    for (const doc of exported) expect(doc).toEqual(documents[doc.game.round - 1]);
    const one = captureIo();
    const listed = (await (await fetch(`${api.url}/v1/games?tournament=club-night&limit=1`)).json()) as { items: { id: string }[] };
    const id = listed.items[0]!.id;
    expect(await main(['export', '--server', api.url, '--game', id, '--out', join(work, 'one')], one)).toBe(0);
    expect(readdirSync(join(work, 'one'))).toEqual([expect.stringMatching(/^club-night-r[56]\.json$/)]);
    expect(one.stdout).toEqual([`exported 1 game to ${join(work, 'one')}`]);
    expect(await main(['export', '--server', api.url, '--game', '00000000-0000-4000-8000-000000000000', '--out', join(work, 'none')], captureIo())).toBe(1);
    expect(existsSync(join(work, 'none'))).toBe(false);
  });

  it('token create refuses the embedded database while the server holds it', async () => {
    await withEmbeddedDatabase(dataDir, async () => {
      const io = captureIo();
      expect(await main(['token', 'create', '--name', 'judge'], io)).toBe(2);
      expect(io.stderr).toEqual([expect.stringMatching(/^cardlog token: the embedded database in .* is held by a running server \(process \d+\): stop it first/)]);
    });
  });

  it('after the server stops: projections rebuild and dump work on its database', async () => {
    await api.stop();
    await withEmbeddedDatabase(dataDir, async () => {
      const token = captureIo();
      expect(await main(['token', 'create', '--name', 'judge', '--tournament', 'spring-open'], token)).toBe(0);
      expect(token.stdout[0]).toMatch(/^cl_[A-Za-z0-9_-]{20,}$/);
      expect(token.stderr.join('\n')).toMatch(/for tournament spring-open;/);

      const rebuild = captureIo();
      expect(await main(['projections', 'rebuild'], rebuild)).toBe(0);
      expect(rebuild.stdout.join('\n')).toMatch(/rebuilt read models: \d+ events, 6 games/);

      const out = join(work, 'dump');
      const dump = captureIo();
      expect(await main(['dump', '--out', out], dump)).toBe(0);
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      expect(manifest.files['games.csv']).toBe(6);
      expect(manifest.files['seats.jsonl']).toBe(12);
      expect(manifest.asOf.globalPosition).toBeGreaterThan(0);
      const csv = readFileSync(join(out, 'games.csv'), 'utf8').trim().split('\n');
      expect(csv).toHaveLength(7);
      expect(csv[0]).toMatch(/^game_id,system,rules_version/);
      expect(JSON.parse(readFileSync(join(out, 'stats-overview.json'), 'utf8'))).toBeTruthy();
    });
  });
});

describe('the CLI with a tournament bundle', () => {
  const work = tempDir();
  const bundleFile = join(work, 'club-night.json');
  const brokenFile = join(work, 'broken.json');
  let api: Awaited<ReturnType<typeof startApi>>;
  let token: string;

  beforeAll(async () => {
    const io = captureIo();
    expect(await main(['simulate', '--tournament', 'club-night', '--players', '6', '--rounds', '2', '--best-of', '1', '--seed', '8', '--out', bundleFile], io)).toBe(0);
    const broken = JSON.parse(readFileSync(bundleFile, 'utf8'));
    broken.tournament.id = 'club-night-broken';
    for (const round of broken.rounds) for (const p of round.pairings) for (const g of p.games ?? []) g.game.tournament = 'club-night-broken';
    const game = broken.rounds[1].pairings[0].games[0];
    const k = game.events.findIndex((e: { player?: string }) => e.player !== undefined);
    game.events.splice(k + 1, 0, structuredClone(game.events[k]));
    writeFileSync(brokenFile, JSON.stringify(broken));
    api = await startApi(join(work, 'data'));
    token = readFileSync(join(work, 'data', 'local-token'), 'utf8').trim();
  });
  afterAll(() => api?.stop());

  it('upload sends a bundle to /v1/tournaments; again, it is already present; a broken one names round, table, game and event; another under its id is refused', async () => {
    const io = captureIo();
    expect(await main(['upload', bundleFile, '--server', api.url, '--token', token, '--journal', join(work, 'j1')], io)).toBe(0);
    // A bundle is one document, however many games it holds.
    expect(io.stdout.join('\n')).toMatch(/created 1, already present 0, rejected 0 in \d+\.\d s \(\d+\.\d documents\/s\)/);
    const again = captureIo();
    expect(await main(['upload', bundleFile, '--server', api.url, '--token', token, '--journal', join(work, 'j2')], again)).toBe(0);
    expect(again.stdout.join('\n')).toMatch(/created 0, already present 1, rejected 0/);
    const bad = captureIo();
    expect(await main(['upload', brokenFile, '--server', api.url, '--token', token, '--journal', join(work, 'j3')], bad)).toBe(1);
    // The place once, before the code: not again at the head of the message.
    expect(bad.stdout.join('\n')).toMatch(/REJECTED .*broken\.json at \$\.rounds\[1\]\.pairings\[0\]\.games\[0\]\.events\[\d+\] [A-Z_]+: (?!\$|event \d)/);
    // The organiser's corrected bundle under the recorded id is not "already present": it is refused.
    const corrected = JSON.parse(readFileSync(bundleFile, 'utf8'));
    corrected.tournament.name = 'Club Night (corrected)';
    const correctedFile = join(work, 'corrected.json');
    writeFileSync(correctedFile, JSON.stringify(corrected));
    const refused = captureIo();
    expect(await main(['upload', correctedFile, '--server', api.url, '--token', token, '--journal', join(work, 'j4')], refused)).toBe(1);
    expect(refused.stdout.join('\n')).toMatch(/created 0, already present 0, rejected 1/);
    expect(refused.stdout.join('\n')).toMatch(/REJECTED .*corrected\.json TOURNAMENT_EXISTS: tournament "club-night" is already recorded from a different bundle/);
  });

  it('close ends an unfinished game with a result; a second close, a wrong version or bad options are refused', async () => {
    const doc = simulateGames(1, 4242)[0]!.document;
    const unfinished = { ...doc, events: doc.events.slice(0, 30) };
    const res = await fetch(`${api.url}/v1/games`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(unfinished) });
    const { id } = (await res.json()) as { id: string };
    const usage = captureIo();
    expect(await main(['close', id, '--server', api.url, '--token', token, '--winner', 'p1', '--draw', '--reason', 'time'], usage)).toBe(2);
    expect(usage.stderr.join('\n')).toMatch(/exactly one of --winner pN or --draw/);
    const stale = captureIo();
    expect(await main(['close', id, '--server', api.url, '--token', token, '--winner', 'p2', '--reason', 'time', '--expected-version', '29'], stale)).toBe(1);
    expect(stale.stderr.join('\n')).toMatch(/409 WRONG_EXPECTED_VERSION/);
    const io = captureIo();
    expect(await main(['close', id, '--server', api.url, '--token', token, '--winner', 'p2', '--reason', 'no-show', '--expected-version', '30'], io)).toBe(0);
    expect(io.stdout).toEqual([`closed ${id} at version 30: p2 wins (no-show)`]);
    const summary = (await (await fetch(`${api.url}/v1/games/${id}`)).json()) as { status: string };
    expect(summary.status).toBe('finished');
    const again = captureIo();
    expect(await main(['close', id, '--server', api.url, '--token', token, '--draw', '--reason', 'time'], again)).toBe(1);
    expect(again.stderr.join('\n')).toMatch(/409 GAME_OVER/);
  });
});

describe('replay', () => {
  const dir = tempDir();
  const doc = simulateGames(1, 2024)[0]!.document;
  const file = join(dir, 'game.json');
  writeFileSync(file, JSON.stringify(doc));

  it('prints the board after N events as a seat sees it, with the last events described', async () => {
    const io = captureIo();
    expect(await main(['replay', file, '--step', '40', '--view', 'p1'], io)).toBe(0);
    const out = io.stdout.join('\n');
    expect(out).toMatch(/step 40 of \d+, as p1 sees it/);
    expect(out).toMatch(/p1 Bot Ash\s+HP \d+/);
    expect(out).toMatch(/Hand {8}\S/);
    expect(out).toMatch(/last events:\n {2}38\. /);
  });

  it('--json prints the viewer’s state; a spectator sees no hand', async () => {
    const io = captureIo();
    expect(await main(['replay', file, '--step', '40', '--json'], io)).toBe(0);
    const parsed = JSON.parse(io.stdout.join('\n'));
    expect(parsed).toMatchObject({ step: 40, view: 'spectator' });
    expect(parsed.state.players.p1.hand).toBeUndefined();
    expect(parsed.state.players.p1.handSize).toBeGreaterThan(0);
  });

  it('refuses a step past the end, a bad viewer and a seat the game does not have', async () => {
    expect(await main(['replay', file, '--step', '999999'], captureIo())).toBe(2);
    expect(await main(['replay', file, '--view', 'p9x'], captureIo())).toBe(2);
    const io = captureIo();
    expect(await main(['replay', file, '--view', 'p3'], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('--view p3: this game seats p1, p2');
    expect(io.stdout).toEqual([]);
  });
});
