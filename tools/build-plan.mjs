// What tools/build.mjs makes of a project's src/, and when what it made is current. Shared with the
// launchers' check (tools/ensure-built.mjs), so that both agree on which files are built, where to,
// and whether a build is up to date.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file under `dir` (none when it does not exist). */
export function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

// Specs and test helpers (any `testing/` folder under src) stay out of dist.
const isTestOnly = (srcDir, file) => /\.spec\.ts$/.test(file) || relative(srcDir, file).split(sep).includes('testing');

/**
 * Each source of `projectRoot/src` the build compiles (TypeScript, to a .js and its .map) or copies
 * (JSON, SQL, HTML, CSS, SVG), with the files it makes in dist/.
 */
export function* buildPlan(projectRoot) {
  const srcDir = join(projectRoot, 'src');
  const outDir = join(projectRoot, 'dist');
  for (const source of walk(srcDir)) {
    const rel = relative(srcDir, source);
    if (source.endsWith('.ts') && !source.endsWith('.d.ts')) {
      if (isTestOnly(srcDir, source)) continue;
      const target = join(outDir, rel.replace(/\.ts$/, '.js'));
      yield { source, compile: true, targets: [target, `${target}.map`] };
    } else if (/\.(json|sql|html|css|svg)$/.test(source)) {
      yield { source, compile: false, targets: [join(outDir, rel)] };
    }
  }
}

const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
// A change to the build itself makes every built file old.
const builder = Math.max(...['./build.mjs', './build-plan.mjs'].map((file) => mtime(fileURLToPath(new URL(file, import.meta.url)))));

/** Whether every file a source makes is newer than the source and than the build's scripts, as make would judge. */
export function isCurrent({ source, targets }) {
  const since = Math.max(builder, mtime(source));
  return targets.every((target) => mtime(target) > since);
}
