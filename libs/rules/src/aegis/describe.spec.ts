import type { AgCard } from '@cardlog/events';
import { describe as describeEvent } from './describe';
import { AgState } from './state';
import { Table, id } from './testing/harness';

/** Alice's first Aegis renamed, as a catalog could name it. */
function withAegisNamed(name: string): AgState {
  const state = new Table().start().state;
  const cardId = id('p1', 'aegis1');
  const instance = state.cards.get(cardId)!;
  const card: AgCard = { ...instance.card, name };
  return { ...state, cards: new Map(state.cards).set(cardId, { ...instance, card }) };
}

const resolve = { type: 'ResolveAegis', player: 'p1', payload: { aegisCardId: id('p1', 'aegis1') } };

describe('the log line of a resolved Aegis', () => {
  it('names an Aegis whose name says "Aegis" without saying it twice', () => {
    expect(describeEvent(resolve, withAegisNamed('Aegis of Deep Roots'))).toBe("Alice's Aegis of Deep Roots takes effect and fades.");
    expect(describeEvent(resolve, withAegisNamed('Neutral Aegis'))).toBe("Alice's Neutral Aegis takes effect and fades.");
  });

  it('calls any other Aegis card an Aegis before its name', () => {
    expect(describeEvent(resolve, withAegisNamed('Lantern Ward'))).toBe("Alice's Aegis Lantern Ward takes effect and fades.");
    // A word that merely contains the letters is not the word.
    expect(describeEvent(resolve, withAegisNamed('Aegiswood Charm'))).toBe("Alice's Aegis Aegiswood Charm takes effect and fades.");
  });
});
