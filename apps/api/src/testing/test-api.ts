import { INestApplication } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { createTestDatabase, describeWithPostgres } from '@cardlog/testing';
import { createApiApp } from '../bootstrap';
import { ApiConfig, loadApiConfig } from '../config';

export interface TestApi {
  readonly app: INestApplication;
  readonly base: string;
  /** What the API logged, when the logs were captured. */
  logs(): string;
  close(): Promise<void>;
}

/** Boots the API on a free port: on `databaseUrl`, or on in-memory embedded PGlite. */
export async function startTestApi(options: { databaseUrl?: string; logLevel?: string; captureLogs?: boolean; config?: Partial<ApiConfig> } = {}): Promise<TestApi> {
  const config = {
    ...loadApiConfig({ LOG_LEVEL: options.logLevel ?? 'warn' }),
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory',
    demo: false,
    // The race specs send dozens of concurrent writes with one token: losers must meet the store's
    // optimistic check (409), not the concurrency caps, which have their own configuration.
    maxConcurrentWrites: 128,
    maxConcurrentWritesPerToken: 128,
    // Many test APIs share one PostgreSQL server (and two runs of the suite may share it): each
    // takes a small share of its max_connections.
    poolMax: 4,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...options.config,
  };
  const sink = new PassThrough();
  let captured = '';
  if (options.captureLogs) sink.on('data', (chunk) => (captured += chunk.toString()));
  else sink.resume();
  const app = await createApiApp(config, sink);
  await app.listen(0, '127.0.0.1');
  return { app, base: await app.getUrl(), logs: () => captured, close: () => app.close() };
}

export interface Reply {
  readonly status: number;
  readonly body: any;
}

/** A small HTTP client for e2e specs: JSON in, `{ status, body }` out. */
export function httpClient(base: () => string, defaultToken: () => string | undefined = () => undefined) {
  return async (method: string, path: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}): Promise<Reply> => {
    const token = options.token === null ? undefined : (options.token ?? defaultToken());
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers };
    const payload = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const res = await fetch(`${base()}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, body };
  };
}

/** Runs `suite` on embedded PGlite and, when PostgreSQL answers (required in CI), on a scratch PostgreSQL database. */
export function onBothDatabases(name: string, suite: (databaseUrl: () => string | undefined) => void): void {
  describe(`${name} on embedded PGlite`, () => suite(() => undefined));
  describeWithPostgres(`${name} on PostgreSQL`, () => {
    let url: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const db = await createTestDatabase('cardlog_api');
      url = db.url;
      drop = () => db.drop();
    });
    suite(() => url);
    // Registered after the suite's own hooks, so the API is closed before its database is dropped.
    afterAll(() => drop?.());
  });
}
