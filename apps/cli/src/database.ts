import { resolve } from 'node:path';
import { Database, connectDatabase, migrate } from '@cardlog/store';

/** The database the server uses: DATABASE_URL, or the embedded one under CARDLOG_DATA_DIR (./.cardlog/data). */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const url = env.DATABASE_URL?.trim() || undefined;
  const db = await connectDatabase(url ? { url } : { dataDir: resolve(env.CARDLOG_DATA_DIR ?? '.cardlog/data') });
  try {
    await migrate(db.sql);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
