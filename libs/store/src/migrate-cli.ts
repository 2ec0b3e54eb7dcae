// `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// under ./.cardlog/data when DATABASE_URL is not set.
import { connectDatabase } from './database';
import { connectOptionsFor, databaseFromEnv } from './environment';
import { migrate } from './migrate';

async function main(): Promise<void> {
  const db = await connectDatabase(connectOptionsFor(databaseFromEnv(), 'cardlog-migrate'));
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
