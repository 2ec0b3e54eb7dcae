import { Agent } from 'node:http';
import { connect } from 'node:net';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { exchange, untilServerCloses } from '../testing/raw-http';
import { TestApi, startTestApi } from '../testing/test-api';
import { AdmissionControl } from './admission';

jest.setTimeout(120_000);

/**
 * A write refused by admission (429, 503) is answered before its body is read. What the client
 * still sends is read into nothing within the lingering close's bounds, as after the request
 * gate's 401 and 413: the client reads its answer, and a body that stalls is not waited for.
 */
describe('the body of a write refused by admission', () => {
  let api: TestApi;
  let token: string;
  let holder: ReturnType<typeof connect> | undefined;

  beforeAll(async () => {
    api = await startTestApi({ config: { maxConcurrentWritesPerToken: 1, writeRate: 0 } });
    token = (await new TokenRepository(api.app.get<Database>(DATABASE).sql).create('refused bodies')).token;
    // One upload that never sends its body holds the token's only write slot.
    const url = new URL(api.base);
    holder = connect(Number(url.port), url.hostname);
    holder.on('error', () => undefined);
    holder.write(`POST /v1/games HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n`);
    const admission = api.app.get(AdmissionControl);
    while (admission.inFlight < 1) await new Promise((resolve) => setTimeout(resolve, 5));
  });

  afterAll(async () => {
    holder?.destroy();
    await api?.close();
  });

  it('a client that writes all of a 9 MiB body still reads its 429, and its connection serves the next request', async () => {
    const body = Buffer.alloc(9 * 1024 * 1024, 0x20);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const length of [{ 'content-length': String(body.length) }, { 'transfer-encoding': 'chunked' }] as Record<string, string>[]) {
        for (let i = 0; i < 2; i++) {
          const refused = await exchange(agent, api.base, { method: 'POST', path: '/v1/games', headers: { authorization: `Bearer ${token}`, ...length }, body });
          const next = await exchange(agent, api.base, { method: 'GET', path: '/health' });
          expect({ length, refused: refused.status, next }).toEqual({ length, refused: 429, next: { status: 200, reused: true } });
        }
      }
    } finally {
      agent.destroy();
    }
  });

  it('a body that stalls after its 429 is not waited for: the API closes the connection', async () => {
    const url = new URL(api.base);
    const received = await untilServerCloses(
      api.base,
      `POST /v1/games HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\ncontent-length: ${9 * 1024 * 1024}\r\n\r\n0123456789`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 429 /);
    expect(received).toContain('TOKEN_BUSY');
    expect(received.toLowerCase()).toContain('retry-after: ');
  });

  it('a body declared larger than the linger is closed on right after the answer', async () => {
    const url = new URL(api.base);
    const received = await untilServerCloses(
      api.base,
      `POST /v1/games HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\ncontent-length: ${100 * 1024 * 1024}\r\n\r\n0123456789`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 429 /);
    expect(received.toLowerCase()).toContain('connection: close');
  });
});
