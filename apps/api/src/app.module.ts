import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { BearerGuard } from './auth/bearer.guard';
import { AdmissionModule } from './admission/admission';
import { CATALOG_HANDLERS, CatalogsController } from './catalogs/catalogs';
import { API_CONFIG, ApiConfig } from './config';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo-loader';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { GamesController } from './games/games.controller';
import { GAME_HANDLERS } from './games/games.handlers';
import { HealthModule } from './health/health.module';
import { loggerParams } from './logging';
import { MetricsModule } from './metrics/metrics';
import { PipelineModule } from './pipeline/pipeline.module';
import { RecordingModule } from './recording/recording.module';
import { SchemaController } from './schema/schema.controller';
import { StatsModule } from './stats/stats.module';
import { TournamentsModule } from './tournaments/tournaments';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, logDestination?: NodeJS.WritableStream): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        LoggerModule.forRoot(loggerParams(config.logLevel, logDestination, config.prettyLogs)),
        CqrsModule.forRoot(),
        DatabaseModule,
        // Before the request gate (RecordingModule), so refused requests are counted too.
        MetricsModule,
        RecordingModule,
        PipelineModule,
        HealthModule,
        StatsModule,
        AdmissionModule,
        TournamentsModule,
        DemoModule,
      ],
      controllers: [SchemaController, GamesController, CatalogsController],
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        BearerGuard,
        ...GAME_HANDLERS,
        ...CATALOG_HANDLERS,
      ],
      exports: [API_CONFIG],
    };
  }
}
