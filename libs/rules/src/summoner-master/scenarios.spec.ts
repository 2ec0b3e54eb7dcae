import { FIXTURE_CONFIG, SmTable } from './testing/harness';
import { shrineLevel } from './state';

// Digest §10, one spec per scenario, named by its rule. Given: fixture F, Setup(G, first).

const hand = { kind: 'Hand' } as const;
const seal = (cardId: string) => ({ kind: 'Seal', cardId }) as const;

/** Subturn 3 (P1) with P1's Seal-B Active in the At Line (grant g1 if asked) and two P2 Seals; P1 mp 8. */
function multiAttackTable(options: { grant?: boolean; sealA?: boolean } = {}) {
  const t = new SmTable().setup();
  const b = t.castSeal('p1', 'Seal-B');
  t.advanceTo(2);
  const x = t.castSeal('p2', 'Seal-E');
  const y = t.castSeal('p2', 'Seal-A');
  t.advanceTo(3);
  const a = options.sealA ? t.castSeal('p1', 'Seal-A') : '';
  if (options.grant !== false) t.do('AttackGrantAdded', undefined, { cardId: b, grantId: 'g1', kind: 'MultiAttackPayOnce' });
  return { t, b, x, y, a };
}

/** Subturn 3 (P1): P1's Seal-A in the At Line, P2's Seal-E in the At Line. */
function extraAttackTable() {
  const t = new SmTable().setup();
  const a = t.castSeal('p1', 'Seal-A');
  t.advanceTo(2);
  const e = t.castSeal('p2', 'Seal-E');
  t.advanceTo(3);
  return { t, a, e };
}

/** Subturn 4 (P2), which began with no P2 Seal in the Arena (its Seal-E was destroyed in Subturn 3). */
function noSealSubturn4() {
  const t = new SmTable().setup();
  t.castSeal('p1', 'Seal-E');
  t.advanceTo(2);
  const e = t.castSeal('p2', 'Seal-E');
  t.advanceTo(3);
  t.destroy(e).refill('p1').do('SubturnEnded');
  expect(t.state.subturn).toMatchObject({ number: 4, owner: 'p2', ownerHadSealAtStart: false });
  return t;
}

describe('§4 setup (102.x)', () => {
  it('T1: after the opening draw the first player has Mp 5 for casting only and the other Mp max; Subturn 1 is theirs', () => {
    const t = new SmTable().setup({ until: 'OpeningHandDrawn' });
    t.do('OpeningHandDrawn', 'p1', { cardIds: t.openingHand('p1') }).do('OpeningHandDrawn', 'p2', { cardIds: t.openingHand('p2') }).do('GameStarted');
    expect(t.state.mp).toEqual({ p1: 5, p2: 8 });
    expect(t.state.mpCastingOnly).toBe('p1');
    expect(t.state.subturn).toMatchObject({ number: 1, owner: 'p1', drawSkipped: true });
    expect(t.state.cards.filter((c) => c.zone === 'Hand' && c.owner === 'p1')).toHaveLength(7);
    expect(t.state.cards.filter((c) => c.zone === 'Hand' && c.owner === 'p2')).toHaveLength(7);
  });

  it('T2: the opening hand is exactly 5 Seal and 2 Mystic cards', () => {
    const t = new SmTable().setup({ until: 'OpeningHandDrawn' });
    expect(t.reject('OpeningHandDrawn', 'p1', { cardIds: t.openingHand('p1', 4, 3) })).toBe('OPENING_HAND_COMPOSITION');
  });

  it('T3: no opening hand before the first player is settled', () => {
    const t = new SmTable().setup({ until: 'FirstPlayer' });
    expect(t.reject('OpeningHandDrawn', 'p1', { cardIds: t.openingHand('p1') })).toBe('SETUP_ORDER');
  });

  it('T4: in a later game only the previous loser chooses who starts', () => {
    const t = new SmTable().setup({ gameNumber: 2, previousGame: { winner: 'p1' }, until: 'FirstPlayer' });
    expect(t.reject('FirstPlayerChosen', 'p1', { firstPlayer: 'p1' })).toBe('FIRST_PLAYER_CHOOSER_NOT_LOSER');
  });

  it('T5: the loser may let the opponent start', () => {
    const t = new SmTable().setup({ gameNumber: 2, previousGame: { winner: 'p1' }, until: 'FirstPlayer' });
    t.do('FirstPlayerChosen', 'p2', { firstPlayer: 'p1' });
    expect(t.state.firstPlayer).toBe('p1');
  });

  it('T6: a later game after a win takes no fair method', () => {
    const t = new SmTable().setup({ gameNumber: 2, previousGame: { winner: 'p1' }, until: 'FirstPlayer' });
    expect(t.reject('FirstPlayerDetermined', undefined, { method: 'fair', description: 'coin', firstPlayer: 'p2' })).toBe('FIRST_PLAYER_LOSER_CHOOSES');
  });

  it('T7: after a drawn game the first player is settled by a fair method (SM-R5)', () => {
    const t = new SmTable().setup({ gameNumber: 2, previousGame: { draw: true }, until: 'FirstPlayer' });
    t.do('FirstPlayerDetermined', undefined, { method: 'fair', description: 'coin', firstPlayer: 'p2' });
    expect(t.state.firstPlayer).toBe('p2');
  });

  it('T43: game 1 needs a fair method, and the first player is set once', () => {
    const t = new SmTable().setup({ until: 'FirstPlayer' });
    expect(t.reject('FirstPlayerChosen', 'p1', { firstPlayer: 'p1' })).toBe('FIRST_PLAYER_FAIR_METHOD_REQUIRED');
    t.do('FirstPlayerDetermined', undefined, { method: 'fair', description: 'coin', firstPlayer: 'p1' });
    expect(t.reject('FirstPlayerDetermined', undefined, { method: 'fair', description: 'coin', firstPlayer: 'p2' })).toBe('SETUP_ORDER');
  });

  it('a game names its number as the document does, and a later game records the previous result', () => {
    const t = new SmTable(FIXTURE_CONFIG, 2);
    t.do('MatchCreated', undefined, { players: ['p1', 'p2'] });
    expect(t.reject('GameCreated', undefined, { gameNumber: 1 })).toBe('SETUP_ORDER');
    expect(t.reject('GameCreated', undefined, { gameNumber: 2 })).toBe('SETUP_ORDER');
    t.do('GameCreated', undefined, { gameNumber: 2, previousGame: { winner: 'p2' } });
  });
});

describe('§4.2 S6 and SM-R9: the first Subturn’s Mp pays only for casting', () => {
  it('T8: an attack that would spend Mp is refused before its cost is checked', () => {
    const t = new SmTable().setup();
    const a = t.castSeal('p1', 'Seal-A');
    expect(t.state.mp.p1).toBe(2);
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: hand, mode: 'Normal', mpPaid: 2 })).toBe('FIRST_SUBTURN_MP_CASTING_ONLY');
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: hand, mode: 'Normal', mpPaid: 0 })).toBe('FIRST_SUBTURN_MP_CASTING_ONLY');
    expect(t.state.mp.p1).toBe(2);

    const none = new SmTable({ ...FIXTURE_CONFIG, firstSubturnAttacks: 'none' }).setup();
    const b = none.castSeal('p1', 'Seal-A');
    expect(none.reject('AttackDeclared', 'p1', { attackerId: b, target: hand, mode: 'Normal', mpPaid: 2 })).toBe('FIRST_SUBTURN_NO_ATTACK');
    expect(none.reject('AttackDeclared', 'p1', { attackerId: b, target: hand, mode: 'Normal', mpPaid: 0 })).toBe('FIRST_SUBTURN_NO_ATTACK');
  });

  it('T9: a Skill cannot be paid for in the first Subturn', () => {
    const t = new SmTable().setup();
    expect(t.reject('MpChanged', undefined, { player: 'p1', delta: -1, purpose: 'skill', reason: 'a Skill' })).toBe('FIRST_SUBTURN_MP_CASTING_ONLY');
  });

  it('T10: casting a Seal is what the Mp 5 is for', () => {
    const t = new SmTable().setup();
    const a = t.castSeal('p1', 'Seal-A');
    expect(t.state.mp.p1).toBe(2);
    expect(t.card(a)).toMatchObject({ zone: 'Arena', line: 'At', active: true });
  });

  it('T11: the restriction binds only the first player', () => {
    const t = new SmTable().setup();
    t.do('CardCast', 'p2', { cardId: t.find('p2', 'Mystic-D'), mpPaid: 1 });
    expect(t.state.mp.p2).toBe(7);
  });

  it('T35: a 0-Mp attack spends nothing and is legal under the decree, not under the "none" variant', () => {
    const t = new SmTable().setup();
    const e = t.castSeal('p1', 'Seal-E');
    expect(t.state.mp.p1).toBe(3);
    t.do('AttackDeclared', 'p1', { attackerId: e, target: hand, mode: 'Normal', mpPaid: 0 });
    t.do('AttackResolved', undefined, { attackerId: e, outcome: { description: 'a card of the hand goes to the Shrine' } });
    expect(t.state.mp.p1).toBe(3);
    expect(t.card(e).active).toBe(false);
    expect(t.state.subturn!.handAttackUsed).toBe(true);

    const none = new SmTable({ ...FIXTURE_CONFIG, firstSubturnAttacks: 'none' }).setup();
    const f = none.castSeal('p1', 'Seal-E');
    expect(none.reject('AttackDeclared', 'p1', { attackerId: f, target: hand, mode: 'Normal', mpPaid: 0 })).toBe('FIRST_SUBTURN_NO_ATTACK');
  });

  it('T36: Mp lost, gained or refilled is not a spend; a non-casting cost is', () => {
    const t = new SmTable().setup();
    t.do('MpChanged', undefined, { player: 'p1', delta: -2, purpose: 'effect', reason: "P2's Mystic-D" });
    expect(t.state.mp.p1).toBe(3);
    t.do('MpChanged', undefined, { player: 'p1', delta: 1, purpose: 'effect', reason: 'gain' });
    expect(t.state.mp.p1).toBe(4);
    t.do('MpChanged', undefined, { player: 'p1', setTo: 8, purpose: 'refill', reason: 'refill' });
    expect(t.state.mp.p1).toBe(8);
    t.do('MpChanged', undefined, { player: 'p1', delta: -1, purpose: 'other', reason: 'other' });
    expect(t.state.mp.p1).toBe(7);
    expect(t.reject('MpChanged', undefined, { player: 'p1', delta: -1, purpose: 'otherCost', reason: 'a cost' })).toBe('FIRST_SUBTURN_MP_CASTING_ONLY');
  });
});

describe('§6 Reflection', () => {
  it("T12: a Reflection card changes its player's same-named cards, not the opponent's (SM-R10)", () => {
    const t = new SmTable().setup({ decks: { p1: { reflectionCards: ['seal-a-r'] } } });
    expect(t.stats(t.find('p1', 'Seal-A'))).toMatchObject({ at: 5, df: 4, sp: 2, mpAttack: 1, reflected: true });
    expect(t.stats(t.find('p2', 'Seal-A'))).toMatchObject({ at: 3, reflected: false });
  });

  it('T13: Reflection applies in every zone, and the Shrine counts the reflected Level', () => {
    const t = new SmTable().setup({ decks: { p1: { reflectionCards: ['seal-a-r'] } } });
    const a = t.castSeal('p1', 'Seal-A');
    expect(t.stats(a).at).toBe(5);
    t.destroy(a);
    expect(t.card(a).zone).toBe('Shrine');
    expect(t.stats(a).at).toBe(5);
    expect(shrineLevel(t.state, 'p1')).toBe(t.stats(a).level);
    expect(t.stats(t.find('p1', 'Seal-A', 'SealDeck')).at).toBe(5);
  });

  it('T14: the attack cost is the reflected one', () => {
    const t = new SmTable().setup({ decks: { p1: { reflectionCards: ['seal-a-r'] } } });
    const a = t.castSeal('p1', 'Seal-A');
    t.advanceTo(2);
    const e = t.castSeal('p2', 'Seal-E');
    t.advanceTo(3);
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Normal', mpPaid: 2 })).toBe('ATTACK_COST_MISMATCH');
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Normal', mpPaid: 1 });
  });

  it('T15: a banned card needs its Reflection card shown', () => {
    const t = new SmTable().setup({ decks: { p1: { extraDeck: ['mystic-x'] } }, until: 'ReflectionCardsPlaced' });
    expect(t.reject('ReflectionCardsPlaced', 'p1', { cardIds: [] })).toBe('DECK_ILLEGAL_BANNED_CARD');
  });

  it('T16: showing the Reflection card makes the banned card legal (620.5)', () => {
    const t = new SmTable().setup({ decks: { p1: { extraDeck: ['mystic-x'], reflectionCards: ['mystic-x-r'] } }, until: 'ReflectionCardsPlaced' });
    t.do('ReflectionCardsPlaced', 'p1', { cardIds: ['p1-r1'] });
    expect(t.card('p1-r1').zone).toBe('ReflectionZone');
  });

  it('T17: only cards with the symbol, one per name, go to the Reflection Zone', () => {
    const t = new SmTable().setup({ decks: { p1: { reflectionCards: ['seal-a-r', 'seal-a-r'] } }, until: 'ReflectionCardsPlaced' });
    expect(t.reject('ReflectionCardsPlaced', 'p1', { cardIds: [t.find('p1', 'Seal-B', 'SealDeck')] })).toBe('REFLECTION_SYMBOL_REQUIRED');
    expect(t.reject('ReflectionCardsPlaced', 'p1', { cardIds: ['p1-r1', 'p1-r2'] })).toBe('REFLECTION_DUPLICATE_NAME');
  });

  it('T18: the Reflection Zone is locked once the game is under way (SM-R12)', () => {
    const t = new SmTable().setup({ decks: { p1: { reflectionCards: ['seal-a-r'] } } });
    expect(t.reject('CardMoved', undefined, { cardId: 'p1-r1', from: 'ReflectionZone', to: 'Hand', reason: 'x' })).toBe('REFLECTION_ZONE_LOCKED');
  });

  it('T28: a card naming itself means only itself', () => {
    const t = new SmTable().setup();
    const a1 = t.find('p1', 'Seal-A');
    const a2 = t.find('p1', 'Seal-A', 'Hand', 1);
    expect(t.reject('EffectResolved', undefined, { sourceCardId: a1, description: 'x', reference: { kind: 'SelfByName' }, targets: [a1, a2] })).toBe('SELF_REFERENCE_TARGETS');
    t.do('EffectResolved', undefined, { sourceCardId: a1, description: 'x', reference: { kind: 'SelfByName' }, targets: [a1] });
  });
});

describe('§7.3 "attack twice, paying the attack Mp once"', () => {
  it('T19: Mp is paid once; the Seal stays Active until its last attack', () => {
    const { t, b, x, y } = multiAttackTable();
    expect(t.state.mp.p1).toBe(8);
    t.do('AttackDeclared', 'p1', { attackerId: b, target: seal(x), mode: 'Multi', grantId: 'g1', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: b, outcome: { description: 'hit' } });
    expect(t.card(b).active).toBe(true);
    t.do('AttackDeclared', 'p1', { attackerId: b, target: seal(y), mode: 'Continuation', mpPaid: 0 });
    t.do('AttackResolved', undefined, { attackerId: b, outcome: { description: 'hit' } });
    expect(t.state.mp.p1).toBe(6);
    expect(t.card(b)).toMatchObject({ active: false, sequence: null });
  });

  it('T20: attacking twice is chosen when the first attack is declared', () => {
    const { t, b, x } = multiAttackTable();
    t.do('AttackDeclared', 'p1', { attackerId: b, target: seal(x), mode: 'Normal', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: b, outcome: { description: 'hit' } });
    expect(t.reject('AttackDeclared', 'p1', { attackerId: b, target: seal(x), mode: 'Multi', grantId: 'g1', mpPaid: 0 })).toBe('MULTI_ATTACK_NOT_CHOSEN_AT_DECLARATION');
  });

  it('T21: the second attack comes at once: no cast, no Subturn end, no other attacker', () => {
    const { t, b, x, a } = multiAttackTable({ sealA: true });
    t.do('AttackDeclared', 'p1', { attackerId: b, target: seal(x), mode: 'Multi', grantId: 'g1', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: b, outcome: { description: 'hit' } });
    expect(t.reject('CardCast', 'p1', { cardId: t.find('p1', 'Mystic-C'), mpPaid: 2 })).toBe('ATTACK_SEQUENCE_PENDING');
    expect(t.reject('SubturnEnded')).toBe('ATTACK_SEQUENCE_PENDING');
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: seal(x), mode: 'Normal', mpPaid: 2 })).toBe('ATTACK_SEQUENCE_PENDING');
  });

  it('T22: the continuation is free', () => {
    const { t, b, x, y } = multiAttackTable();
    t.do('AttackDeclared', 'p1', { attackerId: b, target: seal(x), mode: 'Multi', grantId: 'g1', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: b, outcome: { description: 'hit' } });
    expect(t.reject('AttackDeclared', 'p1', { attackerId: b, target: seal(y), mode: 'Continuation', mpPaid: 2 })).toBe('CONTINUATION_MUST_BE_FREE');
  });

  it('T23: a Seal that leaves the Arena ends its sequence', () => {
    const { t, b, x } = multiAttackTable();
    t.do('AttackDeclared', 'p1', { attackerId: b, target: seal(x), mode: 'Multi', grantId: 'g1', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: b, outcome: { description: 'hit' } });
    t.destroy(b);
    expect(t.reject('AttackSequenceEnded', undefined, { attackerId: b, reason: 'gone' })).toBe('NO_ATTACK_SEQUENCE');
    t.do('SubturnEnded');
  });
});

describe('§7.4 "1 more attack without paying, even if Inactive"', () => {
  it('T24: the extra attack is optional and later, and leaves the Seal Inactive', () => {
    const { t, a, e } = extraAttackTable();
    t.do('AttackGrantAdded', undefined, { cardId: a, grantId: 'g2', kind: 'ExtraAttack', free: true, evenIfInactive: true });
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Normal', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: a, outcome: { description: 'hit' } });
    t.do('CardCast', 'p1', { cardId: t.find('p1', 'Mystic-C'), mpPaid: 2 });
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Extra', grantId: 'g2', mpPaid: 0 });
    t.do('AttackResolved', undefined, { attackerId: a, outcome: { description: 'hit' } });
    expect(t.card(a).active).toBe(false);
    expect(t.card(a).grants.find((g) => g.id === 'g2')).toMatchObject({ remaining: 0 });
  });

  it('T25: without "without paying", the further attack pays the attack Mp', () => {
    const { t, a, e } = extraAttackTable();
    t.do('AttackGrantAdded', undefined, { cardId: a, grantId: 'g3', kind: 'ExtraAttack', free: false, evenIfInactive: true });
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Normal', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: a, outcome: { description: 'hit' } });
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Extra', grantId: 'g3', mpPaid: 0 })).toBe('ATTACK_COST_MISMATCH');
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Extra', grantId: 'g3', mpPaid: 2 });
  });

  it('T26: the extra attack comes after a first attack (SM-R19)', () => {
    const { t, a, e } = extraAttackTable();
    t.do('AttackGrantAdded', undefined, { cardId: a, grantId: 'g2', kind: 'ExtraAttack', free: true, evenIfInactive: true });
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Extra', grantId: 'g2', mpPaid: 0 })).toBe('EXTRA_ATTACK_BEFORE_FIRST');
  });

  it('T27: the grant expires at the end of its Subturn', () => {
    const { t, a, e } = extraAttackTable();
    t.do('AttackGrantAdded', undefined, { cardId: a, grantId: 'g2', kind: 'ExtraAttack', free: true, evenIfInactive: true });
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Normal', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: a, outcome: { description: 'hit' } });
    t.advanceTo(5);
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: seal(e), mode: 'Extra', grantId: 'g2', mpPaid: 0 })).toBe('NO_SUCH_GRANT');
  });
});

describe('§5 Subturn steps', () => {
  it("T29: the Draw step of a player's first Turn is skipped by the engine, and nothing is owed", () => {
    const t = new SmTable().setup();
    t.advanceTo(2);
    t.do('StepEntered', undefined, { step: 'CheckUp' });
    expect(t.reject('StepEntered', undefined, { step: 'Draw' })).toBe('DRAW_STEP_SKIPPED_FIRST_TURN');
    expect(t.reject('CardDrawn', 'p2', { pile: 'Seal', cardId: t.find('p2', 'Seal-A', 'SealDeck') })).toBe('DRAW_STEP_SKIPPED_FIRST_TURN');
    t.do('StepEntered', undefined, { step: 'Main' });
  });

  it('T30: at most two cards in the Draw step', () => {
    const t = new SmTable().setup().advanceTo(3);
    t.do('StepEntered', undefined, { step: 'Draw' });
    t.do('CardDrawn', 'p1', { pile: 'Seal', cardId: t.find('p1', 'Seal-A', 'SealDeck') });
    t.do('CardDrawn', 'p1', { pile: 'Mystic', cardId: t.find('p1', 'Mystic-C', 'MysticDeck') });
    expect(t.reject('CardDrawn', 'p1', { pile: 'Seal', cardId: t.find('p1', 'Seal-B', 'SealDeck') })).toBe('DRAW_LIMIT');
  });

  it('T40: an entered Draw step is left only after a draw or with drawWaived', () => {
    const t = new SmTable().setup().advanceTo(3);
    t.do('StepEntered', undefined, { step: 'Draw' });
    expect(t.reject('StepEntered', undefined, { step: 'Main' })).toBe('DRAW_MINIMUM');
    expect(t.reject('SubturnEnded')).toBe('DRAW_MINIMUM');
    t.do('StepEntered', undefined, { step: 'Main', drawWaived: 'an Effect' });
    const u = new SmTable().setup().advanceTo(3);
    u.do('StepEntered', undefined, { step: 'Draw' });
    u.do('CardDrawn', 'p1', { pile: 'Seal', cardId: u.find('p1', 'Seal-A', 'SealDeck') });
    u.do('StepEntered', undefined, { step: 'Main' });
  });

  it('T41: without recorded steps the owner draws normally, two at most', () => {
    const t = new SmTable().setup().advanceTo(3);
    t.do('CardDrawn', 'p1', { pile: 'Mystic', cardId: t.find('p1', 'Mystic-C', 'MysticDeck') });
    t.do('CardDrawn', 'p1', { pile: 'Seal', cardId: t.find('p1', 'Seal-A', 'SealDeck') });
    expect(t.reject('CardDrawn', 'p1', { pile: 'Seal', cardId: t.find('p1', 'Seal-B', 'SealDeck') })).toBe('DRAW_LIMIT');
  });

  it("T42: only the owner draws in the Draw step, and only from their own piles", () => {
    const t = new SmTable().setup().advanceTo(3);
    t.do('StepEntered', undefined, { step: 'Draw' });
    const theirs = t.find('p2', 'Seal-A', 'SealDeck');
    expect(t.reject('CardDrawn', 'p2', { pile: 'Seal', cardId: theirs })).toBe('DRAW_NOT_OWNER');
    expect(t.reject('CardDrawn', 'p1', { pile: 'Seal', cardId: theirs })).toBe('DRAW_NOT_OWNER');
    t.do('CardDrawn', 'p2', { pile: 'Seal', cardId: theirs, byEffect: 'Mystic-D' });
  });

  it('T34: at the end of a Subturn every Seal becomes Active and attack counts reset', () => {
    const t = new SmTable().setup();
    const a = t.castSeal('p1', 'Seal-A');
    t.advanceTo(2);
    const b = t.castSeal('p2', 'Seal-B');
    t.advanceTo(3);
    t.do('AttackDeclared', 'p1', { attackerId: a, target: seal(b), mode: 'Normal', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: a, outcome: { description: 'no effect' } });
    t.do('SealActivityChanged', undefined, { cardId: b, to: 'Inactive', reason: 'effect' });
    t.do('SubturnEnded');
    expect(t.card(a)).toMatchObject({ active: true, attacks: 0 });
    expect(t.card(b)).toMatchObject({ active: true, attacks: 0 });
  });
});

describe('§7.6 hand attacks (505.1)', () => {
  it('T31: one hand attack per Subturn', () => {
    const t = new SmTable().setup();
    const e = t.castSeal('p1', 'Seal-E');
    const a = t.castSeal('p1', 'Seal-A');
    t.advanceTo(2);
    const f = t.castSeal('p2', 'Seal-E');
    t.advanceTo(3);
    t.destroy(f);
    for (const id of t.state.cards.filter((c) => c.owner === 'p2' && c.zone === 'Hand').slice(3).map((c) => c.id)) {
      t.do('CardMoved', undefined, { cardId: id, from: 'Hand', to: 'Shrine', reason: 'discarded by effect', byEffect: 'test' });
    }
    t.do('AttackDeclared', 'p1', { attackerId: a, target: hand, mode: 'Normal', mpPaid: 2 });
    t.do('AttackResolved', undefined, { attackerId: a, outcome: { description: 'a card goes to the Shrine' } });
    expect(t.reject('AttackDeclared', 'p1', { attackerId: e, target: hand, mode: 'Normal', mpPaid: 0 })).toBe('HAND_ATTACK_ONCE_PER_SUBTURN');
  });

  it('T32: no hand attack while the opponent has a Seal in a Line', () => {
    const t = new SmTable().setup();
    const a = t.castSeal('p1', 'Seal-A');
    t.advanceTo(2);
    t.castSeal('p2', 'Seal-B', 'Df');
    t.advanceTo(3);
    expect(t.reject('AttackDeclared', 'p1', { attackerId: a, target: hand, mode: 'Normal', mpPaid: 2 })).toBe('HAND_ATTACK_BLOCKED');
  });
});

describe('401.9.8: the owner with no Seal at Check up who brings none in loses', () => {
  it('T33: the loss is pending at SubturnEnded and only the matching GameEnded follows', () => {
    for (const withCheckUp of [false, true]) {
      const t = noSealSubturn4();
      if (withCheckUp) t.do('StepEntered', undefined, { step: 'CheckUp' });
      t.do('SubturnEnded');
      expect(t.state.pendingGameEnd).toEqual({ loser: 'p2', reason: 'NoSealInArena' });
      expect(t.reject('CardCast', 'p1', { cardId: t.find('p1', 'Mystic-D'), mpPaid: 1 })).toBe('GAME_END_PENDING');
      expect(t.reject('GameEnded', undefined, { winner: 'p2', reason: 'NoSealInArena' })).toBe('GAME_END_PENDING');
      t.do('GameEnded', undefined, { winner: 'p1', reason: 'NoSealInArena' });
      expect(t.state.result).toMatchObject({ winner: 'p1' });
    }
  });

  it('T37: the first player who casts no Seal in Subturn 1 loses', () => {
    const t = new SmTable().setup();
    t.do('CardCast', 'p1', { cardId: t.find('p1', 'Mystic-C'), mpPaid: 2 });
    t.do('SubturnEnded');
    expect(t.state.pendingGameEnd).toEqual({ loser: 'p1', reason: 'NoSealInArena' });
    t.do('GameEnded', undefined, { winner: 'p2', reason: 'NoSealInArena' });
  });

  it('T38: a Seal brought in and lost again saves the owner, and so does a Seal there at Check up', () => {
    const a = noSealSubturn4();
    const b = a.castSeal('p2', 'Seal-B', 'Df');
    a.destroy(b).do('SubturnEnded');
    expect(a.state.pendingGameEnd).toBeNull();
    expect(a.state.subturn).toMatchObject({ number: 5, owner: 'p1' });

    const t = new SmTable().setup();
    t.castSeal('p1', 'Seal-E');
    t.advanceTo(2);
    const s = t.castSeal('p2', 'Seal-B', 'Df');
    t.advanceTo(4);
    t.destroy(s).do('SubturnEnded');
    expect(t.state.pendingGameEnd).toBeNull();
    expect(t.state.subturn).toMatchObject({ number: 5, owner: 'p1' });
  });

  it('T39: a Seal brought in after End of Subturn was entered does not count', () => {
    const t = noSealSubturn4();
    t.do('StepEntered', undefined, { step: 'EndOfSubturn' });
    t.do('CardMoved', undefined, { cardId: t.find('p2', 'Seal-A'), from: 'Hand', to: 'Arena', line: 'At', reason: 'an end-of-Subturn Ability', byEffect: 'Ability' });
    t.do('SubturnEnded');
    expect(t.state.pendingGameEnd).toEqual({ loser: 'p2', reason: 'NoSealInArena' });
  });

  it('a claimed no-Seal loss without the condition is refused', () => {
    const t = new SmTable().setup();
    expect(t.reject('GameEnded', undefined, { winner: 'p2', reason: 'NoSealInArena' })).toBe('GAME_END_CONDITION_FALSE');
    expect(t.reject('GameEnded', undefined, { winner: 'p2', reason: 'ShrineLevel' })).toBe('GAME_END_CONDITION_FALSE');
    t.do('GameEnded', undefined, { winner: 'p2', reason: 'Concession' });
  });
});
