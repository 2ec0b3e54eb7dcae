import { randomUUID } from 'node:crypto';
import postgres, { Sql } from 'postgres';
import { TokenRepository } from '@cardlog/recording';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { main } from '../main';
import { captureIo } from '../testing';
import { parseExpiry } from './token';

jest.setTimeout(60_000);

describe('token --expires', () => {
  const now = new Date('2026-12-01T12:00:00.000Z');

  it('takes days, hours and minutes from now, or an ISO date-time', () => {
    expect(parseExpiry('30d', now).toISOString()).toBe('2026-12-31T12:00:00.000Z');
    expect(parseExpiry('12h', now).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(parseExpiry('90m', now).toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(parseExpiry('2027-01-02T03:04:05Z', now).toISOString()).toBe('2027-01-02T03:04:05.000Z');
  });

  it('refuses anything else, naming what it takes', () => {
    for (const text of ['30', '1w', 'tomorrow', '12/31/2026', '-1d']) expect(() => parseExpiry(text, now)).toThrow(/30d, 12h, 90m or an ISO date-time/);
  });
});

describeWithPostgres('cardlog token against the database', () => {
  let db: TestDatabase;
  let sql: Sql;
  let tokens: TokenRepository;
  const saved = process.env.DATABASE_URL;

  async function run(...argv: string[]) {
    const io = captureIo();
    const code = await main(argv, io);
    return { code, out: io.stdout, err: io.stderr.join('\n') };
  }

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_cli_token');
    process.env.DATABASE_URL = db.url;
    sql = postgres(db.url, { max: 2, onnotice: () => undefined });
    tokens = new TokenRepository(sql);
  });

  afterAll(async () => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    await sql?.end();
    await db?.drop();
  });

  it('create prints the token once on stdout (only its hash is stored) and says on stderr what it covers', async () => {
    const created = await run('token', 'create', '--name', 'scorekeeper', '--tournament', 'bkk-open, kyoto-cup');
    expect(created.code).toBe(0);
    expect(created.out).toHaveLength(1);
    const secret = created.out[0]!;
    expect(secret).toMatch(/^cl_[A-Za-z0-9_-]{32}$/);
    expect(created.err).toMatch(/^record token "scorekeeper" \([0-9a-f-]{36}\) created for tournaments bkk-open, kyoto-cup; it is shown only this once$/);
    const stored = await sql`select * from api_tokens where name = 'scorekeeper'`;
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(await tokens.authenticate(secret)).toMatchObject({ name: 'scorekeeper', scope: 'record', tournaments: ['bkk-open', 'kyoto-cup'] });
  });

  it('creates judge and seat tokens, and expiring ones', async () => {
    const judge = await run('token', 'create', '--name', 'head judge', '--scope', 'judge', '--expires', '12h');
    expect(judge.code).toBe(0);
    expect(judge.err).toMatch(/judge token "head judge" .* created for every tournament, expires \d{4}-/);
    const principal = await tokens.authenticate(judge.out[0]!);
    expect(principal).toMatchObject({ scope: 'judge', tournaments: null });
    const gameId = randomUUID();
    const seat = await run('token', 'create', '--name', 'table 4 p2', '--scope', 'seat', '--game', gameId, '--seat', 'p2');
    expect(seat.code).toBe(0);
    expect(seat.err).toContain(`seat p2 of game ${gameId}`);
    expect(await tokens.authenticate(seat.out[0]!)).toMatchObject({ scope: 'seat', gameId, seat: 'p2' });
  });

  it('refuses bad options with exit 2 and the reason, creating nothing', async () => {
    const before = (await tokens.list()).length;
    const cases: [string[], RegExp][] = [
      [['--scope', 'record'], /--name NAME is required/],
      [['--name', 'x', '--scope', 'admin'], /--scope must be one of record, judge, seat, not "admin"/],
      [['--name', 'x', '--expires', 'soon'], /--expires takes/],
      [['--name', 'x', '--expires', '2001-01-01T00:00:00Z'], /the expiry must be in the future/],
      [['--name', 'x', '--scope', 'seat', '--seat', 'p1'], /needs the game id/],
      [['--name', 'x', '--game', randomUUID(), '--seat', 'p1'], /only seat tokens name a game/],
      [['--name', 'x', 'extra'], /unexpected argument "extra"/],
    ];
    for (const [args, message] of cases) {
      const result = await run('token', 'create', ...args);
      expect([args, result.code]).toEqual([args, 2]);
      expect(result.err).toMatch(message);
      expect(result.out).toEqual([]);
    }
    expect((await tokens.list()).length).toBe(before);
    expect((await run('token', 'rotate')).err).toMatch(/create, list or revoke, not "rotate"/);
  });

  it('list shows every token with its scope, coverage and state; --json one object per line', async () => {
    const made = await run('token', 'create', '--name', 'listed one', '--tournament', 'paris-major');
    const id = /\(([0-9a-f-]{36})\)/.exec(made.err)![1]!;
    const listed = await run('token', 'list');
    expect(listed.code).toBe(0);
    const line = listed.out.find((l) => l.startsWith(id));
    expect(line).toMatch(new RegExp(`^${id}  record  listed one  paris-major  active$`));
    expect(listed.out.join('\n')).not.toContain(made.out[0]!);
    const json = await run('token', 'list', '--json');
    const rows = json.out.map((l) => JSON.parse(l));
    expect(rows.find((r) => r.tokenId === id)).toMatchObject({ name: 'listed one', scope: 'record', tournaments: ['paris-major'], revokedAt: null });
    expect(rows.every((r) => !('tokenHash' in r) && !('token_hash' in r))).toBe(true);
  });

  it('revoke makes the token fail authentication at once; revoking it again, or an unknown id, is exit 1', async () => {
    const made = await run('token', 'create', '--name', 'lost laptop');
    const id = /\(([0-9a-f-]{36})\)/.exec(made.err)![1]!;
    expect(await tokens.authenticate(made.out[0]!)).not.toBeNull();
    expect(await run('token', 'revoke', id)).toEqual({ code: 0, out: [`revoked ${id}`], err: '' });
    expect(await tokens.authenticate(made.out[0]!)).toBeNull();
    expect((await run('token', 'list')).out.find((l) => l.startsWith(id))).toMatch(/ revoked \d{4}-/);
    expect(await run('token', 'revoke', id)).toMatchObject({ code: 1, err: `no active token ${id}` });
    expect(await run('token', 'revoke', 'not-a-uuid')).toMatchObject({ code: 1 });
    expect((await run('token', 'revoke')).code).toBe(2);
  });
});
