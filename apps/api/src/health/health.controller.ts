import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the database answers (and Kafka, when configured)' })
  check() {
    return this.health.check([() => this.postgres()]);
  }

  private async postgres() {
    const indicator = this.indicators.check('postgres');
    try {
      await this.db.sql`select 1`;
      return indicator.up({ mode: this.db.kind });
    } catch (error) {
      return indicator.down({ mode: this.db.kind, message: (error as Error).message });
    }
  }
}
