import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import postgres from 'postgres';
import { describeWithPostgres } from '@cardlog/testing';
import { simulateDocuments } from '@cardlog/rules';
import { LocalApi } from './harness/local-api';

// Tenants and credentials, against the real API process: who may write, what is stored of a token,
// what reaches the logs, what the database lets the application role do, and how writes are paced.

const ROOT = join(__dirname, '..', '..', '..');

describeWithPostgres('security', () => {
  let local: LocalApi | undefined;

  beforeAll(async () => {
    local = await LocalApi.start({ CARDLOG_WRITE_RATE: '5', CARDLOG_WRITE_BURST: '10', LOG_LEVEL: 'debug' });
  }, 180_000);

  afterAll(async () => {
    await local?.stop();
  });

  const upload = (doc: unknown, token?: string) =>
    fetch(`${local!.url}/v1/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(doc),
    });

  it('refuses writes without a token (401) and with a token of another tournament (403), stores tokens hashed, and logs no credential', async () => {
    const everywhere = await local!.token('organiser');
    const scoped = await local!.token('scoped', '--tournament', 'spring-open');
    const [doc] = simulateDocuments('born-from-blood', 1, 31).map((s) => s.document);
    const elsewhere = { ...doc!, game: { tournament: 'autumn-cup' } };
    expect((await upload(elsewhere)).status).toBe(401);
    expect((await upload(elsewhere, 'cl_not-a-token')).status).toBe(401);
    const refused = await upload(elsewhere, scoped);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toEqual(expect.any(String));
    expect((await upload(elsewhere, everywhere)).status).toBe(201);

    const tokens = await local!.sql`select * from api_tokens`;
    const stored = JSON.stringify(tokens);
    for (const secret of [everywhere, scoped]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice(3));
    }
    // Every line the server wrote while handling those requests (debug level) is free of them.
    const logs = local!.api.output;
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [everywhere, scoped, 'cl_not-a-token']) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/Bearer\s+cl_/);
  });

  it('paces writes per token: past the burst a 429 with Retry-After, other tokens unaffected', async () => {
    const busy = await local!.token('busy');
    const calm = await local!.token('calm');
    const garbage = '{';
    const answers = await Promise.all(Array.from({ length: 30 }, () => upload(garbage, busy)));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    const codes = new Set<string>();
    for (const a of limited) {
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      codes.add(((await a.json()) as { error: { code: string } }).error.code);
    }
    // Past the burst the rate limiter answers; the per-token concurrency cap may answer some first.
    expect(codes).toContain('RATE_LIMITED');
    expect((await upload(garbage, calm)).status).toBe(400);
  });

  it('gives the application role no way to rewrite or remove events', async () => {
    const admin = postgres(local!.db.url, { max: 1, onnotice: () => undefined });
    try {
      for (const statement of ['update events set type = type', 'delete from events', 'truncate events', 'alter table events disable trigger all', 'drop table events cascade']) {
        await expect(
          admin.begin(async (tx) => {
            await tx.unsafe('set local role cardlog_app');
            await tx.unsafe(statement);
          }),
        ).rejects.toThrow(/permission denied|must be owner|refuse|immutable/i);
      }
    } finally {
      await admin.end();
    }
  });

  it('builds no SQL from strings: raw SQL appears only where a fixed statement or a quoted identifier needs it', () => {
    const allowed = new Set([
      'libs/store/src/migrate.ts', // runs the migration files themselves
      'libs/store/src/dump-schema-cli.ts', // creates and drops its scratch database by a generated name
      'libs/testing/src/database.ts', // the same, for test databases
      'apps/cli/src/commands/dump.ts', // COPY-style export of fixed read-model queries
    ]);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.includes('/testing/') && !path.includes('tests/reliability')) {
          const text = readFileSync(path, 'utf8');
          if (/\.unsafe\(/.test(text) && !allowed.has(relative(ROOT, path))) offenders.push(relative(ROOT, path));
          if (/sql`[^`]*'\s*\+|sql\(\s*['"`][^)]*\+/.test(text)) offenders.push(`${relative(ROOT, path)} (concatenated SQL)`);
        }
      }
    };
    for (const top of ['libs', 'apps']) walk(join(ROOT, top));
    expect(offenders).toEqual([]);
  });
});
