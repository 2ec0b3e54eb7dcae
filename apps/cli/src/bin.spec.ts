import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');

// `nx run cli:test` builds the CLI first (see package.json): the launcher must find the compiled CLI
// and pass the exit code on.
describe('bin/cardlog.js (built)', () => {
  it('prints the usage and exits 0 for help, 2 for an unknown command', () => {
    if (!existsSync(join(root, 'dist', 'main.js'))) throw new Error('apps/cli/dist is missing: run `npx nx run cli:build` (nx run cli:test does)');
    const help = spawnSync(process.execPath, [join(root, 'bin', 'cardlog.js'), 'help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/cardlog simulate/);
    const unknown = spawnSync(process.execPath, [join(root, 'bin', 'cardlog.js'), 'frobnicate'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
  });
});
