import { randomUUID } from 'node:crypto';
import type { GameDocument } from '@cardlog/events';

export interface IngestReport {
  /** Idempotency key → the game id the API answered with. */
  readonly accepted: Map<string, string>;
  /** Attempts answered with a network error or a 5xx/503/429 and retried. */
  readonly retries: number;
  /** 5xx answers other than 503 (must be none). */
  readonly serverErrors: string[];
}

/**
 * Uploads every document through the API with `concurrency` writers, each under its own
 * Idempotency-Key, retrying whatever did not get an answer (a killed API, a 503) until it does. A
 * retry of an upload that was in fact stored must come back with the same id: idempotency is part
 * of what is tested. `onProgress(done)` runs after each accepted document (faults hang off it).
 */
export async function ingest(
  apiUrl: string,
  token: string,
  documents: readonly GameDocument[],
  options: { concurrency?: number; onProgress?: (done: number) => Promise<void> | void; deadlineMs?: number } = {},
): Promise<IngestReport> {
  const accepted = new Map<string, string>();
  const serverErrors: string[] = [];
  let retries = 0;
  let next = 0;
  let done = 0;
  const deadline = Date.now() + (options.deadlineMs ?? 600_000);
  const writer = async () => {
    for (;;) {
      const i = next++;
      if (i >= documents.length) return;
      const key = randomUUID();
      const body = JSON.stringify(documents[i]);
      for (;;) {
        if (Date.now() > deadline) throw new Error(`upload ${i} not accepted before the deadline`);
        let status = 0;
        let text = '';
        try {
          const response = await fetch(`${apiUrl}/v1/games`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
            body,
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          text = await response.text();
        } catch {
          status = 0; // the API is down or restarting
        }
        if (status === 200 || status === 201) {
          accepted.set(key, (JSON.parse(text) as { id: string }).id);
          break;
        }
        if (status >= 500 && status !== 503) serverErrors.push(`${status} ${text.slice(0, 300)}`);
        if (status !== 0 && status < 500 && status !== 429) throw new Error(`upload ${i} refused with ${status}: ${text.slice(0, 500)}`);
        retries++;
        await new Promise((r) => setTimeout(r, 200));
      }
      done++;
      await options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, writer));
  return { accepted, retries, serverErrors };
}
