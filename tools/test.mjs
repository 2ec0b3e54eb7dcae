// `npm test`: lint (module boundaries included), type-check and test every project, then print one
// total. Tests that need PostgreSQL or Kafka run when the service answers, skip with a visible
// message when it does not, and fail instead when CARDLOG_REQUIRE_SERVICES=1 (CI).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'reports', 'jest');
rmSync(reports, { recursive: true, force: true });

const nx = join(root, 'node_modules', '.bin', 'nx');
const args = ['run-many', '-t', 'lint', 'typecheck', 'test', '--output-style=stream', ...process.argv.slice(2)];
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const run = spawnSync(nx, args, { cwd: root, stdio: 'inherit', env });

const totals = { passed: 0, failed: 0, skipped: 0, suitesFailed: 0 };
const projects = existsSync(reports) ? readdirSync(reports).filter((f) => f.endsWith('.json')) : [];
for (const file of projects) {
  const r = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  for (const key of Object.keys(totals)) totals[key] += r[key];
  console.log(`  ${r.project.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
}
const failures = projects.flatMap((file) => JSON.parse(readFileSync(join(reports, file), 'utf8')).failures ?? []);
if (failures.length > 0) {
  console.log(`\nfailures (${failures.length}):`);
  for (const f of failures) console.log(`\n- ${f.file} › ${f.test}\n${f.message.replace(/^/gm, '    ')}`);
}
const services = process.env.CARDLOG_REQUIRE_SERVICES === '1' ? 'services required' : 'services optional';
console.log(`\nprojects tested: ${projects.length} (${services})`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (process.env.CARDLOG_REQUIRE_SERVICES === '1' && totals.skipped > 0) {
  console.error('CARDLOG_REQUIRE_SERVICES=1 but some tests were skipped');
  process.exit(1);
}
process.exit(run.status ?? 1);
