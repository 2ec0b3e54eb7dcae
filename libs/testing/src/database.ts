import postgres from 'postgres';

/** A scratch database on the test server, dropped by `drop()`; each test file gets its own. */
export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

let counter = 0;

/**
 * Runs `fn` on a one-connection admin client, again while the server answers "too many clients"
 * (53300): two runs of the suite, or a busy neighbour, can fill max_connections for a moment.
 */
async function onAdmin<T>(serverUrl: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const sql = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    try {
      return await fn(sql);
    } catch (error) {
      if ((error as { code?: string }).code !== '53300' || attempt >= 30) throw error;
    } finally {
      await sql.end();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * attempt)));
  }
}

export async function createTestDatabase(prefix = 'cardlog_t'): Promise<TestDatabase> {
  const serverUrl = process.env.CARDLOG_TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('CARDLOG_TEST_DATABASE_URL is not set (the Jest global setup sets it)');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await onAdmin(serverUrl, (admin) => admin`create database ${admin(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await onAdmin(serverUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`);
    },
  };
}
