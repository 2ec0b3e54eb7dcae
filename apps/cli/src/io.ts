/** Where a command writes: the process streams in production, buffers in tests. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** A terminal's status line (rewritten in place), when stderr is a terminal. */
  readonly status?: { update(line: string): void; clear(): void };
}

const terminal = process.stderr.isTTY
  ? {
      update: (line: string) => void process.stderr.write(`\r\x1b[2K${line}`),
      clear: () => void process.stderr.write('\r\x1b[2K'),
    }
  : undefined;

export const processIo: Io = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
  ...(terminal ? { status: terminal } : {}),
};

/** Exit codes shared by every command. */
export const EXIT = {
  ok: 0,
  /** The input was read, and something in it is not valid. */
  invalid: 1,
  /** The input could not be read or parsed, or the command line is wrong. */
  unusable: 2,
} as const;
