import type { DvEffect } from '@cardlog/events';
import { Table } from './testing/harness';

// MoveCard.position and NOT_TOP_CARD (§12.00), CallCard.additionalCosts (§6.2), ZONES_CLOSED (§6.4).

const colorless = { slot: 'generic', with: 'colorless' };
const effects = (t: Table, cause: string, list: DvEffect[]) => t.do('ApplyEffects', undefined, { cause: { static: cause }, effects: list });
const refused = (t: Table, cause: string, list: DvEffect[]) => t.reject('ApplyEffects', undefined, { cause: { static: cause }, effects: list });
const unknownCards = (t: Table, seat: string) => t.p(seat).universe.filter((id) => id.includes('-z'));

describe('Known places in a Universe', () => {
  function table() {
    const t = new Table({ p1: ['SA1', 'SB1', 'SC1'], p2: ['SC9'] });
    t.given('SA1', 'soldierLine').given('SB1', 'soldierLine').given('SC1', 'soldierLine').given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    return t;
  }
  const draw = (player: string, cardIds: string[]): DvEffect => ({ type: 'DrawCards', player, count: cardIds.length, cardIds });

  it('a card put on top of a Universe is the next card drawn, in the Draw loop too', () => {
    const t = table();
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SB1', to: { zone: 'universe' }, position: 'top' }]);
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SA1', to: { zone: 'universe' }, position: 'top' }]);
    expect(t.p('p1').universeTop).toEqual(['SA1', 'SB1']);
    expect(t.card('SA1').faceUp).toBe(false);
    const other = unknownCards(t, 'p1')[0]!;
    expect(refused(t, 'SC9', [draw('p1', [other])])).toBe('NOT_TOP_CARD');
    expect(refused(t, 'SC9', [draw('p1', ['SB1'])])).toBe('NOT_TOP_CARD');
    expect(refused(t, 'SC9', [draw('p1', ['SA1', other])])).toBe('NOT_TOP_CARD');
    effects(t, 'SC9', [draw('p1', ['SA1'])]);
    expect(t.p('p1').universeTop).toEqual(['SB1']);
    t.advance((s) => s.cursor.loop === 'draw');
    expect(t.reject('DrawCards', 'p1', { count: 1, cardIds: [other] })).toBe('NOT_TOP_CARD');
    t.do('DrawCards', 'p1', { count: 2, cardIds: [other, 'SB1'] });
    expect(t.p('p1').universeTop).toEqual([]);
  });

  it('a card put at the bottom is drawn only when nothing else is left above it', () => {
    const t = table();
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SC1', to: { zone: 'universe' }, position: 'bottom' }]);
    expect(refused(t, 'SC9', [draw('p1', ['SC1'])])).toBe('NOT_TOP_CARD');
    // Empty the unknown part of the Universe: then the bottom card is the top one.
    const rest = unknownCards(t, 'p1');
    effects(t, 'SC9', [draw('p1', rest)]);
    effects(t, 'SC9', [draw('p1', ['SC1'])]);
    expect(t.p('p1').universe).toEqual([]);
  });

  it('a shuffle, or a card put anywhere, forgets every known place', () => {
    const t = table();
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SA1', to: { zone: 'universe' }, position: 'top' }]);
    effects(t, 'SC9', [{ type: 'ShuffleUniverse', player: 'p1' }]);
    effects(t, 'SC9', [draw('p1', [unknownCards(t, 'p1')[0]!])]);
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SB1', to: { zone: 'universe' }, position: 'bottom' }]);
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SC1', to: { zone: 'universe' }, position: 'random' }]);
    expect(t.p('p1').universeBottom).toEqual([]);
    effects(t, 'SC9', [draw('p1', ['SB1'])]);
  });

  it('a position is given only for a move into a Universe', () => {
    const t = table();
    expect(refused(t, 'SC9', [{ type: 'MoveCard', cardId: 'SA1', to: { zone: 'hand' }, position: 'top' }])).toBe('MALFORMED_EVENT');
  });
});

describe('Additional costs of a call', () => {
  function table() {
    const t = new Table({ p1: ['SB1', 'SA1', 'SC1', 'XM1', 'XM2'], p2: ['SC9'] });
    t.given('SB1', 'hand').given('SA1', 'hand').given('SC1', 'soldierLine').given('XM1', 'temple', { faceUp: false }).given('XM2', 'temple', { faceUp: false });
    t.given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    return t;
  }
  const call = (additionalCosts: DvEffect[], payment = [colorless]) => ({ cardId: 'SB1', from: 'hand', payment, additionalCosts });

  it('are paid with the call; the cards they send to the Cenotaph land at the first pass round, before the call resolves', () => {
    const t = table();
    t.do('CallCard', 'p1', call([{ type: 'DiscardCards', player: 'p1', cardIds: ['SA1'] }, { type: 'ChangeFaith', player: 'p1', delta: -2 }, { type: 'DestroyCard', cardId: 'SC1' }]));
    expect(t.p('p1').faith).toBe(28);
    expect(t.state.knot.map((k) => k.card?.iid)).toEqual(['SB1']);
    expect(t.state.falling[0]!.cards).toEqual(['SA1', 'SC1']);
    expect(t.state.priority?.holder).toBe('p2');
    expect(t.types(t.passRound())).toContain('FallBatchPlaced');
    expect(t.p('p1').cenotaph).toEqual(['SA1', 'SC1']);
    t.passRound();
    t.do('ResolveKnotTop', 'p1');
    expect(t.p('p1').soldierLine).toEqual(['SB1']);
  });

  it('a cost that cannot be paid refuses the call with its own code, before the blessing is checked', () => {
    const t = table();
    expect(t.reject('CallCard', 'p1', call([{ type: 'DiscardCards', player: 'p1', cardIds: ['SC1'] }]))).toBe('CARD_NOT_IN_ZONE');
    expect(t.reject('CallCard', 'p1', call([{ type: 'DiscardCards', player: 'p1', cardIds: ['SB1'] }]))).toBe('CARD_NOT_IN_ZONE');
    expect(t.reject('CallCard', 'p1', call([{ type: 'ChangeFaith', player: 'p1', delta: 0 }]))).toBe('BAD_AMOUNT');
    expect(t.reject('CallCard', 'p1', call([{ type: 'ChangeFaith', player: 'p1', delta: 0 }], []))).toBe('BAD_AMOUNT');
    expect(t.reject('CallCard', 'p1', call([{ type: 'ChangeFaith', player: 'p1', delta: -1 }], []))).toBe('PAYMENT_MISMATCH');
  });
});

describe('Every zone is closed while a hero call or upgrade resolves', () => {
  function table() {
    const t = new Table({ p1: ['HH1', 'SA2', 'SA3', 'SC1'], p2: ['SW1', 'SC9'] });
    t.given('HH1', 'hand').given('SA2', 'cenotaph').given('SA3', 'cenotaph').given('SC1', 'soldierLine');
    t.given('SW1', 'soldierLine').given('SC9', 'soldierLine');
    t.to('heroCalling', 'p1');
    t.do('CallHero', 'p1', { cardId: 'HH1' });
    return t;
  }

  it('once every Deva has passed on the hero, no ability goes on the Knot zone and no effect adds to a zone until it has resolved', () => {
    const t = table();
    t.passRound();
    expect(t.state.due).toEqual({ kind: 'ResolveKnotTop', player: 'p1' });
    expect(t.reject('TriggerAbility', 'p2', { sourceId: 'SW1', abilityId: 'watch' })).toBe('ZONES_CLOSED');
    expect(t.reject('TriggerAbility', 'p1', { sourceId: 'SW1', abilityId: 'watch' })).toBe('NOT_CONTROLLER');
    expect(refused(t, 'SC9', [{ type: 'MoveCard', cardId: 'SC1', to: { zone: 'hand' } }])).toBe('ZONES_CLOSED');
    expect(refused(t, 'SC9', [{ type: 'ShuffleUniverse', player: 'p1' }])).toBe('ZONES_CLOSED');
    effects(t, 'SC9', [{ type: 'ChangeFaith', player: 'p2', delta: 1 }]);
    t.do('ResolveKnotTop', 'p1', { guardians: ['SA2', 'SA3'] });
    t.do('TriggerAbility', 'p2', { sourceId: 'SW1', abilityId: 'watch', targets: [{ card: 'HH1' }] });
    expect(t.state.knot.map((k) => k.kind)).toEqual(['ability']);
  });

  it('before the pass round the hero item can still be answered, and a trigger goes on top of it', () => {
    const t = table();
    t.do('TriggerAbility', 'p2', { sourceId: 'SW1', abilityId: 'watch' });
    expect(t.state.knot.map((k) => k.kind)).toEqual(['hero', 'ability']);
  });
});

describe('Triggered abilities and where their source is', () => {
  it('a "when it falls" ability is recorded while its card falls and resolves before the card lands; not once it has landed', () => {
    const t = new Table({ p1: ['SW1', 'SW2', 'SC1'], p2: [] });
    t.given('SW1', 'soldierLine').given('SW2', 'hand').given('SC1', 'soldierLine');
    t.to('soldierCalling', 'p1');
    expect(t.reject('TriggerAbility', 'p1', { sourceId: 'SW2', abilityId: 'arrive' })).toBe('CARD_NOT_IN_ZONE');
    expect(t.reject('TriggerAbility', 'p1', { sourceId: 'SW1', abilityId: 'lastWord' })).toBe('CARD_NOT_IN_ZONE');
    effects(t, 'SC1', [{ type: 'DestroyCard', cardId: 'SW1' }]);
    t.do('TriggerAbility', 'p1', { sourceId: 'SW1', abilityId: 'lastWord' });
    t.passRound();
    expect(t.state.due).toEqual({ kind: 'ResolveKnotTop', player: 'p1' });
    t.do('ResolveKnotTop', 'p1', { effects: [{ type: 'ChangeFaith', player: 'p1', delta: 1 }] });
    expect(t.card('SW1').zone).toBe('falling');
    expect(t.types(t.passRound())).toContain('FallBatchPlaced');
    expect(t.p('p1').cenotaph).toEqual(['SW1']);
    expect(t.p('p1').faith).toBe(31);
    expect(t.reject('TriggerAbility', 'p1', { sourceId: 'SW1', abilityId: 'lastWord' })).toBe('CARD_NOT_IN_ZONE');
  });
});
