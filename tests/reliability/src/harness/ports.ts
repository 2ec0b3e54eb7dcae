import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago. By default the OS picks it. With
 * CARDLOG_TEST_PORT_RANGE=19500-19599 it comes from that range (on a machine shared with other
 * services), claimed by a lock folder holding this process's pid, so two suites running at once
 * never take the same one; a claim whose process is gone is taken over.
 */
export async function freePort(): Promise<number> {
  const range = process.env.CARDLOG_TEST_PORT_RANGE;
  if (!range) return listenable(0);
  const match = /^(\d+)-(\d+)$/.exec(range);
  if (!match) throw new Error(`CARDLOG_TEST_PORT_RANGE must look like 19500-19599, not "${range}"`);
  const [low, high] = [Number(match[1]), Number(match[2])];
  const offset = Math.floor(Math.random() * (high - low + 1));
  for (let i = 0; i <= high - low; i++) {
    const port = low + ((offset + i) % (high - low + 1));
    if (!claim(port)) continue;
    try {
      return await listenable(port);
    } catch {
      // taken by something that does not use the claims
    }
  }
  throw new Error(`no free port left in CARDLOG_TEST_PORT_RANGE=${range}`);
}

function claim(port: number): boolean {
  const dir = join(tmpdir(), 'cardlog-test-ports', String(port));
  mkdirSync(join(dir, '..'), { recursive: true });
  try {
    mkdirSync(dir);
  } catch {
    let owner = 0;
    try {
      owner = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    } catch {
      return false; // being claimed right now
    }
    if (owner === process.pid || alive(owner)) return false;
  }
  writeFileSync(join(dir, 'pid'), String(process.pid));
  return true;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function listenable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` until it resolves true, or fails naming `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
