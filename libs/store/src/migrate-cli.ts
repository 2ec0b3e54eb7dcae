// `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// under ./.cardlog/data when DATABASE_URL is not set.
import { resolve } from 'node:path';
import { connectDatabase } from './database';
import { migrate } from './migrate';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL || undefined;
  const db = await connectDatabase({ url, dataDir: resolve(process.env.CARDLOG_DATA_DIR ?? '.cardlog/data') });
  try {
    const report = await migrate(db.sql);
    const what = report.applied.length ? `applied ${report.applied.join(', ')}` : 'nothing to apply';
    console.log(`migrate: ${db.describe}: ${what} (${report.alreadyApplied} already applied)`);
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(`migrate: ${error.message}`);
  process.exit(1);
});
