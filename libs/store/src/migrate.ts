import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Sql } from 'postgres';

export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export interface MigrationReport {
  readonly applied: string[];
  readonly alreadyApplied: number;
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** The repository's `migrations/` folder, found by walking up from this file (src or dist). */
export function defaultMigrationsDir(): string {
  if (process.env.CARDLOG_MIGRATIONS_DIR) return process.env.CARDLOG_MIGRATIONS_DIR;
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, 'migrations');
    if (existsSync(join(candidate, '0001_event_store.sql'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new MigrationError(`no migrations folder found above ${__dirname}`);
    dir = parent;
  }
}

export function loadMigrations(dir = defaultMigrationsDir()): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql') && file !== 'schema.sql')
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new MigrationError(`migration file ${file} is not named NNNN_name.sql`);
      const sql = readFileSync(join(dir, file), 'utf8');
      return { id: Number(match[1]), name: file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    })
    .sort((a, b) => a.id - b.id);
  // Numbers are unique and ordered, but may have gaps: parallel branches each take their own range
  // (0020–0029, …), so whichever merges first does not renumber the others.
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (previous && previous.id === m.id) throw new MigrationError(`migrations ${previous.name} and ${m.name} share the number ${m.id}`);
  });
  if (migrations[0] && migrations[0].id !== 1) throw new MigrationError(`the first migration must be 0001, found ${migrations[0].name}`);
  return migrations;
}

/** Arbitrary constant for the advisory lock that serialises concurrent migrators. */
const MIGRATION_LOCK = 0x0ca7d106;

/**
 * Applies every migration not yet recorded, forward only, all in one transaction: either the
 * database reaches the newest schema or it stays as it was. Refuses to run when an applied
 * migration's file has changed since (its checksum differs) or is missing.
 */
export async function migrate(sql: Sql, migrations: Migration[] = loadMigrations()): Promise<MigrationReport> {
  // A current schema needs no DDL: the runtime role (which has none) starts on it.
  const current = await currentSchema(sql, migrations);
  if (current) return current;
  if (!(await mayMigrate(sql))) {
    throw new MigrationError(
      `the database schema is not current and role "${await currentRole(sql)}" may not migrate it (the runtime role has no DDL): ` +
        'run `npm run migrate` as the owner role first',
    );
  }
  await sql`create table if not exists schema_migrations (
    id integer primary key,
    name text not null,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`;
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    const rows = await tx<{ id: number; name: string; checksum: string }[]>`select id, name, checksum from schema_migrations order by id`;
    const applied = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows) {
      const file = migrations.find((m) => m.id === row.id);
      if (!file) throw new MigrationError(`migration ${row.name} was applied but its file is missing`);
      if (file.checksum !== row.checksum) {
        throw new MigrationError(
          `migration ${row.name} was edited after it was applied (checksum ${row.checksum.slice(0, 12)}… is now ${file.checksum.slice(0, 12)}…); add a new migration instead`,
        );
      }
    }
    const report: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      await tx.savepoint(async (sp) => {
        await sp.unsafe(m.sql).simple();
        await sp`insert into schema_migrations (id, name, checksum) values (${m.id}, ${m.name}, ${m.checksum})`;
      });
      report.push(m.name);
    }
    return { applied: report, alreadyApplied: applied.size };
  });
}

/** Every migration applied with its checksum: nothing to do (read-only, no lock, no DDL). */
async function currentSchema(sql: Sql, migrations: readonly Migration[]): Promise<MigrationReport | null> {
  const [exists] = await sql<{ table: string | null }[]>`select to_regclass('schema_migrations')::text as table`;
  if (!exists?.table) return null;
  const rows = await sql<{ id: number; checksum: string }[]>`select id, checksum from schema_migrations order by id`;
  if (rows.length !== migrations.length) return null;
  const sameFiles = rows.every((row, i) => migrations[i]!.id === row.id && migrations[i]!.checksum === row.checksum);
  return sameFiles ? { applied: [], alreadyApplied: rows.length } : null;
}

/** Migrating takes the right to create in the schema (the owner, or a superuser). */
async function mayMigrate(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ may: boolean }[]>`select has_schema_privilege(current_user, 'public', 'CREATE') as may`;
  return row?.may === true;
}

async function currentRole(sql: Sql): Promise<string> {
  const [row] = await sql<{ role: string }[]>`select current_user as role`;
  return row?.role ?? 'unknown';
}
