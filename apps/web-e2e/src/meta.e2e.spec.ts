import type { Browser, Page } from 'playwright-core';
import { Prng, counted, simulateGame, bornFromBlood, simulateDocuments } from '@cardlog/rules';
import { DESKTOP, PHONE, Server, Watched, api, createToken, describeInBrowser, expectAccessible, expectNoSideways, launchBrowser, openPage, screenshot, startServer, uploadGames, waitForStep } from './harness';

jest.setTimeout(300_000);

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const SYSTEM = 'born-from-blood';

/** The text of each labelled cell of a table, by row key. */
async function tableCells(page: Page, table: string, rowKey: string): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(
    ({ table, rowKey }) => {
      const out: Record<string, Record<string, string>> = {};
      document.querySelectorAll(`table[aria-label="${table}"] tbody tr`).forEach((tr) => {
        const cells: Record<string, string> = {};
        tr.querySelectorAll('td').forEach((td) => {
          const key = td.getAttribute('data-field') ?? td.getAttribute('data-opponent');
          if (key) cells[key] = td.textContent!.trim();
        });
        out[tr.getAttribute(rowKey)!] = cells;
      });
      return out;
    },
    { table, rowKey },
  );
}

/**
 * How far a table's first row name sits from its scrolling box's left edge once the box is scrolled
 * `by` px sideways: 0 when the names stay in view, about -`by` when they scroll away with the cells.
 */
function rowNamesOffsetScrolled(page: Page, table: string, by: number): Promise<number> {
  return page.evaluate(
    ([label, by]) => {
      const t = document.querySelector(`table[aria-label="${label}"]`)!;
      const box = t.closest('.table-scroll')!;
      box.scrollLeft = by;
      return t.querySelector('tbody th')!.getBoundingClientRect().left - box.getBoundingClientRect().left;
    },
    [table, by] as const,
  );
}

describeInBrowser('the meta dashboard, card table and upload page in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let token: string;
  const open: Watched[] = [];
  // Chromium logs every 4xx answer as a console error; a test names the ones it provokes on purpose.
  let expectedErrors: RegExp[] = [];

  const page = async (path: string, viewport: { width: number; height: number } = DESKTOP) => {
    const w = await openPage(browser, viewport);
    open.push(w);
    await w.page.goto(`${server.url}${path}`);
    return w;
  };

  /** Every figure of the dashboard against the stats API's answer for the same filters. */
  async function expectDashboardEqualsApi(p: Page, query: string) {
    const [decks, matchups, overview] = await Promise.all(['decks', 'matchups', 'overview'].map((r) => api(server, `/v1/stats/${r}?${query}`)));
    const d = decks.systems[0];
    const m = matchups.systems[0];
    const o = overview.systems[0];
    // Wait for all three answers to be drawn (each table with its API row count, and the overview).
    await p.waitForFunction(
      ([decks, archetypes, games]) =>
        document.querySelectorAll('table[aria-label="Archetypes"] tbody tr').length === decks &&
        document.querySelectorAll('table[aria-label="Matchup matrix"] tbody tr').length === archetypes &&
        (document.querySelector('[aria-label="Overview figures"]')?.textContent ?? '').includes(`Finished games${games}`),
      [d.decks.length, m.archetypes.length, o.games],
    );
    const rows = await tableCells(p, 'Archetypes', 'data-archetype');
    expect(Object.keys(rows).sort()).toEqual(d.decks.map((r: any) => r.archetype).sort());
    for (const r of d.decks) {
      const row = rows[r.archetype]!;
      expect(row.games).toBe(String(r.games));
      expect(row.mirrors).toBe(String(r.mirrors));
      expect(row.winRate).toContain(`${pct(r.winRate.value)} [${pct(r.winRate.low)}–${pct(r.winRate.high)}]`);
      if (r.winRate.tooSmallToRank) expect(row.winRate).toContain('not enough games');
      expect(row.metaShare).toContain(`${pct(r.metaShare.value)} [${pct(r.metaShare.low)}–${pct(r.metaShare.high)}] (${r.metaShare.count} of ${r.metaShare.of})`);
    }
    const cells = await tableCells(p, 'Matchup matrix', 'data-archetype');
    for (const a of m.archetypes) {
      for (const x of a.matchups.filter((x: any) => x.opponent !== a.archetype && x.winRate.games > 0)) {
        expect(cells[a.archetype]![x.opponent]).toContain(`${pct(x.winRate.value)} [${pct(x.winRate.low)}–${pct(x.winRate.high)}] · ${counted(x.winRate.games, 'game')}`);
        expect(cells[a.archetype]![x.opponent]).toContain(`on the play ${pct(x.onPlay.value)} (${x.onPlay.games}) · on the draw ${pct(x.onDraw.value)} (${x.onDraw.games})`);
      }
      if (a.expectedWinRate) expect(cells[a.archetype]!.expected).toContain(`${pct(a.expectedWinRate.value)} [${pct(a.expectedWinRate.low)}–${pct(a.expectedWinRate.high)}]`);
    }
    const facts = await p.getByLabel('Overview figures').textContent();
    expect(facts).toContain(`Finished games${o.games}`);
    expect(facts).toContain(`${pct(o.firstPlayer.value)} [${pct(o.firstPlayer.low)}–${pct(o.firstPlayer.high)}] · ${counted(o.firstPlayer.games, 'game')}`);
    expect(facts).toContain(`${pct(o.decisive.value)} [${pct(o.decisive.low)}–${pct(o.decisive.high)}] (${o.decisive.count} of ${o.decisive.of})`);
  }

  beforeAll(async () => {
    server = await startServer();
    token = await createToken(server.databaseUrl);
    const docs = Array.from({ length: 16 }, (_, i) => simulateGame(bornFromBlood, { seed: Prng.derive(19, i), game: { tournament: i % 2 ? 'spring-open' : 'club-night', round: i } }).document);
    // A second system, first in the list, so the System select must follow the URL, not its first option.
    await uploadGames(server, token, [...docs, ...simulateDocuments('aegis', 2, 5).map((g) => g.document)]);
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const errors = open.flatMap((w) => w.errors).filter((e) => !expectedErrors.some((x) => x.test(e)));
    expectedErrors = [];
    await Promise.all(open.splice(0).map((w) => w.close()));
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the stats API’s figures, and follows a filter change in the URL and the numbers', async () => {
    const { page: p } = await page(`/meta?system=${SYSTEM}`);
    await expectDashboardEqualsApi(p, `system=${SYSTEM}`);
    expect(await p.getByLabel('System').inputValue()).toBe(SYSTEM);
    expect(await p.title()).toBe('Meta · Cardlog');
    expect(await p.getByRole('figure', { name: 'Win rate (mirrors excluded) with 95% interval' }).locator('svg').count()).toBeGreaterThan(0);
    await expectAccessible(p);
    await screenshot(p, 'meta-desktop');

    await p.getByLabel('Tournament').fill('spring-open');
    await p.getByLabel('Minimum games').fill('2');
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.waitForURL(/tournament=spring-open/);
    expect(new URL(p.url()).searchParams.get('minGames')).toBe('2');
    await expectDashboardEqualsApi(p, `system=${SYSTEM}&tournament=spring-open&minGames=2`);
    // Reloading the URL lands on the same filtered dashboard.
    await p.reload();
    await expectDashboardEqualsApi(p, `system=${SYSTEM}&tournament=spring-open&minGames=2`);
    expect(await p.getByLabel('System').inputValue()).toBe(SYSTEM);

    // Every number's definition is one click away.
    await p.getByRole('link', { name: 'Definition of win rate' }).click();
    await p.waitForURL(/\/meta\/definitions#win-rate-and-how-draws-count$/);
    await p.getByRole('heading', { name: 'Win rate, and how draws count' }).waitFor();
    await expectAccessible(p);
    await screenshot(p, 'definitions-desktop');

    const phone = await page(`/meta?system=${SYSTEM}`, PHONE);
    await expectDashboardEqualsApi(phone.page, `system=${SYSTEM}`);
    await expectNoSideways(phone.page);
    // On a phone the archetypes read as paragraphs; only the matchup matrix, a grid by nature, scrolls in its panel.
    const wide = await phone.page.evaluate(() =>
      [...document.querySelectorAll('section.panel table')].filter((t) => t.scrollWidth > t.closest('section')!.clientWidth).map((t) => t.getAttribute('aria-label')),
    );
    expect(wide).toEqual(['Matchup matrix']);
    // Scrolled sideways, it keeps its row names in view.
    expect(await rowNamesOffsetScrolled(phone.page, 'Matchup matrix', 200)).toBe(0);
    await screenshot(phone.page, 'meta-phone');
  });

  it('sorts the card table and searches it by name', async () => {
    const cards = (await api(server, `/v1/stats/cards?system=${SYSTEM}`)).systems[0].cards as any[];
    const { page: p } = await page(`/meta/cards?system=${SYSTEM}`);
    const names = () => p.evaluate(() => [...document.querySelectorAll('table[aria-label="Card statistics"] tbody th')].map((th) => th.firstChild!.textContent!.trim()));
    await p.waitForFunction((n) => document.querySelectorAll('table[aria-label="Card statistics"] tbody tr').length === n, cards.length);
    const byGames = (dir: number) => [...cards].sort((a, b) => (a.gamesInDeck !== b.gamesInDeck ? (a.gamesInDeck - b.gamesInDeck) * dir : a.name.localeCompare(b.name))).map((c) => c.name);
    await p.getByRole('button', { name: /^Games in deck/ }).click();
    await p.waitForURL(/sort=gamesInDeck&dir=desc/);
    expect(await p.getByRole('columnheader', { name: /Games in deck/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await names()).toEqual(byGames(-1));
    await p.getByRole('button', { name: /^Games in deck/ }).click();
    await p.waitForURL(/dir=asc/);
    expect(await names()).toEqual(byGames(1));
    // The figures are the API's.
    const rows = await tableCells(p, 'Card statistics', 'data-card');
    for (const c of cards) {
      expect(rows[c.cardId]!.gamesInDeck).toBe(String(c.gamesInDeck));
      expect(rows[c.cardId]!.inHand).toContain(c.inHand.value === null ? 'no games' : `${pct(c.inHand.value)} [${pct(c.inHand.low)}–${pct(c.inHand.high)}] · ${counted(c.inHand.games, 'game')}`);
    }
    // On a desktop it is a table: each column's header above its cells (the phone's listing styles stay on a phone).
    const columnsLineUp = (q: Page) =>
      q.evaluate(() => {
        const table = document.querySelector('table[aria-label="Card statistics"]')!;
        const lefts = (cells: NodeListOf<Element>) => [...cells].map((c) => Math.round(c.getBoundingClientRect().left));
        return JSON.stringify(lefts(table.querySelectorAll('thead th'))) === JSON.stringify(lefts(table.querySelectorAll('tbody tr:first-child > *')));
      });
    expect(await columnsLineUp(p)).toBe(true);
    await expectAccessible(p);
    await screenshot(p, 'cards-desktop');
    const wanted = cards[0].name as string;
    await p.getByRole('searchbox', { name: 'Search cards' }).fill(wanted.slice(0, 5));
    await p.waitForURL(/q=/);
    const found = await names();
    expect(found).toContain(wanted);
    expect(found.every((n) => n.toLowerCase().includes(wanted.slice(0, 5).toLowerCase()))).toBe(true);
    // On a phone each card is a block of labelled lines, none cut at the screen's edge; the hidden
    // column headers' sorts are a control of their own.
    const phone = await page(`/meta/cards?system=${SYSTEM}`, PHONE);
    const q = phone.page;
    await q.waitForFunction((n) => document.querySelectorAll('table[aria-label="Card statistics"] tbody tr').length === n, cards.length);
    await expectNoSideways(q);
    expect(await q.evaluate(() => { const t = document.querySelector('table[aria-label="Card statistics"]')!; return t.scrollWidth <= t.parentElement!.clientWidth; })).toBe(true);
    expect(await q.locator('table[aria-label="Card statistics"] tbody tr').first().locator('td[data-field="inHand"]').evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"In hand (GIH) "');
    await q.getByLabel('Sort by').selectOption('gamesInDeck');
    await q.waitForURL(/sort=gamesInDeck&dir=desc/);
    const phoneNames = () => q.evaluate(() => [...document.querySelectorAll('table[aria-label="Card statistics"] tbody th')].map((th) => th.firstChild!.textContent!.trim()));
    expect(await phoneNames()).toEqual(byGames(-1));
    await q.getByLabel('Order').selectOption('asc');
    await q.waitForURL(/sort=gamesInDeck&dir=asc/);
    expect(await phoneNames()).toEqual(byGames(1));
    await expectAccessible(q);
    await screenshot(q, 'cards-phone');
    // On a tablet the table scrolls sideways in its box, its columns under their headers, the card names in view.
    const tablet = await page(`/meta/cards?system=${SYSTEM}`, { width: 768, height: 1000 });
    await tablet.page.waitForFunction((n) => document.querySelectorAll('table[aria-label="Card statistics"] tbody tr').length === n, cards.length);
    expect(await columnsLineUp(tablet.page)).toBe(true);
    expect(await rowNamesOffsetScrolled(tablet.page, 'Card statistics', 300)).toBe(0);
  });

  it('says the systems are loading while they are and their error as an error; that no game is finished only when none is', async () => {
    // The list of systems with games is the overview without a system filter.
    const systemsList = (url: URL) => url.pathname === '/v1/stats/overview' && !url.searchParams.has('system');
    const noGames = (p: Page) => p.getByText('No finished game yet').count();

    // A slow answer: the page says it is loading until it comes, then shows the first system's meta.
    const slow = await openPage(browser);
    open.push(slow);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await slow.page.route(systemsList, async (route) => {
      await answered;
      await route.continue();
    });
    await slow.page.goto(`${server.url}/meta`);
    await slow.page.getByRole('status').filter({ hasText: 'Loading the systems with finished games' }).waitFor();
    expect(await noGames(slow.page)).toBe(0);
    answer();
    await slow.page.getByLabel('Overview figures').waitFor();
    expect(await noGames(slow.page)).toBe(0);

    // A failed answer is shown as the server's error, on both stats pages.
    expectedErrors = [/^Failed to load resource: the server responded with a status of 503 \(Service Unavailable\)$/];
    for (const path of ['/meta', '/meta/cards']) {
      const failing = await openPage(browser);
      open.push(failing);
      await failing.page.route(systemsList, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'the statistics are being rebuilt' } }) }),
      );
      await failing.page.goto(`${server.url}${path}`);
      await failing.page.getByRole('alert').filter({ hasText: 'UNAVAILABLE: the statistics are being rebuilt' }).waitFor();
      expect(await noGames(failing.page)).toBe(0);

      // Only an answer with no system in it says so.
      const empty = await openPage(browser);
      open.push(empty);
      await empty.page.route(systemsList, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ filters: {}, systems: [] }) }));
      await empty.page.goto(`${server.url}${path}`);
      await empty.page.getByText('No finished game yet: upload some games first.').waitFor();
      expect(await empty.page.getByRole('status').count()).toBe(0);
    }
  });

  it('uploads good and bad files, and opens the bad one’s valid prefix in the viewer', async () => {
    // The good one written over many lines, as `cardlog simulate` writes its files: one game, not JSON
    // Lines. Two games a line each under a .json name are JSON Lines.
    const good = simulateGame(bornFromBlood, { seed: 777 }).document;
    const perLine = [779, 780].map((seed) => JSON.stringify(simulateGame(bornFromBlood, { seed }).document)).join('\n');
    const bad = structuredClone(simulateGame(bornFromBlood, { seed: 778 }).document);
    const badIndex = 20;
    bad.events[badIndex] = { ...bad.events[badIndex]!, player: bad.events[badIndex]!.player === 'p1' ? 'p2' : 'p1' };
    const before = (await api(server, '/v1/games?limit=200')).items.length;
    expectedErrors = [/^Failed to load resource: the server responded with a status of 422 \(Unprocessable Entity\)$/];

    const { page: p } = await page('/upload');
    expect(await p.title()).toBe('Upload · Cardlog');
    await p.getByLabel('Upload token').fill(token);
    await p.getByLabel('Choose files').setInputFiles([
      { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(`${JSON.stringify(good, null, 2)}\n`) },
      { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) },
      { name: 'two.json', mimeType: 'application/json', buffer: Buffer.from(perLine) },
    ]);
    const results = p.getByRole('list', { name: 'Upload results' });
    await results.getByRole('listitem', { name: 'bad.json' }).getByText('rejected').waitFor();
    await results.getByRole('listitem', { name: 'good.json' }).getByText('✓ stored').waitFor();
    await p.getByText('Upload progress 3 of 3 files').waitFor();
    expect(await p.getByRole('progressbar', { name: /Upload progress/ }).getAttribute('value')).toBe('3');
    const two = await results.getByRole('listitem', { name: 'two.json' }).textContent();
    expect(two).toMatch(/✓ stored line 1: \d+ events.*✓ stored line 2: \d+ events/s);
    const rejection = await results.getByRole('listitem', { name: 'bad.json' }).textContent();
    expect(rejection).toContain(`event ${badIndex}`);
    expect(rejection).toMatch(/[A-Z]+_[A-Z_]+/); // the rule code
    await expectAccessible(p);
    await screenshot(p, 'upload-desktop');
    // The good ones are stored, the bad one stored nothing.
    expect((await api(server, '/v1/games?limit=200')).items.length).toBe(before + 3);

    await results.getByRole('link', { name: 'open the valid prefix in the replay viewer' }).click();
    await p.waitForURL(/\/upload\/prefix\//);
    await waitForStep(p, badIndex);
    expect(await p.getByRole('list', { name: 'Events' }).locator('li').count()).toBe(badIndex + 1);
    await p.getByRole('note').filter({ hasText: 'rejected upload' }).waitFor();
    await screenshot(p, 'prefix-desktop');

    const phone = await page('/upload', PHONE);
    await phone.page.getByLabel('Upload token').waitFor();
    await expectNoSideways(phone.page);
    await screenshot(phone.page, 'upload-phone');
  });
});
