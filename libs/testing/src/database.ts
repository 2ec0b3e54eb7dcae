import postgres from 'postgres';

/** A scratch database on the test server, dropped by `drop()`; each test file gets its own. */
export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

let counter = 0;

export async function createTestDatabase(prefix = 'cardlog_t'): Promise<TestDatabase> {
  const serverUrl = process.env.CARDLOG_TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('CARDLOG_TEST_DATABASE_URL is not set (the Jest global setup sets it)');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin`create database ${admin(name)}`;
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      try {
        await sql`drop database if exists ${sql(name)} with (force)`;
      } finally {
        await sql.end();
      }
    },
  };
}
