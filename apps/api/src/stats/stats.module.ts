import { Module } from '@nestjs/common';
import { StatsReader } from '@cardlog/projections';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { StatsController } from './stats.controller';
import { STATS_HANDLERS } from './stats.queries';

/** The statistics routes, read from the read models in this app's database. */
@Module({
  controllers: [StatsController],
  providers: [{ provide: StatsReader, inject: [DATABASE], useFactory: (db: Database) => new StatsReader(db.sql) }, ...STATS_HANDLERS],
})
export class StatsModule {}
