import postgres, { Sql } from 'postgres';
import { connectDatabase } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres } from '@cardlog/testing';

export type Describe = (name: string, body: () => void) => void;
export type OpenDatabase = () => Promise<{ sql: Sql; close: () => Promise<void> }>;

/**
 * Runs a suite on embedded PGlite and, where it answers, on PostgreSQL (a scratch database named
 * after `scratch`, dropped when the suite closes it): the platform's two stores, one body.
 */
export function onBothDatabases(scratch: string, suite: (name: string, describeFn: Describe, open: OpenDatabase) => void, connections = 4): void {
  suite('embedded PGlite', (name, body) => describe(name, body), async () => {
    const db = await connectDatabase({ dataDir: 'memory' });
    return { sql: db.sql, close: () => db.close() };
  });
  suite('PostgreSQL', describeWithPostgres, async () => {
    const db = await createTestDatabase(scratch);
    const sql = postgres(db.url, { max: connections, onnotice: () => undefined });
    return {
      sql,
      close: async () => {
        await sql.end();
        await db.drop();
      },
    };
  });
}
