import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import postgres, { Sql } from 'postgres';
import type { Database } from '@cardlog/store';
import { API_CONFIG, ApiConfig } from '../config';
import { DATABASE } from '../database/database.module';

/**
 * The health check's own database connection. Writes hold the pool's connections for the length of
 * their transactions; on a saturated API a readiness probe sharing that pool would wait its turn
 * behind them. The embedded database has a single connection, which the probe shares.
 */
@Injectable()
export class HealthConnection implements OnModuleDestroy {
  readonly sql: Sql;
  readonly kind: Database['kind'];
  private readonly own: Sql | null;

  constructor(@Inject(DATABASE) db: Database, @Inject(API_CONFIG) config: ApiConfig) {
    this.own = db.kind === 'server' && config.databaseUrl ? postgres(config.databaseUrl, { max: 1, idle_timeout: 60, onnotice: () => undefined }) : null;
    this.sql = this.own ?? db.sql;
    this.kind = db.kind;
  }

  async onModuleDestroy(): Promise<void> {
    await this.own?.end({ timeout: 5 });
  }
}
