import { simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { TestApi, httpClient, startTestApi } from '../testing/test-api';

jest.setTimeout(60_000);

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  let api: TestApi;
  let token: string;
  const call = httpClient(() => api.base, () => token);
  const document = simulateGames(1, 4242)[0]!.document;

  beforeAll(async () => {
    api = await startTestApi();
    token = (await new TokenRepository(api.app.get<Database>(DATABASE).sql).create('metrics e2e')).token;
  });
  afterAll(() => api?.close());

  const scrape = async () => {
    const res = await fetch(`${api.base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    return res.text();
  };

  it('counts requests by route pattern and status, with a latency histogram, and the events an upload appended', async () => {
    expect((await call('POST', '/v1/games', { body: document })).status).toBe(201);
    expect((await call('POST', '/v1/games', { body: document, token: 'cl_not-a-token' })).status).toBe(401);
    const created = await call('GET', '/v1/games?limit=1');
    const id = created.body.items[0].id;
    expect((await call('GET', `/v1/games/${id}`)).status).toBe(200);
    expect((await call('GET', '/v1/games/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const text = await scrape();
    expect(sample(text, 'cardlog_http_requests_total', 'method="POST",route="/v1/games",status="201"')).toBe(1);
    // A bad token is refused by the request gate, before any route is chosen.
    expect(sample(text, 'cardlog_http_requests_total', 'method="POST",route="(before routing)",status="401"')).toBe(1);
    // Ids never become labels: both reads of one game count under its pattern.
    expect(sample(text, 'cardlog_http_requests_total', 'method="GET",route="/v1/games/:id",status="200"')).toBe(1);
    expect(sample(text, 'cardlog_http_requests_total', 'method="GET",route="/v1/games/:id",status="404"')).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    const labels = 'method="POST",route="/v1/games",status="201"';
    expect(sample(text, 'cardlog_http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'cardlog_http_request_duration_seconds_bucket', `${labels},le="+Inf"`)).toBe(1);
    expect(sample(text, 'cardlog_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // The game's events and its GameRecorded header.
    expect(sample(text, 'cardlog_events_appended_total')).toBe(document.events.length + 1);
    expect(sample(text, 'cardlog_event_store_head_position')).toBeGreaterThanOrEqual(document.events.length + 1);
  });

  it('counts answers with an error by their code: refused uploads, a refused token, a missing game', async () => {
    const bad = await call('POST', '/v1/games', { body: { ...document, events: [{ type: 'NoSuchAction', player: 'p1', payload: {} }] } });
    const badToken = await call('POST', '/v1/games', { body: document, token: 'cl_not-a-token' });
    const missing = await call('GET', '/v1/games/00000000-0000-4000-8000-000000000001');
    const before = await scrape();
    await call('POST', '/v1/games', { body: { ...document, events: [{ type: 'NoSuchAction', player: 'p1', payload: {} }] } });
    const after = await scrape();
    const codes = [bad, badToken, missing].map((r) => r.body.error.code as string);
    expect(codes.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
    const series = (r: { status: number }, route: string, code: string) => `method="${route.startsWith('GET') ? 'GET' : 'POST'}",route="${route.slice(route.indexOf(' ') + 1)}",status="${r.status}",code="${code}"`;
    expect(sample(before, 'cardlog_http_errors_total', series(badToken, 'POST (before routing)', codes[1]!))).toBeGreaterThanOrEqual(1);
    expect(sample(before, 'cardlog_http_errors_total', series(missing, 'GET /v1/games/:id', codes[2]!))).toBeGreaterThanOrEqual(1);
    // The same refusal again adds exactly one to its code's count.
    const refused = series(bad, 'POST /v1/games', codes[0]!);
    expect(sample(after, 'cardlog_http_errors_total', refused)! - sample(before, 'cardlog_http_errors_total', refused)!).toBe(1);
    expect(after).not.toContain('00000000-0000-4000-8000-000000000001');
  });

  it('reports the outbox backlog and, once the in-process projection has caught up, its lag as zero', async () => {
    let text = '';
    for (let attempt = 0; attempt < 100; attempt++) {
      text = await scrape();
      if (sample(text, 'cardlog_relay_lag_events') === 0 && sample(text, 'cardlog_projector_store_lag_events', 'projector="in-process"') === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sample(text, 'cardlog_relay_lag_events')).toBe(0);
    expect(sample(text, 'cardlog_relay_oldest_unpublished_seconds')).toBe(0);
    expect(sample(text, 'cardlog_relay_published_total')).toBeGreaterThan(0);
    expect(sample(text, 'cardlog_projector_store_lag_events', 'projector="in-process"')).toBe(0);
    expect(sample(text, 'cardlog_projector_last_progress_seconds', 'projector="in-process"')).toBeGreaterThanOrEqual(0);
    // The upload pool: its workers, and no task left once every upload is answered.
    expect(sample(text, 'cardlog_upload_workers')).toBeGreaterThan(0);
    expect(sample(text, 'cardlog_upload_tasks', 'state="queued"')).toBe(0);
    // Every sample line is `name{labels} number`, with HELP and TYPE before each family.
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) cardlog_\w+ .+|cardlog_\w+(\{[^}]*\})? (-?[\d.e+-]+|NaN))$/);
  });
});
