import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');

export { freePort } from '@cardlog/testing';

/** Every process a test file started, so a failed or timed-out test cannot leave one running. */
const started = new Set<ChildProcess>();

export function killEverything(): void {
  for (const child of started) killGroup(child);
  started.clear();
}

/** SIGKILL to the child's whole process group: `npm start`'s own child goes too, never an orphan holding a port. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * A process of ours (`node …`), its output kept for assertions and failure messages. `until` waits
 * for a line, `stop` sends SIGTERM and answers the exit code, SIGKILLing after a deadline.
 */
export class Proc {
  output = '';
  readonly startedAt = Date.now();
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  /** `command` defaults to this Node.js; `npm` for `npm start`. */
  constructor(args: readonly string[], options: { cwd?: string; env: Record<string, string>; command?: string }) {
    this.child = spawn(options.command ?? process.execPath, [...args], {
      cwd: options.cwd ?? ROOT,
      // A clean environment: only what the test gives, so CI's DATABASE_URL or KAFKA_BROKERS cannot leak in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', LOG_FORMAT: 'json', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so whatever it starts can be killed with it.
      detached: true,
    });
    started.add(this.child);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > 2_000_000) this.output = this.output.slice(-1_000_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until the output matches `pattern`; answers the match and the milliseconds since the start. */
  async until(pattern: RegExp, timeoutMs: number): Promise<{ match: RegExpExecArray; ms: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(this.output);
      if (match) return { match, ms: Date.now() - this.startedAt };
      if (!this.running) throw new Error(`the process exited (${this.child.exitCode ?? this.child.signalCode}) before printing ${pattern}:\n${this.tail()}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${this.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends `signal` to the process and does not wait. */
  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGTERM, then the exit code; SIGKILL (and null) past `graceMs`. */
  async stop(graceMs = 30_000): Promise<number | null> {
    if (!this.running) return this.child.exitCode;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => killGroup(this.child), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  tail(chars = 4000): string {
    return this.output.slice(-chars);
  }
}

/** Polls `check` until it answers true, or fails naming `what`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function getJson(url: string): Promise<any> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
