/** Where a command writes: the process streams in production, buffers in tests. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: Io = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

/** Exit codes shared by every command. */
export const EXIT = {
  ok: 0,
  /** The input was read, and something in it is not valid. */
  invalid: 1,
  /** The input could not be read or parsed, or the command line is wrong. */
  unusable: 2,
} as const;
