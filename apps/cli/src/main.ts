import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLOSE_USAGE, closeCommand } from './commands/close';
import { DUMP_USAGE, dumpCommand } from './commands/dump';
import { EXPORT_USAGE, exportCommand } from './commands/export';
import { PROJECTIONS_USAGE, projectionsCommand } from './commands/projections';
import { REPLAY_USAGE, replayCommand } from './commands/replay';
import { SIMULATE_USAGE, simulateCommand } from './commands/simulate';
import { TOKEN_USAGE, tokenCommand } from './commands/token';
import { UPLOAD_USAGE, uploadCommand } from './commands/upload';
import { VALIDATE_USAGE, validateCommand } from './commands/validate';
import { describeFailure } from './errors';
import { EXIT, Io, processIo } from './io';

type Command = (argv: readonly string[], io: Io) => number | Promise<number>;

/** Each command with its usage line: `synopsis   what it does`. */
const COMMANDS: Readonly<Record<string, { run: Command; usage: string }>> = {
  upload: { run: uploadCommand, usage: UPLOAD_USAGE },
  export: { run: exportCommand, usage: EXPORT_USAGE },
  close: { run: closeCommand, usage: CLOSE_USAGE },
  replay: { run: replayCommand, usage: REPLAY_USAGE },
  validate: { run: validateCommand, usage: VALIDATE_USAGE },
  simulate: { run: simulateCommand, usage: SIMULATE_USAGE },
  token: { run: tokenCommand, usage: TOKEN_USAGE },
  projections: { run: projectionsCommand, usage: PROJECTIONS_USAGE },
  dump: { run: dumpCommand, usage: DUMP_USAGE },
};

export const USAGE = [
  'usage: cardlog <command> [options]   (cardlog <command> --help for one command, cardlog --version)',
  ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
].join('\n');

/** One command's help: its synopsis, then what it does. */
export function commandUsage(name: string): string {
  const usage = COMMANDS[name]!.usage;
  const split = usage.indexOf('   ');
  return split === -1 ? `usage: ${usage}` : `usage: ${usage.slice(0, split)}\n\n  ${usage.slice(split).trim()}`;
}

export function version(): string {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
  return `cardlog ${pkg.version} (log format cardlog/1)`;
}

/** `--help` or `-h` among a command's options (before a `--`). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/**
 * Runs one command line; returns the exit code. A usage error exits 2 with that command's usage; any
 * other failure is one line on stderr (`cardlog <command>: …`), never a stack trace.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    io.out(version());
    return EXIT.ok;
  }
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic && COMMANDS[topic]) {
      io.out(commandUsage(topic));
      return EXIT.ok;
    }
    (name ? io.out : io.err)(USAGE);
    return name ? EXIT.ok : EXIT.unusable;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`cardlog: unknown command "${name}"\n${USAGE}`);
    return EXIT.unusable;
  }
  if (asksForHelp(rest)) {
    io.out(commandUsage(name));
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    io.status?.clear();
    const failure = describeFailure(error);
    if (!failure) {
      io.err(`cardlog ${name}: ${(error as Error).message}\n${commandUsage(name)}`);
      return EXIT.unusable;
    }
    io.err(`cardlog ${name}: ${failure.message}`);
    return failure.exitCode;
  }
}
