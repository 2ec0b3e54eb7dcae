import { execFileSync } from 'node:child_process';

/**
 * The schema of a migrated database as pg_dump prints it, without the lines that vary from run to
 * run (comments with versions, session settings, psql's \restrict keys). `migrations/schema.sql`
 * holds this text for the newest migration; a test keeps it current.
 */
export function dumpSchema(databaseUrl: string): string {
  for (let attempt = 1; ; attempt++) {
    try {
      const raw = execFileSync('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '--dbname', databaseUrl], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return normalizeSchemaDump(raw);
    } catch (error) {
      // A server whose max_connections are taken for a moment (two test runs on one server) is
      // asked again; any other failure is the answer.
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      if (!/too many clients/.test(stderr) || attempt >= 30) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(2000, 100 * attempt));
    }
  }
}

export function normalizeSchemaDump(raw: string): string {
  const kept = raw
    .split('\n')
    .filter((line) => !line.startsWith('--') && !/^SET |^SELECT pg_catalog\.set_config|^\\(un)?restrict /.test(line));
  return `${kept.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
