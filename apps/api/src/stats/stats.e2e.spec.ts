import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { Database } from '@cardlog/store';
import { DATABASE } from '../database/database.module';
import { Reply, TestApi, httpClient, onBothDatabases, startTestApi } from '../testing/test-api';

jest.setTimeout(120_000);

const BFB = 'born-from-blood';
const near = (value: number) => expect.closeTo(value, 4);


/**
 * Facts as the projector would write them: 24 games Alpha (p1, on the play) v Beta (p2), Alpha wins
 * 15, Beta 8, one draw, the first 12 at tournament e2e-open; two Alpha mirrors won by p1; one game
 * still in progress. Alpha decks hold card x-1, in the opening hand in games 1–6 (Alpha won all six)
 * and in both seats of both mirrors.
 */
async function seed(sql: Sql): Promise<void> {
  const game = async (i: number, opponent: string, result: 'p1' | 'p2' | 'draw' | null) => {
    const gameId = randomUUID();
    const tournament = opponent === 'Beta' && i <= 12 ? 'e2e-open' : null;
    const base = { game_id: gameId, system: BFB, rules_version: '1.0', tournament };
    await sql`insert into rm_games ${sql({
      ...base,
      mode: 'upload',
      played_at: '2026-11-01T12:00:00Z',
      recorded_at: '2026-11-01T13:00:00Z',
      catalog_id: 'demo@1',
      players: JSON.stringify([{ seat: 'p1' }, { seat: 'p2' }]),
      first_player: 'p1',
      events: 100,
      turns: 10,
      status: result ? 'finished' : 'in_progress',
      result: result === null ? null : result === 'draw' ? 'draw' : 'win',
      winner: result === 'draw' ? null : result,
    })}`;
    for (const seat of ['p1', 'p2'] as const) {
      const archetype = seat === 'p1' ? 'Alpha' : opponent;
      const outcome = result === null ? null : result === 'draw' ? 'draw' : result === seat ? 'win' : 'loss';
      await sql`insert into rm_game_seats ${sql({
        ...base,
        seat,
        played_at: '2026-11-01T12:00:00Z',
        player_name: `${seat}-${i}`,
        archetype,
        list_hash: `${archetype.toLowerCase()}-1`,
        on_play: seat === 'p1',
        opponent_archetype: seat === 'p1' ? opponent : 'Alpha',
        result: outcome,
      })}`;
      if (archetype === 'Alpha') {
        await sql`insert into rm_card_games ${sql({ game_id: gameId, seat, system: BFB, card_id: 'x-1', card_name: 'Spark', copies: 2, in_opening_hand: i <= 6 })}`;
      }
    }
    // As the projector does once a game's rows are written: its cards join the per-card counters.
    await sql`select rm_card_stats_add(array[${gameId}]::uuid[], 1)`;
  };
  for (let i = 1; i <= 24; i++) await game(i, 'Beta', i <= 15 ? 'p1' : i <= 23 ? 'p2' : 'draw');
  for (let i = 1; i <= 2; i++) await game(i, 'Alpha', 'p1');
  await game(99, 'Beta', null);
}

onBothDatabases('statistics API', (databaseUrl) => {
  let api: TestApi;
  const call = httpClient(() => api.base);
  const get = (path: string): Promise<Reply> => call('GET', path);

  beforeAll(async () => {
    api = await startTestApi({ ...(databaseUrl() ? { databaseUrl: databaseUrl()! } : {}) });
    await seed(api.app.get<Database>(DATABASE).sql);
  });
  afterAll(() => api?.close());

  it('GET /v1/stats/decks answers win rates without mirrors, meta shares and the floor', async () => {
    const res = await get('/v1/stats/decks');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ filters: { by: 'archetype' }, floor: 20 });
    expect(res.body.systems).toHaveLength(1);
    const [system] = res.body.systems;
    expect(system).toMatchObject({ system: BFB, seatGames: 52 });
    expect(system.decks).toEqual([
      {
        archetype: 'Alpha',
        games: 28,
        mirrors: 4,
        metaShare: expect.objectContaining({ count: 28, of: 52, value: near(28 / 52) }),
        winRate: { games: 24, wins: 15, losses: 8, draws: 1, value: near(15.5 / 24), low: near(0.4469), high: near(0.8045), tooSmallToRank: false },
      },
      expect.objectContaining({ archetype: 'Beta', games: 24, mirrors: 0, winRate: expect.objectContaining({ value: near(8.5 / 24), tooSmallToRank: false }) }),
    ]);
  });

  it('filters by query parameters, and minGames raises the floor', async () => {
    const kyoto = await get('/v1/stats/decks?system=born-from-blood&tournament=e2e-open&by=list');
    expect(kyoto.status).toBe(200);
    expect(kyoto.body.filters).toEqual({ system: BFB, tournament: 'e2e-open', by: 'list' });
    expect(kyoto.body.systems[0].decks.map((d: any) => [d.listHash, d.archetype, d.winRate.wins, d.winRate.losses, d.winRate.tooSmallToRank])).toEqual([
      ['alpha-1', 'Alpha', 12, 0, true],
      ['beta-1', 'Beta', 0, 12, true],
    ]);
    const strict = await get('/v1/stats/decks?minGames=25');
    expect(strict.body.floor).toBe(25);
    expect(strict.body.systems[0].decks.map((d: any) => [d.archetype, d.winRate.tooSmallToRank])).toEqual([['Alpha', true]]);
    expect((await get('/v1/stats/decks?to=2026-10-31')).body.systems).toEqual([]);
    expect((await get('/v1/stats/decks?system=aegis')).body.systems).toEqual([]);
  });

  it('GET /v1/stats/matchups weights the matchup by meta share, the mirror counting 0.5', async () => {
    const res = await get('/v1/stats/matchups');
    expect(res.status).toBe(200);
    const [alpha, beta] = res.body.systems[0].archetypes;
    expect(alpha).toMatchObject({ archetype: 'Alpha', mirrors: 4, expectedWinRate: { value: near(29.5 / 52), games: 24, coverage: 1, unknownMatchups: [], tooSmallToRank: false } });
    expect(alpha.matchups).toEqual([
      expect.objectContaining({ opponent: 'Beta', winRate: expect.objectContaining({ games: 24, value: near(15.5 / 24) }), onPlay: expect.objectContaining({ games: 24 }), onDraw: expect.objectContaining({ games: 0, value: null }) }),
    ]);
    expect(beta.matchups[0].onDraw).toMatchObject({ games: 24, wins: 8, losses: 15, draws: 1 });
  });

  it('GET /v1/stats/cards gives in-deck, opening-hand and never-seen win rates and IWD', async () => {
    const res = await get('/v1/stats/cards?archetype=Alpha');
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual({ archetype: 'Alpha' });
    const [card] = res.body.systems[0].cards;
    expect(card).toMatchObject({
      cardId: 'x-1',
      name: 'Spark',
      gamesInDeck: 28,
      inDeck: { games: 28, wins: 17, losses: 10, draws: 1 },
      openingHand: { games: 10, wins: 8, losses: 2, value: 0.8 },
      inHand: { games: 10, wins: 8, losses: 2, value: 0.8 },
      notSeen: { games: 18, wins: 9, losses: 8, draws: 1, value: near(9.5 / 18) },
      improvementWhenDrawn: { value: near(0.8 - 9.5 / 18), games: { a: 10, b: 18 }, tooSmallToRank: true },
    });
    expect((await get('/v1/stats/cards?archetype=Beta')).body.systems).toEqual([]);
  });

  it('GET /v1/stats/overview counts finished games and the first player win rate', async () => {
    const res = await get('/v1/stats/overview');
    expect(res.status).toBe(200);
    const [system] = res.body.systems;
    expect(system).toMatchObject({ system: BFB, games: 26, gamesWithoutFirstPlayer: 0, draws: { count: 1, of: 26 }, decisive: { count: 25, of: 26 } });
    expect(system.firstPlayer).toEqual({ games: 26, wins: 17, losses: 8, draws: 1, value: near(17.5 / 26), low: near(0.481), high: near(0.8206), tooSmallToRank: false });
    expect(system.turns).toMatchObject({ count: 26, min: 10, median: 10, max: 10, mean: 10, histogram: [{ from: 10, to: 10, count: 26 }] });
  });

  it.each([
    ['/v1/stats/decks?by=deck', 'by'],
    ['/v1/stats/decks?minGames=-3', 'minGames'],
    ['/v1/stats/matchups?minGames=lots', 'minGames'],
    ['/v1/stats/cards?from=yesterday', 'from'],
    ['/v1/stats/overview?to=2026-11-01T25:00:00Z', 'to'],
    ['/v1/stats/overview?from=2026-11-02&to=2026-11-01', 'from'],
    ['/v1/stats/decks?system=a&system=b', 'system'],
    ['/v1/stats/matchups?sort=games', 'sort'],
    ['/v1/stats/overview?archetype=Alpha', 'archetype'],
  ])('%s is a 400 naming %s', async (path, parameter) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_QUERY', path: parameter, message: expect.stringContaining(parameter) });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = await get('/docs-json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/v1/stats/decks', '/v1/stats/matchups', '/v1/stats/cards', '/v1/stats/overview']));
    expect(doc.body.paths['/v1/stats/decks'].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['system', 'rulesVersion', 'tournament', 'from', 'to', 'minGames', 'by']),
    );
  });
});
