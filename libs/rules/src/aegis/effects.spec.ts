import { Table, id } from './testing/harness';

const A = 'p1' as const;
const B = 'p2' as const;

describe('generic effect events are checked structurally (§12.1, §12.3)', () => {
  it('a card moves only from the zone it is in, and a full zone takes no more', () => {
    const t = new Table().start().place(A, 'unit', 'u1', 'u3', 'u5', 'w2');
    expect(t.rejectEffect('MoveCard', { cardId: id(A, 'n2'), from: 'hand', to: 'unit' })).toBe('CARD_NOT_IN_ZONE');
    expect(t.rejectEffect('MoveCard', { cardId: id(A, 'n2'), from: 'deck', to: 'unit' })).toBe('ZONE_FULL_UNIT');
    expect(t.rejectEffect('MoveCard', { cardId: id(A, 'ut1'), from: 'deck', to: 'support' })).toBe('WRONG_CARD_TYPE');
  });

  it('only Aegis cards enter the Aegis pile, face down as Set (AG-R27)', () => {
    const t = new Table().start();
    expect(t.rejectEffect('MoveCard', { cardId: id(A, 'u1'), from: 'deck', to: 'aegis' })).toBe('WRONG_CARD_TYPE');
    t.effect('BreakAegis', { player: A, count: 1, aegisCardIds: [id(A, 'aegis1')] });
    t.effect('MoveCard', { cardId: id(A, 'aegis1'), from: 'aegisArea', to: 'aegis', faceDown: true });
    expect(t.p(A).aegisSet).toHaveLength(6);
  });

  it('a unit leaving the Unit Zone forgets its modifiers and readiness', () => {
    const t = new Table().start().place(A, 'unit', 'u1');
    t.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 3, duration: 'permanent' });
    t.effect('SetUnitReady', { cardId: id(A, 'u1'), ready: false });
    t.effect('MoveCard', { cardId: id(A, 'u1'), from: 'unit', to: 'hand' });
    t.effect('MoveCard', { cardId: id(A, 'u1'), from: 'hand', to: 'unit' });
    expect(t.unit(A, 'u1')).toEqual({ id: id(A, 'u1'), ready: true, mods: [] });
  });

  it('power modifiers expire by duration: battle at the end of the battle, turn when the End Phase is left, whileSourceInPlay with the source', () => {
    const t = new Table().start().place(A, 'unit', 'u1').place(A, 'support', 'sp1').place(B, 'unit', 'u3').to(B, 'battle');
    t.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 5, duration: 'turn' });
    t.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 1, duration: 'whileSourceInPlay', sourceCardId: id(A, 'sp1') });
    t.attack(B, 'u3', 'u1');
    t.effect('ModifyPower', { cardId: id(B, 'u3'), delta: 10, duration: 'battle' });
    t.resolve();
    expect(t.unit(A, 'u1')).toBeUndefined();
    const u = new Table().start().place(A, 'unit', 'u1').place(A, 'support', 'sp1').to(B, 'main');
    u.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 5, duration: 'turn' });
    u.effect('ModifyPower', { cardId: id(A, 'u1'), delta: 1, duration: 'whileSourceInPlay', sourceCardId: id(A, 'sp1') });
    u.to(A, 'S1');
    expect(u.unit(A, 'u1')?.mods).toEqual([{ delta: 1, duration: 'whileSourceInPlay', sourceId: id(A, 'sp1') }]);
    expect(u.rejectEffect('ModifyPower', { cardId: id(A, 'u1'), delta: 1, duration: 'whileSourceInPlay' })).toBe('BAD_PAYLOAD');
  });

  it('Mana stays within 0..6 (AG-R17), and a ChangeMana in the End Phase is overwritten by the reset (AG-R30)', () => {
    const t = new Table().start().to(A, 'end');
    t.effect('ChangeMana', { player: A, delta: 4 });
    expect(t.p(A).mana).toBe(6);
    t.effect('ChangeMana', { player: B, delta: -9 });
    expect(t.p(B).mana).toBe(0);
    t.do('AdvanceStep', A);
    expect([t.p(A).mana, t.p(B).mana]).toEqual([6, 6]);
  });

  it('a card put on top of the deck is the next one drawn (NOT_TOP_CARD), until the deck is shuffled', () => {
    const t = new Table().start().give(A, 'u1');
    t.effect('MoveCard', { cardId: id(A, 'u1'), from: 'hand', to: 'deck', position: 'top' });
    t.to(A, 'draw');
    expect(t.reject('DrawForTurn', A, { cardIds: [id(A, 'u3'), id(A, 'u1')] })).toBe('NOT_TOP_CARD');
    t.effect('ShuffleZone', { player: A, zone: 'deck' });
    t.do('DrawForTurn', A, { cardIds: [id(A, 'u3'), id(A, 'u1')] });
  });

  it('NegateAttack needs a battle, and a negated attack has no result (AG-R19)', () => {
    const t = new Table().start().place(B, 'unit', 'u3').to(B, 'battle');
    expect(t.rejectEffect('NegateAttack', {})).toBe('NO_BATTLE');
    t.attack(B, 'u3', 'aegis');
    t.effect('NegateAttack', {});
    t.resolve();
    expect(t.p(A).aegisSet).toHaveLength(6);
  });

  it('names only cards bound by a deck registration, whatever the id (UNKNOWN_CARD)', () => {
    const t = new Table().start();
    for (const bad of ['__proto__', 'constructor', 'toString', 'nope']) {
      expect(t.rejectEffect('DestroyUnit', { cardId: bad })).toBe('UNKNOWN_CARD');
    }
  });

  it('a concession ends the game for either player at any time', () => {
    const t = new Table().start();
    t.do('Concede', B);
    expect(t.state.result).toEqual({ winner: A, reason: 'concede' });
    expect(t.reject('Concede', A)).toBe('GAME_OVER');
  });

  it('setup runs in order and the config must match the document (SETUP_ORDER, CONFIG_INVALID, DUPLICATE)', () => {
    const t = new Table();
    expect(t.reject('FirstPlayerChosen', undefined, { firstPlayer: 'p1', method: 'coin' })).toBe('SETUP_ORDER');
    t.do('DeckRegistered', A, t.deckFor(A));
    expect(t.reject('DeckRegistered', A, t.deckFor(A))).toBe('DUPLICATE');
    expect(t.reject('AdvanceStep', A)).toBe('SETUP_ORDER');
    expect(() => new Table({ config: {} })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    expect(() => new Table({ config: { openingHandSize: 5, winRule: 'firstBlood' } })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });
});
