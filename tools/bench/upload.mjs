// Upload rate through the CLI against a running server (the embedded default, or DATABASE_URL's
// PostgreSQL when --pg is given). Baseline in the same run: replaying the same documents in-process
// (the rules' share of the work), so the ratio shows what HTTP, storage and projection add.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { flag, perSecond, report } from './common.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));
const { replay, simulateGames } = require('@cardlog/rules');
const { main } = require(join(root, 'apps/cli/dist/main.js'));

const games = flag('games', 1000);
const concurrency = flag('concurrency', 8);
const usePg = process.argv.includes('--pg');
const work = mkdtempSync(join(tmpdir(), 'cardlog-bench-upload-'));
const folder = join(work, 'games');
mkdirSync(folder);
const documents = simulateGames(games, flag('seed', 7)).map((g) => g.document);
documents.forEach((d, i) => writeFileSync(join(folder, `g${String(i).padStart(5, '0')}.json`), JSON.stringify(d)));
const events = documents.reduce((n, d) => n + d.events.length, 0);

let t = performance.now();
for (const d of documents) replay(d);
const replayMs = performance.now() - t;

const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', KAFKA_BROKERS: '', CARDLOG_DATA_DIR: join(work, 'data') };
if (!usePg) env.DATABASE_URL = '';
else if (!env.DATABASE_URL) throw new Error('--pg needs DATABASE_URL');
const api = spawn(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', join(root, 'apps/api/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  api.stdout.on('data', (c) => {
    out += c;
    const m = /Cardlog API on (http:\/\/\S+?) /.exec(out);
    if (m) resolve(m[1]);
  });
  api.once('exit', (code) => reject(new Error(`API exited ${code}`)));
});
let token;
if (usePg) {
  const { TokenRepository } = require('@cardlog/recording');
  const postgres = require('postgres');
  const sql = postgres(env.DATABASE_URL, { max: 1 });
  token = (await new TokenRepository(sql).create('bench')).token;
  await sql.end();
} else token = readFileSync(join(work, 'data', 'local-token'), 'utf8').trim();

const lines = [];
const io = { out: (l) => lines.push(l), err: () => undefined };
t = performance.now();
const code = await main(['upload', folder, '--server', url, '--token', token, '--concurrency', String(concurrency), '--journal', join(work, 'journal.jsonl')], io);
const uploadMs = performance.now() - t;
api.kill('SIGTERM');
if (code !== 0) throw new Error(`upload failed:\n${lines.join('\n')}`);

report([
  ['server', usePg ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'],
  ['games / events', `${games} / ${events}`],
  ['CLI summary', lines.at(-1)],
  ['in-process replay (baseline)', `${perSecond(games, replayMs)} games/s, ${perSecond(events, replayMs).toLocaleString('en')} events/s`],
  ['upload through the CLI', `${perSecond(games, uploadMs)} games/s, ${perSecond(events, uploadMs).toLocaleString('en')} events/s (concurrency ${concurrency})`],
  ['ratio upload / replay', (replayMs / uploadMs).toFixed(2)],
]);
