// `node bench/table.mjs A.json [B.json]`: the ratios of one bench report as a Markdown table,
// or of two (before and after) side by side, for bench/README.md and issue notes.
import { readFileSync } from 'node:fs';

const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')));
if (reports.length === 0) {
  console.error('usage: node bench/table.mjs report.json [after.json]');
  process.exit(2);
}
const fmt = (n) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en') : n.toPrecision(3));
const side = (s) => `${fmt(s.median)} ${s.unit}`;
const ratio = (r) => `${r.ratio.median.toFixed(3)} (${r.ratio.min.toFixed(3)}–${r.ratio.max.toFixed(3)})`;
const paths = [...new Set(reports.flatMap((r) => r.results.map((x) => x.path)))];
const find = (report, path) => report.results.find((x) => x.path === path);
const two = reports.length === 2;
console.log(two ? '| path | floor (after) | subject before | subject after | ratio before | ratio after | target |' : '| path | subject | floor | ratio | target |');
console.log(two ? '|---|---:|---:|---:|---:|---:|---:|' : '|---|---:|---:|---:|---:|');
for (const path of paths) {
  const [a, b] = reports.map((r) => find(r, path));
  const any = b ?? a;
  const target = any.target == null ? '—' : `≥ ${any.target}`;
  if (two) console.log(`| ${path} | ${b ? side(b.baseline) : '—'} | ${a ? side(a.subject) : '—'} | ${b ? side(b.subject) : '—'} | ${a ? ratio(a) : '—'} | ${b ? ratio(b) : '—'} | ${target} |`);
  else console.log(`| ${path} | ${side(a.subject)} | ${side(a.baseline)} | ${ratio(a)} | ${target} |`);
}
