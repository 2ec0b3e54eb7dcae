import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiConfig } from './config';

/** Builds the API application (used by main.ts and by the e2e tests). */
export async function createApiApp(config: ApiConfig, logDestination?: NodeJS.WritableStream): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, logDestination), { bufferLogs: true });
  app.useLogger(app.get(Logger));
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
