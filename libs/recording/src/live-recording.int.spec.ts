import { simulateGames } from '@cardlog/rules';
import { Database, EventStore, StoredEvent, connectDatabase, migrate } from '@cardlog/store';
import { CatalogRepository } from './catalogs';
import { GameRecorder } from './game-recorder';
import { GameReader } from './game-reader';

jest.setTimeout(60_000);

const principal = { tokenId: 't', name: 'table 4', tournaments: null };
const DERIVED = new Set(['GameEnded', 'CardsPutInGraveyard']);

describe('live recording from two server instances', () => {
  let db: Database;
  beforeAll(async () => {
    db = await connectDatabase({ dataDir: 'memory' });
    await migrate(db.sql);
  });
  afterAll(() => db.close());

  it('alternating appends through two recorders (each with its own state cache) record the game exactly', async () => {
    const store = new EventStore(db.sql);
    const catalogs = new CatalogRepository(db.sql);
    const [a, b] = [new GameRecorder(db.sql, store, catalogs), new GameRecorder(db.sql, store, catalogs)];
    const doc = simulateGames(1, 404)[0]!.document;
    const { id } = await a.startLive({ ...doc, events: [] }, { principal });
    const actions = doc.events.filter((e) => !DERIVED.has(e.type));
    let version = 0;
    for (let i = 0, turn = 0; i < actions.length; i += 7, turn++) {
      const recorder = turn % 3 === 2 ? b : a;
      const before = version;
      version = (await recorder.appendLive(id, version, actions.slice(i, i + 7), { principal })).version;
      if (recorder === b && version < doc.events.length) {
        // `a` cached the game at `before`; b has moved it on. a's stale view must not win.
        await expect(a.appendLive(id, before, actions.slice(i, i + 1), { principal })).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
      }
    }
    expect(version).toBe(doc.events.length);
    const log = await new GameReader(db.sql, store, catalogs, a).log(id, null);
    expect(log.events).toEqual(doc.events);
    await expect(a.appendLive(id, version, actions.slice(0, 1), { principal })).rejects.toMatchObject({ code: 'GAME_OVER' });
  });

  it('a recorder that lost the race at the version it named gets 409, never a 422 decided on the winner\'s state', async () => {
    const catalogs = new CatalogRepository(db.sql);
    const winner = new GameRecorder(db.sql, new EventStore(db.sql), catalogs);
    const doc = simulateGames(1, 405)[0]!.document;
    const actions = doc.events.filter((e) => !DERIVED.has(e.type));
    const { id } = await winner.startLive({ ...doc, events: [] }, { principal });
    await winner.appendLive(id, 0, actions.slice(0, 10), { principal });
    // The loser has read the game at version 10; the winner appends before the loser folds it.
    class RacedStore extends EventStore {
      raced = false;
      override async readStream(streamId: string, options?: Parameters<EventStore['readStream']>[1]): Promise<StoredEvent[]> {
        if (!this.raced && streamId.startsWith('game-')) {
          this.raced = true;
          await winner.appendLive(id, 10, actions.slice(10, 11), { principal });
        }
        return super.readStream(streamId, options);
      }
    }
    const loser = new GameRecorder(db.sql, new RacedStore(db.sql), catalogs);
    await expect(loser.appendLive(id, 10, actions.slice(10, 11), { principal })).rejects.toMatchObject({ kind: 'conflict', code: 'WRONG_EXPECTED_VERSION' });
  });
});
