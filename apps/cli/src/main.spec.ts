import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { main } from './main';
import { exportFileName } from './commands/export';
import { captureIo, tempDir } from './testing';

/** A local port nothing listens on: taken from the system, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('cardlog main', () => {
  it('prints the usage for help and exits 0', async () => {
    const io = captureIo();
    expect(await main(['help'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/cardlog validate/);
  });

  it('exits 2 with the usage for no command or an unknown command', async () => {
    for (const argv of [[], ['frobnicate']]) {
      const io = captureIo();
      expect(await main(argv, io)).toBe(2);
      expect(io.stderr.join('\n')).toMatch(/usage:/);
    }
  });

  it('prints its version with --version', async () => {
    const io = captureIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.stdout).toEqual([expect.stringMatching(/^cardlog \d+\.\d+\.\d+ \(log format cardlog\/1\)$/)]);
  });

  it.each(['upload', 'export', 'replay', 'validate', 'simulate', 'token', 'projections', 'dump'])('cardlog %s --help prints that command’s usage only, on stdout', async (name) => {
    const io = captureIo();
    expect(await main([name, '--help'], io)).toBe(0);
    expect(io.stdout[0]).toMatch(new RegExp(`^usage: cardlog ${name} `));
    expect(io.stdout.join('\n')).not.toMatch(/cardlog (?!\w+ )/);
    expect(io.stdout.join('\n').match(/usage: cardlog \w+/g)).toHaveLength(1);
    expect(io.stderr).toEqual([]);
  });

  it('a usage error names the problem and prints that command’s usage, not the whole list', async () => {
    const io = captureIo();
    expect(await main(['validate', '--colour', 'x'], io)).toBe(2);
    const usage = io.stderr.join('\n');
    expect(usage.split('\n')[0]).toBe('cardlog validate: unknown option --colour');
    expect(usage).toMatch(/usage: cardlog validate PATH/);
    expect(usage).not.toMatch(/cardlog simulate/);
  });

  it('an unreachable server is one line, and export leaves no empty folder behind', async () => {
    const out = join(tempDir(), 'logs');
    const port = await closedPort();
    const io = captureIo();
    expect(await main(['export', '--server', `http://127.0.0.1:${port}`, '--game', '00000000-0000-4000-8000-000000000000', '--out', out], io)).toBe(2);
    expect(io.stderr).toEqual([expect.stringMatching(new RegExp(`^cardlog export: cannot reach the server at http://127\\.0\\.0\\.1:${port} \\(connection refused\\); is it running\\?`))]);
    expect(existsSync(out)).toBe(false);
  });

  describe('the embedded database held by a running server', () => {
    const saved = { dir: process.env.CARDLOG_DATA_DIR, url: process.env.DATABASE_URL };
    const dataDir = join(tempDir(), 'data');
    beforeAll(() => {
      mkdirSync(dataDir, { recursive: true });
      // The parent of this test process is alive for as long as the test runs: it stands for `npm start`.
      writeFileSync(join(dataDir, 'cardlog.lock'), String(process.ppid));
      process.env.CARDLOG_DATA_DIR = dataDir;
      delete process.env.DATABASE_URL;
    });
    afterAll(() => {
      if (saved.dir === undefined) delete process.env.CARDLOG_DATA_DIR;
      else process.env.CARDLOG_DATA_DIR = saved.dir;
      if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
    });

    it.each([
      ['dump', ['--out', 'DIR']],
      ['token', ['create', '--name', 'table 4']],
    ])('cardlog %s says to stop the server in one line, and creates no output folder', async (name, args) => {
      const out = join(tempDir(), 'open-data');
      const io = captureIo();
      expect(await main([name, ...args.map((a) => (a === 'DIR' ? out : a))], io)).toBe(2);
      expect(io.stderr).toEqual([
        `cardlog ${name}: the embedded database in ${dataDir} is held by a running server (process ${process.ppid}): stop it first, or set DATABASE_URL to a PostgreSQL server`,
      ]);
      expect(io.stdout).toEqual([]);
      expect(existsSync(out)).toBe(false);
    });
  });
});

describe('export file names', () => {
  const id = '3f2a9c1e-0000-4000-8000-000000000001';
  it('are named by tournament, round, table and game number when the game has them', () => {
    expect(exportFileName(id, { tournament: 'spring-open', round: 3, table: 12, gameNumber: 2 })).toBe('spring-open-r3-t12-g2.json');
    expect(exportFileName(id, { tournament: 'Bangkok Open / day 1', round: 1 })).toBe('Bangkok_Open_day_1-r1.json');
    expect(exportFileName(id, { round: 2, table: 4 })).toBe('r2-t4.json');
  });

  it('fall back to the game id without context, and add its first block when a name is taken', () => {
    expect(exportFileName(id, undefined)).toBe(`${id}.json`);
    expect(exportFileName(id, {})).toBe(`${id}.json`);
    expect(exportFileName(id, { tournament: 'spring-open', round: 3 }, new Set(['spring-open-r3.json']))).toBe('spring-open-r3-3f2a9c1e.json');
  });
});
