import { DataDirInUseError } from '@cardlog/store';
import { UsageError } from './args';
import { EXIT } from './io';

/** A failure a command reports as one line (no stack): what went wrong and what to do about it. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.unusable,
  ) {
    super(message);
  }
}

/** The server did not answer at all (refused, unknown host, timed out), after the retries. */
export class ServerUnreachableError extends CliError {
  constructor(server: string, cause: unknown) {
    super(`cannot reach the server at ${server} (${causeOf(cause)}); is it running? (npm start serves http://localhost:3000)`);
  }
}

/** Exit code of a bug: something no command expected. */
export const EXIT_INTERNAL = 70;

/** The one line and exit code a failed command ends with; null for usage errors (main prints the usage). */
export function describeFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): { message: string; exitCode: number } | null {
  if (error instanceof UsageError) return null;
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof DataDirInUseError) {
    return {
      message: `the embedded database in ${error.dataDir} is held by a running server (process ${error.holderPid}): stop it first, or set DATABASE_URL to a PostgreSQL server`,
      exitCode: EXIT.unusable,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = env.CARDLOG_DEBUG && error instanceof Error && error.stack ? `\n${error.stack}` : ' (set CARDLOG_DEBUG=1 for the stack trace)';
  return { message: `unexpected error: ${message}${stack}`, exitCode: EXIT_INTERNAL };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code === 'ECONNREFUSED' ? 'connection refused' : cause.code === 'ENOTFOUND' ? 'unknown host' : cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
