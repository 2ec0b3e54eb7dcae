import type { AgCard, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { replay, resolveHeader } from '../replay';
import { aegis } from '.';
import { simulateAegisGames } from './simulate/game';
import { Table, id } from './testing/harness';
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

  it('leave the state as it was for the effect events the simulator does not play', () => {
    const [A, B] = ['p1', 'p2'] as const;
    const t = new Table().start().place(A, 'unit', 'u1').place(A, 'support', 'sp1').place(B, 'unit', 'u3').give(A, 'u5').to(A, 'main');
    t.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 2, duration: 'turn' });
    t.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 1, duration: 'whileSourceInPlay', sourceCardId: id(A, 'sp1') });
    t.effect('SetUnitReady', { cardId: id(A, 'u1'), ready: false });
    t.effect('ChangeMana', { player: A, delta: -2 });
    t.effect('MoveCard', { cardId: id(A, 'u5'), from: 'hand', to: 'deck', position: 'top' });
    t.effect('DrawCards', { player: A, count: 1, cardIds: t.nextCards(A, 1) });
    t.effect('MoveCard', { cardId: id(A, 'u5'), from: 'hand', to: 'deck', position: 'bottom' });
    t.effect('ShuffleZone', { player: A, zone: 'deck' });
    t.effect('BreakAegis', { player: B, count: 1, aegisCardIds: [id(B, 'aegis1')] });
    t.effect('DestroyUnit', { cardId: id(B, 'u3') });
    t.effect('RevealCards', { player: A, cardIds: [id(A, 'u1')] });
    t.effect('Note', { text: 'a judge call' });
    t.place(B, 'unit', 'u1').to(B, 'battle').attack(B, 'u1', 'u1');
    t.effect('NegateAttack', {});
    t.resolve();
    const types = new Set(t.log.map((e) => e.type));
    for (const type of ['ModifyPower', 'SetUnitReady', 'ChangeMana', 'MoveCard', 'DrawCards', 'ShuffleZone', 'BreakAegis', 'DestroyUnit', 'NegateAttack']) expect(types).toContain(type);

    let state = new Table().state;
    for (const event of t.log.slice(1)) {
      const before = snapshot(state);
      const next = aegis.evolve(state, event);
      expect(snapshot(state)).toBe(before);
      state = next;
    }
    expect(snapshot(state)).toBe(snapshot(t.state));
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

describe('a refused Aegis deck registration, replayed in place', () => {
  const document = documents[0]!;
  const at = document.events.findIndex((e) => e.type === 'DeckRegistered' && e.player === 'p2');
  const p2 = document.events[at]!;
  const payload = p2.payload as { main: { cardId: string; catalogId: string }[]; aegis: { cardId: string; catalogId: string }[] };
  const p1Id = (document.events.find((e) => e.type === 'DeckRegistered')!.payload as typeof payload).main[0]!.cardId;
  const withDeck = (change: Partial<typeof payload>) => ({
    ...document,
    events: [...document.events.slice(0, at), { ...p2, payload: { ...payload, ...change } }, ...document.events.slice(at + 1)],
  });
  const cases: [string, string, Partial<typeof payload>][] = [
    ['an instance id used twice', 'DECK_DUPLICATE_INSTANCE', { aegis: [...payload.aegis.slice(1), { ...payload.main[3]! }] }],
    ["an instance id of the other seat's deck", 'DECK_DUPLICATE_INSTANCE', { main: [...payload.main, { cardId: p1Id, catalogId: payload.main[0]!.catalogId }] }],
    ['a duplicate after an unknown card', 'DECK_DUPLICATE_INSTANCE', { main: [{ cardId: 'p2-x', catalogId: 'no-such-card' }, ...payload.main, { cardId: 'p2-x', catalogId: 'no-such-card' }] }],
    ['a card the catalog does not have', 'DECK_UNKNOWN_CARD', { main: [...payload.main, { cardId: 'p2-x', catalogId: 'no-such-card' }] }],
    ['an Aegis pile of five', 'DECK_AEGIS_COUNT', { aegis: payload.aegis.slice(1) }],
  ];
  for (const [what, code, change] of cases) {
    it(`${code}: ${what} binds none of its instances, as in decide and evolve`, () => {
      const fast = replay<AgState>(withDeck(change), { system: aegis });
      const slow = replay<AgState>(withDeck(change), { system: { ...aegis, inPlace: undefined } });
      expect(fast.failure).toMatchObject({ index: at, code });
      expect(fast.failure).toEqual(slow.failure);
      expect(snapshot(fast.state!)).toBe(snapshot(slow.state!));
    });
  }
});
