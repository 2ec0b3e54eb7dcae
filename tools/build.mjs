// Compiles one project's src/ to dist/ with SWC (CommonJS, decorator metadata for NestJS).
// Type checking is a separate target (`tsc --noEmit`), so a build takes milliseconds.
// Usage (from a project's folder): node ../../tools/build.mjs
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';

const projectRoot = process.cwd();
const srcDir = join(projectRoot, 'src');
const outDir = join(projectRoot, 'dist');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
};

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
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
const isTestOnly = (file) => /\.spec\.ts$/.test(file) || relative(srcDir, file).split(sep).includes('testing');

// dist/ is rebuilt in place, each file written beside its target and renamed over it, and files no
// longer built are removed last. Another process may be running this project's dist/ meanwhile (the
// test suite runs `npm run cardlog`, which rebuilds, beside suites that spawn the CLI and the API):
// emptying dist/ first would let it find a module missing.
const written = new Set();
const tmpSuffix = `.tmp-${process.pid}`;
async function put(target, write) {
  await mkdir(dirname(target), { recursive: true });
  await write(target + tmpSuffix);
  await rename(target + tmpSuffix, target);
  written.add(target);
}

// A target newer than its source and than this script is current and is left as it is, as make
// would: `npm run cardlog` and `npm run projector` build past Nx's cache (restoring from the cache
// empties dist/ first, under any process running it), so an unchanged project builds in milliseconds.
const mtime = async (path) => (await stat(path).catch(() => undefined))?.mtimeMs ?? -1;
const builtAfter = await mtime(fileURLToPath(import.meta.url));
async function current(source, ...targets) {
  const since = Math.max(builtAfter, await mtime(source));
  for (const target of targets) if ((await mtime(target)) <= since) return false;
  for (const target of targets) written.add(target);
  return true;
}

let count = 0;
let kept = 0;
for await (const file of walk(srcDir)) {
  const rel = relative(srcDir, file);
  if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
    if (isTestOnly(file)) continue;
    const target = join(outDir, rel.replace(/\.ts$/, '.js'));
    if (await current(file, target, `${target}.map`)) {
      kept++;
      continue;
    }
    const { code, map } = await transformFile(file, { ...swcOptions, filename: file, sourceFileName: relative(dirname(target), file) });
    await put(target, (path) => writeFile(path, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`));
    if (map) await put(`${target}.map`, (path) => writeFile(path, map));
    count++;
  } else if (/\.(json|sql|html|css|svg)$/.test(file)) {
    const target = join(outDir, rel);
    if (!(await current(file, target))) await put(target, (path) => copyFile(file, path));
  }
}
for await (const file of walk(outDir)) {
  if (!written.has(file)) await rm(file, { force: true });
}
console.log(`built ${count} files into ${relative(process.cwd(), outDir) || outDir}${kept ? ` (${kept} current, kept)` : ''}`);
