import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiConfig } from './config';
import { RateLimiter, rateLimitWrites } from './limits/rate-limiter';

export { BATCH_LIMIT_BYTES } from './auth/request-gate';

/** Builds the API application (used by main.ts and by the e2e tests). */
export async function createApiApp(config: ApiConfig, logDestination?: NodeJS.WritableStream): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, logDestination), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Writes are rate-limited per token, then every request passes the request gate
  // (auth/request-gate.ts, applied in RecordingModule): the token is checked and the declared size
  // allowed before the body is read, as strict UTF-8 text, by the log format's own parser.
  if (config.writeRate > 0) app.use(rateLimitWrites(new RateLimiter(config.writeRate, config.writeBurst)));
  app.enableShutdownHooks();
  const openApi = new DocumentBuilder()
    .setTitle('Cardlog API')
    .setDescription('Record, validate and replay trading card games')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, openApi), { jsonDocumentUrl: 'docs-json' });
  return app;
}
