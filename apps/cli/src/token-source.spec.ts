import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from './args';
import { resolveToken } from './token-source';

describe('where the CLI takes its token from', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardlog-token-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a token file first, then --token, then CARDLOG_TOKEN (so no secret needs to be on the command line)', () => {
    const file = join(dir, 'token');
    writeFileSync(file, 'cl_from_file\n');
    expect(resolveToken({ 'token-file': file, token: 'cl_flag' }, { CARDLOG_TOKEN: 'cl_env' })).toBe('cl_from_file');
    expect(resolveToken({ token: 'cl_flag' }, { CARDLOG_TOKEN: 'cl_env' })).toBe('cl_flag');
    expect(resolveToken({}, { CARDLOG_TOKEN: ' cl_env ' })).toBe('cl_env');
    expect(resolveToken({}, {})).toBeUndefined();
  });

  it('names a missing or malformed token file', () => {
    expect(() => resolveToken({ 'token-file': join(dir, 'absent') }, {})).toThrow(UsageError);
    const two = join(dir, 'two');
    writeFileSync(two, 'a b\n');
    expect(() => resolveToken({ 'token-file': two }, {})).toThrow(/one token on one line/);
  });
});
