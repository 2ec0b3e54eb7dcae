import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadProjectorConfig } from './config';
import { ProjectorModule } from './projector.module';

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(ProjectorModule.forRoot(loadProjectorConfig()), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
}

main().catch((error: Error) => {
  process.stderr.write(`cardlog projector failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
