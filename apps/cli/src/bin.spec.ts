import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const built = existsSync(join(root, 'dist', 'main.js'));

// Runs only after `nx run cli:build`: the launcher must find the compiled CLI and pass the exit code on.
(built ? describe : describe.skip)('bin/cardlog.js (built)', () => {
  it('prints the usage and exits 0 for help, 2 for an unknown command', () => {
    const help = spawnSync(process.execPath, [join(root, 'bin', 'cardlog.js'), 'help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/cardlog simulate/);
    const unknown = spawnSync(process.execPath, [join(root, 'bin', 'cardlog.js'), 'frobnicate'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
  });
});
