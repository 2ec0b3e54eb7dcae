import { startGame } from './testing/harness';
import { view } from './view';

describe('turn structure', () => {
  it('only the turn player moves the phases, and the Draw Phase needs its draw', () => {
    const t = startGame();
    expect(t.reject('AdvancePhase', 'p2')).toBe('NOT_YOUR_TURN');
    t.do('AdvancePhase', 'p1');
    expect(t.reject('AdvancePhase', 'p1')).toBe('DRAW_REQUIRED');
    t.drawForTurn();
    expect(t.reject('DrawForTurn', 'p1', { cardId: t.nextDrawable('p1') })).toBe('ALREADY_DRAWN');
    t.advanceTo('end');
    expect(t.reject('AdvancePhase', 'p1')).toBe('WRONG_PHASE');
  });

  it('a card put on top of the deck by an effect is the next card drawn', () => {
    const t = startGame();
    const top = t.hand('p1')[0]!;
    t.effect('MoveCard', { cardId: top, from: 'hand', to: 'deck', position: 'top' });
    t.do('AdvancePhase', 'p1');
    expect(t.reject('DrawForTurn', 'p1', { cardId: t.p('p1').deck.middle[0] })).toBe('CARD_NOT_DRAWABLE');
    t.do('DrawForTurn', 'p1', { cardId: top });
    expect(t.hand('p1')).toContain(top);
  });

  it("position is only for a move to 'deck'", () => {
    const t = startGame();
    expect(t.rejectEffect('MoveCard', { cardId: t.hand('p1')[0], from: 'hand', to: 'graveyard', position: 'top' })).toBe('BAD_PAYLOAD');
  });

  it('effect events wait for turn 1', () => {
    const t = startGame();
    expect(t.state.stage).toBe('playing');
    const u = new (t.constructor as any)();
    u.do('MatchCreated', undefined, { players: ['p1', 'p2'], config: {} });
    expect(u.rejectEffect('ChangeN', { player: 'p1', delta: 1 })).toBe('SETUP_ORDER');
  });

  it('a card the game does not know is UNKNOWN_CARD', () => {
    const t = startGame();
    expect(t.rejectEffect('DestroyCard', { cardId: 'p3-01', cause: 'destroy' })).toBe('UNKNOWN_CARD');
    expect(t.rejectEffect('DestroyCard', { sourceCardId: 'nope', cardId: 'p1-00', cause: 'destroy' })).toBe('UNKNOWN_CARD');
  });

  it('a Character is not on the field: it cannot be destroyed by an effect', () => {
    const t = startGame();
    expect(t.rejectEffect('DestroyCard', { cardId: 'p1-00', cause: 'other' })).toBe('CARD_NOT_ON_FIELD');
  });
});

describe('playing cards', () => {
  it('an Off-Hand Item uses the Off-Hand slot, not the Item slot (BB-R22)', () => {
    const t = startGame({ p1: { hand: ['oh'] } });
    t.advanceTo('main');
    const oh = t.find('p1', 'oh');
    expect(t.reject('PlayCard', 'p1', { cardId: oh, destination: 'item' })).toBe('BAD_SLOT');
    t.do('PlayCard', 'p1', { cardId: oh, destination: 'offHand' });
    expect(view(t.state, 'spectator').players.p1.characterBlock).toBe(100);
  });

  it('a oneShot card names no destination; a permanent needs one', () => {
    const t = startGame({ p1: { hand: ['pq', 'm2a'] } });
    t.advanceTo('main');
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'pq'), destination: 'skill' })).toBe('BAD_SLOT');
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm2a') })).toBe('BAD_SLOT');
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: 'extraZone' })).toBe('BAD_SLOT');
  });

  it('a card effect that changes a cost is paid and kept as nPaid (BB-R30)', () => {
    const t = startGame({ p1: { hand: ['m3'] } });
    t.advanceTo('main');
    const m3 = t.find('p1', 'm3');
    t.do('PlayCard', 'p1', { cardId: m3, destination: 'mercenary', costOverride: { amount: 1, sourceCardId: 'rule' } });
    expect(t.p('p1').n).toBe(2);
    expect(t.card(m3).obj?.nPaid).toBe(1);
    t.toTurn(3);
    t.advanceTo('main');
    const n = t.p('p1').n;
    t.do('SellCard', 'p1', { cardId: m3 });
    expect(t.p('p1').n).toBe(n);
  });

  it('N below the cost is INSUFFICIENT_N', () => {
    const t = startGame({ p1: { hand: ['mp'] } });
    t.advanceTo('main');
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'mp'), destination: 'mercenary' })).toBe('INSUFFICIENT_N');
  });

  it('Extra cards and Characters are never played from hand', () => {
    const t = startGame({ p1: { extra: ['xr'] } });
    t.advanceTo('main');
    const xr = t.find('p1', 'xr', 'extraDeck');
    t.effect('MoveCard', { cardId: xr, from: 'extraDeck', to: 'hand' });
    expect(t.reject('PlayCard', 'p1', { cardId: xr, destination: 'mercenary' })).toBe('NOT_PLAYABLE_FROM_HAND');
    expect(t.reject('PlayCard', 'p1', { cardId: t.hand('p2')[0], destination: 'mercenary' })).toBe('CARD_NOT_IN_HAND');
  });
});

describe('Field Artifacts and Special Slots', () => {
  it('a Field Artifact hosts Mercenaries up to its capacity; they follow it to the graveyard (BB-R23)', () => {
    const t = startGame({ p1: { hand: ['fa', 'm2a', 'maa'] } });
    t.advanceTo('main');
    t.giveN('p1', 10);
    const fa = t.find('p1', 'fa');
    t.do('PlayCard', 'p1', { cardId: fa, destination: 'artifact' });
    const m2a = t.find('p1', 'm2a');
    t.do('PlayCard', 'p1', { cardId: m2a, destination: { host: fa } });
    expect(t.zone('p1', `host:${fa}`)).toEqual([m2a]);
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'maa'), destination: { host: fa } })).toBe('SLOT_FULL');
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'maa'), destination: { host: 'p1-00' } })).toBe('BAD_SLOT');
    t.toTurn(3);
    t.advanceTo('main');
    const produced = t.do('SellCard', 'p1', { cardId: fa });
    expect(produced[1]).toEqual({ type: 'CardsPutInGraveyard', payload: { cards: [{ cardId: m2a, reason: 'hostLeft' }] } });
    expect(t.card(m2a).zone).toBe('graveyard');
  });

  it('a Special Slot takes the types it lists and cannot be removed while occupied', () => {
    const t = startGame({ p1: { hand: ['sk', 'm3'] } });
    t.advanceTo('main');
    t.effect('CreateSpecialSlot', { player: 'p1', slotId: 'altar', capacity: 1, allowedTypes: ['Skill'] });
    expect(t.rejectEffect('CreateSpecialSlot', { player: 'p1', slotId: 'altar', capacity: 1, allowedTypes: 'any' })).toBe('BAD_PAYLOAD');
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm3'), destination: { special: 'altar' } })).toBe('BAD_SLOT');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: { special: 'altar' } });
    expect(t.rejectEffect('RemoveSpecialSlot', { player: 'p1', slotId: 'altar' })).toBe('SLOT_NOT_EMPTY');
    t.do('PassPriority', 'p2');
    expect(t.zone('p1', 'special:altar')).toHaveLength(1);
    expect(t.rejectEffect('RemoveSpecialSlot', { player: 'p1', slotId: 'nope' })).toBe('BAD_PAYLOAD');
  });
});

describe('statuses, keywords and durations', () => {
  const withMercs = () => {
    const t = startGame({ p1: { hand: ['m3', 'art'] }, p2: { hand: ['m3'] } });
    const m3 = t.summon('p1', 'm3');
    const art = t.summon('p1', 'art', 'artifact');
    t.toTurn(2);
    const bob = t.summon('p2', 'm3');
    t.toTurn(3);
    return { t, m3, art, bob };
  };

  it('a Silenced card cannot use its Combat Skill but may attack with ATK above 0 (BB-R14)', () => {
    const { t, m3 } = withMercs();
    t.effect('SetStatus', { cardId: m3, status: 'silence', duration: 'thisTurn' });
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' })).toBe('SILENCED');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'atk' })).toBe('NO_COMBAT_SKILL');
    t.effect('ModifyStat', { cardId: m3, stat: 'atk', delta: 100, duration: 'thisTurn' });
    t.attackUndefended(m3, 'atk');
    expect(t.p('p2').hp).toBe(3900);
  });

  it('a card with a usable Combat Skill does not attack with bare ATK', () => {
    const { t, m3 } = withMercs();
    t.effect('ModifyStat', { cardId: m3, stat: 'atk', delta: 100, duration: 'thisTurn' });
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'atk' })).toBe('NO_COMBAT_SKILL');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'Stab' })).toBe('NO_COMBAT_SKILL');
  });

  it('a Deep card cannot attack (BB-R34); a Stunned one neither', () => {
    const { t, m3, art } = withMercs();
    t.effect('SetStatus', { cardId: m3, status: 'deep', duration: 'permanent' });
    t.effect('SetStatus', { cardId: art, status: 'stun', duration: 'thisTurn' });
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' })).toBe('DEEP');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: art, using: 'Zap' })).toBe('STUNNED');
    t.effect('ClearStatus', { cardId: art, status: 'stun' });
    t.attackUndefended(art, 'Zap');
  });

  it('Burn ticks at the end of the turn of the Burned card’s controller by default (BB-R24)', () => {
    const { t, bob } = withMercs();
    t.effect('SetStatus', { cardId: bob, status: 'burn', params: { amount: 200 }, duration: 'permanent' });
    t.toTurn(4);
    expect(t.card(bob).zone).toBe('mercenary');
    t.toTurn(5);
    expect(t.card(bob).zone).toBe('graveyard');
  });

  it('Burn on a Character is reduced by Block and ends the game at HP 0', () => {
    const t = startGame();
    t.effect('ChangeHP', { player: 'p2', delta: -3850 });
    t.effect('GrantKeyword', { cardId: 'p2-00', keyword: 'Block', value: 50, duration: 'permanent' });
    t.effect('SetStatus', { cardId: 'p2-00', status: 'burn', params: { amount: 150, tickAt: 'p1' }, duration: 'permanent' });
    t.advanceTo('end');
    const produced = t.do('EndTurn', 'p1');
    expect(t.p('p2').hp).toBe(50);
    expect(produced).toHaveLength(1);
    t.toTurn(3);
    t.advanceTo('end');
    t.do('DiscardToHandLimit', 'p1', { cardIds: [t.hand('p1')[0]] });
    expect(t.do('EndTurn', 'p1')[1]).toEqual({ type: 'GameEnded', payload: { winner: 'p1', reason: 'hp' } });
    expect(t.state.turn).toBe(3);
  });

  it('Ready lifts summoning sickness for this turn only and adds no attack (BB-R33)', () => {
    const t = startGame({ p1: { hand: ['m3'] } });
    t.toTurn(3);
    const m3 = t.summon('p1', 'm3');
    t.effect('SetStatus', { cardId: m3, status: 'ready', duration: 'thisTurn' });
    t.advanceTo('combat');
    t.attackUndefended(m3, 'Slash');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' })).toBe('NO_ATTACKS_LEFT');
    t.toTurn(4);
    expect(t.card(m3).obj?.statuses).toEqual([]);
  });

  it('a whileSourceOnField effect ends when its source leaves the field', () => {
    const { t, m3, art } = withMercs();
    t.effect('ModifyStat', { sourceCardId: art, cardId: m3, stat: 'atk', delta: 100, duration: { whileSourceOnField: { sourceCardId: art } } });
    expect(view(t.state, 'judge').players.p1.field['mercenary']).toEqual([expect.objectContaining({ atk: 100 })]);
    t.effect('DestroyCard', { cardId: art, cause: 'destroy' });
    expect(t.card(m3).obj?.modifiers).toEqual([]);
  });

  it('an effect lasting while its source is on the field ends at once if the source is not in play (BB-R52)', () => {
    const { t, m3 } = withMercs();
    const inHand = t.hand('p1')[0]!;
    t.effect('ModifyStat', { cardId: m3, stat: 'atk', delta: 100, duration: { whileSourceOnField: { sourceCardId: inHand } } });
    expect(t.card(m3).obj?.modifiers).toEqual([]);
    t.effect('ModifyStat', { cardId: m3, stat: 'atk', delta: 100, duration: { whileSourceOnField: { sourceCardId: 'p1-00' } } });
    expect(t.card(m3).obj?.modifiers).toHaveLength(1);
  });

  it("an untilEndOfTurnOf 'current' duration needs that seat's turn", () => {
    const { t, m3 } = withMercs();
    const duration = (player: string) => ({ untilEndOfTurnOf: { player, occurrence: 'current' } });
    expect(t.rejectEffect('ModifyStat', { cardId: m3, stat: 'atk', delta: 1, duration: duration('p2') })).toBe('BAD_PAYLOAD');
    t.effect('ModifyStat', { cardId: m3, stat: 'atk', delta: 1, duration: { untilEndOfTurnOf: { player: 'p2', occurrence: 'next' } } });
    t.toTurn(4);
    expect(t.card(m3).obj?.modifiers).toHaveLength(1);
    t.toTurn(5);
    expect(t.card(m3).obj?.modifiers).toHaveLength(0);
  });

  it("a 'thisBattle' effect needs an open battle and ends with it", () => {
    const { t, m3 } = withMercs();
    expect(t.rejectEffect('ModifyStat', { cardId: m3, stat: 'atk', delta: 100, duration: 'thisBattle' })).toBe('WRONG_STEP');
    expect(t.rejectEffect('ModifyBattleDamage', { delta: 100 })).toBe('WRONG_STEP');
    t.advanceTo('combat');
    t.do('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' });
    t.effect('ModifyStat', { cardId: m3, stat: 'atk', delta: 100, duration: 'thisBattle' });
    t.effect('ModifyBattleDamage', { delta: 50 });
    t.do('PassPriority', 'p2');
    t.do('DeclareDefenders', 'p2', { defenderIds: [] });
    t.do('ResolveBattle', 'p1');
    expect(t.p('p2').hp).toBe(3550);
    expect(t.card(m3).obj?.modifiers).toEqual([]);
  });

  it('a printed keyword removed by an effect is ignored while the removal lasts', () => {
    const t = startGame({ p1: { hand: ['m2a'] } });
    t.advanceTo('main');
    const m2a = t.find('p1', 'm2a');
    t.do('PlayCard', 'p1', { cardId: m2a, destination: 'mercenary' });
    t.effect('RemoveKeyword', { cardId: m2a, keyword: 'Assault', duration: 'thisTurn' });
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: m2a, using: 'Slash' })).toBe('SUMMONING_SICK');
  });

  it('Block, Burn, Evasion and Parry grants need a value; others take none', () => {
    const { t, m3 } = withMercs();
    expect(t.rejectEffect('GrantKeyword', { cardId: m3, keyword: 'Block', duration: 'thisTurn' })).toBe('BAD_PAYLOAD');
    expect(t.rejectEffect('GrantKeyword', { cardId: m3, keyword: 'Pierce', value: 1, duration: 'thisTurn' })).toBe('BAD_PAYLOAD');
    expect(t.rejectEffect('SetStatus', { cardId: m3, status: 'burn', duration: 'thisTurn' })).toBe('BAD_PAYLOAD');
  });
});

describe('abilities, counters and resources', () => {
  it('a oncePerGame ability is used once, even in later turns (BB-R37)', () => {
    const t = startGame({ p1: { character: 'evo' } });
    t.advanceTo('main');
    t.do('ActivateAbility', 'p1', { cardId: 'p1-00', abilityId: 'Evolve' });
    expect(t.state.stack).toHaveLength(0);
    expect(t.reject('ActivateAbility', 'p1', { cardId: 'p1-00', abilityId: 'Evolve' })).toBe('LIMIT_REACHED');
    t.toTurn(3);
    t.advanceTo('main');
    expect(t.reject('ActivateAbility', 'p1', { cardId: 'p1-00', abilityId: 'Evolve' })).toBe('LIMIT_REACHED');
    expect(t.reject('ActivateAbility', 'p1', { cardId: 'p1-00', abilityId: 'Nope' })).toBe('UNKNOWN_ABILITY');
  });

  it('an Order ability is used only in your own Main Phases, from your own field', () => {
    const t = startGame({ p1: { hand: ['sk'] } });
    const sk = t.summon('p1', 'sk', 'skill');
    expect(t.reject('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' })).toBe('WRONG_PHASE');
    t.toTurn(2);
    t.advanceTo('main');
    expect(t.reject('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' })).toBe('NOT_YOUR_TURN');
  });

  it('a triggered ability is never activated; its use is recorded', () => {
    const t = startGame({ p1: { hand: ['mreb'] } });
    t.advanceTo('main');
    const mreb = t.find('p1', 'mreb');
    t.do('PlayCard', 'p1', { cardId: mreb, destination: 'mercenary' });
    expect(t.reject('ActivateAbility', 'p1', { cardId: mreb, abilityId: 'Bounce' })).toBe('NOT_ACTIVATABLE');
    t.effect('RecordAbilityUse', { sourceCardId: mreb, cardId: mreb, abilityId: 'Bounce' });
  });

  it('N and counters never go below 0', () => {
    const t = startGame();
    expect(t.rejectEffect('ChangeN', { player: 'p1', delta: -4 })).toBe('INSUFFICIENT_N');
    expect(t.rejectEffect('ChangeCounter', { owner: { player: 'p1' }, counter: 'Agna', delta: -1 })).toBe('INSUFFICIENT_COUNTER');
    t.effect('ChangeCounter', { owner: { player: 'p1' }, counter: 'Agna', delta: 3 });
    t.effect('ChangeCounter', { owner: { player: 'p1' }, counter: 'Agna', delta: -2 });
    expect(t.p('p1').counters).toEqual({ Agna: 1 });
  });

  it('a transformed card keeps its HP but loses attached effects (BB-R28)', () => {
    const t = startGame();
    t.effect('ChangeHP', { player: 'p1', delta: -500 });
    t.effect('SetStatus', { cardId: 'p1-00', status: 'flipped', duration: 'permanent' });
    expect(t.rejectEffect('TransformCard', { cardId: 'p1-00', intoCatalogId: 'nope' })).toBe('UNKNOWN_CATALOG_ID');
    t.effect('TransformCard', { cardId: 'p1-00', intoCatalogId: 'evo' });
    expect(t.card('p1-00').catalogId).toBe('evo');
    expect(t.card('p1-00').obj?.statuses).toEqual([]);
    expect(t.p('p1').hp).toBe(3500);
  });

  it('a die shows 1 to 6 (BB-R36)', () => {
    const t = startGame();
    expect(t.rejectEffect('RollDie', { player: 'p1', sides: 6, result: 0, purpose: 'Evasion' })).toBe('BAD_DIE_RESULT');
    expect(t.rejectEffect('RollDie', { player: 'p1', sides: 20, result: 4, purpose: 'Evasion' })).toBe('BAD_PAYLOAD');
    t.effect('RollDie', { player: 'p1', sides: 6, result: 4, purpose: 'Evasion' });
  });

  it('a shuffle makes the whole deck unordered again', () => {
    const t = startGame();
    const card = t.hand('p1')[0]!;
    t.effect('MoveCard', { cardId: card, from: 'hand', to: 'deck', position: 'bottom' });
    t.effect('ShuffleZone', { player: 'p1', zone: 'deck' });
    expect(t.p('p1').deck.bottom).toEqual([]);
    expect(t.p('p1').deck.middle).toContain(card);
  });
});
