import { replay as replayLocally, simulateSmGames, summonerMaster } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Reply, TestApi, httpClient, onBothDatabases, startTestApi } from '../testing/test-api';

jest.setTimeout(120_000);

const games = simulateSmGames(3, 20261201).map((g) => g.document);

onBothDatabases('summoner-master through the API', (databaseUrl) => {
  let api: TestApi;
  let token: string;
  let db: Database;
  const call = httpClient(() => api.base, () => token);

  beforeAll(async () => {
    api = await startTestApi({ ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
    db = api.app.get<Database>(DATABASE);
    token = (await new TokenRepository(db.sql).create('smn recorder')).token;
  });
  afterAll(() => api?.close());

  it('accepts simulated games, replays them step by step and folds each viewer’s board from snapshots', async () => {
    const doc = games[0]!;
    const created = await call('POST', '/v1/games', { body: doc });
    expect(created.status).toBe(201);
    expect(created.body.outcome).toMatchObject({ reason: expect.any(String) });
    const total = doc.events.length;
    let replay: Reply;
    const deadline = Date.now() + 30_000;
    do {
      replay = await call('GET', `/v1/games/${created.body.id}/replay`, { token: null });
      if (replay.body.projected === total) break;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < deadline);
    expect(replay.body).toMatchObject({ total, projected: total });
    const late = replay.body.steps[total - 5];
    expect(late).toMatchObject({ turn: expect.any(Number), phase: expect.any(String), actor: expect.anything() });
    for (const step of [1, 51, total]) {
      const judge = await call('GET', `/v1/games/${created.body.id}/state?step=${step}&view=judge`, { token: null });
      expect(judge.status).toBe(200);
      // A board folded from a stored snapshot is the board a fresh fold of the prefix gives.
      const local = replayLocally({ ...doc, events: doc.events.slice(0, step) }).state;
      expect(judge.body.state).toEqual(JSON.parse(JSON.stringify(summonerMaster.view(local as never, 'judge'))));
    }
    const p1 = await call('GET', `/v1/games/${created.body.id}/state?step=60&view=p1`, { token: null });
    expect(p1.body.state.players.p1.hand).toBeDefined();
    expect(p1.body.state.players.p2.hand).toBeUndefined();
    const stats = await call('GET', '/v1/stats/decks?system=summoner-master', { token: null });
    expect(stats.status).toBe(200);
  });

  it('rejects an illegal game with its event index and rule code, and stores nothing', async () => {
    const doc = games[1]!;
    const i = doc.events.findIndex((e) => e.type === 'OpeningHandDrawn');
    const bad = { ...doc, events: doc.events.map((e, k) => (k === i ? { ...e, payload: { cardIds: (e.payload as { cardIds: string[] }).cardIds.slice(0, 6) } } : e)) };
    const [before] = await db.sql<{ n: string }[]>`select count(*) as n from events`;
    const res = await call('POST', '/v1/games', { body: bad });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ index: i, type: 'OpeningHandDrawn', code: 'OPENING_HAND_COMPOSITION' });
    const [after] = await db.sql<{ n: string }[]>`select count(*) as n from events`;
    expect(after!.n).toBe(before!.n);
  });
});
