// `npm run cardlog -- …`: brings the CLI's build up to date (quietly: Nx's output is shown only when
// the build fails), then runs the command in this process, so its output is the command's alone.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(join(root, 'node_modules', '.bin', 'nx'), ['run', 'cli:build', '--output-style=static'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false', NX_NO_CLOUD: 'true' },
});
if (build.status !== 0) {
  process.stderr.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  console.error(`cardlog: building the CLI failed (${build.error?.message ?? `exit ${build.status}`})`);
  process.exit(70);
}
await import(join(root, 'apps', 'cli', 'bin', 'cardlog.js'));
