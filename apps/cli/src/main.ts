import { UsageError } from './args';
import { DUMP_USAGE, dumpCommand } from './commands/dump';
import { EXPORT_USAGE, exportCommand } from './commands/export';
import { PROJECTIONS_USAGE, projectionsCommand } from './commands/projections';
import { REPLAY_USAGE, replayCommand } from './commands/replay';
import { SIMULATE_USAGE, simulateCommand } from './commands/simulate';
import { TOKEN_USAGE, tokenCommand } from './commands/token';
import { UPLOAD_USAGE, uploadCommand } from './commands/upload';
import { VALIDATE_USAGE, validateCommand } from './commands/validate';
import { EXIT, Io, processIo } from './io';

type Command = (argv: readonly string[], io: Io) => number | Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  upload: uploadCommand,
  export: exportCommand,
  replay: replayCommand,
  validate: validateCommand,
  simulate: simulateCommand,
  token: tokenCommand,
  projections: projectionsCommand,
  dump: dumpCommand,
};

export const USAGE = [
  'usage:',
  ...[UPLOAD_USAGE, EXPORT_USAGE, REPLAY_USAGE, VALIDATE_USAGE, SIMULATE_USAGE, TOKEN_USAGE, PROJECTIONS_USAGE, DUMP_USAGE].map((u) => `  ${u}`),
].join('\n');

/** Runs one command line; returns the exit code. Usage errors exit 2 with the usage text. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    (name ? io.out : io.err)(USAGE);
    return name ? EXIT.ok : EXIT.unusable;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`unknown command "${name}"\n${USAGE}`);
    return EXIT.unusable;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return EXIT.unusable;
    }
    throw error;
  }
}
