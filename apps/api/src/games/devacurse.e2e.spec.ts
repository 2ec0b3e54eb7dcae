import { findSimulator } from '@cardlog/rules';
import { TokenRepository } from '@cardlog/recording';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Reply, TestApi, httpClient, onBothDatabases, startTestApi } from '../testing/test-api';

jest.setTimeout(120_000);

const simulator = findSimulator('devacurse')!;
const threeDevas = simulator.simulate({ seed: 31, players: 3 }).document;
const fourDevas = simulator.simulate({ seed: 32, players: 4 }).document;

onBothDatabases('Devacurse through the API', (databaseUrl) => {
  let api: TestApi;
  let token: string;
  const call = httpClient(() => api.base, () => token);

  beforeAll(async () => {
    api = await startTestApi({ ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
    token = (await new TokenRepository(api.app.get<Database>(DATABASE).sql).create('dv recorder')).token;
  });
  afterAll(() => api?.close());

  it('stores 3- and 4-Deva games, replays them step by step and folds each seat’s view', async () => {
    const three = await call('POST', '/v1/games', { body: threeDevas });
    expect(three.status).toBe(201);
    expect(three.body).toMatchObject({ events: threeDevas.events.length, outcome: { result: 'win', reason: 'lastDevaStanding' } });
    expect((await call('POST', '/v1/games', { body: fourDevas })).status).toBe(201);

    const total = threeDevas.events.length;
    let replay: Reply;
    const deadline = Date.now() + 30_000;
    do {
      replay = await call('GET', `/v1/games/${three.body.id}/replay`, { token: null });
      if (replay.body.projected === total) break;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < deadline);
    expect(replay.body).toMatchObject({ total, projected: total });
    expect(replay.body.steps.every((s: any) => typeof s.description === 'string' && s.description.length > 0)).toBe(true);

    const p3 = await call('GET', `/v1/games/${three.body.id}/state?step=40&view=p3`, { token: null });
    expect(p3.status).toBe(200);
    expect(p3.body.state.players.p3.hand).toBeDefined();
    expect(p3.body.state.players.p1.hand).toBeUndefined();
  });

  it('rejects an illegal Devacurse action with 422 and its rule code, storing nothing', async () => {
    const broken = structuredClone(threeDevas);
    broken.game = { id: 'dv-broken' };
    const k = broken.events.findIndex((e, i) => i > 20 && e.type === 'PassPriority');
    broken.events[k] = { ...broken.events[k]!, player: broken.events[k]!.player === 'p1' ? 'p2' : 'p1' };
    const res = await call('POST', '/v1/games', { body: broken });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ index: k, type: 'PassPriority', code: 'NO_PRIORITY', validEvents: k });
  });
});
