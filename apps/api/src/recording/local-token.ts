import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TokenRepository } from '@cardlog/recording';
import type { Database } from '@cardlog/store';
import { API_CONFIG, ApiConfig } from '../config';
import { DATABASE } from '../database/database.module';

/**
 * The embedded default is a personal server: on its first start it creates an upload token named
 * "local" and leaves it in `<data dir>/local-token` (owner-only), so `cardlog upload` works at once
 * without a second process opening the embedded database. Never done against a real PostgreSQL.
 */
@Injectable()
export class LocalToken implements OnApplicationBootstrap {
  private readonly logger = new Logger(LocalToken.name);

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly tokens: TokenRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.db.kind !== 'embedded' || this.config.dataDir === 'memory') return;
    const file = join(this.config.dataDir, 'local-token');
    if (existsSync(file)) return;
    const [{ count }] = await this.db.sql<{ count: string }[]>`select count(*) from api_tokens`;
    if (Number(count) > 0) return;
    const { token } = await this.tokens.create('local');
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    this.logger.log(`created an upload token for this local server in ${file}`);
  }
}
