// `npm run bench -- [name…] [--smoke] [--flag=value…]`: benchmarks, each a ratio against a baseline
// measured in the same run on the same data (never a timed test); see tools/bench/README.md.
// No name runs them all. Results go to reports/bench/<timestamp>.json and reports/bench/latest.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BENCHES = {
  rules: { file: 'tools/bench/rules.mjs', needs: [] },
  ingest: { file: 'tools/bench/ingest.mjs', needs: ['postgres'] },
  projector: { file: 'tools/bench/projector.mjs', needs: ['postgres', 'kafka'] },
  seek: { file: 'tools/bench/seek.mjs', needs: ['postgres'] },
  stats: { file: 'tools/bench/stats.mjs', needs: ['postgres'] },
};
const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--') && !a.startsWith('--out='));
const outDir = args.find((a) => a.startsWith('--out='))?.slice(6) ?? join(root, 'reports', 'bench');
const chosen = names.length ? names : Object.keys(BENCHES);
for (const name of chosen) {
  if (!BENCHES[name]) {
    console.error(`unknown benchmark "${name}" (have: ${Object.keys(BENCHES).join(', ')}; "memory" is part of ingest)`);
    process.exit(2);
  }
}
mkdirSync(outDir, { recursive: true });
const started = new Date();
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
  runs.push({ bench: name, exitCode: run.status, seconds: (Date.now() - t) / 1000 });
}
const results = readFileSync(lines, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
rmSync(lines);
const report = {
  startedAt: started.toISOString(),
  smoke: flags.includes('--smoke'),
  flags,
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 1e9), platform: process.platform },
  node: process.version,
  runs,
  results,
};
const stamp = started.toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log(`\n=== summary (ratio: higher is better; median [min–max] of ${report.smoke ? '1 round, smoke' : 'the rounds'})`);
for (const r of results) {
  const target = r.target == null ? '' : `  target ≥ ${r.target}`;
  console.log(`${r.path.padEnd(60)} ${r.ratio.median.toFixed(3)} [${r.ratio.min.toFixed(3)}–${r.ratio.max.toFixed(3)}]${target}`);
}
console.log(`\nwritten: ${join(outDir, `${stamp}.json`)} and latest.json`);
process.exit(runs.every((r) => r.exitCode === 0) ? 0 : 1);
