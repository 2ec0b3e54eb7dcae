import type { GameDocument } from '@cardlog/events';
import { simulateGames } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Reply, TestApi, httpClient, startTestApi } from '../testing/test-api';

jest.setTimeout(180_000);

const DERIVED = new Set(['GameEnded', 'CardsPutInGraveyard']);
const [liveDoc, finishedDoc, privateDoc] = simulateGames(3, 20261201).map((g) => g.document);
const inTournament = (doc: GameDocument, table: number): GameDocument => ({ ...doc, game: { tournament: 'bkk-open', round: 1, table } });

type Kind = 'anonymous' | 'organiser' | 'judge' | 'otherJudge' | 'seatP1' | 'seatP2' | 'revoked' | 'expired';
const ROUTES = ['summary', 'log', 'events', 'replay', 'spectator', 'p1', 'p2', 'judge'] as const;
type Route = (typeof ROUTES)[number];
const pathOf = (id: string, route: Route) =>
  route === 'summary' ? `/v1/games/${id}` : ['log', 'events', 'replay'].includes(route) ? `/v1/games/${id}/${route}` : `/v1/games/${id}/state?view=${route}`;

/** What each reader gets from each read route while the game is in progress. */
const WHILE_LIVE: Record<Kind, Record<Route, number>> = {
  anonymous: { summary: 200, log: 401, events: 401, replay: 401, spectator: 200, p1: 401, p2: 401, judge: 401 },
  organiser: { summary: 200, log: 200, events: 200, replay: 200, spectator: 200, p1: 200, p2: 200, judge: 200 },
  judge: { summary: 200, log: 200, events: 200, replay: 200, spectator: 200, p1: 200, p2: 200, judge: 200 },
  otherJudge: { summary: 200, log: 403, events: 403, replay: 403, spectator: 200, p1: 403, p2: 403, judge: 403 },
  seatP1: { summary: 200, log: 403, events: 403, replay: 403, spectator: 200, p1: 200, p2: 403, judge: 403 },
  seatP2: { summary: 200, log: 403, events: 403, replay: 403, spectator: 200, p1: 403, p2: 200, judge: 403 },
  revoked: { summary: 401, log: 401, events: 401, replay: 401, spectator: 401, p1: 401, p2: 401, judge: 401 },
  expired: { summary: 401, log: 401, events: 401, replay: 401, spectator: 401, p1: 401, p2: 401, judge: 401 },
};
const everything = (status: number) => Object.fromEntries(ROUTES.map((r) => [r, status])) as Record<Route, number>;

describe('who reads what of a game', () => {
  let api: TestApi;
  const tokens = {} as Record<Exclude<Kind, 'anonymous'>, string>;
  let liveId: string;
  let finishedId: string;
  let privateId: string;
  const call = httpClient(() => api.base, () => tokens.organiser);
  const as = (kind: Kind, path: string): Promise<Reply> => call('GET', path, { token: kind === 'anonymous' ? null : tokens[kind] });

  beforeAll(async () => {
    api = await startTestApi();
    const db = api.app.get<Database>(DATABASE);
    const repo = new TokenRepository(db.sql);
    tokens.organiser = (await repo.create('organiser', { tournaments: ['bkk-open'] })).token;
    tokens.judge = (await repo.create('head judge', { scope: 'judge', tournaments: ['bkk-open'] })).token;
    tokens.otherJudge = (await repo.create('judge elsewhere', { scope: 'judge', tournaments: ['paris-major'] })).token;
    const revoked = await repo.create('revoked', { tournaments: ['bkk-open'] });
    await repo.revoke(revoked.tokenId);
    tokens.revoked = revoked.token;
    const soon = new TokenRepository(db.sql, () => new Date(Date.now() - 3_600_000));
    tokens.expired = (await soon.create('expired', { tournaments: ['bkk-open'], expiresAt: new Date(Date.now() - 60_000) })).token;

    const live = inTournament(liveDoc!, 1);
    const open = await call('POST', '/v1/games/live', { body: { ...live, events: [] } });
    liveId = open.body.id;
    // Decks registered, hands drawn and a few turns played: hidden cards in every hand and deck.
    const actions = live.events.filter((e) => !DERIVED.has(e.type)).slice(0, 40);
    const appended = await call('POST', `/v1/games/${liveId}/events`, { body: { expectedVersion: 0, events: actions } });
    expect(appended.status).toBe(200);
    tokens.seatP1 = (await repo.create('seat p1', { scope: 'seat', gameId: liveId, seat: 'p1' })).token;
    tokens.seatP2 = (await repo.create('seat p2', { scope: 'seat', gameId: liveId, seat: 'p2' })).token;
    finishedId = (await call('POST', '/v1/games', { body: inTournament(finishedDoc!, 2) })).body.id;
    privateId = (await call('POST', '/v1/games?visibility=private', { body: inTournament(privateDoc!, 3) })).body.id;
  });
  afterAll(() => api?.close());

  describe.each(Object.keys(WHILE_LIVE) as Kind[])('a game in progress, read by %s', (kind) => {
    it.each([...ROUTES])('%s', async (route) => {
      const reply = await as(kind, pathOf(liveId, route));
      expect({ route, status: reply.status }).toEqual({ route, status: WHILE_LIVE[kind][route] });
      if (reply.status === 401 || reply.status === 403) expect(reply.body.error.code).toMatch(/^(GAME_IN_PROGRESS|UNAUTHORIZED)$/);
    });
  });

  describe.each(Object.keys(WHILE_LIVE) as Kind[])('a finished public game, read by %s', (kind) => {
    it('every route answers (only a dead token is refused)', async () => {
      const expected = kind === 'revoked' || kind === 'expired' ? everything(401) : everything(200);
      const got: Record<string, number> = {};
      for (const route of ROUTES) got[route] = (await as(kind, pathOf(finishedId, route))).status;
      expect(got).toEqual(expected);
      expect((await as(kind, `/v1/games/${finishedId}/state?view=reveal`)).status).toBe(expected.summary);
    });
  });

  describe.each([
    ['anonymous', 404],
    ['otherJudge', 404],
    ['seatP1', 404],
    ['organiser', 200],
    ['judge', 200],
  ] as [Kind, number][])('a finished private game, read by %s', (kind, status) => {
    it(`answers ${status} on every route, and is listed only for its staff`, async () => {
      for (const route of ROUTES) expect({ route, status: (await as(kind, pathOf(privateId, route))).status }).toEqual({ route, status });
      const listed = await as(kind, '/v1/games?limit=200');
      expect(listed.body.items.some((g: { id: string }) => g.id === privateId)).toBe(status === 200);
      // A step or view out of range for this game is refused only to those who may read it: to anyone else
      // it is the same 404, which names neither the game's length nor its seats.
      for (const query of ['step=999999', 'view=p9', 'step=999999&view=p9']) {
        const reply = await as(kind, `/v1/games/${privateId}/state?${query}`);
        expect({ query, status: reply.status }).toEqual({ query, status: status === 200 ? 400 : 404 });
        if (status === 404) expect(JSON.stringify(reply.body)).not.toMatch(/total|between|p1|p2/);
      }
    });
  });

  it("nothing an anonymous reader can get of a live game holds a seat's hidden cards, and a seat gets none of the other's", async () => {
    const judge = (await as('judge', pathOf(liveId, 'judge'))).body.state;
    const spectator = (await as('anonymous', pathOf(liveId, 'spectator'))).body.state;
    const publicText = JSON.stringify(spectator);
    const hidden = (seat: 'p1' | 'p2') => {
      const p = judge.players[seat];
      const refs = [...(p.hand ?? []), ...p.deck.top, ...p.deck.middle, ...p.deck.bottom, ...(p.extraDeck ?? [])] as { cardId: string; name: string }[];
      // Names also on public cards (another copy on the field) are not secrets of the hand.
      return { ids: refs.map((r) => r.cardId), names: [...new Set(refs.map((r) => r.name))].filter((n) => !publicText.includes(JSON.stringify(n))) };
    };
    const [p1, p2] = [hidden('p1'), hidden('p2')];
    expect(p1.ids.length + p2.ids.length).toBeGreaterThan(20);
    expect(p1.names.length + p2.names.length).toBeGreaterThan(0);

    const version = (await as('anonymous', pathOf(liveId, 'summary'))).body.events as number;
    const anonymous: Reply[] = [await as('anonymous', '/v1/games?limit=200'), await as('anonymous', `/v1/games?tournament=bkk-open`)];
    for (const route of ROUTES) anonymous.push(await as('anonymous', pathOf(liveId, route)));
    for (const view of ['reveal', 'p3', 'nobody']) anonymous.push(await as('anonymous', `/v1/games/${liveId}/state?view=${view}`));
    for (let step = 0; step <= version; step += 5) anonymous.push(await as('anonymous', `/v1/games/${liveId}/state?step=${step}`));
    anonymous.push(await as('anonymous', `/v1/games/${liveId}/events?from=1&limit=5`));
    const seen = anonymous.map((r) => JSON.stringify(r.body)).join('\n');
    for (const id of [...p1.ids, ...p2.ids]) expect(seen).not.toContain(JSON.stringify(id));
    for (const name of [...p1.names, ...p2.names]) expect(seen).not.toContain(JSON.stringify(name));

    const seat: Reply[] = [];
    for (const route of ROUTES) seat.push(await as('seatP1', pathOf(liveId, route)));
    const seatText = seat.map((r) => JSON.stringify(r.body)).join('\n');
    for (const id of p2.ids) expect(seatText).not.toContain(JSON.stringify(id));
    expect(seatText).toContain(JSON.stringify(p1.ids[0]));
  });

  it("visibility is set at upload and changed on a live game by a record token of its tournament", async () => {
    const changed = await call('PUT', `/v1/games/${liveId}/visibility`, { body: { visibility: 'unlisted' } });
    expect(changed).toEqual({ status: 200, body: { id: liveId, visibility: 'unlisted' } });
    const listed = await as('anonymous', '/v1/games?limit=200');
    expect(listed.body.items.some((g: { id: string }) => g.id === liveId)).toBe(false);
    expect((await as('anonymous', pathOf(liveId, 'spectator'))).status).toBe(200);
    const byJudge = await call('PUT', `/v1/games/${liveId}/visibility`, { body: { visibility: 'public' }, token: tokens.judge });
    expect(byJudge.status).toBe(403);
    expect(byJudge.body.error.code).toBe('SCOPE_FORBIDDEN');
    const bad = await call('PUT', `/v1/games/${liveId}/visibility`, { body: { visibility: 'secret' } });
    expect(bad.status).toBe(400);
    expect((await call('PUT', `/v1/games/${liveId}/visibility`, { body: { visibility: 'public' } })).status).toBe(200);
    const wrong = await call('POST', '/v1/games?visibility=hidden', { body: inTournament(finishedDoc!, 9) });
    expect(wrong.status).toBe(400);
  });

  it('judge and seat tokens read but never write (403), and a dead token is a 401 on writes too', async () => {
    for (const kind of ['judge', 'seatP1'] as const) {
      const reply = await call('POST', '/v1/games', { body: inTournament(finishedDoc!, 10), token: tokens[kind] });
      expect(reply.status).toBe(403);
      expect(reply.body.error.code).toBe('SCOPE_FORBIDDEN');
    }
    for (const kind of ['revoked', 'expired'] as const) {
      expect((await call('POST', '/v1/games', { body: inTournament(finishedDoc!, 10), token: tokens[kind] })).status).toBe(401);
    }
  });
});
