import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A TCP port on 127.0.0.1 for a server a test starts (often in a child process, seconds later),
 * free when it is handed out and claimed for this process, so that two suites running at once
 * never take the same one.
 *
 * It comes from a range below the kernel's ephemeral ports (ip_local_port_range, 32768-60999 on
 * Linux): a port the OS hands out for `listen(0)` is one it may also give, a moment later, to any
 * outgoing connection on the machine as its local port, and a server started after that fails with
 * EADDRINUSE. (A fresh clone's `npm start`, given such a port before its `npm ci`, lost it that way
 * to the other suite's connections.) Below that range only servers bind, and those that are not
 * tests are seen listening and skipped. CARDLOG_TEST_PORT_RANGE=19500-19599 names the range instead.
 *
 * A claim is a folder named after the port holding the claiming pid; a claim whose process is gone
 * is taken over.
 */
export async function freePort(): Promise<number> {
  const [low, high] = portRange();
  const size = high - low + 1;
  const offset = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = low + ((offset + i) % size);
    if (!claim(port)) continue;
    try {
      return await listenable(port);
    } catch {
      // Taken by a server that does not use the claims.
    }
  }
  throw new Error(`no free port left in ${low}-${high}`);
}

/** CARDLOG_TEST_PORT_RANGE, else the ports from 20000 to just below the ephemeral range. */
function portRange(): [number, number] {
  const range = process.env.CARDLOG_TEST_PORT_RANGE;
  if (range) {
    const match = /^(\d+)-(\d+)$/.exec(range);
    if (!match || Number(match[1]) > Number(match[2])) throw new Error(`CARDLOG_TEST_PORT_RANGE must look like 19500-19599, not "${range}"`);
    return [Number(match[1]), Number(match[2])];
  }
  let ephemeralLow = 32768;
  try {
    const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    // A machine whose ephemeral ports start too low to leave a thousand below them for servers
    // keeps Linux's default split: its tests may still race, as they did with listen(0).
    if (Number(first) > 21000) ephemeralLow = Number(first);
  } catch {
    // Not Linux: the IANA ephemeral range starts at 49152, and Linux's default lower.
  }
  return [20000, ephemeralLow - 1];
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
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}
