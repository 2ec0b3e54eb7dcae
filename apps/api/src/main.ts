import { INestApplication } from '@nestjs/common';
import { createApiApp } from './bootstrap';
import { ConfigError, loadApiConfig } from './config';

/** Past this, a shutdown that is still waiting on requests or batches gives up (exit 1). */
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  const config = loadApiConfig();
  const app = await createApiApp(config);
  stopOnSignals(app);
  await app.listen(config.port, config.host);
  const mode = config.databaseUrl ? `PostgreSQL at ${redactedUrl(config.databaseUrl)}` : `embedded PGlite, data in ${config.dataDir}`;
  const bus = config.kafkaBrokers ? `Kafka ${config.kafkaBrokers.join(',')} (run \`npm run projector\` for the read models)` : 'in-process bus (projection in this process)';
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost').replace('0.0.0.0', 'localhost');
  const buildMs = process.env.CARDLOG_BUILD_MS ? `; build ${process.env.CARDLOG_BUILD_MS} ms` : '';
  process.stdout.write(`Cardlog on ${url} · ${mode} · ${bus} · ready in ${Math.round(process.uptime() * 1000)} ms${buildMs}\n`);
  process.stdout.write(`  API docs ${url}/docs · health ${url}/health\n`);
}

/**
 * SIGTERM or SIGINT: stop accepting, finish in-flight requests and relay batches (Nest's close
 * runs every module's shutdown hook), say so, exit 0. A second signal, or the grace period, exits 1.
 */
function stopOnSignals(app: INestApplication): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`cardlog: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`cardlog: ${signal} received, finishing in-flight work\n`);
    setTimeout(() => {
      process.stderr.write(`cardlog: shutdown did not finish within ${SHUTDOWN_GRACE_MS} ms\n`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => {
        process.stdout.write('cardlog: stopped\n');
        process.exit(0);
      },
      (error: Error) => {
        process.stderr.write(`cardlog: shutdown failed: ${error.stack ?? error.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

main().catch((error: Error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`cardlog: configuration: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`cardlog api failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
