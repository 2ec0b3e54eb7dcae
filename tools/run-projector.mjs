// `npm run projector`: build the projector (Nx, cached) and run it in this process, so signals
// reach it directly. It needs DATABASE_URL and KAFKA_BROKERS (the full stack; the embedded default
// runs the projection inside the API).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(join(root, 'node_modules', '.bin', 'nx'), ['run', 'projector:build', '--output-style=static'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
});
if (build.status !== 0) {
  process.stderr.write(build.stdout);
  process.stderr.write(build.stderr);
  process.stderr.write(`cardlog: the projector build failed (exit ${build.status ?? build.signal})\n`);
  process.exit(1);
}
await import(pathToFileURL(join(root, 'apps', 'projector', 'dist', 'main.js')).href);
