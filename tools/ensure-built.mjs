// Brings one project's build (and the builds of the workspace libraries it imports) up to date for
// the launchers `npm run cardlog` and `npm run projector`.
//
// When every compiled file is newer than its source, nothing runs: the command starts at once.
// Otherwise Nx builds, past its cache: Nx restores a cached build by emptying dist/ and copying it
// back, and a CLI or projector started meanwhile from the same dist/ (two commands in one shell
// script, the test suite's own processes) would find its modules missing. tools/build.mjs writes
// each file beside its target and renames it over, so building in place is safe to run under them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildPlan, isCurrent } from './build-plan.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The folders of the workspace's projects built by tools/build.mjs, by package name. */
function projectsByPackage() {
  const projects = new Map();
  for (const group of ['apps', 'libs']) {
    for (const name of readdirSync(join(root, group))) {
      const dir = join(root, group, name);
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.scripts?.build === 'node ../../tools/build.mjs') projects.set(pkg.name, { dir, nxName: pkg.nx?.name ?? name });
    }
  }
  return projects;
}

/** Whether every file of `dir`'s build is current; adds the workspace packages its sources import to `imports`. */
function isProjectCurrent(dir, imports) {
  let current = true;
  for (const entry of buildPlan(dir)) {
    if (entry.compile) {
      for (const match of readFileSync(entry.source, 'utf8').matchAll(/(?:from|import\(|require\()\s*'(@cardlog\/[a-z0-9-]+)/g)) imports.add(match[1]);
    }
    if (current && !isCurrent(entry)) current = false;
  }
  return current;
}

/**
 * Builds `packageName` (e.g. `@cardlog/cli`) unless it and every workspace library it imports are
 * current. Returns undefined when all is built, or the failed build's output and reason.
 */
export function ensureBuilt(packageName) {
  const projects = projectsByPackage();
  const target = projects.get(packageName);
  if (!target) throw new Error(`${packageName} is not a project built by tools/build.mjs`);
  const seen = new Set([packageName]);
  const queue = [packageName];
  let current = true;
  while (current && queue.length > 0) {
    const imports = new Set();
    current = isProjectCurrent(projects.get(queue.shift()).dir, imports);
    for (const name of imports) {
      if (seen.has(name) || !projects.has(name)) continue;
      seen.add(name);
      queue.push(name);
    }
  }
  if (current) return undefined;
  const build = spawnSync(join(root, 'node_modules', '.bin', 'nx'), ['run', `${target.nxName}:build`, '--output-style=static', '--skip-nx-cache'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (build.status === 0) return undefined;
  return { output: `${build.stdout ?? ''}${build.stderr ?? ''}`, reason: build.error?.message ?? `exit ${build.status ?? build.signal}` };
}
