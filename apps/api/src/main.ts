import { createApiApp } from './bootstrap';
import { loadApiConfig } from './config';

async function main(): Promise<void> {
  const config = loadApiConfig();
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  process.stdout.write(`Cardlog API on ${url} (${mode}); docs at ${url}/docs\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`cardlog api failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
