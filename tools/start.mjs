// `npm start`: build what the server needs (Nx, cached), then run the server in this very process,
// so the signal a supervisor (or Ctrl-C, or `kill`) sends to `npm start` reaches the server itself:
// no shell in between, no orphan left holding the embedded database.
// Usage: npm start [-- --no-demo]   (arguments reach the server)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const started = Date.now();
const nx = join(root, 'node_modules', '.bin', 'nx');
// Build output goes to stderr: stdout carries only what the server says.
const build = spawnSync(nx, ['run', 'api:build', '--output-style=static', '--verbose=false'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
});
if (build.status !== 0) {
  process.stderr.write(build.stdout);
  process.stderr.write(build.stderr);
  process.stderr.write(`cardlog: the build failed (exit ${build.status ?? build.signal}); nothing was started\n`);
  process.exit(1);
}
process.env.CARDLOG_BUILD_MS = String(Date.now() - started);
await import(pathToFileURL(join(root, 'apps', 'api', 'dist', 'main.js')).href);
