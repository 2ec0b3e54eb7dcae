import { simulateGames } from '@cardlog/rules';
import { TokenRepository, TournamentRecorder } from '@cardlog/recording';
import { Database, EventStore } from '@cardlog/store';
import { API_CONFIG, ApiConfig, loadApiConfig } from '../config';
import { DATABASE } from '../database/database.module';
import { Pipeline } from '../pipeline/pipeline.module';
import { TestApi, httpClient, startTestApi } from '../testing/test-api';
import { DemoLoader } from './demo-loader';

jest.setTimeout(60_000);

// Loading the whole demo is tested where it runs, from a fresh clone (tests/operability); here, which
// databases get it. One embedded server for all: starting one costs seconds.
describe('the demo loader', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { demo: true } });
  });
  afterAll(() => api?.close());

  /** A loader over the same database, configured as the environment `env` would configure it. */
  const loaderFor = (env: NodeJS.ProcessEnv) => {
    const get = <T>(token: unknown) => api.app.get<T>(token as never);
    const config = { ...get<ApiConfig>(API_CONFIG), demo: loadApiConfig(env).demo };
    return new DemoLoader(config, get<Database>(DATABASE), get<EventStore>(EventStore), get<TournamentRecorder>(TournamentRecorder), get<Pipeline>(Pipeline));
  };

  it('on an empty database has every demo tournament to load, from its first round', async () => {
    const pending = await api.app.get(DemoLoader).pending();
    expect(pending?.map((p) => [p.plan.id, p.recordedRounds])).toEqual([
      ['demo-summoner-master', 0],
      ['demo-aegis', 0],
      ['demo-born-from-blood', 0],
      ['demo-devacurse', 0],
    ]);
  });

  it('with CARDLOG_DEMO=0 has nothing to load and loads nothing', async () => {
    const demo = loaderFor({ CARDLOG_DEMO: '0' });
    expect(await demo.pending()).toBeNull();
    expect(await demo.start()).toBeNull();
    expect((await httpClient(() => api.base)('GET', '/v1/tournaments')).body.tournaments).toEqual([]);
  });

  it('leaves a database that holds games of its own alone', async () => {
    const token = (await new TokenRepository(api.app.get<Database>(DATABASE).sql).create('own games')).token;
    const upload = await httpClient(() => api.base, () => token)('POST', '/v1/games', { body: simulateGames(1, 99)[0]!.document });
    expect(upload.status).toBe(201);
    expect(await api.app.get(DemoLoader).pending()).toBeNull();
  });
});
