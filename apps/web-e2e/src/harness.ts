// What the browser tests stand on: the built API in its own process on a scratch PostgreSQL
// database, an upload token, games uploaded over HTTP, and Debian's Chromium driven by playwright-core.
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { Browser, BrowserContext, Page, chromium } from 'playwright-core';
import { TokenRepository } from '@cardlog/recording';
import { createTestDatabase, describeWithPostgres, servicesRequired } from '@cardlog/testing';

export const ROOT = join(__dirname, '..', '..', '..');
const API_MAIN = join(ROOT, 'apps', 'api', 'dist', 'main.js');
const WEB_INDEX = join(ROOT, 'apps', 'web', 'dist', 'index.html');
export const CHROMIUM = process.env.CARDLOG_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** `describe` on PostgreSQL with Chromium: skipped visibly without them, failed under CARDLOG_REQUIRE_SERVICES=1. */
export function describeInBrowser(name: string, body: () => void): void {
  if (!existsSync(CHROMIUM)) {
    const reason = `Chromium at ${CHROMIUM} is missing (apt-get install -y chromium)`;
    if (servicesRequired()) {
      describe(name, () => it(`needs ${reason}`, () => {
        throw new Error(`CARDLOG_REQUIRE_SERVICES=1 but ${reason}`);
      }));
      return;
    }
    process.stderr.write(`SKIPPED "${name}": ${reason}\n`);
    describe.skip(`${name} [skipped: ${reason}]`, body);
    return;
  }
  describeWithPostgres(name, body);
}

export interface Server {
  readonly url: string;
  readonly databaseUrl: string;
  stop(): Promise<void>;
}

/** The built API (apps/api/dist, serving apps/web/dist) on a fresh database and a free port. */
export async function startServer(): Promise<Server> {
  for (const file of [API_MAIN, WEB_INDEX]) if (!existsSync(file)) throw new Error(`${file} is missing: \`nx run web-e2e:test\` builds api and web first`);
  const db = await createTestDatabase('cardlog_web');
  const child: ChildProcess = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, KAFKA_BROKERS: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await db.drop();
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API did not start within 90 s:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /Cardlog (?:API )?on (http:\/\/\S+?) /.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!.replace('localhost', '127.0.0.1'));
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the API exited with ${code}:\n${output}`));
      });
    });
    return { url, databaseUrl: db.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function createToken(databaseUrl: string, name = 'web-e2e'): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    return (await new TokenRepository(sql).create(name)).token;
  } finally {
    await sql.end();
  }
}

export async function api<T = any>(server: Server, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

/** Uploads each document and waits until the replay read model has projected all of them. */
export async function uploadGames(server: Server, token: string, documents: readonly unknown[]): Promise<string[]> {
  const ids: string[] = [];
  for (const doc of documents) {
    const r = await api<{ id: string }>(server, '/v1/games', { method: 'POST', body: JSON.stringify(doc), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    ids.push(r.id);
  }
  for (const id of ids) await until(async () => {
    const r = await api<{ total: number; projected: number }>(server, `/v1/games/${id}/replay`);
    return r.projected === r.total;
  }, `game ${id} to be projected`);
  return ids;
}

/** Polls a condition (never a fixed sleep) for up to `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

export interface Watched {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught exceptions of the page. */
  readonly errors: string[];
  /** Every response the page received, with its body (text). */
  readonly responses: { url: string; status: number; body: Promise<string> }[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** A fresh page (own context) that records console errors and every response body. */
export async function openPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP): Promise<Watched> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  const responses: Watched['responses'] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('response', (r) => responses.push({ url: r.url(), status: r.status(), body: r.text().catch(() => '') }));
  return { page, context, errors, responses, close: () => context.close() };
}

/** A screenshot of the whole page, or with `fullPage: false` of what the window shows (a linked anchor, say). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * axe-core's WCAG 2 A/AA rules on the page as it stands: every violation fails, named with its
 * rule, impact and the first elements it found.
 */
export async function expectAccessible(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  const violations = await page.evaluate(
    async (exclude) => {
      const axe = (window as unknown as { axe: any }).axe;
      const result = await axe.run({ exclude: exclude.map((s: string) => [s]) }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
    },
    exclude,
  );
  if (violations.length) throw new Error(`${page.url()} has accessibility violations:\n${violations.join('\n')}`);
}

/** The page is no wider than its window (wide tables scroll inside their own box). */
export async function expectNoSideways(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
  if (scroll > width) throw new Error(`${page.url()} is ${scroll} px wide in a ${width} px window`);
}

/** The step the board shows (its `data-step`), once it matches `step`. */
export async function waitForStep(page: Page, step: number): Promise<void> {
  await page.waitForFunction((s) => document.querySelector('[aria-label="Board"]')?.getAttribute('data-step') === String(s) && document.querySelector('[aria-label="Board"]')?.getAttribute('aria-busy') === 'false', step, { timeout: 30_000 });
}
