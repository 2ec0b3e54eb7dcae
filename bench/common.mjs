// Shared helpers for the benchmarks. Every figure is a ratio against a baseline measured in the same
// process, interleaved round by round with the thing it is compared to, so that load from other
// processes on the machine falls on both. Absolute rates are printed and stored, never asserted.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const require = createRequire(join(root, 'package.json'));

/** `--smoke`: tiny inputs and one round, only to prove the bench runs and reports well-formed ratios. */
export const smoke = process.argv.includes('--smoke');

/** A numeric `--name=value` flag; the smoke value wins under `--smoke` unless the flag is given. */
export function flag(name, fallback, smokeValue = fallback) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (arg) return Number(arg.split('=')[1]);
  return smoke ? smokeValue : fallback;
}

/** Timed rounds: `--rounds=N`, else the bench's default (5 where rounds are cheap, 3 where they are not). */
export const rounds = (fallback = 5) => flag('rounds', fallback, 1);

/**
 * Times each of `runs` (name → async fn returning the amount of work done, e.g. events) once per
 * round, in turn, after one warm-up round (skipped under --smoke). `setup`, when given, runs before
 * every timed call and is not timed. Returns, per name, each round's rate (work per second).
 *
 * `warmup: 'steady'` warms up until no run's rate rose by more than 5% over its previous warm-up
 * round (at least 2 rounds, at most 8): for JIT-compiled work whose rarer paths V8 optimises only
 * after several passes (a Devacurse replay reached its steady rate in the fourth pass over 375k
 * events, so one warm-up round left two half-warm rounds among the nine timed). A server replays
 * uploads all day: its steady rate is the figure.
 */
export async function interleave(runs, { rounds: n = rounds(), setup, warmup = !smoke, clock = 'wall', processes = {} } = {}) {
  const names = Object.keys(runs);
  const rates = Object.fromEntries(names.map((k) => [k, []]));
  // Where the time went: each timed round's CPU per unit of work, of this process, of the
  // PostgreSQL server (all its processes) and of `processes` (name → pid, e.g. the API), as
  // `rates[name].cpu` (record() summarises it). On a machine with two cores, a path whose CPU per
  // event adds up to more than twice its baseline's wall time per event cannot reach a ratio of 0.5.
  const cpu = Object.fromEntries(names.map((k) => [k, {}]));
  for (const name of names) Object.defineProperty(rates[name], 'cpu', { value: cpu[name], enumerable: false });
  // `clock: 'cpu'` times by this process's CPU time instead of the wall clock: for work that runs
  // on this thread alone (no I/O), time other processes take on a loaded machine is not counted.
  const now = clock === 'cpu' ? cpuMs : () => performance.now();
  const timeRound = async (round, timed) => {
    const out = {};
    for (const name of names) {
      if (setup) await setup(name, round);
      const before = timed ? cpuSnapshot(processes) : null;
      const t = now();
      const work = await runs[name](round);
      out[name] = (work / (now() - t)) * 1000;
      if (before) {
        const after = cpuSnapshot(processes);
        for (const [who, ms] of Object.entries(after)) {
          if (ms === null || before[who] === null) continue;
          (cpu[name][who] ??= []).push((cpuSpent(before[who], ms) * 1000) / work);
        }
      }
    }
    return out;
  };
  // Under --smoke nothing is warmed up: one round proves the bench runs.
  if (!smoke && warmup === 'steady') {
    let previous = await timeRound(-1);
    for (let w = 1; w < 8; w++) {
      const current = await timeRound(-1);
      const rising = names.some((name) => current[name] > previous[name] * 1.05);
      previous = current;
      if (!rising) break;
    }
  } else if (!smoke && warmup) await timeRound(-1);
  for (let round = 0; round < n; round++) {
    const rate = await timeRound(round, true);
    for (const name of names) rates[name].push(rate[name]);
  }
  return rates;
}

function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// CPU time of other processes from /proc (Linux; null elsewhere): user + system, in clock ticks of
// 10 ms, so a figure means something for rounds of a second or more.
const TICK_MS = 10;
function procCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}
/** The CPU time of every PostgreSQL server process, by pid (a Map), or null without /proc. */
function postgresCpuMs() {
  let pids;
  try {
    pids = readdirSync('/proc').filter((f) => /^\d+$/.test(f));
  } catch {
    return null;
  }
  const byPid = new Map();
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8') !== 'postgres\n') continue;
    } catch {
      continue; // ended meanwhile
    }
    const ms = procCpuMs(pid);
    if (ms !== null) byPid.set(pid, ms);
  }
  return byPid;
}
function cpuSnapshot(processes) {
  const out = { process: cpuMs(), postgres: postgresCpuMs() };
  for (const [name, pid] of Object.entries(processes)) out[name] = procCpuMs(pid);
  return out;
}
/**
 * CPU ms spent between two snapshots' readings of one process, or of the server's processes:
 * those alive at the end, each from its first reading (0 for one started meanwhile). A backend that
 * ended meanwhile (another client's connection closing) takes its time with it: summing the
 * server's processes at each end instead counted that as negative time.
 */
function cpuSpent(before, after) {
  if (!(after instanceof Map)) return after - before;
  let total = 0;
  for (const [pid, ms] of after) {
    const was = before.get(pid) ?? 0;
    // Less than before: the pid was given to a new process, whose time is all its own.
    total += ms >= was ? ms - was : ms;
  }
  return total;
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

/** Per-round ratios subject / baseline (rates: higher is better), summarised. */
export function ratioOf(subject, baseline) {
  return stats(subject.map((s, i) => s / baseline[i]));
}

/** Latency samples in ms of `fn`, `count` calls one after the other. */
export async function latencies(fn, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const results = [];

/**
 * Records one compared path. `subject` and `baseline` are { label, unit, values } (values: one per
 * round); `ratio` is { median, min, max } of subject/baseline where higher is better; `target` a
 * ratio the issue asks for (or null); `notes` anything a reader needs to judge the figure.
 */
export function record(result) {
  const entry = { bench: benchName(), ...result, subject: summarise(result.subject), baseline: summarise(result.baseline) };
  results.push(entry);
  if (process.env.CARDLOG_BENCH_OUT) appendFileSync(process.env.CARDLOG_BENCH_OUT, `${JSON.stringify(entry)}\n`);
  printEntry(entry);
  return entry;
}

function summarise(side) {
  if (!side) return null;
  const { values, ...rest } = side;
  const cpu = values.cpu && Object.keys(values.cpu).length > 0 ? Object.fromEntries(Object.entries(values.cpu).map(([who, v]) => [who, stats(v).median])) : undefined;
  return { ...rest, ...stats(values), ...(cpu ? { cpuMicrosPerUnit: cpu } : {}) };
}

function benchName() {
  const file = process.argv[1] ?? '';
  return file.replace(/^.*\//, '').replace(/\.mjs$/, '');
}

const fmt = (n) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en') : n.toPrecision(3)) : String(n));

function printEntry(e) {
  const target = e.target == null ? '' : `  (target ≥ ${e.target})`;
  console.log(`\n${e.path}`);
  console.log(`  ${e.subject.label.padEnd(44)} ${fmt(e.subject.median)} ${e.subject.unit}  [${fmt(e.subject.min)}–${fmt(e.subject.max)}]`);
  console.log(`  ${e.baseline.label.padEnd(44)} ${fmt(e.baseline.median)} ${e.baseline.unit}  [${fmt(e.baseline.min)}–${fmt(e.baseline.max)}]`);
  console.log(`  ${'ratio'.padEnd(44)} ${e.ratio.median.toFixed(3)}  [${e.ratio.min.toFixed(3)}–${e.ratio.max.toFixed(3)}]${target}`);
  for (const side of [e.subject, e.baseline]) {
    if (!side.cpuMicrosPerUnit) continue;
    const unit = side.unit.replace(/\/s$/, '').replace(/s$/, '');
    const parts = Object.entries(side.cpuMicrosPerUnit).map(([who, us]) => `${who === 'process' ? 'this process' : who} ${fmt(us)}`);
    console.log(`  CPU µs per ${unit}, ${side.label}: ${parts.join(', ')}`);
  }
  if (e.notes) console.log(`  ${e.notes}`);
}

// ---- services ---------------------------------------------------------------------------------

export const pgServer = () => process.env.CARDLOG_TEST_DATABASE_URL || process.env.CARDLOG_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const kafkaBrokers = () => process.env.CARDLOG_TEST_KAFKA_BROKERS || process.env.KAFKA_BROKERS || '127.0.0.1:9092';

/** A scratch database of its own on the shared server; `drop()` removes it. */
export async function scratchDatabase(tag) {
  const postgres = require('postgres');
  const name = `cardlog_bench_${tag}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(pgServer(), { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(pgServer());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(pgServer(), { max: 1, onnotice: () => undefined });
      await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await a.end();
    },
  };
}

/** Starts the built API (apps/api/dist) on `databaseUrl` with the in-process bus; resolves once it listens. */
export async function startApi(databaseUrl, extraEnv = {}) {
  // Port 0: the API binds a port the OS picks at once and says which in its first line, so two
  // benches (or a bench's smoke test in two suites at once) never race for one that was free a
  // moment before.
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    KAFKA_BROKERS: '',
    DATABASE_URL: databaseUrl,
    CARDLOG_WRITE_RATE: '0',
    ...extraEnv,
  };
  // CARDLOG_BENCH_API_NODE_ARGS: extra Node flags for the API, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.CARDLOG_BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--experimental-vm-modules', '--disable-warning=ExperimentalWarning', join(root, 'apps/api/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (c) => (errors += c));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const listening = /^Cardlog on http:\/\/\S+?:(\d+) /m.exec(out);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`the API exited ${code} before listening:\n${errors}${out}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident set size of a process in bytes (Linux). */
export async function rssOf(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/**
 * Runs `job` on a worker thread (bench/simulate-worker.mjs), so that the simulator never runs in the
 * isolate a bench times; resolves with what the worker answered.
 */
function onWorker(job) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./simulate-worker.mjs', import.meta.url), { workerData: job });
    let answered = false;
    worker.once('message', (message) => {
      answered = true;
      if (message.error) reject(new Error(`the bench's simulation worker failed: ${message.error}`));
      else resolve(message.result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the bench's simulation worker exited ${code} without an answer`));
    });
  });
}

/** The JSON texts of `games` simulated documents of `system` (simulateDocuments' options), made on a worker. */
export function simulatedTexts(system, games, seed, options = {}) {
  return onWorker({ kind: 'texts', system, games, seed, options });
}

/**
 * A migrated store in the scratch database `db` holding `games` simulated Born from Blood games,
 * uploaded through the recorder as an organiser's upload would store them (on a worker); the store
 * and the catalogs it resolves with, on `sql`.
 */
export async function storeWithSimulatedGames(db, sql, games, seed) {
  const { CatalogRepository } = require('@cardlog/recording');
  const { EventStore } = require('@cardlog/store');
  await onWorker({ kind: 'store', databaseUrl: db.url, games, seed });
  return { store: new EventStore(sql), catalogs: new CatalogRepository(sql) };
}

/** A token of scope record, minted directly in the database (as `cardlog token create` does). */
export async function mintToken(databaseUrl) {
  const postgres = require('postgres');
  const { TokenRepository } = require('@cardlog/recording');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    return (await new TokenRepository(sql).create('bench')).token;
  } finally {
    await sql.end();
  }
}
