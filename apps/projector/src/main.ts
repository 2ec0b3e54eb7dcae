import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadProjectorConfig } from './config';
import { ProjectorModule } from './projector.module';

const SHUTDOWN_GRACE_MS = 15_000;
/** The same signal again within this is the same request (npm forwards what its process group got). */
const SAME_REQUEST_MS = 1_000;

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(ProjectorModule.forRoot(loadProjectorConfig()), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  process.on('SIGTERM', (signal) => shutdown(app, signal));
  process.on('SIGINT', (signal) => shutdown(app, signal));
}

let first: { signal: NodeJS.Signals; at: number } | null = null;

/**
 * Finish the batch in hand (its transaction and offset commit), leave the group, exit 0. A second
 * signal (after SAME_REQUEST_MS, or another one) exits 1 at once.
 */
function shutdown(app: INestApplicationContext, signal: NodeJS.Signals): void {
  if (first) {
    if (signal === first.signal && Date.now() - first.at < SAME_REQUEST_MS) return;
    process.exit(1);
  }
  first = { signal, at: Date.now() };
  process.stdout.write(`cardlog projector: ${signal} received, finishing the current batch\n`);
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  app.close().then(
    () => {
      process.stdout.write('cardlog projector: stopped\n');
      process.exit(0);
    },
    (error: Error) => {
      process.stderr.write(`cardlog projector: shutdown failed: ${error.message}\n`);
      process.exit(1);
    },
  );
}

main().catch((error: Error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`cardlog projector: configuration: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`cardlog projector failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
