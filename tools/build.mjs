// Compiles one project's src/ to dist/ with SWC (CommonJS, decorator metadata for NestJS).
// Type checking is a separate target (`tsc --noEmit`), so a build takes milliseconds.
// Usage (from a project's folder): node ../../tools/build.mjs
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
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
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

// Specs and test helpers (any `testing/` folder under src) stay out of dist.
const isTestOnly = (file) => /\.spec\.ts$/.test(file) || relative(srcDir, file).split(sep).includes('testing');

await rm(outDir, { recursive: true, force: true });
let count = 0;
for await (const file of walk(srcDir)) {
  const rel = relative(srcDir, file);
  if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
    if (isTestOnly(file)) continue;
    const target = join(outDir, rel.replace(/\.ts$/, '.js'));
    const { code, map } = await transformFile(file, { ...swcOptions, filename: file, sourceFileName: relative(dirname(target), file) });
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
    if (map) await writeFile(`${target}.map`, map);
    count++;
  } else if (/\.(json|sql|html|css|svg)$/.test(file)) {
    const target = join(outDir, rel);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(file, target);
  }
}
console.log(`built ${count} files into ${relative(process.cwd(), outDir) || outDir}`);
