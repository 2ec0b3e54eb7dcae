import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { API_CONFIG, ApiConfig } from '../config';
import { Pipeline } from '../pipeline/pipeline.module';
import { HealthConnection } from './health-connection';

type Check = { status: 'up' | 'down' } & Record<string, unknown>;

/**
 * Readiness for writes is PostgreSQL alone: while Kafka is away the API keeps accepting games,
 * which wait in the store (503 only when the database does not answer). What lies beyond is
 * reported truthfully: the relay's lag in events from the store's head and the age of the oldest
 * unpublished event; past a threshold, or with the relay stopped on an event it cannot publish,
 * the answer is `degraded` (still 200).
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: HealthConnection,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly pipeline: Pipeline,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Readiness (the database answers) and the truth about the pipeline: ok, degraded or error' })
  async check(@Res({ passthrough: true }) res: Response) {
    // All at once (postgres.js pipelines them on the health connection): under load each round
    // trip waits for a busy database, and the answer waits for the slowest, not for their sum.
    const [postgres, kafka, relayCheck] = await Promise.all([this.postgres(), this.pipeline.kafka ? this.kafkaBroker() : null, this.relay()]);
    const relay = postgres.status === 'up' ? relayCheck : null;
    const info: Record<string, Check> = { postgres, ...(kafka ? { kafka } : {}), ...(relay ? { relay: relay.check } : {}) };
    if (postgres.status === 'down') {
      res.status(503);
      return { status: 'error', info };
    }
    return { status: relay?.degraded.length ? 'degraded' : 'ok', ...(relay?.degraded.length ? { degraded: relay.degraded } : {}), info };
  }

  /** Reported, never failing readiness: the relay catches up when the broker returns. */
  private async kafkaBroker(): Promise<Check> {
    const admin = this.pipeline.kafka!.admin();
    try {
      await withTimeout(admin.connect(), 2000);
      const cluster = await withTimeout(admin.describeCluster(), 2000);
      return { status: 'up', brokers: cluster.brokers.length };
    } catch (error) {
      return { status: 'down', message: (error as Error).message };
    } finally {
      void admin.disconnect().catch(() => undefined);
    }
  }

  private async relay(): Promise<{ check: Check; degraded: string[] }> {
    const status = this.pipeline.relayStatus();
    const degraded: string[] = [];
    let lag = null;
    try {
      lag = await withTimeout(this.pipeline.relayLag(this.db.sql), 2000);
    } catch (error) {
      degraded.push(`relay lag unknown: ${(error as Error).message}`);
    }
    if (status?.stalled) degraded.push(`relay stopped on event ${status.stalled.eventId}: ${status.stalled.reason}`);
    if (lag && lag.events > this.config.healthMaxRelayLag) degraded.push(`relay is ${lag.events} events behind the store (limit ${this.config.healthMaxRelayLag})`);
    if (lag && lag.oldestUnpublishedMs > this.config.healthMaxRelayAgeMs) {
      degraded.push(`the oldest unpublished event is ${Math.round(lag.oldestUnpublishedMs / 1000)} s old (limit ${this.config.healthMaxRelayAgeMs / 1000} s)`);
    }
    const check: Check = {
      status: 'up',
      state: degraded.length ? 'degraded' : 'ok',
      mode: this.pipeline.mode,
      active: status?.active ?? false,
      published: status?.published ?? 0,
      lag: lag?.events ?? null,
      oldestUnpublishedMs: lag?.oldestUnpublishedMs ?? null,
      publishedUpTo: lag?.checkpoint.globalPosition ?? null,
      head: lag?.headPosition ?? null,
      stalled: status?.stalled ?? null,
      locksLost: status?.locksLost ?? 0,
      lastError: status?.lastError ?? null,
    };
    return { check, degraded };
  }

  private async postgres(): Promise<Check> {
    try {
      await withTimeout(this.db.sql`select 1`, 3000);
      return { status: 'up', mode: this.db.kind };
    } catch (error) {
      return { status: 'down', mode: this.db.kind, message: (error as Error).message };
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}
