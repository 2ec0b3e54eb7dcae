import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import postgres from 'postgres';
import ts from 'typescript';
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

  it('builds no SQL from strings: raw SQL runs only for the migration files, every other query is a tagged template', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(path) && !/\.spec\.tsx?$/.test(path)) offenders.push(...rawSqlIn(relative(ROOT, path), readFileSync(path, 'utf8')));
      }
    };
    for (const top of ['libs', 'apps']) walk(join(ROOT, top));
    expect(offenders).toEqual([]);
  });

  it('the raw-SQL check finds string-built SQL when there is some', () => {
    const samples = [
      'await sql.unsafe(`select * from games where id = ${id}`);',
      "await tx.unsafe('delete from ' + table);",
      'await sp.unsafe(m.sql).simple();', // allowed in the migration runner only
      'const query = `select * from rm_games where system = ${system}`;',
      "const query = 'update games set visibility = ' + visibility;",
      'run(`drop table ${name}`);',
    ];
    for (const sample of samples) expect(rawSqlIn('libs/x/src/y.ts', sample)).not.toEqual([]);
    // Tagged templates with parameters, identifiers and fragments are what every query should be.
    const fine = [
      'await sql`select * from games where id = ${id}`;',
      "await sql`select * from t where name ilike ${'%' + name + '%'}`;",
      'await tx<{ n: string }[]>`select count(*) as n from ${tx(table)} ${system ? tx`and system = ${system}` : tx``}`;',
      'await admin`create database ${admin(name)}`;',
      'throw new Error(`update ${id} failed: select a deck from the list`);',
    ];
    for (const sample of fine) expect(rawSqlIn('libs/x/src/y.ts', sample)).toEqual([]);
    expect(rawSqlIn('libs/store/src/migrate.ts', 'await sp.unsafe(m.sql).simple();')).toEqual([]);
  });
});

/** A statement's opening words, as SQL has them and prose rarely does. */
const SQL_TEXT =
  /^\s*(select\s[\s\S]*\sfrom\s|insert\s+into\s|update\s+\S+\s+set\s|delete\s+from\s|truncate\s|(create|drop|alter)\s+(table|database|role|index|view|schema|function|trigger|type|policy)\s|grant\s[\s\S]*\son\s)/i;

/**
 * The places in a source file where SQL is run or built as a string. postgres.js runs a string as
 * SQL only through `unsafe`; the one call allowed is the migration runner executing the checked-in
 * migration files. An untagged template with substitutions, or a concatenation, whose text opens
 * like an SQL statement is SQL built from strings wherever it is sent. Parsed with TypeScript, so a
 * tagged template (parameters, identifiers, fragments) is told apart from a plain one.
 */
function rawSqlIn(file: string, text: string): string[] {
  const allowed: Record<string, readonly string[]> = { 'libs/store/src/migrate.ts': ['sp.unsafe(m.sql)'] };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${file}:${line + 1}: ${what} ${node.getText().slice(0, 100)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'unsafe') {
      if (!(allowed[file] ?? []).includes(node.getText())) at(node, 'raw SQL');
    } else if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent) && SQL_TEXT.test(node.head.text)) {
      at(node, 'SQL in an untagged template');
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      let left: ts.Expression = node;
      while (ts.isBinaryExpression(left) && left.operatorToken.kind === ts.SyntaxKind.PlusToken) left = left.left;
      if (ts.isStringLiteralLike(left) && SQL_TEXT.test(left.text) && !(ts.isBinaryExpression(node.parent) && node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
        at(node, 'SQL concatenated');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
