import type { LogEvent } from '@cardlog/events';
import { replay } from '../replay';
import { summonerMaster } from '.';
import { evolve } from './evolve';
import { SmState } from './state';
import { simulateSmGame } from './simulate/game';

/** A state as plain data (Maps and Sets by their entries), to compare a state with itself later. */
function snapshot(state: SmState): string {
  return JSON.stringify(state, (_key, value) => (value instanceof Map ? { map: [...value] } : value instanceof Set ? { set: [...value] } : value));
}

const pure = { ...summonerMaster, inPlace: undefined };

describe('evolve copies on write', () => {
  it('leaves every earlier state of a game as it was when it was reached', () => {
    for (const seed of [11, 12, 13]) {
      const events = replay<SmState>(simulateSmGame({ seed }).document, { system: pure }).applied;
      const first = replay<SmState>({ ...simulateSmGame({ seed }).document, events: [] }, { system: pure }).state!;
      const states: SmState[] = [first];
      const taken: string[] = [snapshot(first)];
      for (const e of events) {
        const next = evolve(states[states.length - 1]!, e as LogEvent);
        states.push(next);
        taken.push(snapshot(next));
      }
      expect(states.map(snapshot)).toEqual(taken);
    }
  });

  it('reaches the state the in-place fold reaches', () => {
    const document = simulateSmGame({ seed: 14 }).document;
    expect(replay(document, { system: pure }).state).toEqual(replay(document).state);
  });
});

describe('a refused deck registration binds none of its cards', () => {
  const document = simulateSmGame({ seed: 15 }).document;
  const at = document.events.findIndex((e) => e.type === 'DeckRegistered' && e.player === 'p2');
  const p2 = document.events[at]!;
  const deck = (p2.payload as { deck: { id: string; card: string }[] }).deck;
  const p1Id = (document.events.find((e) => e.type === 'DeckRegistered')!.payload as { deck: { id: string }[] }).deck[0]!.id;
  const withDeck = (changed: readonly { id: string; card: string }[]) => ({
    ...document,
    events: [...document.events.slice(0, at), { ...p2, payload: { ...(p2.payload as object), deck: changed } }, ...document.events.slice(at + 1)],
  });
  const cases: [string, string, readonly { id: string; card: string }[]][] = [
    ['an id used twice in the deck', 'DUPLICATE_CARD_ID', [...deck, { ...deck[1]! }]],
    ["an id of the other seat's deck", 'DUPLICATE_CARD_ID', [...deck, { id: p1Id, card: deck[0]!.card }]],
    ['a card the catalog does not have', 'UNKNOWN_ORACLE_ENTRY', [...deck, { id: 'p2-new', card: 'no-such-card' }]],
    ['too few cards', 'DECK_TOO_SMALL', deck.slice(0, 40)],
  ];
  for (const [what, code, changed] of cases) {
    it(`${code}: ${what}, in place as in evolve`, () => {
      const fast = replay<SmState>(withDeck(changed));
      const slow = replay<SmState>(withDeck(changed), { system: pure });
      expect(fast.failure).toMatchObject({ index: at, code });
      expect(fast.failure).toEqual(slow.failure);
      expect(fast.state).toEqual(slow.state);
      expect(fast.state!.slotOf.size).toBe(fast.state!.cards.length);
    });
  }
});
