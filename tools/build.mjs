// Compiles one project's src/ to dist/ with SWC (CommonJS, decorator metadata for NestJS).
// Type checking is a separate target (`tsc --noEmit`), so a build takes milliseconds.
// Usage (from a project's folder): node ../../tools/build.mjs
import { transformFile } from '@swc/core';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { buildPlan, isCurrent, walk } from './build-plan.mjs';

const projectRoot = process.cwd();
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

// A source whose files are current is left as it is, as make would: `npm run cardlog` and
// `npm run projector` build past Nx's cache (restoring from the cache empties dist/ first, under any
// process running it), so an unchanged project builds in milliseconds.
let count = 0;
let kept = 0;
for (const entry of buildPlan(projectRoot)) {
  const [target] = entry.targets;
  if (isCurrent(entry)) {
    for (const file of entry.targets) written.add(file);
    kept++;
  } else if (entry.compile) {
    const { code, map } = await transformFile(entry.source, { ...swcOptions, filename: entry.source, sourceFileName: relative(dirname(target), entry.source) });
    await put(target, (path) => writeFile(path, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`));
    if (map) await put(`${target}.map`, (path) => writeFile(path, map));
    count++;
  } else {
    await put(target, (path) => copyFile(entry.source, path));
  }
}
for (const file of walk(outDir)) {
  if (!written.has(file)) await rm(file, { force: true });
}
console.log(`built ${count} files into ${relative(process.cwd(), outDir) || outDir}${kept ? ` (${kept} current, kept)` : ''}`);
