import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { Prng, bornFromBlood, simulateGame } from '@cardlog/rules';
import { expectedBoard, renderedBoard } from './board-text';
import { DESKTOP, PHONE, ROOT, Server, Watched, api, createToken, describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, startServer, uploadGames, waitForStep } from './harness';

jest.setTimeout(240_000);

type SimulatedGame = ReturnType<typeof simulateGame>;

const stepOf = (page: Page) => Number(new URL(page.url()).searchParams.get('step'));

describeInBrowser('the replay viewer in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let games: SimulatedGame[];
  let ids: string[];
  let longId: string;
  const open: Watched[] = [];

  const page = async (path: string, viewport: { width: number; height: number } = DESKTOP) => {
    const w = await openPage(browser, viewport);
    open.push(w);
    await w.page.goto(`${server.url}${path}`);
    return w;
  };

  beforeAll(async () => {
    server = await startServer();
    const token = await createToken(server.databaseUrl);
    games = [1, 2, 3].map((i) =>
      simulateGame(bornFromBlood, { seed: Prng.derive(2026, i), names: { p1: { name: 'Alice' }, p2: { name: 'Bob' } }, game: { tournament: i < 3 ? 'spring-open' : 'club-night', round: i } }, true),
    );
    // A passive game (no attacks, it ends by deck-out) of more than 1,000 events, for scrubbing.
    const long = simulateGame(bornFromBlood, { seed: 87109, passive: true, game: { tournament: 'long-night' } });
    expect(long.document.events.length).toBeGreaterThanOrEqual(1000);
    ids = await uploadGames(server, token, games.map((g) => g.document));
    [longId] = await uploadGames(server, token, [long.document]);
    browser = await launchBrowser();
  });

  afterEach(async () => {
    // Every page a test opened must have logged no console error.
    const errors = open.flatMap((w) => w.errors);
    await Promise.all(open.splice(0).map((w) => w.close()));
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the games, filters them by tournament, and links each to its replay', async () => {
    const { page: p } = await page('/games');
    await p.getByRole('link', { name: /^Replay / }).first().waitFor();
    expect(await p.title()).toBe('Games · Cardlog');
    await expectAccessible(p);
    await screenshot(p, 'games-desktop');
    expect(await p.getByRole('link', { name: /^Replay / }).count()).toBe(4);
    // Each result in words: the long passive game ended by deck-out (the API's reason `deckOut`).
    const longRow = p.getByRole('row').filter({ has: p.getByRole('link', { name: `Replay ${longId!.slice(0, 8)}` }) });
    expect(await longRow.textContent()).toContain('won (deck-out)');
    // The game by its name, not its system id.
    expect(await longRow.locator('td[data-label="System"]').textContent()).toBe('Born from Blood');
    // System is a choice among the systems that have games, "any" first, each by its name.
    await p.locator('select[name="system"] option[value="born-from-blood"]').waitFor({ state: 'attached' });
    expect(await p.locator('select[name="system"] option').allTextContents()).toEqual(['any', 'Born from Blood']);
    await p.getByLabel('System').selectOption('born-from-blood');
    await p.getByLabel('Tournament').fill('spring-open');
    await p.getByRole('button', { name: 'Filter' }).click();
    await p.waitForURL(/system=born-from-blood&tournament=spring-open/);
    await p.waitForFunction(() => document.querySelectorAll('table.games tbody tr').length === 2);
    expect(await p.getByLabel('System').inputValue()).toBe('born-from-blood');
    await p.getByRole('link', { name: `Replay ${ids[1]!.slice(0, 8)}` }).click();
    await waitForStep(p, 0);
    expect(new URL(p.url()).pathname).toBe(`/games/${ids[1]}`);
    expect(new URL(p.url()).searchParams.get('view')).toBe('spectator');

    const phone = await page('/games', PHONE);
    await phone.page.getByRole('link', { name: /^Replay / }).first().waitFor();
    // On a phone the list reads as paragraphs: nothing wider than its box.
    expect(await phone.page.evaluate(() => { const t = document.querySelector('table.games')!; return t.scrollWidth <= t.parentElement!.clientWidth; })).toBe(true);
    await screenshot(phone.page, 'games-phone');
  });

  it('steps with keys and buttons: ←/→ one event, Shift+←/→ one turn, Home and End', async () => {
    const replay = await api(server, `/v1/games/${ids[0]}/replay`);
    const turnStarts = replay.steps.filter((s: any) => s.turnStart).map((s: any) => s.seq as number);
    const { page: p } = await page(`/games/${ids[0]}`);
    await waitForStep(p, 0);
    expect(stepOf(p)).toBe(0); // the URL always holds the step and the viewer
    for (let i = 1; i <= 3; i++) {
      await p.keyboard.press('ArrowRight');
      await waitForStep(p, i);
    }
    await p.getByRole('button', { name: 'Next step' }).click();
    await waitForStep(p, 4);
    await p.getByRole('button', { name: 'Previous step' }).click();
    await waitForStep(p, 3);
    await p.keyboard.press('Shift+ArrowRight');
    const next = turnStarts.find((s: number) => s > 3)!;
    await waitForStep(p, next);
    await p.getByRole('button', { name: 'Next turn' }).click();
    const after = turnStarts.find((s: number) => s > next)!;
    await waitForStep(p, after);
    await p.keyboard.press('Shift+ArrowLeft');
    await waitForStep(p, next);
    await p.keyboard.press('End');
    await waitForStep(p, replay.total);
    expect(await p.getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true);
    await p.keyboard.press('Home');
    await waitForStep(p, 0);
    // Keys yield to text fields: typing in the token box does not move the replay.
    const token = p.getByRole('textbox', { name: 'Token' });
    await token.fill('abc');
    await token.press('ArrowLeft');
    await token.press('End');
    expect(stepOf(p)).toBe(0);
  });

  it('jumps by the timeline’s turn markers and by any line of the event log', async () => {
    const replay = await api(server, `/v1/games/${ids[0]}/replay`);
    const turn3 = replay.steps.find((s: any) => s.turnStart && s.turn === 3);
    const { page: p } = await page(`/games/${ids[0]}?step=0&view=spectator`);
    await waitForStep(p, 0);
    await p.getByRole('button', { name: new RegExp(`^Turn 3, .*, step ${turn3.seq}$`) }).click();
    await waitForStep(p, turn3.seq);
    const line = replay.steps[16];
    const log = p.getByRole('list', { name: 'Events' });
    await log.getByRole('button', { name: new RegExp(`^${line.seq}\\b`) }).click();
    await waitForStep(p, line.seq);
    expect(await log.locator('[aria-current="step"]').textContent()).toContain(line.description);
    // The log reads as sentences, not event types.
    expect(await log.textContent()).toContain(replay.steps[0].description);
  });

  it('draws after N steps exactly the board the state API answers for step N', async () => {
    const total = games[0]!.document.events.length;
    const { page: p } = await page(`/games/${ids[0]}?step=0&view=spectator`);
    for (const step of [0, 12, Math.floor(total / 3), Math.floor((2 * total) / 3), total]) {
      for (const view of ['spectator', 'p1']) {
        await p.goto(`${server.url}/games/${ids[0]}?step=${step}&view=${view}`);
        await waitForStep(p, step);
        const state = await api(server, `/v1/games/${ids[0]}/state?step=${step}&view=${view}`);
        expect({ step, view, board: await renderedBoard(p, ['p1', 'p2']) }).toEqual({ step, view, board: expectedBoard(state.state) });
        if (state.state.turnPlayer) expect(await p.getByRole('region', { name: 'Turn and stack' }).textContent()).toContain(`Turn ${state.state.turn}`);
      }
    }
    await p.goto(`${server.url}/games/${ids[0]}?step=${Math.floor(total / 3)}&view=p1`);
    await waitForStep(p, Math.floor(total / 3));
    expect(await p.title()).toMatch(/^Replay: Alice vs Bob · step \d+ · Cardlog$/);
    await expectAccessible(p);
    await screenshot(p, 'replay-desktop');
    const phone = await page(`/games/${ids[0]}?step=${Math.floor(total / 3)}&view=p1`, PHONE);
    await waitForStep(phone.page, Math.floor(total / 3));
    await screenshot(phone.page, 'replay-phone');
  });

  it('as one seat, never receives the other seat’s hidden cards: not in the DOM, not in any response', async () => {
    const game = games[1]!;
    // The truth, folded here from the document: p2's hand at a step where it holds cards that p1
    // never gets to see in this game (never played, never named in the log, not in p1's final view).
    const replay = JSON.stringify(await api(server, `/v1/games/${ids[1]}/replay`));
    const finalP1 = JSON.stringify((await api(server, `/v1/games/${ids[1]}/state?view=p1`)).state);
    const secret = (c: { cardId: string; name: string }) => !replay.includes(c.name) && !finalP1.includes(`"${c.name}"`) && !finalP1.includes(`"${c.cardId}"`);
    let step = Math.floor(game.document.events.length / 3);
    let hidden: { cardId: string; name: string }[] = [];
    for (; step < game.document.events.length; step++) {
      const judge = bornFromBlood.view(game.states![step - 1]!, 'judge') as any;
      const p1View = JSON.stringify((await api(server, `/v1/games/${ids[1]}/state?step=${step}&view=p1`)).state);
      hidden = judge.players.p2.hand.filter((c: any) => secret(c) && !p1View.includes(`"${c.name}"`));
      if (hidden.length >= 2) break;
    }
    expect(hidden.length).toBeGreaterThanOrEqual(2);

    const w = await page(`/games/${ids[1]}?step=${step}&view=spectator`);
    await waitForStep(w.page, step);
    await w.page.getByLabel('Viewer').selectOption('p1');
    await w.page.waitForFunction(() => document.querySelector('[aria-label="Board"]')?.getAttribute('data-view') === 'p1');
    expect(new URL(w.page.url()).searchParams.get('view')).toBe('p1');
    // Step around a little as p1, so the page fetches (and prefetches) more p1 views.
    await w.page.keyboard.press('ArrowRight');
    await waitForStep(w.page, step + 1);
    await w.page.keyboard.press('ArrowLeft');
    await waitForStep(w.page, step);
    expect(await w.page.getByRole('list', { name: 'p2 Hand' }).getByLabel('face-down card').count()).toBeGreaterThan(0);

    const dom = await w.page.content();
    const bodies = await Promise.all(w.responses.map((r) => r.body));
    expect(bodies.length).toBeGreaterThan(3);
    for (const card of hidden) {
      expect({ card, inDom: dom.includes(card.cardId) || dom.includes(card.name) }).toEqual({ card, inDom: false });
      const leaks = w.responses.filter((_, i) => bodies[i]!.includes(card.cardId) || bodies[i]!.includes(`"${card.name}"`)).map((r) => r.url);
      expect({ card, leaks }).toEqual({ card, leaks: [] });
    }

    // The other seat sees them: the check above is not vacuous.
    await w.page.getByLabel('Viewer').selectOption('p2');
    await w.page.waitForFunction(() => document.querySelector('[aria-label="Board"]')?.getAttribute('data-view') === 'p2');
    const p2Hand = await w.page.getByRole('list', { name: 'p2 Hand' }).textContent();
    for (const card of hidden) expect(p2Hand).toContain(card.name);
  });

  it('reloads a shared URL on the same step and viewer', async () => {
    const { page: p } = await page(`/games/${ids[2]}?step=37&view=p2`);
    await waitForStep(p, 37);
    await p.getByRole('button', { name: 'Next step' }).click();
    await waitForStep(p, 38);
    const shared = p.url();
    expect(shared).toContain('step=38');
    await p.reload();
    await waitForStep(p, 38);
    expect(p.url()).toBe(shared);
    expect(await p.getByLabel('Viewer').inputValue()).toBe('p2');
    expect(await p.getByRole('list', { name: 'Events' }).locator('[aria-current="step"]').textContent()).toMatch(/^38/);
    await p.getByRole('button', { name: 'Copy link to this step' }).click();
    await p.getByRole('status').filter({ hasText: /link/i }).waitFor();
  });

  it('answers a path no page has with where to go: a game’s replay for a path under it, else the lists', async () => {
    // An API route's shape typed as a page: the replay is one click away.
    const { page: p } = await page(`/games/${ids[0]}/replay`);
    await p.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await p.title()).toBe('Not found · Cardlog');
    expect(await p.locator('main p').first().textContent()).toBe(`There is no page at /games/${ids[0]}/replay.`);
    await p.getByRole('link', { name: `/games/${ids[0]}` }).click();
    // The path alone: once ready, the replay writes its step and viewer into the query, and on a
    // loaded machine it may do so before this wait begins.
    await p.waitForURL((url) => url.pathname === `/games/${ids[0]}`);
    await p.waitForFunction(() => document.querySelector('[aria-label="Board"]')?.getAttribute('aria-busy') === 'false');
    const { page: q } = await page('/no-such-page');
    await q.getByRole('heading', { name: 'Not found' }).waitFor();
    await q.getByRole('main').getByRole('link', { name: 'tournaments' }).click();
    await q.waitForURL(/\/tournaments$/);
    await expectAccessible(q);
  });

  it('plays and pauses, and scrubs a 1,000-event game: the time to seek to a random step', async () => {
    const replay = await api(server, `/v1/games/${longId}/replay`);
    expect(replay.total).toBeGreaterThanOrEqual(1000);
    const { page: p } = await page(`/games/${longId}?step=0&view=spectator&speed=8`);
    await waitForStep(p, 0);
    await p.keyboard.press(' ');
    await p.waitForFunction(() => Number(document.querySelector('[aria-label="Board"]')?.getAttribute('data-step')) >= 5);
    await p.getByRole('button', { name: 'Pause' }).click();
    const paused = stepOf(p);
    expect(paused).toBeGreaterThanOrEqual(5);
    await waitForStep(p, stepOf(p));
    expect(stepOf(p)).toBe(paused);

    // Seeking: a click on a random log line until the board shows that step (timed, reported, not asserted).
    const random = new Prng(1000);
    const times: number[] = [];
    const log = p.getByRole('list', { name: 'Events' });
    for (let i = 0; i < 15; i++) {
      const target = 1 + random.int(replay.total);
      await log.getByRole('button', { name: new RegExp(`^${target}\\b`) }).scrollIntoViewIfNeeded();
      // Measured in the page: from the click to the board showing that step.
      const ms = await p.evaluate(async (target) => {
        const line = [...document.querySelectorAll<HTMLButtonElement>('[aria-label="Events"] button')].find((b) => b.querySelector('.seq')?.textContent === String(target))!;
        const started = performance.now();
        line.click();
        await new Promise<void>((resolve) => {
          const check = () => {
            const board = document.querySelector('[aria-label="Board"]');
            if (board?.getAttribute('data-step') === String(target) && board.getAttribute('aria-busy') === 'false') resolve();
            else requestAnimationFrame(check);
          };
          check();
        });
        return performance.now() - started;
      }, target);
      times.push(Math.round(ms));
      await waitForStep(p, target);
    }
    // And by the slider: End, then the slider's own keys.
    await p.getByRole('slider', { name: 'Step' }).focus();
    await p.keyboard.press('End');
    await waitForStep(p, replay.total);
    const sorted = [...times].sort((a, b) => a - b);
    const report = { events: replay.total, seeks: times.length, medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted[sorted.length - 1], timesMs: times };
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(ROOT, 'test-results', 'seek-timing.json'), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`seek to a random step of a ${report.events}-event game: median ${report.medianMs} ms, max ${report.maxMs} ms over ${report.seeks} seeks\n`);
  });
});
