import { fold, replay } from '../replay';
import { bornFromBlood } from './index';
import { FIXTURE_CATALOG } from './testing/fixture-catalog';
import { startGame } from './testing/harness';

/** A long game: every turn draws, plays a filler when it can, attacks with what it may, and ends. */
function longGame() {
  const t = startGame();
  while (t.log.length < 500 && t.state.stage === 'playing') {
    const seat = t.state.turnPlayer!;
    t.advanceTo('main');
    const filler = t.hand(seat).find((id) => t.card(id).catalogId.startsWith('f'));
    if (filler && t.p(seat).n >= 1 && t.zone(seat, 'mercenary').length < 3) {
      t.do('PlayCard', seat, { cardId: filler, destination: 'mercenary' });
    }
    t.advanceTo('combat');
    t.endTurn();
  }
  return t;
}

// Speed is measured by `npm run bench -- rules`, never asserted in a test (shared machines).
describe('a long game', () => {
  it('of 500 events replays without a failure, and folding its events gives the replayed state', () => {
    const t = longGame();
    const doc = {
      format: 'cardlog/1' as const,
      system: 'born-from-blood' as const,
      rulesVersion: '1',
      players: [
        { seat: 'p1', name: 'Alice' },
        { seat: 'p2', name: 'Bob' },
      ],
      catalog: FIXTURE_CATALOG.id,
      config: {},
      events: t.log.map((e) => ({ ...e })),
    };
    expect(doc.events.length).toBeGreaterThanOrEqual(500);
    const result = replay(doc, { system: bornFromBlood, resolveCatalog: () => FIXTURE_CATALOG });
    expect(result.failure).toBeUndefined();
    const initial = bornFromBlood.initialState({ system: 'born-from-blood', rulesVersion: '1', config: {}, players: doc.players, catalog: FIXTURE_CATALOG });
    expect(fold(bornFromBlood, initial, result.applied)).toEqual(result.state);
  });
});
