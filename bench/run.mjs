// `npm run bench -- [name…] [--smoke] [--flag=value…]`: benchmarks, each a ratio against a baseline
// measured in the same run on the same data (never a timed test); see bench/README.md.
// No name runs them all. Each bench's results go to bench/results/NAME.json (--out=DIR elsewhere).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BENCHES = {
  rules: { file: 'bench/rules.mjs', needs: [] },
  ingest: { file: 'bench/ingest.mjs', needs: ['postgres'] },
  projector: { file: 'bench/projector.mjs', needs: ['postgres', 'kafka'] },
  seek: { file: 'bench/seek.mjs', needs: ['postgres'] },
  stats: { file: 'bench/stats.mjs', needs: ['postgres'] },
};
const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--') && !a.startsWith('--out='));
const outDir = args.find((a) => a.startsWith('--out='))?.slice(6) ?? join(root, 'bench', 'results');
const chosen = names.length ? names : Object.keys(BENCHES);
for (const name of chosen) {
  if (!BENCHES[name]) {
    console.error(`unknown benchmark "${name}" (have: ${Object.keys(BENCHES).join(', ')}; "memory" is part of ingest)`);
    process.exit(2);
  }
}
mkdirSync(outDir, { recursive: true });
const lines = join(outDir, `.partial-${process.pid}.jsonl`);
writeFileSync(lines, '');
const runs = [];
for (const name of chosen) {
  console.log(`\n=== bench ${name}${flags.length ? ` ${flags.join(' ')}` : ''}`);
  const t = Date.now();
  const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', join(root, BENCHES[name].file), ...flags], {
    stdio: 'inherit',
    env: { ...process.env, CARDLOG_BENCH_OUT: lines },
  });
  runs.push({ bench: name, startedAt: new Date(t).toISOString(), exitCode: run.status, seconds: (Date.now() - t) / 1000 });
}
const results = readFileSync(lines, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
rmSync(lines);
const smoke = flags.includes('--smoke');
const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 1e9), platform: process.platform };
// One file per bench, replaced by the bench's next run: what it measured, on what, and how it ended.
const written = runs.map((run) => {
  const file = join(outDir, `${run.bench}.json`);
  const report = { ...run, smoke, flags, machine, node: process.version, results: results.filter((r) => r.bench === run.bench) };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
});

console.log(`\n=== summary (ratio: higher is better; median [min–max] of ${smoke ? '1 round, smoke' : 'the rounds'})`);
for (const r of results) {
  const target = r.target == null ? '' : `  target ≥ ${r.target}`;
  console.log(`${r.path.padEnd(60)} ${r.ratio.median.toFixed(3)} [${r.ratio.min.toFixed(3)}–${r.ratio.max.toFixed(3)}]${target}`);
}
console.log(`\nwritten: ${written.join(', ')}`);
process.exit(runs.every((r) => r.exitCode === 0) ? 0 : 1);
