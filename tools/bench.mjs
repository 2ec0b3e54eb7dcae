// `npm run bench -- <name>…`: benchmarks, each reported as a ratio against a baseline measured in
// the same run on the same data (never as a timed test). Names: rules, upload, projector; none = all
// that need no service (rules, upload).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
const BENCHES = { rules: 'bench/rules.mjs', upload: 'bench/upload.mjs', projector: 'bench/projector.mjs' };
const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));
const chosen = names.length ? names : ['rules', 'upload'];
for (const name of chosen) {
  if (!BENCHES[name]) {
    console.error(`unknown benchmark "${name}" (have: ${Object.keys(BENCHES).join(', ')})`);
    process.exit(2);
  }
}
let failed = false;
for (const name of chosen) {
  console.log(`\n=== bench ${name}`);
  const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', join(here, BENCHES[name]), ...flags], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
