import type { Browser } from 'playwright-core';
import { simulateDocuments } from '@cardlog/rules';
import { DESKTOP, PHONE, Server, Watched, api, createToken, describeInBrowser, launchBrowser, openPage, screenshot, startServer, uploadGames, waitForStep } from './harness';
import { AEGIS, BoardText, DEVACURSE, SUMMONER_MASTER, renderedSides, withBacksOf } from './system-boards';

jest.setTimeout(240_000);

interface Case {
  readonly key: string;
  readonly title: string;
  readonly system: string;
  readonly seed: number;
  readonly players?: number;
  readonly board: BoardText;
  /** The region between the sides, and what it says about the turn at a step. */
  readonly centre: string;
  turnText(view: any): string | null;
  /** The step to look at in the middle of the game, from the document's events. */
  middle(events: readonly { type: string }[]): number;
}

const third = (events: readonly unknown[]) => Math.floor(events.length / 3);

const CASES: readonly Case[] = [
  { key: 'aegis', title: 'Aegis', system: 'aegis', seed: 3, board: AEGIS, centre: 'Turn and battle', turnText: (v) => (v.turnPlayer ? `Turn ${v.turn}` : null), middle: third },
  {
    key: 'summoner-master',
    title: 'Summoner Master',
    system: 'summoner-master',
    seed: 3,
    board: SUMMONER_MASTER,
    centre: 'Subturn',
    turnText: (v) => (v.subturn ? `Subturn ${v.subturn.number}` : null),
    middle: third,
  },
  { key: 'devacurse', title: 'two-Deva Devacurse', system: 'devacurse', seed: 6, players: 2, board: DEVACURSE, centre: 'Turn and Knot zone', turnText: (v) => (v.status === 'origin' ? null : `Turn ${v.turn}`), middle: third },
  {
    key: 'devacurse-4',
    title: 'four-Deva Devacurse',
    system: 'devacurse',
    seed: 5,
    players: 4,
    board: DEVACURSE,
    centre: 'Turn and Knot zone',
    turnText: (v) => (v.status === 'origin' ? null : `Turn ${v.turn}`),
    // Just after the first elimination, so one Deva is out and three still play.
    middle: (events) => events.findIndex((e) => e.type === 'PlayerEliminated') + 1 + 40,
  },
];

describeInBrowser('the board of each game system in Chromium', () => {
  let server: Server;
  let browser: Browser;
  const games = new Map<string, { id: string; events: readonly { type: string }[]; seats: string[] }>();
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
    const docs = CASES.map((c) => simulateDocuments(c.system, 1, c.seed, c.players ? { players: c.players } : {})[0]!.document);
    const ids = await uploadGames(server, token, docs);
    CASES.forEach((c, i) => games.set(c.key, { id: ids[i]!, events: docs[i]!.events, seats: docs[i]!.players.map((p) => p.seat) }));
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const errors = open.flatMap((w) => w.errors);
    await Promise.all(open.splice(0).map((w) => w.close()));
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const c of CASES) {
    it(`draws the ${c.title} board the state API answers, with hidden cards as backs for the spectator`, async () => {
      const game = games.get(c.key)!;
      const middle = c.middle(game.events);
      const w = await page(`/games/${game.id}?step=0&view=spectator`);
      const p = w.page;
      let hiddenSeen = 0;
      for (const step of [middle, game.events.length]) {
        for (const view of ['spectator', 'p1']) {
          await p.goto(`${server.url}/games/${game.id}?step=${step}&view=${view}`);
          await waitForStep(p, step);
          const state = (await api(server, `/v1/games/${game.id}/state?step=${step}&view=${view}`)).state;
          const expected = c.board.expected(state);
          const rendered = withBacksOf(await renderedSides(p, game.seats, c.board), expected);
          expect({ step, view, board: rendered }).toEqual({ step, view, board: expected });
          // No generic fallback: this system has its own board.
          expect(await p.getByText('This system has no board layout yet').count()).toBe(0);
          const turn = c.turnText(state);
          if (turn) expect(await p.getByRole('region', { name: c.centre }).textContent()).toContain(turn);
          for (const [seat, player] of Object.entries<any>(state.players)) {
            const side = p.getByRole('region', { name: `${player.name} (${seat})` });
            expect(await side.count()).toBe(1);
            if (player.eliminated) expect(await side.locator('.badge').allTextContents()).toContain('eliminated');
            // The spectator gets no hand: backs only, as many as the hand holds, and no card in it by name.
            if (view === 'spectator') {
              expect(player.hand).toBeUndefined();
              expect(await p.locator(`ul[aria-label="${seat} Hand"] .card-name`).count()).toBe(0);
            }
          }
          if (view === 'spectator') hiddenSeen += Object.values(expected).reduce((n, s) => n + Object.values(s.backs).reduce((a, b) => a + b, 0), 0);
        }
      }
      // The backs were really drawn somewhere (the check above is not vacuous).
      expect(hiddenSeen).toBeGreaterThan(0);

      await p.goto(`${server.url}/games/${game.id}?step=${middle}&view=p1`);
      await waitForStep(p, middle);
      await screenshot(p, `board-${c.key}-desktop`);
      const phone = await page(`/games/${game.id}?step=${middle}&view=p1`, PHONE);
      await waitForStep(phone.page, middle);
      await screenshot(phone.page, `board-${c.key}-phone`);
    });
  }

  it('marks every eliminated Deva of a four-Deva game and lays out all four', async () => {
    const game = games.get('devacurse-4')!;
    const step = game.events.length;
    const { page: p } = await page(`/games/${game.id}?step=${step}&view=p2`);
    await waitForStep(p, step);
    const state = (await api(server, `/v1/games/${game.id}/state?step=${step}&view=p2`)).state;
    const out = Object.entries<any>(state.players).filter(([, d]) => d.eliminated);
    expect(out.length).toBe(3);
    for (const [seat, d] of out) expect(await p.getByRole('region', { name: `${d.name} (${seat})` }).locator('.badge').allTextContents()).toContain('eliminated');
    // The viewer's Deva sits at the bottom, the other three across the table in seat order after it.
    const order = await p.evaluate(() => [...document.querySelectorAll('.board-side h2 .muted')].map((e) => e.textContent!.replace(/[()]/g, '')));
    expect(order).toEqual(['p3', 'p4', 'p1', 'p2']);
    expect(await p.getByRole('region', { name: 'Turn and Knot zone' }).textContent()).toContain(`Match over: ${state.players[state.result.winner].name} won (last Deva standing)`);
    expect(await p.locator('h1').textContent()).toMatch(/ · Devacurse$/);

    // In the list of games: the game by its name, the ending as the rulebook spells it (a Deva is a name).
    const list = await page('/games?system=devacurse');
    const row = list.page.getByRole('row').filter({ has: list.page.getByRole('link', { name: `Replay ${game.id.slice(0, 8)}` }) });
    await row.waitFor();
    expect(await row.locator('td[data-label="System"]').textContent()).toBe('Devacurse');
    expect(await row.textContent()).toContain(`${state.players[state.result.winner].name} won (last Deva standing)`);
  });

  it('marks a Summoner Master replay by Subturns, as its rulebook counts them, on the timeline and in the event log', async () => {
    const game = games.get('summoner-master')!;
    const { page: p } = await page(`/games/${game.id}?step=${game.events.length}&view=spectator`);
    await waitForStep(p, game.events.length);
    const subturns = p.getByRole('list', { name: 'Subturns' });
    await subturns.getByRole('button', { name: /^Subturn 1, .+, step \d+$/ }).waitFor();
    expect(await p.getByRole('list', { name: 'Turns', exact: true }).count()).toBe(0);
    const badges = await p.locator('.event-log .turn-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(1);
    for (const badge of badges) expect(badge).toMatch(/^Subturn \d+$/);
    // The meta page measures its games in Subturns too.
    const meta = await page('/meta?system=summoner-master');
    await meta.page.getByRole('figure', { name: 'Game length in Subturns' }).waitFor();
    expect(await meta.page.locator('dl[aria-label="Overview figures"]').textContent()).toMatch(/Median length\d+ Subturns, \d+ events/);
  });

  it('says how an Aegis game ended as its rulebook names the ending, on the board and in the list', async () => {
    const game = games.get('aegis')!;
    const step = game.events.length;
    const { page: p } = await page(`/games/${game.id}?step=${step}&view=spectator`);
    await waitForStep(p, step);
    const state = (await api(server, `/v1/games/${game.id}/state?step=${step}&view=spectator`)).state;
    // The outcome's reason is the code `aegis`; AG-R1 calls that ending "Aegis exhausted".
    expect(state.result.reason).toBe('aegis');
    const winner = state.players[state.result.winner].name;
    expect(await p.getByRole('region', { name: 'Turn and battle' }).textContent()).toContain(`Game over: ${winner} won (Aegis exhausted)`);
    const list = await page('/games?system=aegis');
    const row = list.page.getByRole('row').filter({ has: list.page.getByRole('link', { name: `Replay ${game.id.slice(0, 8)}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${winner} won (Aegis exhausted)`);
  });
});
