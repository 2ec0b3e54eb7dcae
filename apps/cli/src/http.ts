import { Agent as HttpAgent, OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { UsageError } from './args';
import { ServerUnreachableError } from './errors';

/** A Cardlog server's base URL from --server, checked once. */
export function serverUrl(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new UsageError('--server URL is required (e.g. --server http://localhost:3000)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--server must be a URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server must be an http(s) URL');
  return url.toString().replace(/\/$/, '');
}

export interface Reply {
  readonly status: number;
  readonly body: any;
}

/**
 * One request; network errors and 5xx answers are retried with backoff, then thrown: a server that
 * never answered as ServerUnreachableError, a 5xx as an Error naming the status.
 */
export async function request(method: string, url: string, options: { body?: string; token?: string; attempts?: number } = {}): Promise<Reply> {
  const attempts = options.attempts ?? 4;
  let lastError: unknown;
  let answered = false;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const res = await send(method, url, options);
      let body: unknown = res.text;
      try {
        body = res.text ? JSON.parse(res.text) : null;
      } catch {
        // not JSON: keep the text
      }
      if (res.status < 500) return { status: res.status, body };
      answered = true;
      lastError = new Error(`${method} ${url} answered ${res.status}`);
    } catch (error) {
      answered = false;
      lastError = error;
    }
    if (attempt < attempts) await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
  }
  if (!answered) throw new ServerUnreachableError(new URL(url).origin, lastError);
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/**
 * Connections kept open between requests (an upload sends one request per document). node:http
 * rather than fetch: undici's fetch cost the upload more CPU per request than the document's bytes.
 */
const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

function send(method: string, url: string, options: { body?: string; token?: string }): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const headers: OutgoingHttpHeaders = {
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
  return new Promise((resolve, reject) => {
    const https = target.protocol === 'https:';
    const req = (https ? httpsRequest : httpRequest)(target, { method, headers, agent: agents[https ? 'https:' : 'http:'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => reject(new Error(`${method} ${url} failed`, { cause: error })));
    });
    // As fetch reported it: the network error is the cause (errors.ts names it).
    req.on('error', (error) => reject(new Error(`${method} ${url} failed`, { cause: error })));
    req.end(options.body);
  });
}
