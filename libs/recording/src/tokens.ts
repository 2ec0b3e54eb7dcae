import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';

/**
 * What a token may do. `record` uploads and records live games (and reads them as staff), `judge`
 * reads every game of its tournaments with hidden information, `seat` reads one game as one seat.
 */
export type TokenScope = 'record' | 'judge' | 'seat';
export const TOKEN_SCOPES: readonly TokenScope[] = ['record', 'judge', 'seat'];

/** Who is calling: an API token's name, scope and the tournaments it covers (null: any). */
export interface Principal {
  readonly tokenId: string;
  readonly name: string;
  /** Absent on principals built before scopes existed: treated as `record`. */
  readonly scope?: TokenScope;
  readonly tournaments: readonly string[] | null;
  /** A seat token's game and seat. */
  readonly gameId?: string;
  readonly seat?: string;
}

export interface CreatedToken {
  /** The secret, shown once; only its hash is stored. */
  readonly token: string;
  readonly tokenId: string;
  readonly name: string;
  readonly scope: TokenScope;
  readonly tournaments: readonly string[] | null;
  readonly gameId: string | null;
  readonly seat: string | null;
  readonly expiresAt: Date | null;
}

export interface TokenOptions {
  readonly scope?: TokenScope;
  readonly tournaments?: readonly string[];
  readonly gameId?: string;
  readonly seat?: string;
  readonly expiresAt?: Date;
}

/** A token as `token list` shows it: never its secret. */
export interface TokenInfo {
  readonly tokenId: string;
  readonly name: string;
  readonly scope: TokenScope;
  readonly tournaments: readonly string[] | null;
  readonly gameId: string | null;
  readonly seat: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
}

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function scopeOf(principal: Principal): TokenScope {
  return principal.scope ?? 'record';
}

/** A record token scoped to tournaments records only games of those tournaments. */
export function mayRecord(principal: Principal, tournament: string | undefined | null): boolean {
  if (scopeOf(principal) !== 'record') return false;
  return coversTournament(principal, tournament);
}

/** Whether a record or judge token's tournaments include this one (null tournaments: all). */
export function coversTournament(principal: Principal, tournament: string | undefined | null): boolean {
  if (principal.tournaments === null) return true;
  return typeof tournament === 'string' && principal.tournaments.includes(tournament);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TokenRow = {
  token_id: string;
  name: string;
  scope: TokenScope;
  tournaments: string[] | null;
  game_id: string | null;
  seat: string | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
};

export class TokenRepository {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates a token; `tournaments` alone (the older signature) makes a record token. */
  async create(name: string, options: TokenOptions | readonly string[] = {}): Promise<CreatedToken> {
    const opts: TokenOptions = Array.isArray(options) ? { tournaments: options as readonly string[] } : (options as TokenOptions);
    if (!name.trim()) throw new TokenError('a token needs a name');
    const scope = opts.scope ?? 'record';
    if (!TOKEN_SCOPES.includes(scope)) throw new TokenError(`scope must be one of ${TOKEN_SCOPES.join(', ')}, not "${scope}"`);
    const tournaments = opts.tournaments && opts.tournaments.length > 0 ? [...opts.tournaments] : null;
    if (scope === 'seat') {
      if (!opts.gameId || !UUID.test(opts.gameId)) throw new TokenError('a seat token needs the game id (a UUID) it may read');
      if (!opts.seat || !/^p\d+$/.test(opts.seat)) throw new TokenError('a seat token needs the seat (p1, p2, …) it may read');
      if (tournaments) throw new TokenError('a seat token covers one game; it takes no tournaments');
    } else if (opts.gameId || opts.seat) {
      throw new TokenError(`only seat tokens name a game and a seat; this is a ${scope} token`);
    }
    if (opts.expiresAt && !(opts.expiresAt.getTime() > this.now().getTime())) throw new TokenError('the expiry must be in the future');
    const token = `cl_${randomBytes(24).toString('base64url')}`;
    const tokenId = randomUUID();
    const gameId = scope === 'seat' ? opts.gameId!.toLowerCase() : null;
    const seat = scope === 'seat' ? opts.seat! : null;
    const expiresAt = opts.expiresAt ?? null;
    await this.sql`
      insert into api_tokens (token_id, name, token_hash, tournaments, scope, game_id, seat, expires_at)
      values (${tokenId}, ${name}, ${hashToken(token)}, ${tournaments}, ${scope}, ${gameId}, ${seat}, ${expiresAt})`;
    return { token, tokenId, name, scope, tournaments, gameId, seat, expiresAt };
  }

  /** The live token with this secret: not revoked, not expired. */
  async authenticate(secret: string): Promise<Principal | null> {
    const [row] = await this.sql<TokenRow[]>`
      select token_id, name, scope, tournaments, game_id, seat, expires_at from api_tokens
      where token_hash = ${hashToken(secret)} and revoked_at is null`;
    if (!row) return null;
    if (row.expires_at && row.expires_at.getTime() <= this.now().getTime()) return null;
    return {
      tokenId: row.token_id,
      name: row.name,
      scope: row.scope,
      tournaments: row.tournaments,
      ...(row.game_id ? { gameId: row.game_id } : {}),
      ...(row.seat ? { seat: row.seat } : {}),
    };
  }

  async list(): Promise<TokenInfo[]> {
    const rows = await this.sql<TokenRow[]>`
      select token_id, name, scope, tournaments, game_id, seat, created_at, expires_at, revoked_at from api_tokens order by created_at, token_id`;
    return rows.map((r) => ({
      tokenId: r.token_id,
      name: r.name,
      scope: r.scope,
      tournaments: r.tournaments,
      gameId: r.game_id,
      seat: r.seat,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      revokedAt: r.revoked_at,
    }));
  }

  async revoke(tokenId: string): Promise<boolean> {
    if (!UUID.test(tokenId)) return false;
    const rows = await this.sql`update api_tokens set revoked_at = now() where token_id = ${tokenId} and revoked_at is null`;
    return rows.count > 0;
  }
}
