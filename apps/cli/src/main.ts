import { UsageError } from './args';
import { SIMULATE_USAGE, simulateCommand } from './commands/simulate';
import { VALIDATE_USAGE, validateCommand } from './commands/validate';
import { EXIT, Io, processIo } from './io';

type Command = (argv: readonly string[], io: Io) => number;

const COMMANDS: Readonly<Record<string, Command>> = {
  simulate: simulateCommand,
  validate: validateCommand,
};

export const USAGE = ['usage:', `  ${SIMULATE_USAGE}`, `  ${VALIDATE_USAGE}`].join('\n');

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
    return command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return EXIT.unusable;
    }
    throw error;
  }
}
