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

describe('performance', () => {
  it('replays a 500-event game in a few milliseconds', () => {
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
    const options = { system: bornFromBlood, resolveCatalog: () => FIXTURE_CATALOG };
    expect(replay(doc, options).failure).toBeUndefined();
    for (let i = 0; i < 10; i++) replay(doc, options); // let the JIT settle first
    const runs = 20;
    const start = performance.now();
    for (let i = 0; i < runs; i++) replay(doc, options);
    const perReplay = (performance.now() - start) / runs;
    const initial = bornFromBlood.initialState({ system: 'born-from-blood', rulesVersion: '1', config: {}, players: doc.players, catalog: FIXTURE_CATALOG });
    const foldStart = performance.now();
    for (let i = 0; i < runs; i++) fold(bornFromBlood, initial, t.log);
    const perFold = (performance.now() - foldStart) / runs;
    // Generous bounds for a shared CI machine; locally a replay takes a few ms and a fold about one.
    expect(perReplay).toBeLessThan(60);
    expect(perFold).toBeLessThan(20);
  });
});
