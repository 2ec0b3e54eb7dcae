import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

jest.setTimeout(180_000);

const root = join(__dirname, '..');
const repo = join(root, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

// `nx run cli:test` builds the CLI first (see package.json): the launcher must find the compiled CLI
// and pass the exit code on.
describe('bin/cardlog.js (built)', () => {
  const cardlog = (args: string[]) =>
    spawnSync(npm, ['run', '-s', 'cardlog', '--', ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' }, timeout: 150_000 });

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
    const run = cardlog(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`cardlog ${version} (log format cardlog/1)\n`);
    expect(run.stderr).toBe('');
  });

  it('`npm run cardlog` leaves a current build as it is: no file of dist/ is rewritten', () => {
    expect(cardlog(['--version']).status).toBe(0); // current from here on
    const main = join(root, 'dist', 'main.js');
    const before = statSync(main).mtimeMs;
    const run = cardlog(['--version']);
    expect(run.status).toBe(0);
    expect(statSync(main).mtimeMs).toBe(before);
  });

  it('a CLI started while `npm run cardlog` rebuilds finds every module it loads', async () => {
    // A source newer than its build: the next `npm run cardlog` builds, in place.
    const source = join(root, 'src', 'main.ts');
    const now = new Date();
    utimesSync(source, now, now);
    const building = spawn(npm, ['run', '-s', 'cardlog', '--', '--version'], { cwd: repo, env: { ...process.env, NX_DAEMON: 'false' }, stdio: 'ignore' });
    const built = new Promise<number | null>((resolve) => building.once('exit', resolve));
    let done = false;
    void built.then(() => (done = true));
    const failures: string[] = [];
    let runs = 0;
    try {
      // Each run is awaited, so the loop yields and sees the build end.
      while (!done || runs === 0) {
        const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [join(root, 'bin', 'cardlog.js'), '--version'], { stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.once('close', (status) => resolve({ status, stderr }));
        });
        runs++;
        if (run.status !== 0) failures.push(run.stderr);
      }
      expect(await built).toBe(0);
    } finally {
      building.kill();
    }
    expect(failures).toEqual([]);
    expect(statSync(join(root, 'dist', 'main.js')).mtimeMs).toBeGreaterThan(now.getTime() - 1);
  });
});
