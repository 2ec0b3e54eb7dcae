import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

jest.setTimeout(180_000);

const root = join(__dirname, '..');
const repo = join(root, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

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

  it('is the `cardlog` bin of the workspace, so `npx cardlog` and `npm link` find it', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
    expect(pkg.bin).toEqual({ cardlog: 'bin/cardlog.js' });
    expect(readFileSync(join(root, 'bin', 'cardlog.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    const linked = join(repo, 'node_modules', '.bin', 'cardlog');
    expect(existsSync(linked)).toBe(true); // npm ci links workspace bins
    const run = spawnSync(linked, ['--version'], { encoding: 'utf8' });
    expect(run.stdout).toBe(`cardlog ${version} (log format cardlog/1)\n`);
  });

  it('`npm run -s cardlog` prints the command’s own output and nothing else: the build stays quiet when it succeeds', () => {
    const run = spawnSync(npm, ['run', '-s', 'cardlog', '--', '--version'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false' },
      timeout: 150_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`cardlog ${version} (log format cardlog/1)\n`);
    expect(run.stderr).toBe('');
  });
});
