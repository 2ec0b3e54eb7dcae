import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { text } from 'express';
import { BUNDLE_LIMITS, LOG_LIMITS } from '@cardlog/events';
import { AppModule } from './app.module';
import { ApiConfig } from './config';
import { RateLimiter, rateLimitWrites } from './limits/rate-limiter';
import { serveWebApp } from './web/web-app';
import { describeResponses } from './openapi/responses';

/** A JSON Lines batch may hold many documents, each within the per-document limits. */
export const BATCH_LIMIT_BYTES = 256 * 1024 * 1024;

/** Builds the API application (used by main.ts and by the e2e tests). */
export async function createApiApp(config: ApiConfig, logDestination?: NodeJS.WritableStream): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, logDestination), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Bodies arrive as text: documents are parsed by the log format's own parser, which names the
  // line and column of malformed JSON and enforces the documented limits (413 past them).
  if (config.corsOrigins) {
    // Off unless configured: a web client served from another origin (CARDLOG_CORS_ORIGINS);
    // first, so refusals such as 429 carry the headers too.
    app.enableCors({
      origin: config.corsOrigins === '*' ? '*' : [...config.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
      maxAge: 600,
    });
  }
  if (config.writeRate > 0) app.use(rateLimitWrites(new RateLimiter(config.writeRate, config.writeBurst)));
  app.use('/v1/games/batch', text({ type: () => true, limit: BATCH_LIMIT_BYTES }));
  app.use('/v1/tournaments', text({ type: () => true, limit: BUNDLE_LIMITS.maxBundleBytes }));
  app.use(text({ type: () => true, limit: LOG_LIMITS.maxDocumentBytes }));
  const openApi = new DocumentBuilder()
    .setTitle('Cardlog API')
    .setDescription('Record, validate and replay trading card games')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, () => describeResponses(SwaggerModule.createDocument(app, openApi)), { jsonDocumentUrl: 'docs-json' });
  serveWebApp(app, config.webDir);
  return app;
}
