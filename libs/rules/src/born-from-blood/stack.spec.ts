import { startGame } from './testing/harness';

describe('B17 stack order and negation', () => {
  const setup = () => {
    const t = startGame({ p1: { hand: ['sk', 'm3'] }, p2: { hand: ['pq'] } });
    t.toTurn(3);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
    return t;
  };
  const t = setup();
  const sk = t.find('p1', 'sk', 'stack');

  it('a Skill card goes on the stack and the opponent may respond with a Pray card', () => {
    expect(t.p('p1').n).toBe(3);
    t.do('PlayCard', 'p2', { cardId: t.find('p2', 'pq') });
    expect(t.state.stack.map((i) => i.cardId)).toEqual([sk, t.find('p2', 'pq', 'stack')]);
  });

  it('while the stack holds an item, nothing but responses and passes is played', () => {
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm3'), destination: 'mercenary' })).toBe('STACK_NOT_EMPTY');
  });

  it('a pass resolves the top item first (last in, first out); its effect negates the Skill', () => {
    const pq = t.find('p2', 'pq', 'stack');
    t.do('PassPriority', 'p1');
    expect(t.card(pq).zone).toBe('graveyard');
    t.effect('NegateStackItem', { sourceCardId: pq, cardId: sk });
    expect(t.card(sk).zone).toBe('graveyard');
    expect(t.state.stack).toHaveLength(0);
  });

  it('nobody can pass on an empty stack', () => {
    expect(t.reject('PassPriority', 'p2')).toBe('STACK_EMPTY');
  });

  it('a negated play refunds nothing and does not count toward bonus N', () => {
    expect(t.p('p1').n).toBe(3);
    expect(t.p('p1').playedFromHandThisTurn).toBe(0);
  });

  it('control case: without the negation the Skill resolves into its slot and counts as played', () => {
    const u = setup();
    u.do('PlayCard', 'p2', { cardId: u.find('p2', 'pq') });
    u.do('PassPriority', 'p1');
    expect(u.reject('PassPriority', 'p1')).toBe('NO_PRIORITY');
    u.do('PassPriority', 'p2');
    expect(u.zone('p1', 'skill')).toEqual([u.find('p1', 'sk', 'skill')]);
    expect(u.p('p1').playedFromHandThisTurn).toBe(1);
  });
});

describe('priority (§8.2)', () => {
  it('a player never responds to their own top item', () => {
    const t = startGame({ p1: { hand: ['sk', 'pq'] } });
    t.toTurn(3);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'pq') })).toBe('NO_PRIORITY');
    expect(t.reject('PassPriority', 'p1')).toBe('NO_PRIORITY');
  });

  it('a stack item reserves its slot: a later play counts it as occupied', () => {
    const t = startGame({ p1: { hand: ['sk', 'sk', 'sk'] } });
    t.toTurn(3);
    t.advanceTo('main');
    t.giveN('p1', 10);
    t.summon('p1', 'sk', 'skill');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
    expect(t.zone('p1', 'skill')).toHaveLength(1);
    expect(t.rejectEffect('MoveCard', { cardId: t.find('p1', 'sk'), from: 'hand', to: 'skill' })).toBe('SLOT_FULL');
    t.do('PassPriority', 'p2');
    expect(t.zone('p1', 'skill')).toHaveLength(2);
  });

  it('an attack declaration that is negated closes the battle; the attack stays used', () => {
    const t = startGame({ p1: { hand: ['m3'] } });
    const m3 = t.summon('p1', 'm3');
    t.toTurn(3);
    t.advanceTo('combat');
    t.do('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' });
    t.effect('NegateStackItem', { cardId: m3 });
    expect(t.state.battle).toBeUndefined();
    expect(t.state.stack).toHaveLength(0);
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' })).toBe('NO_ATTACKS_LEFT');
  });
});

describe('attacks that fizzle (BB-R35)', () => {
  const setup = () => {
    const t = startGame({ p1: { hand: ['m3'] }, p2: { hand: ['maa'] } });
    const m3 = t.summon('p1', 'm3');
    t.toTurn(2);
    const maa = t.summon('p2', 'maa');
    t.toTurn(3);
    t.advanceTo('combat');
    t.do('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' });
    return { t, m3, maa };
  };

  it('an attacker gone before its declaration resolves deals no damage', () => {
    const { t, m3 } = setup();
    t.effect('MoveCard', { cardId: m3, from: 'mercenary', to: 'hand' });
    t.do('PassPriority', 'p2');
    expect(t.state.battle).toBeUndefined();
    expect(t.p('p2').hp).toBe(4000);
  });

  it('an attacker gone at the defend step closes the battle at once', () => {
    const { t, m3 } = setup();
    t.do('PassPriority', 'p2');
    t.effect('DestroyCard', { cardId: m3, cause: 'destroy' });
    expect(t.state.battle).toBeUndefined();
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: [] })).toBe('WRONG_STEP');
  });

  it('with every defender gone the damage is lost without Pierce', () => {
    const { t, maa } = setup();
    t.do('PassPriority', 'p2');
    t.do('DeclareDefenders', 'p2', { defenderIds: [maa] });
    t.effect('MoveCard', { cardId: maa, from: 'mercenary', to: 'hand' });
    t.do('AssignDamage', 'p1', { shares: {}, toCharacter: 0 });
    t.do('ResolveBattle', 'p1');
    expect(t.p('p2').hp).toBe(4000);
  });

  it('with every defender gone a Pierce attack goes through whole', () => {
    const { t, maa } = setup();
    t.do('PassPriority', 'p2');
    t.do('DeclareDefenders', 'p2', { defenderIds: [maa] });
    t.effect('DestroyCard', { cardId: maa, cause: 'destroy' });
    t.effect('GrantAttackProperty', { property: 'pierce' });
    expect(t.reject('AssignDamage', 'p1', { shares: {}, toCharacter: 200 })).toBe('ASSIGNMENT_SUM');
    t.do('AssignDamage', 'p1', { shares: {}, toCharacter: 300 });
    t.do('ResolveBattle', 'p1');
    expect(t.p('p2').hp).toBe(3700);
  });
});

describe('responses resolve last in, first out', () => {
  it('a response to a response resolves first, and priority follows the top item', () => {
    const t = startGame({ p1: { hand: ['sk', 'pq'] }, p2: { hand: ['pq'] } });
    t.toTurn(3);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
    const bobPq = t.find('p2', 'pq');
    const alicePq = t.find('p1', 'pq');
    t.do('PlayCard', 'p2', { cardId: bobPq });
    t.do('PlayCard', 'p1', { cardId: alicePq });
    expect(t.reject('PassPriority', 'p1')).toBe('NO_PRIORITY');
    t.do('PassPriority', 'p2');
    expect(t.card(alicePq).zone).toBe('graveyard');
    expect(t.card(bobPq).zone).toBe('stack');
    t.do('PassPriority', 'p1');
    expect(t.card(bobPq).zone).toBe('graveyard');
    t.do('PassPriority', 'p2');
    expect(t.zone('p1', 'skill')).toEqual([t.find('p1', 'sk', 'skill')]);
    expect(t.state.stack).toHaveLength(0);
  });

  it("a negated ability has no effect but its CD stays used", () => {
    const t = startGame({ p1: { hand: ['sk'] } });
    t.toTurn(3);
    const sk = t.summon('p1', 'sk', 'skill');
    t.advanceTo('main');
    t.do('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' });
    expect(t.state.stack).toEqual([expect.objectContaining({ kind: 'ability', cardId: sk, abilityId: 'Drill' })]);
    t.effect('NegateStackItem', { cardId: sk });
    expect(t.state.stack).toHaveLength(0);
    expect(t.reject('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' })).toBe('ON_COOLDOWN');
    expect(t.rejectEffect('NegateStackItem', { cardId: sk })).toBe('NOT_ON_STACK');
  });
});
