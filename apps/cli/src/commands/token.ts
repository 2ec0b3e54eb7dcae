import { TOKEN_SCOPES, TokenError, TokenRepository, TokenScope } from '@cardlog/recording';
import { UsageError, parseArgs } from '../args';
import { openDatabase } from '../database';
import { EXIT, Io } from '../io';

export const TOKEN_USAGE = [
  'cardlog token create --name NAME [--scope record|judge|seat] [--tournament ID[,ID…]] [--game ID --seat pN] [--expires 30d|12h|ISO-DATE]',
  '                                          create an API token (printed once)',
  'cardlog token list [--json]               every token: id, name, scope, tournaments, expiry, revoked',
  'cardlog token revoke ID                   revoke a token (it answers 401 from then on)',
].join('\n  ');

/**
 * `token create | list | revoke`, against the server's database (DATABASE_URL, or the embedded
 * one): tokens are minted and revoked by the owner of the database, never through the API.
 * - `record` (default) uploads and records games; with --tournament only those tournaments'.
 * - `judge` reads every game of its tournaments (all, without --tournament), hidden cards included.
 * - `seat` reads one game (--game) as one seat (--seat), and the spectator view.
 */
export async function tokenCommand(argv: readonly string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'create') return create(rest, io);
  if (action === 'list') return list(rest, io);
  if (action === 'revoke') return revoke(rest, io);
  throw new UsageError(`token takes the action create, list or revoke${action ? `, not "${action}"` : ''}`);
}

async function create(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, options } = parseArgs(argv, { name: 'string', scope: 'string', tournament: 'string', game: 'string', seat: 'string', expires: 'string' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const name = (options.name as string | undefined)?.trim();
  if (!name) throw new UsageError('--name NAME is required');
  const scope = (options.scope as string | undefined) ?? 'record';
  if (!(TOKEN_SCOPES as readonly string[]).includes(scope)) throw new UsageError(`--scope must be one of ${TOKEN_SCOPES.join(', ')}, not "${scope}"`);
  const tournaments = (options.tournament as string | undefined)?.split(',').map((t) => t.trim()).filter(Boolean);
  const expiresAt = options.expires === undefined ? undefined : parseExpiry(options.expires as string, new Date());
  const db = await openDatabase();
  try {
    const created = await new TokenRepository(db.sql).create(name, {
      scope: scope as TokenScope,
      ...(tournaments ? { tournaments } : {}),
      ...(options.game !== undefined ? { gameId: options.game as string } : {}),
      ...(options.seat !== undefined ? { seat: options.seat as string } : {}),
      ...(expiresAt ? { expiresAt } : {}),
    });
    io.out(created.token);
    const covers =
      created.scope === 'seat'
        ? `seat ${created.seat} of game ${created.gameId}`
        : created.tournaments
          ? `${created.tournaments.length === 1 ? 'tournament' : 'tournaments'} ${created.tournaments.join(', ')}`
          : 'every tournament';
    const expiry = created.expiresAt ? `, expires ${created.expiresAt.toISOString()}` : '';
    io.err(`${created.scope} token "${name}" (${created.tokenId}) created for ${covers}${expiry}; it is shown only this once`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof TokenError) throw new UsageError(error.message);
    throw error;
  } finally {
    await db.close();
  }
}

async function list(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, options } = parseArgs(argv, { json: 'boolean' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const db = await openDatabase();
  try {
    const tokens = await new TokenRepository(db.sql).list();
    if (options.json) {
      for (const t of tokens) io.out(JSON.stringify(t));
      return EXIT.ok;
    }
    if (tokens.length === 0) io.err('no tokens yet (cardlog token create --name NAME)');
    const now = Date.now();
    for (const t of tokens) {
      const covers = t.scope === 'seat' ? `game ${t.gameId} seat ${t.seat}` : t.tournaments ? t.tournaments.join(',') : 'all tournaments';
      const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : t.expiresAt && t.expiresAt.getTime() <= now ? `expired ${t.expiresAt.toISOString()}` : t.expiresAt ? `expires ${t.expiresAt.toISOString()}` : 'active';
      io.out(`${t.tokenId}  ${t.scope.padEnd(6)}  ${t.name}  ${covers}  ${state}`);
    }
    return EXIT.ok;
  } finally {
    await db.close();
  }
}

async function revoke(argv: readonly string[], io: Io): Promise<number> {
  const { positionals } = parseArgs(argv, {});
  if (positionals.length !== 1) throw new UsageError('token revoke takes one token id (see cardlog token list)');
  const db = await openDatabase();
  try {
    const done = await new TokenRepository(db.sql).revoke(positionals[0]!);
    if (!done) {
      io.err(`no active token ${positionals[0]}`);
      return EXIT.invalid;
    }
    io.out(`revoked ${positionals[0]}`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}

/** `30d`, `12h`, `90m` from now, or an ISO date-time. */
export function parseExpiry(text: string, now: Date): Date {
  const relative = /^(\d+)([dhm])$/.exec(text);
  if (relative) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as 'd' | 'h' | 'm'];
    return new Date(now.getTime() + Number(relative[1]) * unit);
  }
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(text)) throw new UsageError(`--expires takes 30d, 12h, 90m or an ISO date-time, not "${text}"`);
  return new Date(at);
}
