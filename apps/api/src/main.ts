import { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiApp } from './bootstrap';
import { ApiConfig, ConfigError, loadApiConfig } from './config';
import { DemoLoader } from './demo/demo-loader';

/** Past this, a shutdown that is still waiting on requests or batches gives up (exit 1). */
const SHUTDOWN_GRACE_MS = 15_000;
/**
 * The same signal again within this is the same request: a supervisor that signals `npm start`'s
 * whole process group (systemd's default KillMode, `kill -TERM -PGID`) reaches the server twice,
 * once directly and once through npm, which forwards what it got.
 */
const SAME_REQUEST_MS = 1_000;

async function main(): Promise<void> {
  const config = loadApiConfig(process.env, process.argv.slice(2));
  const app = await createApiApp(config);
  stopOnSignals(app);
  await app.listen(config.port, config.host);
  const mode = config.databaseUrl ? `PostgreSQL at ${redactedUrl(config.databaseUrl)}` : `embedded PGlite, data in ${config.dataDir}`;
  const bus = config.kafkaBrokers ? `Kafka ${config.kafkaBrokers.join(',')} (run \`npm run projector\` for the read models)` : 'in-process bus (projection in this process)';
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost').replace('0.0.0.0', 'localhost');
  const buildMs = process.env.CARDLOG_BUILD_MS ? `; build ${process.env.CARDLOG_BUILD_MS} ms` : '';
  process.stdout.write(`Cardlog on ${url} · ${mode} · ${bus} · ready in ${Math.round(process.uptime() * 1000)} ms${buildMs}\n`);
  process.stdout.write(`  web app ${url}/ · API docs ${url}/docs · health ${url}/health\n`);
  const token = localToken(config);
  if (token) process.stdout.write(`  local organiser's write token: ${token} (kept in ${join(config.dataDir, 'local-token')})\n`);
  await loadDemo(app, url);
}

/** The embedded server's upload token, when it wrote one (first start of a data folder). */
function localToken(config: ApiConfig): string | null {
  if (config.databaseUrl || config.dataDir === 'memory') return null;
  try {
    return readFileSync(join(config.dataDir, 'local-token'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The demo loads in the background while the server already answers; one line when it starts, one when it is done. */
async function loadDemo(app: INestApplication, url: string): Promise<void> {
  const demo = app.get(DemoLoader);
  const pending = await demo.pending();
  if (!pending?.length) return;
  process.stdout.write(`  demo: loading ${pending.length} simulated tournaments in the background (--no-demo or CARDLOG_DEMO=0 skips this)\n`);
  void demo.start().then((report) => {
    if (!report) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const ready = report.projectedMs !== null ? `, replays and statistics ready in ${seconds(report.projectedMs)}` : '';
    process.stdout.write(
      `  demo: ${report.tournaments} tournaments, ${report.rounds} rounds, ${report.games} games recorded in ${seconds(report.recordedMs)}${ready} · ${url}/meta\n`,
    );
  });
}

/**
 * SIGTERM or SIGINT: stop accepting, finish in-flight requests and relay batches (Nest's close
 * runs every module's shutdown hook), say so, exit 0. A second signal (after SAME_REQUEST_MS, or
 * another one), or the grace period, exits 1.
 */
function stopOnSignals(app: INestApplication): void {
  let first: { signal: NodeJS.Signals; at: number } | null = null;
  const stop = (signal: NodeJS.Signals) => {
    if (first) {
      if (signal === first.signal && Date.now() - first.at < SAME_REQUEST_MS) return;
      process.stderr.write(`cardlog: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    first = { signal, at: Date.now() };
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
