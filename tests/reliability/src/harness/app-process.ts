import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from './ports';

const ROOT = join(__dirname, '..', '..', '..', '..');

export type AppName = 'api' | 'projector';

/** Every process started in this test file, so a timed-out hook cannot leave one running. */
const started = new Set<ChildProcess>();

/**
 * Credentials found in what any app process of this test file wrote: an Authorization value or a
 * Cardlog token (`cl_…`). Checked after every file (cleanup.ts), so no spec's logs may carry one.
 */
const credentialsSeen: string[] = [];
const CREDENTIAL = /Bearer\s+(?!<token>)\S+|\bcl_[A-Za-z0-9_-]{16,}/gi;

export function credentialsInLogs(): readonly string[] {
  return credentialsSeen;
}

export function killEveryAppProcess(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}

/**
 * One of Cardlog's built apps (apps/<name>/dist/main.js) as a real process with its own
 * environment, so a test can SIGKILL it and start it again. Its output is kept (bounded) for the
 * failure message, and scanned for secrets by the security tests.
 */
export class AppProcess {
  private child: ChildProcess | null = null;
  /** Everything the process wrote, across restarts (bounded). */
  output = '';
  starts = 0;

  constructor(
    readonly name: AppName,
    private readonly env: Readonly<Record<string, string>>,
    private readonly healthUrl: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(waitForHealth = true): Promise<void> {
    const child = spawn(process.execPath, [join(ROOT, 'apps', this.name, 'dist', 'main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_FORMAT: 'json', LOG_LEVEL: 'info', DATABASE_POOL_MAX: '4', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.starts++;
    started.add(child);
    child.once('exit', () => started.delete(child));
    let tail = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      // A chunk may cut a token in two: scan it with the end of the previous one.
      for (const m of (tail + text).matchAll(CREDENTIAL)) credentialsSeen.push(`${this.name}: ${m[0].slice(0, 12)}…`);
      tail = text.slice(-80);
      this.output += text;
      if (this.output.length > 4_000_000) this.output = this.output.slice(-2_000_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.child = child;
    if (!waitForHealth) return;
    await waitFor(`${this.name} to answer ${this.healthUrl}`, async () => {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}: ${this.output.slice(-3000)}`);
      const response = await fetch(this.healthUrl, { signal: AbortSignal.timeout(2000) });
      return response.status < 500 || response.status === 503;
    });
  }

  /** SIGKILL: no shutdown hooks, no last commit. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM and wait; the exit code tells whether the shutdown was graceful. */
  async stop(): Promise<number | null> {
    return this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
      this.child = null;
    }
  }
}
