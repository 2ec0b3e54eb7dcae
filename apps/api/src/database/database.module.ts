import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Database, EventStore, connectDatabase, migrate, connectOptionsFor } from '@cardlog/store';
import { API_CONFIG, ApiConfig } from '../config';

export const DATABASE = Symbol('Database');

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

/** Connects to PostgreSQL (or starts embedded PGlite) and migrates before anything else runs. */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [API_CONFIG],
      useFactory: async (config: ApiConfig): Promise<Database> => {
        const logger = new Logger('Database');
        const db = await connectDatabase(connectOptionsFor(config, 'cardlog-api'));
        const report = await migrate(db.sql);
        logger.log(
          `${db.describe}: ${report.applied.length ? `applied ${report.applied.join(', ')}` : 'schema up to date'}`,
        );
        return db;
      },
    },
    { provide: EventStore, inject: [DATABASE], useFactory: (db: Database) => new EventStore(db.sql) },
    DatabaseLifecycle,
  ],
  exports: [DATABASE, EventStore],
})
export class DatabaseModule {}
