import type { Browser, Page } from 'playwright-core';
import { GameDocument, MatchPairing, TournamentBundle, isBye } from '@cardlog/events';
import { DEMO_TOURNAMENTS, demoRounds, replay, simulateDemoTournament, simulateTournament, systemName } from '@cardlog/rules';
import { DESKTOP, PHONE, Server, Watched, api, createToken, describeInBrowser, expectAccessible, expectNoSideways, launchBrowser, openPage, screenshot, startServer, until, waitForStep } from './harness';

jest.setTimeout(300_000);

const ID = 'web-cup';
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const tiebreak = (v: number) => `${(v * 100).toFixed(2)}%`;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/** How far the standings table reaches past its panel's right edge, in px (0 or less: it fits). */
function standingsOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const table = document.querySelector('table.standings')!;
    return table.scrollWidth - table.closest('section')!.clientWidth;
  });
}

/** Eight players, three best-of-three rounds: a drop after round 2, so round 3 has a bye; one match of round 3 is reported without logs. */
function webCup(): { bundle: TournamentBundle; resultOnlyTable: number } {
  const bundle = simulateTournament({ system: 'born-from-blood', players: 8, rounds: 3, bestOf: 3, seed: 19, id: ID, name: 'Web Cup' });
  const last = bundle.rounds[2]!;
  const k = last.pairings.findIndex((p) => !isBye(p));
  const played = last.pairings[k] as MatchPairing;
  const winnerOf = (doc: GameDocument) => {
    const outcome = replay(doc).outcome;
    return outcome?.result === 'win' ? doc.players.find((p) => p.seat === outcome.winner)?.id : undefined;
  };
  const wins = Object.fromEntries(played.players.map((id) => [id, (played.games as unknown as GameDocument[]).filter((g) => winnerOf(g) === id).length]));
  const draws = played.games!.length - Object.values(wins).reduce((a, b) => a + b, 0);
  const pairings = [...last.pairings];
  pairings[k] = { table: played.table, players: played.players, result: { wins, draws } };
  return { bundle: { ...bundle, rounds: [bundle.rounds[0]!, bundle.rounds[1]!, { ...last, pairings }] }, resultOnlyTable: played.table };
}

/** The text of each `data-field` cell of a table's rows, keyed by a row attribute. */
async function rowsOf(page: Page, table: string, rowKey: string): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(
    ({ table, rowKey }) => {
      const out: Record<string, Record<string, string>> = {};
      document.querySelectorAll(`table[aria-label="${table}"] tbody tr`).forEach((tr) => {
        const cells: Record<string, string> = { name: tr.querySelector('th')?.textContent?.trim() ?? '' };
        tr.querySelectorAll('[data-field]').forEach((td) => (cells[td.getAttribute('data-field')!] = td.textContent!.trim()));
        out[tr.getAttribute(rowKey)!] = cells;
      });
      return out;
    },
    { table, rowKey },
  );
}

/** The element with this id is scrolled into the window (its top edge inside it). */
async function inView(page: Page, id: string): Promise<void> {
  const where = () => page.evaluate((id) => ({ top: document.getElementById(id)?.getBoundingClientRect().top ?? null, height: window.innerHeight, scrollY: window.scrollY }), id);
  await page.waitForFunction((id) => {
    const top = document.getElementById(id)?.getBoundingClientRect().top;
    return top !== undefined && top >= -1 && top < window.innerHeight;
  }, id, { timeout: 5_000 }).catch(async () => {
    throw new Error(`#${id} is not in view: ${JSON.stringify(await where())}`);
  });
}

describeInBrowser('the tournament pages in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let token: string;
  let resultOnlyTable: number;
  const open: Watched[] = [];
  let expectedErrors: RegExp[] = [];

  const page = async (path: string, viewport: { width: number; height: number } = DESKTOP) => {
    const w = await openPage(browser, viewport);
    open.push(w);
    await w.page.goto(`${server.url}${path}`);
    return w;
  };

  /** Every standings figure on the page against the API's answer after that round. */
  async function expectStandingsEqualApi(p: Page, afterRound: number) {
    const answer = await api(server, `/v1/tournaments/${ID}/standings?afterRound=${afterRound}`);
    const table = `Standings after round ${afterRound}`;
    await p.getByRole('table', { name: table }).waitFor();
    const rows = await rowsOf(p, table, 'data-player');
    expect(Object.keys(rows).sort()).toEqual(answer.standings.map((s: any) => s.playerId).sort());
    for (const s of answer.standings) {
      const row = rows[s.playerId]!;
      expect(row.name).toContain(s.name);
      expect(row.rank).toBe(String(s.rank));
      expect(row.points).toBe(String(s.points));
      expect(row.record).toContain(`${s.record.wins}–${s.record.losses}–${s.record.draws}`);
      expect([row.omw, row.gw, row.ogw]).toEqual([tiebreak(s.omw), tiebreak(s.gw), tiebreak(s.ogw)]);
      if (s.droppedAfter !== null) expect(row.name).toContain(`dropped after round ${s.droppedAfter}`);
    }
    // In the API's order: rank, then id.
    const order = await p.evaluate((t) => [...document.querySelectorAll(`table[aria-label="${t}"] tbody tr`)].map((tr) => tr.getAttribute('data-player')), table);
    expect(order).toEqual(answer.standings.map((s: any) => s.playerId));
  }

  /** Waits until the in-process projector has the tournament's rounds (404 until then). */
  const projected = (id: string, rounds: number) =>
    until(async () => {
      const res = await fetch(`${server.url}/v1/tournaments/${id}`);
      return res.ok && (await res.json()).roundsRecorded === rounds;
    }, `tournament ${id} to be projected`);

  beforeAll(async () => {
    server = await startServer();
    token = await createToken(server.databaseUrl);
    const cup = webCup();
    resultOnlyTable = cup.resultOnlyTable;
    await api(server, '/v1/tournaments', { method: 'POST', body: JSON.stringify(cup.bundle), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    await projected(ID, 3);
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

  it('lists the tournaments with the API’s figures, and filters them by name in the URL', async () => {
    const [t] = (await api(server, '/v1/tournaments')).tournaments;
    const { page: p } = await page('/tournaments');
    await p.getByRole('link', { name: 'Web Cup' }).waitFor();
    expect(await p.title()).toBe('Tournaments · Cardlog');
    const row = (await rowsOf(p, 'Tournaments', 'data-tournament'))[ID]!;
    expect(row.name).toContain(t.name);
    expect(row.system).toBe(`${systemName(t.system)} rules ${t.rulesVersion}`);
    expect(row.dates).toBe(t.startDate);
    expect(row.format).toBe(`${t.swissRounds} Swiss rounds, best of ${t.bestOf}`);
    expect(row.players).toBe(String(t.players));
    expect(row.rounds).toBe(`${t.roundsRecorded} of ${t.swissRounds}`);
    expect(row.champion).toBe('—');
    await expectAccessible(p);
    await screenshot(p, 'tournaments-desktop');

    await p.getByRole('textbox', { name: 'Name' }).fill('no such cup');
    await p.getByRole('button', { name: 'Filter' }).click();
    await p.waitForURL(/name=no\+such\+cup/);
    await p.getByText('No tournament matches these filters').waitFor();
    await p.goBack();
    await p.getByRole('link', { name: 'Web Cup' }).waitFor();
    // System is a choice among the systems that have games.
    await p.locator(`select[name="system"] option[value="${t.system}"]`).waitFor({ state: 'attached' });
    await p.getByLabel('System').selectOption(t.system);
    await p.getByRole('button', { name: 'Filter' }).click();
    await p.waitForURL(new RegExp(`system=${t.system}`));
    await p.getByRole('link', { name: 'Web Cup' }).waitFor();
    expect(await p.getByLabel('System').inputValue()).toBe(t.system);

    // Its games in the list of games name it, and link to it by its id.
    const games = await page(`/games?tournament=${ID}`);
    const cell = games.page.locator('td[data-label="Tournament"]').first();
    await cell.getByRole('link').waitFor();
    expect(await cell.textContent()).toMatch(/^Web Cup · round \d$/);
    expect(await cell.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/tournaments/${ID}\\?round=\\d`));
    expect(await games.page.locator('td[data-label="System"]').first().textContent()).toBe('Born from Blood');
    // Its Tournament filter suggests the recorded tournaments: the id to filter by, the name beside it.
    const suggested = await games.page.getByLabel('Tournament').evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((o) => [o.value, o.textContent]));
    expect(suggested).toEqual([[ID, 'Web Cup']]);

    const phone = await page('/tournaments', PHONE);
    await phone.page.getByRole('link', { name: 'Web Cup' }).waitFor();
    await expectNoSideways(phone.page);
    await screenshot(phone.page, 'tournaments-phone');
  });

  it('shows the standings and rounds the API answers: tie-breakers, byes, result-only matches and each game’s replay link', async () => {
    const { page: p } = await page(`/tournaments/${ID}`);
    await expectStandingsEqualApi(p, 3);
    expect(await p.title()).toBe('Web Cup · Cardlog');

    // Round 3 (the last) is shown first: its bye, its result-only match, and a link per game.
    const round = await api(server, `/v1/tournaments/${ID}/rounds/3`);
    const pairings = p.getByRole('table', { name: 'Round 3 pairings' });
    await pairings.waitFor();
    for (const x of round.pairings) {
      const row = pairings.locator(`tr[data-match="${isBye(x) ? `r3-bye-${x.bye}` : `r3-t${x.table}`}"]`);
      if (isBye(x)) {
        expect(await row.locator('[data-field="result"]').textContent()).toContain('bye');
        continue;
      }
      const [a, b] = x.players;
      expect(await row.locator('[data-field="result"]').textContent()).toContain(`${x.result.wins[a]}–${x.result.wins[b]}${x.result.draws ? `–${x.result.draws}` : ''}`);
      expect(x.resultOnly).toBe(x.table === resultOnlyTable);
      if (x.resultOnly) {
        expect(await row.textContent()).toContain('result only');
        expect(await row.getByRole('link', { name: /^Game / }).count()).toBe(0);
      } else {
        const hrefs = await row.getByRole('link', { name: /^Game / }).evaluateAll((links) => links.map((l) => l.getAttribute('href')));
        expect(hrefs).toEqual(x.games.map((g: any) => `/games/${g.gameId}?step=0`));
      }
    }
    // Conversion per archetype, as the API answers it.
    const conversion = await api(server, `/v1/tournaments/conversion?tournament=${ID}`);
    await p.getByRole('table', { name: 'Archetype conversion' }).waitFor();
    const shares = await rowsOf(p, 'Archetype conversion', 'data-archetype');
    expect(Object.keys(shares).sort()).toEqual(conversion.archetypes.map((a: any) => a.archetype).sort());
    for (const a of conversion.archetypes) {
      expect(shares[a.archetype]).toMatchObject({ players: String(a.players), topCut: String(a.topCut), share: pct(a.share), topCutShare: pct(a.topCutShare), conversion: a.conversion === null ? '—' : `${a.conversion.toFixed(2)}×` });
    }
    await expectAccessible(p);
    await screenshot(p, 'tournament-desktop');

    // Standings after an earlier round follow the URL.
    await p.getByRole('combobox', { name: 'After round' }).selectOption('1');
    await p.waitForURL(/standings=1/);
    await expectStandingsEqualApi(p, 1);
    await p.reload();
    await expectStandingsEqualApi(p, 1);

    // The tie-breakers' definition is one click away.
    await p.getByRole('link', { name: 'Definition of standings' }).click();
    await p.waitForURL(/\/tournaments\/definitions#standings$/);
    await p.getByRole('heading', { name: 'Standings', exact: true }).waitFor();
    // On a phone the definitions' tables (the bundle's error codes, the routes) read as a block per row.
    const definitions = await page('/tournaments/definitions', PHONE);
    await definitions.page.getByRole('heading', { name: 'Standings', exact: true }).waitFor();
    await expectNoSideways(definitions.page);
    expect(await definitions.page.evaluate(() => [...document.querySelectorAll('table')].filter((t) => t.scrollWidth > t.parentElement!.clientWidth).length)).toBe(0);
    expect(await definitions.page.locator('table').count()).toBeGreaterThan(0);

    const phone = await page(`/tournaments/${ID}`, PHONE);
    await expectStandingsEqualApi(phone.page, 3);
    await phone.page.getByRole('table', { name: 'Round 3 pairings' }).waitFor();
    await expectNoSideways(phone.page);
    // No table of the page needs scrolling inside its panel on a phone: the archetypes read as paragraphs.
    await phone.page.getByRole('table', { name: 'Archetype conversion' }).waitFor();
    const clipped = await phone.page.evaluate(() =>
      [...document.querySelectorAll('section.panel table')].filter((t) => t.scrollWidth > t.closest('section')!.clientWidth).map((t) => t.getAttribute('aria-label')),
    );
    expect(clipped).toEqual([]);
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'tournament-phone');
  });

  it('clicks down from the standings to a player, a match, a game’s replay and a single turn, and back up', async () => {
    const top = (await api(server, `/v1/tournaments/${ID}/standings`)).standings[0];
    const round1 = await api(server, `/v1/tournaments/${ID}/rounds/1`);
    const match = round1.pairings.find((x: any) => !isBye(x) && x.players.includes(top.playerId));
    const { page: p } = await page(`/tournaments/${ID}`);
    await p.getByRole('table', { name: 'Standings after round 3' }).getByRole('link', { name: top.name }).click();
    await p.waitForURL(/player=/);
    const panel = p.getByRole('region', { name: `Player ${top.name}` });
    await panel.getByRole('table', { name: `Matches of ${top.name}` }).waitFor();
    expect(await panel.textContent()).toContain(`Rank ${top.rank} after round 3: ${top.points} points`);
    await expectAccessible(p);
    await screenshot(p, 'tournament-player-desktop');
    const phone = await page(p.url().replace(server.url, ''), PHONE);
    await phone.page.getByRole('table', { name: `Matches of ${top.name}` }).waitFor();
    await expectNoSideways(phone.page);
    await screenshot(phone.page, 'tournament-player-phone', { fullPage: false });

    await panel.getByRole('link', { name: `Round 1, table ${match.table}` }).click();
    await p.waitForURL(new RegExp(`round=1#r1-t${match.table}$`));
    const row = p.getByRole('table', { name: 'Round 1 pairings' }).locator(`tr[data-match="r1-t${match.table}"]`);
    await row.waitFor();
    // The match row is scrolled into view.
    await inView(p, `r1-t${match.table}`);

    const game = match.games[0];
    await row.getByRole('link', { name: 'Game 1' }).click();
    await p.waitForURL(new RegExp(`/games/${game.gameId}\\?step=0(&|$)`));
    await waitForStep(p, 0);
    // The replay names its match and links back up to it.
    const crumb = p.getByRole('navigation', { name: 'Tournament' });
    // The tournament by its name (the link goes by its id).
    expect(await crumb.textContent()).toContain(`Web Cup · round 1 · table ${match.table} · game 1 of best of 3`);
    await screenshot(p, 'tournament-replay-desktop');
    await crumb.getByRole('link').click();
    await p.waitForURL(new RegExp(`/tournaments/${ID}\\?round=1#r1-t${match.table}$`));

    // A game's turns, each a link to the replay at that turn's first step.
    const steps = (await api(server, `/v1/games/${game.gameId}/replay`)).steps as { seq: number; turn: number | null; turnStart: boolean }[];
    const turn3 = steps.find((s) => s.turnStart && s.turn === 3)!;
    const games = p.getByRole('list', { name: `Games of table ${match.table}` }).first();
    // Game 1's first player by Born from Blood's die roll, in words (the log's method is `dieRoll`).
    expect(await games.getByRole('listitem').first().textContent()).toContain(` went first (die roll: ${game.firstPlayerDetail})`);
    expect(game.firstPlayerDetail).toMatch(/^[^,]+ \d, [^,]+ \d$/);
    await games.getByText('turns').first().click();
    await games.getByRole('list', { name: `Turns of game 1, table ${match.table}` }).getByRole('link', { name: '3', exact: true }).click();
    await p.waitForURL(new RegExp(`/games/${game.gameId}\\?step=${turn3.seq}(&|$)`));
    await waitForStep(p, turn3.seq);
  });

  it('shows each player’s registered list, its cards linking to their catalog entries, and the card table’s too', async () => {
    const decks = (await api(server, `/v1/tournaments/${ID}/decks`)).decks;
    const catalog = (await api(server, `/v1/tournaments/${ID}`)).catalog as string;
    const cards = (await api(server, `/v1/catalogs/${catalog}`)).cards as { id: string; name: string }[];
    const deck = decks[0];
    const character = deck.deck.list.character.catalogId as string;
    const { page: p } = await page(`/tournaments/${ID}#decks`);
    const lists = p.getByRole('region', { name: 'Deck lists' });
    await lists.getByText(deck.name, { exact: true }).click();
    const section = lists.getByRole('region', { name: `${deck.name}: Main` });
    await section.waitFor();
    // Copies per card as the registered list has them.
    const main = new Map<string, number>();
    for (const e of deck.deck.list.main) main.set(e.catalogId, (main.get(e.catalogId) ?? 0) + 1);
    const shown = await section.locator('li[data-card]').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-card'), li.querySelector('.copies')!.textContent]));
    expect(new Map(shown.map(([id, n]) => [id, Number(n!.replace('×', ''))]))).toEqual(main);
    const name = cards.find((c) => c.id === character)!.name;
    await expectAccessible(p);
    await screenshot(p, 'tournament-decks-desktop');
    await lists.getByRole('region', { name: `${deck.name}: Character` }).getByRole('link', { name }).click();
    await p.waitForURL(new RegExp(`/catalogs/${catalog.replace('@', '(@|%40)')}#card-${character}$`));
    const entry = p.getByRole('listitem', { name: new RegExp(`^${name}`) });
    await entry.waitFor();
    expect(await entry.getAttribute('aria-current')).toBe('true');
    await inView(p, `card-${character}`);
    await expectAccessible(p);
    await screenshot(p, 'catalog-desktop', { fullPage: false });

    // The card table's names link to the same entries.
    const stats = (await api(server, '/v1/stats/cards?system=born-from-blood')).systems[0].cards as { cardId: string; name: string }[];
    const { page: table } = await page('/meta/cards?system=born-from-blood');
    const link = table.getByRole('table', { name: 'Card statistics' }).getByRole('link', { name: stats[0]!.name, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/catalogs/${encodeURIComponent(catalog)}#card-${stats[0]!.cardId}`);
    await link.click();
    await table.getByRole('listitem', { name: new RegExp(`^${stats[0]!.name}`) }).waitFor();

    const phone = await page(`/catalogs/${encodeURIComponent(catalog)}#card-${character}`, PHONE);
    await phone.page.getByRole('listitem', { name: new RegExp(`^${name}`) }).waitFor();
    await expectNoSideways(phone.page);
    await screenshot(phone.page, 'catalog-phone', { fullPage: false });

    // A card's structured fields read in words: each number under its field's name, lists apart.
    const kesra = await page(`/catalogs/${encodeURIComponent('demo-bfb@1')}#card-ch-red-kesra`);
    const kesraEntry = kesra.page.getByRole('listitem', { name: /^Kesra, Cinder Duelist/ });
    await kesraEntry.waitFor();
    const field = (term: string) => kesraEntry.locator('dl.card-fields > div').filter({ has: kesra.page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd').textContent();
    expect(await field('abilities')).toBe('war-cry, order, n cost 1, CD 2');
    expect(await field('combat skills')).toBe('Blade Arc (damage 300); Cinder Storm (damage 500, n cost 2, CD 1)');
    expect(await field('art variants')).toBe('ch-red-kesra-alt; ch-red-kesra-sa, special');
    // Rules keywords stored as identifiers read in words; ids stay as they are.
    const maruEntry = kesra.page.getByRole('listitem', { name: /^Maru, Grove Mother/ });
    const maruAbilities = maruEntry.locator('dl.card-fields > div').filter({ has: kesra.page.locator('dt', { hasText: /^abilities$/ }) }).locator('dd');
    expect(await maruAbilities.textContent()).toBe('regrowth, end phase, n cost 0, once per game; deep-roots, continuous');
    // Abbreviations as each game's rulebook prints them: Summoner Master's Mp, At, Df and Sp, where
    // Devacurse's rulebook has AT and DF.
    const sm = await page(`/catalogs/${encodeURIComponent('demo-smn@1')}#card-smd-001`);
    const whelp = sm.page.locator('#card-smd-001');
    await whelp.waitFor();
    expect(await whelp.locator('dl.card-fields dt').allTextContents()).toEqual(expect.arrayContaining(['Mp cast', 'Mp attack', 'At', 'Df', 'Sp']));
  });

  it('uploads a tournament bundle from the browser, and points at a bad bundle’s game and event with its valid prefix', async () => {
    const small = simulateTournament({ system: 'born-from-blood', players: 4, rounds: 2, bestOf: 1, seed: 20, id: 'browser-cup', name: 'Browser Cup' });
    const bad = simulateTournament({ system: 'born-from-blood', players: 4, rounds: 2, bestOf: 1, seed: 21, id: 'broken-cup' });
    const j = bad.rounds[1]!.pairings.findIndex((x) => !isBye(x));
    const doc = (bad.rounds[1]!.pairings[j] as MatchPairing).games![0] as unknown as GameDocument;
    const k = doc.events.findIndex((e) => e.player !== undefined);
    doc.events.splice(k + 1, 0, clone(doc.events[k]!));
    expectedErrors = [/^Failed to load resource: the server responded with a status of 422 \(Unprocessable Entity\)$/];

    const { page: p } = await page('/upload');
    await p.getByLabel('Upload token').fill(token);
    await p.getByLabel('Choose files').setInputFiles([
      { name: 'browser-cup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(small)) },
      { name: 'broken-cup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) },
    ]);
    const results = p.getByRole('list', { name: 'Upload results' });
    await results.getByRole('listitem', { name: 'browser-cup.json' }).getByText('tournament stored').waitFor();
    const rejected = results.getByRole('listitem', { name: 'broken-cup.json' });
    await rejected.getByText('rejected').waitFor();
    expect(await rejected.textContent()).toContain(`round 2, table ${(bad.rounds[1]!.pairings[j] as MatchPairing).table}, game 1, event ${k + 1}`);
    await expectAccessible(p);
    await screenshot(p, 'upload-bundle-desktop');
    // Nothing of the bad bundle is stored.
    await projected('browser-cup', 2);
    expect((await api(server, '/v1/tournaments')).tournaments.map((t: any) => t.id).sort()).toEqual(['browser-cup', ID]);

    await rejected.getByRole('link', { name: 'open the valid prefix in the replay viewer' }).click();
    await p.waitForURL(/\/upload\/prefix\//);
    await waitForStep(p, k + 1);
    // The stored one opens on its tournament page.
    const { page: q } = await page('/tournaments');
    await q.getByRole('link', { name: 'Browser Cup' }).click();
    await q.waitForURL(/\/tournaments\/browser-cup$/);
    await q.getByRole('table', { name: 'Standings after round 2' }).waitFor();
  });
  it('draws a recorded top cut as a bracket: seeds, scores, the winners going on, and the champion', async () => {
    // Eight players, three Swiss rounds, then a top 4: semifinals (round 4) and the final (round 5).
    const cut = simulateTournament({ system: 'born-from-blood', players: 8, rounds: 3, bestOf: 3, seed: 23, id: 'cut-cup', name: 'Cut Cup', topCut: 4, playTopCut: true });
    // The Swiss rounds first; then the organiser uploads the whole event, grown by its top cut, from the browser.
    const swiss = { ...cut, rounds: cut.rounds.slice(0, 3) };
    await api(server, '/v1/tournaments', { method: 'POST', body: JSON.stringify(swiss), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const { page: upload } = await page('/upload');
    await upload.getByLabel('Upload token').fill(token);
    await upload.getByLabel('Choose files').setInputFiles([{ name: 'cut-cup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(cut)) }]);
    const grown = upload.getByRole('list', { name: 'Upload results' }).getByRole('listitem', { name: 'cut-cup.json' });
    await grown.getByText('tournament grew').waitFor();
    expect(await grown.textContent()).toContain('rounds 4–5 added');
    // One file, counted as one.
    expect((await upload.locator('label.overall').textContent())!.trim()).toBe('Upload progress 1 of 1 file');
    await projected('cut-cup', 5);
    const summary = await api(server, '/v1/tournaments/cut-cup');
    const standings = (await api(server, '/v1/tournaments/cut-cup/standings')).standings;
    const final = (await api(server, '/v1/tournaments/cut-cup/rounds/5')).pairings[0];
    const nameOf = (id: string) => standings.find((s: any) => s.playerId === id).name;

    const { page: p } = await page('/tournaments/cut-cup');
    const bracket = p.getByRole('list', { name: 'Top cut bracket' });
    await bracket.waitFor();
    expect(await bracket.locator('.bracket-round h3').allTextContents()).toEqual(['Semifinals', 'Final', 'Champion']);
    // The final's two lines: seed, name and games won, the winner in bold, the higher seed first.
    const lines = await p.getByRole('listitem', { name: 'Final, table 1' }).locator('li').evaluateAll((items) =>
      items.map((li) => ({ text: li.textContent!.replace(/\s+/g, ' ').trim(), won: li.classList.contains('won') })),
    );
    const [a, b] = final.players;
    const winner = final.result.wins[a] > final.result.wins[b] ? a : b;
    expect(lines).toHaveLength(2);
    for (const id of [a, b]) expect(lines.filter((l) => l.text.endsWith(`${nameOf(id)} ${final.result.wins[id]}`))).toHaveLength(1);
    expect(lines.filter((l) => l.won).map((l) => l.text)).toEqual([expect.stringContaining(nameOf(winner))]);
    expect(summary.champion).toEqual({ playerId: winner, name: nameOf(winner) });
    expect(await bracket.locator('.champion').textContent()).toContain(nameOf(winner));
    // Semifinal seeds as the final Swiss standings give them: 1 meets 4, 2 meets 3.
    const seeds = await bracket.locator('.bracket-round').first().locator('.bracket-match').evaluateAll((ms) => ms.map((m) => [...m.querySelectorAll('.seed')].map((s) => s.textContent).join('-')));
    expect(seeds).toEqual(['1-4', '2-3']);
    expect(await p.getByRole('definition').filter({ hasText: nameOf(winner) }).count()).toBe(1);
    // Standings stay the Swiss rounds'; the rounds list names the cut's.
    await p.getByRole('table', { name: 'Standings after round 3' }).waitFor();
    expect(await p.getByRole('navigation', { name: 'Rounds' }).getByRole('link').allTextContents()).toEqual(['Round 1', 'Round 2', 'Round 3', 'Semifinals', 'Final']);
    await p.getByRole('table', { name: 'Final pairings' }).waitFor();
    await p.getByRole('navigation', { name: 'Rounds' }).getByRole('link', { name: 'Semifinals' }).click();
    await p.getByRole('table', { name: 'Semifinals pairings' }).waitFor();
    await expectAccessible(p);
    await screenshot(p, 'tournament-top-cut-desktop');

    // The conversion counts the semifinalists; the list names the champion and the cut's rounds.
    expect(await p.locator('#archetypes p').first().textContent()).toContain('The top cut is the 4 players of the Semifinals (4 of 8 players)');
    const { page: list } = await page('/tournaments?name=Cut');
    await list.getByRole('link', { name: 'Cut Cup' }).waitFor();
    expect((await rowsOf(list, 'Tournaments', 'data-tournament'))['cut-cup']).toMatchObject({ rounds: '3 of 3, top cut 2 of 2', champion: nameOf(winner) });
    await list.getByRole('link', { name: nameOf(winner) }).click();
    await list.getByRole('region', { name: `Player ${nameOf(winner)}` }).waitFor();

    const phone = await page('/tournaments/cut-cup#top-cut', PHONE);
    await phone.page.getByRole('list', { name: 'Top cut bracket' }).waitFor();
    await expectNoSideways(phone.page);
    // On a phone the rounds stack, read down the page: nothing of the bracket scrolls sideways in its panel.
    expect(await phone.page.evaluate(() => { const b = document.querySelector('.bracket-scroll')!; return b.scrollWidth <= b.clientWidth; })).toBe(true);
    // The final Swiss standings, seed marks and all, fit a small phone's panel: no column is left off its right edge.
    const small = await page('/tournaments/cut-cup', { width: 360, height: 740 });
    await small.page.getByRole('table', { name: 'Standings after round 3' }).locator('[data-field="seed"]').first().waitFor();
    expect(await standingsOverflow(small.page)).toBeLessThanOrEqual(0);
    const tops = await phone.page.locator('.bracket-round h3').evaluateAll((hs) => hs.map((h) => Math.round(h.getBoundingClientRect().top)));
    expect(tops).toEqual([...tops].sort((x, y) => x - y));
    expect(new Set(tops).size).toBe(tops.length);
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'tournament-top-cut-phone');
  });

  it('fits the demo’s widest standings (16 players, two-digit ranks, seeds, byes) on a 360 and a 320 px phone', async () => {
    // The Summoner Master demo's final Swiss standings were 14 px wider than a 320 px phone's panel.
    const plan = DEMO_TOURNAMENTS.find((t) => t.system === 'summoner-master')!;
    const bundle = simulateDemoTournament(plan);
    await api(server, '/v1/tournaments', { method: 'POST', body: JSON.stringify(bundle), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    await projected(plan.id, demoRounds(plan));
    for (const width of [360, 320]) {
      const phone = await page(`/tournaments/${plan.id}`, { width, height: 740 });
      await phone.page.getByRole('table', { name: `Standings after round ${plan.rounds}` }).locator('[data-field="seed"]').first().waitFor();
      expect({ width, overflow: Math.max(0, await standingsOverflow(phone.page)) }).toEqual({ width, overflow: 0 });
      await expectNoSideways(phone.page);
    }
  });

  it('says how a first player was chosen in the log’s own words where it has them (Summoner Master’s fair method)', async () => {
    const sm = simulateTournament({ system: 'summoner-master', players: 4, rounds: 1, bestOf: 3, seed: 24, id: 'fair-cup', name: 'Fair Cup' });
    await api(server, '/v1/tournaments', { method: 'POST', body: JSON.stringify(sm), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    await projected('fair-cup', 1);
    const match = (await api(server, '/v1/tournaments/fair-cup/rounds/1')).pairings.find((x: any) => x.games)!;
    const first = match.games[0];
    expect(first.firstPlayerMethod).toBe('fair');
    const { page: p } = await page('/tournaments/fair-cup?round=1');
    const games = p.getByRole('list', { name: `Games of table ${match.table}` }).first();
    await games.waitFor();
    expect(await games.getByRole('listitem').first().textContent()).toContain(` went first (a fair method: ${first.firstPlayerDetail})`);
    expect(first.firstPlayerDetail).toMatch(/^rock-paper-scissors/);
    // Game 2's first player was chosen by game 1's loser (SM-R6): the page names who chose.
    const second = match.games[1];
    const loser = match.players.find((id: string) => id !== first.winner);
    expect(second.firstPlayerChosenBy).toBe(loser);
    const names = (await api(server, '/v1/tournaments/fair-cup/standings')).standings;
    expect(await games.getByRole('listitem').nth(1).textContent()).toContain(` went first (chosen by ${names.find((x: any) => x.playerId === loser).name})`);
  });

  it("seeds the bracket in the organiser's order where players tied on every tiebreaker", async () => {
    // One Swiss round of 2–0s: P1 and P3 tie for first (listed P1 first), P2 and P4 for third. The
    // organiser gave P3 seed 1 and its bye, and the last place of the top 3 to P4.
    const win = (table: number, w: string, l: string): MatchPairing => ({ table, players: [w, l], result: { wins: { [w]: 2, [l]: 0 } } });
    const tied: TournamentBundle = {
      format: 'cardlog-tournament/1',
      tournament: { id: 'tie-cup', name: 'Tie Cup', system: 'born-from-blood', rulesVersion: '1', startDate: '2026-12-07', format: { swissRounds: 1, topCut: 3 }, bestOf: 3 },
      players: ['P1', 'P2', 'P3', 'P4'].map((id) => ({ id, name: `Tied ${id}` })),
      rounds: [
        { number: 1, pairings: [win(1, 'P1', 'P2'), win(2, 'P3', 'P4')] },
        { number: 2, pairings: [{ bye: 'P3' }, win(1, 'P4', 'P1')] },
      ],
    };
    await api(server, '/v1/tournaments', { method: 'POST', body: JSON.stringify(tied), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    await projected('tie-cup', 2);
    const { page: p } = await page('/tournaments/tie-cup');
    const bracket = p.getByRole('list', { name: 'Top cut bracket' });
    await bracket.waitFor();
    const lines = await bracket.locator('.bracket-round').first().locator('.bracket-match li').evaluateAll((items) => items.map((li) => li.textContent!.replace(/\s+/g, ' ').trim()));
    // Bracket order: seed 1's bye, then seed 2 against seed 3 (the higher seed first).
    expect(lines).toEqual(['1 Tied P3', '2 Tied P1 0', '3 Tied P4 2']);
    // The final Swiss standings list the tied by id, and say who went into the cut at which seed.
    await p.getByRole('table', { name: 'Standings after round 1' }).waitFor();
    const rows = await rowsOf(p, 'Standings after round 1', 'data-player');
    expect(Object.keys(rows)).toEqual(['P1', 'P3', 'P2', 'P4']);
    expect(Object.fromEntries(Object.entries(rows).map(([id, r]) => [id, [r.rank, r.seed ?? null]]))).toEqual({
      P1: ['1', '· top cut, seed 2'],
      P3: ['1', '· top cut, seed 1'],
      P2: ['3', null],
      P4: ['3', '· top cut, seed 3'],
    });
  });
});
