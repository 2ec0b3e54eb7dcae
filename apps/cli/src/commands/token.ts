import { TokenRepository } from '@cardlog/recording';
import { UsageError, parseArgs } from '../args';
import { openDatabase } from '../database';
import { EXIT, Io } from '../io';

export const TOKEN_USAGE = 'cardlog token create --name NAME [--tournament ID[,ID…]]   create an API token (printed once)';

/**
 * `token create`: stores a new token's hash in the server's database (DATABASE_URL, or the embedded
 * one) and prints the token once. With --tournament it may record only those tournaments' games.
 */
export async function tokenCommand(argv: readonly string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== 'create') throw new UsageError(`token takes the action "create"${action ? `, not "${action}"` : ''}`);
  const { positionals, options } = parseArgs(rest, { name: 'string', tournament: 'string' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const name = (options.name as string | undefined)?.trim();
  if (!name) throw new UsageError('--name NAME is required');
  const tournaments = (options.tournament as string | undefined)?.split(',').map((t) => t.trim()).filter(Boolean);
  const db = await openDatabase();
  try {
    const created = await new TokenRepository(db.sql).create(name, tournaments);
    io.out(created.token);
    io.err(`token "${name}" created${created.tournaments ? ` for tournament(s) ${created.tournaments.join(', ')}` : ' for every tournament'}; it is shown only this once`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}
