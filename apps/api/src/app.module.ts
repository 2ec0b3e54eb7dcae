import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { API_CONFIG, ApiConfig } from './config';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { loggerParams } from './logging';
import { SchemaController } from './schema/schema.controller';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, logDestination?: NodeJS.WritableStream): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [LoggerModule.forRoot(loggerParams(config.logLevel, logDestination)), DatabaseModule, HealthModule],
      controllers: [SchemaController],
      providers: [{ provide: API_CONFIG, useValue: config }],
      exports: [API_CONFIG],
    };
  }
}
