import type { BfbCard, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { resolveHeader } from '../replay';
import { simulateDocuments } from '../simulate';
import { bornFromBlood } from './index';
import { withEntry } from './mutate';
import { BfbState, SEATS, fieldPlaces, foldCacheOf, isFieldKey } from './state';

/** The field places read afresh: every key of the zones that is a field place, in the zones' order. */
const freshPlaces = (state: BfbState, seat: 'p1' | 'p2') => Object.keys(state.players[seat].zones).filter(isFieldKey);

// The in-place fold keeps, per seat, the field places its walks iterate (FoldCache.fieldPlaces); a
// place added in place joins them, a zones object replaced makes them be read again. A stale list
// would skip cards in play in the state check, the Character's Block and the end-of-turn cleanup.
describe('the fold cache of born-from-blood', () => {
  const documents = [1, 42].flatMap((seed) => simulateDocuments('born-from-blood', 4, seed, { players: 2 }).map((g) => g.document));
  const inPlace = bornFromBlood.inPlace!;

  it('keeps the field places of each seat equal to its zones after every event of simulated games', () => {
    for (const document of documents) {
      const state = inPlace.own(bornFromBlood.initialState(resolveHeader(document, bornFromBlood) as GameHeader<BfbCard>));
      for (const event of document.events) {
        if (bornFromBlood.derivedEventTypes.has(event.type)) continue;
        inPlace.step(state, event);
        for (const seat of SEATS) expect(fieldPlaces(state, seat)).toEqual(freshPlaces(state, seat));
      }
      expect(foldCacheOf(state)).toBeDefined();
    }
  });

  // In place, bound cards go to the fold cache's Map only; the state's cards are built from it when read.
  it("reads the in-place state's cards as the buckets evolve builds, key order included, after every event", () => {
    const document = documents[1]!;
    const header = resolveHeader(document, bornFromBlood) as GameHeader<BfbCard>;
    const state = inPlace.own(bornFromBlood.initialState(header));
    let pure = bornFromBlood.initialState(header);
    for (const event of document.events) {
      if (bornFromBlood.derivedEventTypes.has(event.type)) continue;
      const produced = inPlace.step(state, event);
      for (const e of Array.isArray(produced) ? produced : [produced]) pure = bornFromBlood.evolve(pure, e);
      expect(JSON.stringify(state.cards)).toBe(JSON.stringify(pure.cards));
    }
    expect(state.cards).toStrictEqual(pure.cards);
  });

  it('withEntry copies a record with one key set, in the order a spread gives, __proto__ as an own key', () => {
    expect(Object.keys(withEntry({ a: 1, b: 2 }, 'a', 3))).toEqual(['a', 'b']);
    expect(withEntry({ a: 1, b: 2 }, 'c', 3)).toEqual({ a: 1, b: 2, c: 3 });
    const hostile = withEntry({ a: 1 }, '__proto__', 2);
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(Object.keys(hostile)).toEqual(['a', '__proto__']);
    expect(Object.keys(withEntry(hostile, 'b', 3))).toEqual(['a', '__proto__', 'b']);
  });

  it('hands back the action it was given, not a list, when the rules derive nothing from it', () => {
    const document = documents[0]!;
    const state = inPlace.own(bornFromBlood.initialState(resolveHeader(document, bornFromBlood) as GameHeader<BfbCard>));
    let alone = 0;
    for (const event of document.events) {
      if (bornFromBlood.derivedEventTypes.has(event.type)) continue;
      const produced = inPlace.step(state, event as LogEvent);
      if (!Array.isArray(produced)) {
        expect(produced).toBe(event);
        alone++;
      } else {
        expect(produced[0]).toBe(event);
        expect(produced.length).toBeGreaterThan(1);
      }
    }
    expect(alone).toBeGreaterThan(100);
  });
});
