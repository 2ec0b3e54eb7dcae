import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';

/** Who is recording: an API token's name and the tournaments it may record (null: any). */
export interface Principal {
  readonly tokenId: string;
  readonly name: string;
  readonly tournaments: readonly string[] | null;
}

export interface CreatedToken {
  /** The secret, shown once; only its hash is stored. */
  readonly token: string;
  readonly tokenId: string;
  readonly name: string;
  readonly tournaments: readonly string[] | null;
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A token scoped to tournaments records only games of those tournaments. */
export function mayRecord(principal: Principal, tournament: string | undefined): boolean {
  if (principal.tournaments === null) return true;
  return tournament !== undefined && principal.tournaments.includes(tournament);
}

export class TokenRepository {
  constructor(private readonly sql: Sql) {}

  async create(name: string, tournaments?: readonly string[]): Promise<CreatedToken> {
    if (!name.trim()) throw new Error('a token needs a name');
    const token = `cl_${randomBytes(24).toString('base64url')}`;
    const tokenId = randomUUID();
    const scope = tournaments && tournaments.length > 0 ? [...tournaments] : null;
    await this.sql`
      insert into api_tokens (token_id, name, token_hash, tournaments)
      values (${tokenId}, ${name}, ${hashToken(token)}, ${scope})`;
    return { token, tokenId, name, tournaments: scope };
  }

  async authenticate(secret: string): Promise<Principal | null> {
    const [row] = await this.sql<{ token_id: string; name: string; tournaments: string[] | null }[]>`
      select token_id, name, tournaments from api_tokens where token_hash = ${hashToken(secret)} and revoked_at is null`;
    return row ? { tokenId: row.token_id, name: row.name, tournaments: row.tournaments } : null;
  }

  async revoke(tokenId: string): Promise<boolean> {
    const rows = await this.sql`update api_tokens set revoked_at = now() where token_id = ${tokenId} and revoked_at is null`;
    return rows.count > 0;
  }
}
