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
      const res = await fetch(url, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
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
