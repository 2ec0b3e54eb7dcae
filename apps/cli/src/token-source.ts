import { readFileSync } from 'node:fs';
import { UsageError } from './args';

/** The options a command that talks to the server takes for its token. */
export const TOKEN_OPTIONS = { token: 'string', 'token-file': 'string' } as const;

/**
 * The API token, from (first found) `--token-file FILE`, `--token T` or `CARDLOG_TOKEN`. A token
 * on the command line is visible to every user of the machine (`ps`); the file and the
 * environment are not.
 */
export function resolveToken(options: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = options['token-file'] as string | undefined;
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--token-file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
    const token = text.trim();
    if (!token || /\s/.test(token)) throw new UsageError(`--token-file ${file} must hold one token on one line`);
    return token;
  }
  const flag = options.token as string | undefined;
  if (flag !== undefined) return flag;
  const fromEnv = env.CARDLOG_TOKEN?.trim();
  return fromEnv ? fromEnv : undefined;
}
