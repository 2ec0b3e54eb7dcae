import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiConfig } from './config';
import { AdmissionControl, admitWrites } from './admission/admission';
import { serveWebApp } from './web/web-app';
import { describeResponses } from './openapi/responses';

export { BATCH_LIMIT_BYTES } from './auth/request-gate';

/** Builds the API application (used by main.ts and by the e2e tests). */
export async function createApiApp(config: ApiConfig, logDestination?: NodeJS.WritableStream): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, logDestination), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Writes pass admission control first (admission/admission.ts: rate and concurrency per token
  // and in total, before any body is read), then every request passes the request gate
  // (auth/request-gate.ts, applied in RecordingModule): the token is checked and the declared size
  // allowed before the body is read, as strict UTF-8 text, by the log format's own parser.
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
  app.use(admitWrites(app.get(AdmissionControl)));
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
