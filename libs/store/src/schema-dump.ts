import { execFileSync } from 'node:child_process';

/**
 * The schema of a migrated database as pg_dump prints it, without the lines that vary from run to
 * run (comments with versions, session settings, psql's \restrict keys). `migrations/schema.sql`
 * holds this text for the newest migration; a test keeps it current.
 */
export function dumpSchema(databaseUrl: string): string {
  const raw = execFileSync('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '--dbname', databaseUrl], {
    encoding: 'utf8',
  });
  return normalizeSchemaDump(raw);
}

export function normalizeSchemaDump(raw: string): string {
  const kept = raw
    .split('\n')
    .filter((line) => !line.startsWith('--') && !/^SET |^SELECT pg_catalog\.set_config|^\\(un)?restrict /.test(line));
  return `${kept.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
