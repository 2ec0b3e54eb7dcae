import { Controller, Get, Global, Header, Inject, Injectable, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { GameRecorder } from '@cardlog/recording';
import type { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Pipeline } from '../pipeline/pipeline.module';
import { errorCodeOf } from '../errors/error-code';
import { UploadWorkers } from '../recording/upload-workers';

/** Upper bounds of the request-latency histogram, in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

/**
 * The API's own counters, kept in memory (one process, reset on restart, as Prometheus expects of
 * counters): requests by route pattern, method and status with their latency, and events this
 * process appended to the store.
 */
@Injectable()
export class ApiMetrics {
  private readonly requests = new Map<string, Series>();
  private readonly errors = new Map<string, number>();
  private eventsAppended = 0;

  constructor(recorder: GameRecorder) {
    recorder.onRecorded((events) => (this.eventsAppended += events));
  }

  /** An answer with an error code (a refused upload, a rejected action, a rate limit, …). */
  observeError(method: string, route: string, status: number, code: string): void {
    const key = `method="${method}",route="${escapeLabel(route)}",status="${status}",code="${escapeLabel(code)}"`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `method="${method}",route="${escapeLabel(route)}",status="${status}"`;
    let series = this.requests.get(key);
    if (!series) this.requests.set(key, (series = { count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) }));
    series.count += 1;
    series.sum += seconds;
    LATENCY_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) series.buckets[i]! += 1;
    });
  }

  render(pipeline: PipelineFigures): string {
    const lines: string[] = [
      '# HELP cardlog_http_requests_total HTTP requests answered, by method, route pattern and status.',
      '# TYPE cardlog_http_requests_total counter',
      ...[...this.requests].map(([labels, s]) => `cardlog_http_requests_total{${labels}} ${s.count}`),
      '# HELP cardlog_http_request_duration_seconds Time to answer an HTTP request, by method, route pattern and status.',
      '# TYPE cardlog_http_request_duration_seconds histogram',
    ];
    for (const [labels, s] of this.requests) {
      LATENCY_BUCKETS.forEach((bound, i) => lines.push(`cardlog_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${s.buckets[i]}`));
      lines.push(`cardlog_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`cardlog_http_request_duration_seconds_sum{${labels}} ${round(s.sum)}`);
      lines.push(`cardlog_http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    lines.push(
      '# HELP cardlog_http_errors_total Answers with an error, by method, route pattern, status and error code (uploads refused, actions rejected, rate limits, …).',
      '# TYPE cardlog_http_errors_total counter',
      ...[...this.errors].map(([labels, n]) => `cardlog_http_errors_total{${labels}} ${n}`),
    );
    lines.push(
      '# HELP cardlog_events_appended_total Events this process appended to the event store (games, live appends, tournaments).',
      '# TYPE cardlog_events_appended_total counter',
      `cardlog_events_appended_total ${this.eventsAppended}`,
      '# HELP cardlog_event_store_head_position Highest global position in the event store.',
      '# TYPE cardlog_event_store_head_position gauge',
      `cardlog_event_store_head_position ${pipeline.head ?? 'NaN'}`,
      '# HELP cardlog_relay_lag_events Stored events the outbox relay has not published yet (the outbox backlog).',
      '# TYPE cardlog_relay_lag_events gauge',
      `cardlog_relay_lag_events ${pipeline.relayLag ?? 'NaN'}`,
      '# HELP cardlog_relay_oldest_unpublished_seconds Age of the oldest event waiting in the outbox.',
      '# TYPE cardlog_relay_oldest_unpublished_seconds gauge',
      `cardlog_relay_oldest_unpublished_seconds ${pipeline.relayOldestSeconds ?? 'NaN'}`,
      '# HELP cardlog_relay_published_total Events this process\'s relay published.',
      '# TYPE cardlog_relay_published_total counter',
      `cardlog_relay_published_total ${pipeline.published}`,
      '# HELP cardlog_projector_store_lag_events Events in the store a projector has not applied yet, by projector (from its checkpoint).',
      '# TYPE cardlog_projector_store_lag_events gauge',
      ...pipeline.projectors.map((p) => `cardlog_projector_store_lag_events{projector="${escapeLabel(p.name)}"} ${p.lag}`),
      '# HELP cardlog_projector_last_progress_seconds Seconds since a projector last recorded progress, by projector.',
      '# TYPE cardlog_projector_last_progress_seconds gauge',
      ...pipeline.projectors.map((p) => `cardlog_projector_last_progress_seconds{projector="${escapeLabel(p.name)}"} ${round(p.idleSeconds)}`),
      '# HELP cardlog_upload_workers Worker threads that parse, check and replay uploads (0: they are prepared on the event loop).',
      '# TYPE cardlog_upload_workers gauge',
      `cardlog_upload_workers ${pipeline.uploads.workers}`,
      '# HELP cardlog_upload_tasks Uploads being prepared on a worker (running) or waiting for one (queued).',
      '# TYPE cardlog_upload_tasks gauge',
      `cardlog_upload_tasks{state="running"} ${pipeline.uploads.running}`,
      `cardlog_upload_tasks{state="queued"} ${pipeline.uploads.queued}`,
    );
    return `${lines.join('\n')}\n`;
  }
}

export interface PipelineFigures {
  readonly head: number | null;
  readonly relayLag: number | null;
  readonly relayOldestSeconds: number | null;
  readonly published: number;
  readonly projectors: readonly { readonly name: string; readonly lag: number; readonly idleSeconds: number }[];
  readonly uploads: { readonly workers: number; readonly running: number; readonly queued: number };
}

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ApiMetrics,
    private readonly pipeline: Pipeline,
    @Inject(DATABASE) private readonly db: Database,
    private readonly uploadWorkers: UploadWorkers,
  ) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  async render(): Promise<string> {
    return this.metrics.render(await this.figures());
  }

  /** What the store and the relay say now; a database that does not answer leaves the gauges NaN. */
  private async figures(): Promise<PipelineFigures> {
    const published = this.pipeline.relayStatus()?.published ?? 0;
    const uploads = { workers: this.uploadWorkers.workers, running: this.uploadWorkers.running, queued: this.uploadWorkers.queued };
    try {
      const lag = await this.pipeline.relayLag();
      const progress = await this.db.sql<{ projector: string; global_position: string; idle: number }[]>`
        select projector, global_position, extract(epoch from now() - updated_at)::float8 as idle from projection_progress order by projector`;
      const head = lag?.headPosition ?? null;
      return {
        head,
        relayLag: lag?.events ?? null,
        relayOldestSeconds: lag ? lag.oldestUnpublishedMs / 1000 : null,
        published,
        projectors: progress.map((p) => ({ name: p.projector, lag: Math.max(0, (head ?? 0) - Number(p.global_position)), idleSeconds: Number(p.idle) })),
        uploads,
      };
    } catch {
      return { head: null, relayLag: null, relayOldestSeconds: null, published, projectors: [], uploads };
    }
  }
}

/** Times every request and counts it under its route pattern (`/v1/games/:id`), never its raw URL. */
function measureRequests(metrics: ApiMetrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req, res.statusCode);
      metrics.observeRequest(req.method, route, res.statusCode, seconds);
      const code = errorCodeOf(res);
      if (code !== undefined && res.statusCode >= 400) metrics.observeError(req.method, route, res.statusCode, code);
    });
    next();
  };
}

/**
 * The matched handler's pattern. A request answered before routing (the request gate's 401/413, the
 * rate limit's 429) or by no handler (the web app's files, 404s) has none: it counts under one fixed
 * label each, so raw paths never become series.
 */
function routeOf(req: Request, status: number): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  const path = route && typeof route.path === 'string' ? `${req.baseUrl ?? ''}${route.path}` : null;
  // Middleware mounted for every route shows up as a wildcard, not as a handler's pattern.
  if (path && !path.includes('*')) return path || '/';
  if (status === 404 || (status < 400 && req.method === 'GET')) return '(unmatched)';
  return '(before routing)';
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

@Global()
@Module({ controllers: [MetricsController], providers: [ApiMetrics], exports: [ApiMetrics] })
export class MetricsModule implements NestModule {
  constructor(private readonly metrics: ApiMetrics) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(measureRequests(this.metrics)).forRoutes('*');
  }
}
