import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Io } from './io';

/** An Io that keeps what a command printed, for in-process command tests. */
export function captureIo(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => void stdout.push(line), err: (line) => void stderr.push(line) };
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'cardlog-cli-'));
