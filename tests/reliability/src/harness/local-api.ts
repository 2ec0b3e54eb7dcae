import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import postgres, { Sql } from 'postgres';
import { createTestDatabase, TestDatabase } from '@cardlog/testing';
import { AppProcess } from './app-process';
import { freePort } from './ports';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The built API as a real process on a scratch database of the shared test server (in-process bus). */
export class LocalApi {
  private constructor(
    readonly db: TestDatabase,
    readonly api: AppProcess,
    readonly url: string,
    readonly sql: Sql,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<LocalApi> {
    const db = await createTestDatabase('cardlog_rel');
    try {
      const port = await freePort();
      const api = new AppProcess('api', { DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', ...env }, `http://127.0.0.1:${port}/health`);
      await api.start();
      return new LocalApi(db, api, `http://127.0.0.1:${port}`, postgres(db.url, { max: 2, onnotice: () => undefined }));
    } catch (error) {
      await db.drop();
      throw error;
    }
  }

  /** A token made with the CLI (`cardlog token create NAME …args`). */
  async token(name: string, ...args: string[]): Promise<string> {
    // Asynchronous on purpose: a blocked event loop keeps fetch's idle sockets past the server's
    // keep-alive timeout, and the next request on one fails.
    const made = await promisify(execFile)(process.execPath, [join(ROOT, 'apps', 'cli', 'bin', 'cardlog.js'), 'token', 'create', '--name', name, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: this.db.url },
      encoding: 'utf8',
    });
    return made.stdout.trim().split('\n').pop()!.trim();
  }

  async eventCount(): Promise<number> {
    const [row] = await this.sql<{ n: string }[]>`select count(*) as n from events`;
    return Number(row!.n);
  }

  async stop(): Promise<void> {
    await this.api.stop();
    await this.sql.end({ timeout: 2 }).catch(() => undefined);
    await this.db.drop();
  }
}
