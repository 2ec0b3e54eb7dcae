import { Database, connectDatabase, connectOptionsFor, databaseFromEnv, migrate } from '@cardlog/store';

/** The database the server uses: DATABASE_URL, or the embedded one under CARDLOG_DATA_DIR (./.cardlog/data). */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const db = await connectDatabase(connectOptionsFor(databaseFromEnv(env), 'cardlog-cli'));
  try {
    await migrate(db.sql);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
