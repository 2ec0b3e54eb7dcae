import { describe as describeEvent } from './describe';
import { Table } from './testing/harness';

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
