import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, redactUrl } from './database';

// Opening a folder runs PGlite's initdb on disk: seconds alone, over a minute with a load average of 18
// on two cores (seen while five benchmarks ran beside the suite).
jest.setTimeout(240_000);

describe('embedded database folder lock', () => {
  it('refuses a folder another live process holds, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardlog-lock-'));
    writeFileSync(join(dir, 'cardlog.lock'), '1'); // pid 1 is always alive
    await expect(connectDatabase({ dataDir: dir })).rejects.toThrow(/in use by process 1/);
  });

  it('takes over a stale lock, holds it while open and releases it on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardlog-lock-'));
    writeFileSync(join(dir, 'cardlog.lock'), '999999999');
    const db = await connectDatabase({ dataDir: dir });
    expect(readFileSync(join(dir, 'cardlog.lock'), 'utf8')).toBe(String(process.pid));
    await db.sql`select 1`;
    await db.close();
    expect(existsSync(join(dir, 'cardlog.lock'))).toBe(false);
  });
});

describe('redactUrl', () => {
  it('hides the password of a database URL', () => {
    expect(redactUrl('postgres://cardlog:s3cret@db:5432/cardlog')).toBe('postgres://cardlog:***@db:5432/cardlog');
    expect(redactUrl('postgres://postgres@127.0.0.1/x')).toBe('postgres://postgres@127.0.0.1/x');
  });
});
