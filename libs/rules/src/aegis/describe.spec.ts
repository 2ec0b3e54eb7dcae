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

describe('Aegis log lines', () => {
  it('say a deck registration in plain English: the article, the Aegis cards counted', () => {
    const t = new Table();
    const deck = t.deckFor('p1');
    expect(describeEvent({ type: 'DeckRegistered', player: 'p1', payload: deck }, t.state)).toBe(`Alice registers a fire/water deck of ${deck.main.length} cards with 6 Aegis cards.`);
    expect(describeEvent({ type: 'DeckRegistered', player: 'p2', payload: { ...t.deckFor('p2'), identity: ['earth'], aegis: deck.aegis.slice(0, 1) } }, t.state)).toMatch(
      /^Bob registers an earth deck of \d+ cards with 1 Aegis card\.$/,
    );
  });

  it('say rules keys in words: the win rule, the battle step a pass is in', () => {
    const t = new Table({ config: { openingHandSize: 5, winRule: 'sixthBreak' } });
    expect(describeEvent(t.log[0]!, t.state)).toBe('The match is created (opening hand 5, win rule: sixth break).');
    const inBattle = { ...t.state, battle: { attackerId: 'x', attacker: 'p1', target: { kind: 'aegis' }, step: 'defenseWindow', negated: false } } as typeof t.state;
    expect(describeEvent({ type: 'PassStep', player: 'p2', payload: {} }, inBattle)).toBe('Bob passes (defense window).');
  });
});
