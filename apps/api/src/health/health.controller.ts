import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Pipeline } from '../pipeline/pipeline.module';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: Database,
    private readonly pipeline: Pipeline,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the database answers (and Kafka, when configured)' })
  check() {
    return this.health.check([() => this.postgres(), ...(this.pipeline.kafka ? [() => this.kafkaBroker()] : []), () => this.relay()]);
  }

  private async kafkaBroker() {
    const indicator = this.indicators.check('kafka');
    const admin = this.pipeline.kafka!.admin();
    try {
      await withTimeout(admin.connect(), 3000);
      const cluster = await withTimeout(admin.describeCluster(), 3000);
      return indicator.up({ brokers: cluster.brokers.length });
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  /** Reported, never failing readiness: while Kafka is away the API keeps accepting games. */
  private async relay() {
    const status = this.pipeline.relayStatus();
    return this.indicators.check('relay').up({
      mode: this.pipeline.mode,
      active: status?.active ?? false,
      published: status?.published ?? 0,
      lastError: status?.lastError ?? null,
    });
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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}
