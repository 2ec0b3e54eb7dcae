import postgres, { Sql } from 'postgres';
import type { GameDocument } from '@cardlog/events';
import { findSystem, fold, resolveHeader, simulateGames } from '@cardlog/rules';
import { GameReader, TokenRepository } from '@cardlog/recording';
import { migrate } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@cardlog/testing';
import { Reply, TestApi, httpClient, startTestApi } from '../testing/test-api';

jest.setTimeout(180_000);

const DERIVED = new Set(['GameEnded', 'CardsPutInGraveyard']);
const docs = simulateGames(6, 20261202).map((g) => g.document);
const inTournament = (doc: GameDocument, table: number): GameDocument => ({ ...doc, game: { tournament: 'bkk-open', round: 1, table } });
const headerOf = (doc: GameDocument) => ({ ...doc, events: [] }) as GameDocument;

/**
 * A finished game's seeks are answered from memory (GameReader holds its events and boards), but
 * never an answer a fresh read would refuse: two API instances share one database, as replicas do,
 * and what one of them (or the owner, by hand) changes is seen by the other on its next request.
 */
describeWithPostgres('seeks into finished games held in memory', () => {
  let db: TestDatabase;
  let owner: Sql;
  let holder: TestApi;
  let other: TestApi;
  const tokens = {} as Record<'organiser' | 'judge' | 'otherJudge', string>;
  const tokenIds = {} as Record<'judge', string>;
  const callHolder = httpClient(() => holder.base, () => tokens.organiser);
  const callOther = httpClient(() => other.base, () => tokens.organiser);
  const anonymous = (path: string): Promise<Reply> => callHolder('GET', path, { token: null });

  beforeAll(async () => {
    db = await createTestDatabase('cardlog_api_held');
    owner = postgres(db.url, { max: 2, onnotice: () => undefined });
    await migrate(owner);
    const repo = new TokenRepository(owner);
    tokens.organiser = (await repo.create('organiser', { tournaments: ['bkk-open'] })).token;
    const judge = await repo.create('head judge', { scope: 'judge', tournaments: ['bkk-open'] });
    tokens.judge = judge.token;
    tokenIds.judge = judge.tokenId;
    tokens.otherJudge = (await repo.create('judge elsewhere', { scope: 'judge', tournaments: ['paris-major'] })).token;
    holder = await startTestApi({ databaseUrl: db.url });
    other = await startTestApi({ databaseUrl: db.url });
  });

  afterAll(async () => {
    await holder?.close();
    await other?.close();
    await owner?.end({ timeout: 5 });
    await db?.drop();
  });

  /** Seeks once (which starts holding a finished game) and waits until the holder holds it. */
  async function holdOn(id: string, token: string | null = null): Promise<void> {
    const reader = holder.app.get(GameReader);
    const deadline = Date.now() + 20_000;
    while (reader.held(id) !== 'held') {
      expect((await callHolder('GET', `/v1/games/${id}/state?step=1`, { token })).status).toBe(200);
      if (Date.now() > deadline) throw new Error(`game ${id} was never held`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a held game answers, for every viewer, the board a fold of its first N events gives', async () => {
    const doc = inTournament(docs[0]!, 1);
    const { body } = await callHolder('POST', '/v1/games', { body: doc });
    await holdOn(body.id);
    const system = findSystem(doc.system)!;
    const initial = system.initialState(resolveHeader(headerOf(doc), system));
    const total = doc.events.length;
    for (const step of [0, 1, 7, 8, 9, 15, 16, 17, 100, 99, total - 1, total, 3]) {
      for (const view of ['spectator', 'p1', 'p2', 'judge', 'reveal'] as const) {
        const state = await anonymous(`/v1/games/${body.id}/state?step=${step}&view=${view}`);
        expect(state.status).toBe(200);
        expect(state.body).toMatchObject({ gameId: body.id, step, total, view });
        expect(state.body.folded).toBeLessThan(8);
        const board = fold(system, initial, doc.events.slice(0, step));
        expect(state.body.state).toEqual(JSON.parse(JSON.stringify(system.view(board, view))));
        if (step < total) expect(state.body.outcome).toEqual(JSON.parse(JSON.stringify(system.outcome(board))));
      }
    }
    const latest = await anonymous(`/v1/games/${body.id}/state`);
    expect(latest.body).toMatchObject({ step: total, total, view: 'spectator' });
    expect(latest.body.outcome).toEqual((await anonymous(`/v1/games/${body.id}`)).body.outcome);
    expect((await anonymous(`/v1/games/${body.id}/state?step=${total + 1}`)).body.error.code).toBe('BAD_STEP');
    expect((await anonymous(`/v1/games/${body.id}/state?step=-1`)).status).toBe(400);
    expect((await anonymous(`/v1/games/${body.id}/state?step=3&view=p3`)).body.error.code).toBe('BAD_VIEW');
    expect(holder.app.get(GameReader).held(body.id)).toBe('held');
  });

  it('CARDLOG_HELD_GAMES_MB=0 holds no game: every seek folds from a snapshot, to the same boards', async () => {
    const doc = inTournament(docs[5]!, 6);
    const { body } = await callHolder('POST', '/v1/games', { body: doc });
    const lean = await startTestApi({ databaseUrl: db.url, config: { heldGamesMb: 0 } });
    try {
      const system = findSystem(doc.system)!;
      const initial = system.initialState(resolveHeader(headerOf(doc), system));
      const reader = lean.app.get(GameReader);
      for (const step of [1, 60, 61, 1, doc.events.length]) {
        const state = await httpClient(() => lean.base, () => tokens.organiser)('GET', `/v1/games/${body.id}/state?step=${step}&view=reveal`, { token: null });
        expect(state.status).toBe(200);
        expect(state.body.state).toEqual(JSON.parse(JSON.stringify(system.view(fold(system, initial, doc.events.slice(0, step)), 'reveal'))));
      }
      // A seek may start loading the game to hold it; with no budget the load ends holding nothing.
      const deadline = Date.now() + 20_000;
      while (reader.held(body.id) === 'loading' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(reader.held(body.id)).toBeNull();
    } finally {
      await lean.close();
    }
  });

  it('a held game made private through another instance is not found by the one holding it, except by its staff', async () => {
    const { body } = await callHolder('POST', '/v1/games', { body: inTournament(docs[1]!, 2) });
    await holdOn(body.id);
    expect((await anonymous(`/v1/games/${body.id}/state?step=20&view=p1`)).status).toBe(200);
    expect((await callOther('PUT', `/v1/games/${body.id}/visibility`, { body: { visibility: 'private' } })).status).toBe(200);
    for (const step of [20, 21, 5]) {
      const refused = await anonymous(`/v1/games/${body.id}/state?step=${step}&view=p1`);
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('GAME_NOT_FOUND');
      expect((await callHolder('GET', `/v1/games/${body.id}/state?step=${step}&view=p1`, { token: tokens.otherJudge })).status).toBe(404);
      expect((await callHolder('GET', `/v1/games/${body.id}/state?step=${step}&view=p1`, { token: tokens.judge })).status).toBe(200);
    }
    // Made private by hand, by the database's owner, likewise.
    expect((await callOther('PUT', `/v1/games/${body.id}/visibility`, { body: { visibility: 'public' } })).status).toBe(200);
    expect((await anonymous(`/v1/games/${body.id}/state?step=20`)).status).toBe(200);
    await owner`update games set visibility = 'private' where game_id = ${body.id}`;
    expect((await anonymous(`/v1/games/${body.id}/state?step=20`)).status).toBe(404);
    expect(holder.app.get(GameReader).held(body.id)).toBe('held');
  });

  it('a token revoked after it read a held private game reads nothing more of it', async () => {
    const { body } = await callHolder('POST', '/v1/games?visibility=private', { body: inTournament(docs[2]!, 3) });
    await holdOn(body.id, tokens.judge);
    expect((await callHolder('GET', `/v1/games/${body.id}/state?step=30&view=judge`, { token: tokens.judge })).status).toBe(200);
    await new TokenRepository(owner).revoke(tokenIds.judge);
    const refused = await callHolder('GET', `/v1/games/${body.id}/state?step=30&view=judge`, { token: tokens.judge });
    expect(refused.status).toBe(401);
    expect((await anonymous(`/v1/games/${body.id}/state?step=30&view=judge`)).status).toBe(404);
  });

  it('a held game deleted from the database is not found, and no longer held', async () => {
    const { body } = await callHolder('POST', '/v1/games', { body: inTournament(docs[3]!, 4) });
    await holdOn(body.id);
    expect((await anonymous(`/v1/games/${body.id}/state?step=12`)).status).toBe(200);
    await owner`delete from games where game_id = ${body.id}`;
    const gone = await anonymous(`/v1/games/${body.id}/state?step=12`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('GAME_NOT_FOUND');
    expect(holder.app.get(GameReader).held(body.id)).toBeNull();
  });

  it("a game in progress is never held: its hands stay hidden until it is over, then a seek shows them", async () => {
    const doc = inTournament(docs[4]!, 5);
    const open = await callHolder('POST', '/v1/games/live', { body: headerOf(doc) });
    const id = open.body.id as string;
    const actions = doc.events.filter((e) => !DERIVED.has(e.type)).slice(0, 40);
    expect((await callHolder('POST', `/v1/games/${id}/events`, { body: { expectedVersion: 0, events: actions } })).status).toBe(200);
    const reader = holder.app.get(GameReader);
    for (const step of [10, 11, 12, 40]) {
      expect((await callHolder('GET', `/v1/games/${id}/state?step=${step}&view=judge`)).status).toBe(200);
      expect((await anonymous(`/v1/games/${id}/state?step=${step}&view=p1`)).status).toBe(401);
      expect((await callHolder('GET', `/v1/games/${id}/state?step=${step}&view=p1`, { token: tokens.otherJudge })).status).toBe(403);
      expect((await anonymous(`/v1/games/${id}/state?step=${step}`)).status).toBe(200);
      expect(reader.held(id)).toBeNull();
    }
    // Closed through the other instance: over, so public, at once.
    expect((await callOther('POST', `/v1/games/${id}/close`, { body: { result: 'draw', reason: 'time' } })).status).toBe(200);
    await holdOn(id);
    const hand = await anonymous(`/v1/games/${id}/state?step=40&view=p1`);
    expect(hand.status).toBe(200);
    expect(hand.body.outcome).toMatchObject({ result: 'draw' });
  });
});
