import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CatalogRepository, GameReader, GameRecorder, TokenRepository } from '@cardlog/recording';
import { ReplayReader } from '@cardlog/projections';
import { Database, EventStore } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { RequestGateMiddleware } from '../auth/request-gate';
import { API_CONFIG, ApiConfig } from '../config';
import { LocalToken } from './local-token';
import { UploadWorkers } from './upload-workers';

/** The recording services of libs/recording, wired to this app's database. */
@Global()
@Module({
  providers: [
    { provide: TokenRepository, inject: [DATABASE], useFactory: (db: Database) => new TokenRepository(db.sql) },
    { provide: CatalogRepository, inject: [DATABASE], useFactory: (db: Database) => new CatalogRepository(db.sql) },
    {
      provide: UploadWorkers,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => new UploadWorkers(config.uploadWorkers, config.uploadQueueLimit, config.writeRetryAfterSeconds),
    },
    {
      provide: GameRecorder,
      inject: [DATABASE, EventStore, CatalogRepository, UploadWorkers],
      useFactory: (db: Database, store: EventStore, catalogs: CatalogRepository, workers: UploadWorkers) =>
        new GameRecorder(db.sql, store, catalogs, undefined, workers),
    },
    {
      // Given the catalogs, the reader describes again steps stored in an older wording.
      provide: ReplayReader,
      inject: [DATABASE, CatalogRepository],
      useFactory: (db: Database, catalogs: CatalogRepository) => new ReplayReader(db.sql, (system, ref, tx) => catalogs.resolve(system, ref, tx)),
    },
    {
      provide: GameReader,
      inject: [DATABASE, EventStore, CatalogRepository, GameRecorder, API_CONFIG],
      useFactory: (db: Database, store: EventStore, catalogs: CatalogRepository, recorder: GameRecorder, config: ApiConfig) =>
        new GameReader(db.sql, store, catalogs, recorder, { heldGamesBytes: config.heldGamesMb * 1024 * 1024 }),
    },
    LocalToken,
  ],
  exports: [TokenRepository, CatalogRepository, GameRecorder, GameReader, ReplayReader, UploadWorkers],
})
export class RecordingModule implements NestModule {
  /**
   * Every route passes the request gate: the token first, then the body, bounded. Registered here,
   * after the request logger (LoggerModule comes first in AppModule), so refusals are logged too.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestGateMiddleware).forRoutes('*');
  }
}
