import type { AgCard, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { replay, resolveHeader } from '../replay';
import { aegis } from '.';
import { simulateAegisGames } from './simulate/game';
import { AgState } from './state';

// evolve and decide run the in-place rule book on a copy-on-write draft: the state they are given
// must stay as it was, and what an event does not touch is shared, not copied.

const documents = simulateAegisGames(aegis, 4, 4711).map((g) => g.document);

/** The state as text, Maps included, to compare before and after (the catalog is never written). */
const snapshot = (state: AgState) => JSON.stringify({ ...state, catalog: undefined }, (_key, value: unknown) => (value instanceof Map ? [...value] : value));

describe('the pure Aegis evolve and decide', () => {
  it('leave every state they are given as it was, for every event of simulated games', () => {
    for (const document of documents) {
      const events = replay(document, { system: { ...aegis, inPlace: undefined } }).applied;
      let state = aegis.initialState(resolveHeader(document, aegis) as GameHeader<AgCard>);
      for (const stored of events) {
        const { seq: _seq, ...event } = stored;
        const before = snapshot(state);
        if (!aegis.derivedEventTypes.has(event.type)) aegis.decide(state, event as LogEvent);
        const next = aegis.evolve(state, event as LogEvent);
        expect(snapshot(state)).toBe(before);
        state = next;
      }
    }
  });

  it('share the players and the instance map an event leaves alone', () => {
    const document = documents[0]!;
    const events = replay(document).applied;
    let state = aegis.initialState(resolveHeader(document, aegis) as GameHeader<AgCard>);
    let checked = 0;
    for (const stored of events) {
      const next = aegis.evolve(state, stored);
      if (stored.type === 'AdvanceStep' && next.turn === state.turn) {
        // A step within the turn changes the step only.
        expect(next.players.p1).toBe(state.players.p1);
        expect(next.players.p2).toBe(state.players.p2);
        checked++;
      }
      if (stored.type !== 'DeckRegistered') expect(next.cards).toBe(state.cards);
      if (stored.type === 'DrawForTurn') expect(next.players[stored.player === 'p1' ? 'p2' : 'p1']).toBe(state.players[stored.player === 'p1' ? 'p2' : 'p1']);
      state = next;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('give an in-place fold a state of its own: stepping it leaves the state it was made from as it was', () => {
    const document = documents[1]!;
    const half = Math.floor(document.events.length / 2);
    const start = replay<AgState>({ ...document, events: document.events.slice(0, half) }).state!;
    const before = snapshot(start);
    const owned = aegis.inPlace!.own(start);
    for (const event of document.events.slice(half)) {
      if (aegis.derivedEventTypes.has(event.type)) continue;
      aegis.inPlace!.step(owned, event);
      if (owned.stage === 'ended') break;
    }
    expect(snapshot(start)).toBe(before);
    expect(snapshot(owned)).not.toBe(before);
  });
});
