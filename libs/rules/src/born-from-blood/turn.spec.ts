import { startGame } from './testing/harness';

describe('B2 first-turn 3N for both players, then normal income', () => {
  const t = startGame({ p1: { hand: ['m3'] } });

  it("Alice's first turn gives 3 N, and playing m3 spends it", () => {
    expect(t.p('p1').n).toBe(3);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm3'), destination: 'mercenary' });
    expect(t.p('p1').n).toBe(0);
  });

  it("Bob's first turn gives exactly 3 N: no +2N and no bonus", () => {
    t.toTurn(2);
    expect(t.p('p2').n).toBe(3);
  });

  it('turn 3 gives Alice 2 N plus 1 for the card she played in her previous turn', () => {
    t.toTurn(3);
    expect(t.p('p1').n).toBe(3);
  });
});

describe('B3 bonus cap and carry-over', () => {
  const t = startGame({ p1: { hand: ['m2a', 'itm', 'sk'] } });

  it('unspent N carries over: turn 3 gives 3 + 2 + 0 = 5', () => {
    t.toTurn(3);
    expect(t.p('p1').n).toBe(5);
  });

  it('three cards played in turn 3 count; a Skill counts once it resolves', () => {
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: 'mercenary' });
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'itm'), destination: 'item' });
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
    expect(t.p('p1').playedFromHandThisTurn).toBe(2);
    t.do('PassPriority', 'p2');
    expect(t.p('p1').playedFromHandThisTurn).toBe(3);
    expect(t.p('p1').n).toBe(0);
  });

  it('the bonus is capped at +2N: turn 5 gives 0 + 2 + 2 = 4', () => {
    t.toTurn(5);
    expect(t.p('p1').n).toBe(4);
  });
});

describe('B4 playing-phase restrictions and Pray', () => {
  const t = startGame({ p1: { hand: ['m3'] }, p2: { hand: ['mpray'] } });
  t.toTurn(3);
  t.advanceTo('combat');

  it('a card without Pray cannot be played in the Combat Phase', () => {
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm3'), destination: 'mercenary' })).toBe('WRONG_PHASE');
  });

  it("a Pray card can be played in the opponent's turn and goes on the stack", () => {
    t.advanceTo('secondMain');
    const n = t.p('p2').n;
    t.do('PlayCard', 'p2', { cardId: t.find('p2', 'mpray'), destination: 'mercenary' });
    expect(t.p('p2').n).toBe(n - 2);
    expect(t.state.stack).toHaveLength(1);
    expect(t.card(t.find('p2', 'mpray', 'stack')).zone).toBe('stack');
  });

  it("after the pass it enters Bob's Mercenary slot in turn 3, not counted for his bonus N (BB-R3)", () => {
    t.do('PassPriority', 'p1');
    const id = t.find('p2', 'mpray', 'mercenary');
    expect(t.card(id).obj?.enteredTurn).toBe(3);
    expect(t.p('p2').playedFromHandThisTurn).toBe(0);
    const n = t.p('p2').n;
    t.toTurn(4);
    expect(t.p('p2').n).toBe(n + 2);
  });
});

describe('B5 slot limits and Infiltration', () => {
  const t = startGame({ p1: { hand: ['m2a', 'minf'] } });
  t.toTurn(3);
  t.advanceTo('main');
  for (let i = 0; i < 3; i++) t.summon('p1', `f0${i + 1}`);
  t.giveN('p1', 10 - t.p('p1').n);

  it('a play into a full slot type is rejected (BB-R18)', () => {
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: 'mercenary' })).toBe('SLOT_FULL');
  });

  it('a Mercenary without Infiltration cannot go to a Skill slot', () => {
    expect(t.reject('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: 'skill' })).toBe('BAD_SLOT');
  });

  it('Infiltration lets a Mercenary into a Skill slot', () => {
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'minf'), destination: 'skill' });
    expect(t.zone('p1', 'skill')).toHaveLength(1);
  });
});

describe('B6 summoning sickness and its exceptions (turn 1 attacks allowed)', () => {
  const t = startGame({ p1: { hand: ['m2a', 'm3', 'art'] } });

  it('an Assault Mercenary may attack in the turn it entered, even in turn 1 (BB-R29)', () => {
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: 'mercenary' });
    expect(t.p('p1').n).toBe(1);
    t.advanceTo('combat');
    t.attackUndefended(t.find('p1', 'm2a', 'mercenary'), 'Slash');
    expect(t.p('p2').hp).toBe(3800);
  });

  it('a Mercenary played this turn cannot attack', () => {
    t.toTurn(3);
    expect(t.p('p1').n).toBe(4);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm3'), destination: 'mercenary' });
    expect(t.p('p1').n).toBe(1);
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: t.find('p1', 'm3', 'mercenary'), using: 'Slash' })).toBe('SUMMONING_SICK');
  });

  it('an Artifact attacks the turn it enters; a Mercenary from an earlier turn attacks too', () => {
    t.toTurn(5);
    expect(t.p('p1').n).toBe(4);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'art'), destination: 'artifact' });
    expect(t.p('p1').n).toBe(2);
    t.advanceTo('combat');
    t.attackUndefended(t.find('p1', 'art', 'artifact'), 'Zap');
    expect(t.p('p2').hp).toBe(3700);
    t.attackUndefended(t.find('p1', 'm3', 'mercenary'), 'Slash');
    expect(t.p('p2').hp).toBe(3400);
  });
});

describe('B7 sell-back', () => {
  const t = startGame({ p1: { hand: ['m3', 'itm'] } });
  t.advanceTo('main');
  t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm3'), destination: 'mercenary' });

  it('a card cannot be sold in the turn it entered the field (BB-R1)', () => {
    expect(t.reject('SellCard', 'p1', { cardId: t.find('p1', 'm3', 'mercenary') })).toBe('SELL_TOO_EARLY');
  });

  it('selling in a later turn refunds half the N paid, rounded down (BB-R2)', () => {
    t.toTurn(3);
    expect(t.p('p1').n).toBe(3);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'itm'), destination: 'item' });
    expect(t.p('p1').n).toBe(2);
    const m3 = t.find('p1', 'm3', 'mercenary');
    t.do('SellCard', 'p1', { cardId: m3 });
    expect(t.card(m3).zone).toBe('graveyard');
    expect(t.p('p1').n).toBe(3);
    expect(t.reject('SellCard', 'p1', { cardId: t.find('p1', 'itm', 'item') })).toBe('SELL_TOO_EARLY');
  });

  it('selling happens only in the Main or Second Main Phase', () => {
    t.toTurn(5);
    expect(t.p('p1').n).toBe(6);
    t.advanceTo('combat');
    expect(t.reject('SellCard', 'p1', { cardId: t.find('p1', 'itm', 'item') })).toBe('WRONG_PHASE');
  });

  it('a Worthless card can be sold but returns no N', () => {
    t.advanceTo('secondMain');
    const itm = t.find('p1', 'itm', 'item');
    t.do('SellCard', 'p1', { cardId: itm });
    expect(t.p('p1').n).toBe(6);
    expect(t.card(itm).zone).toBe('graveyard');
    expect(t.zone('p1', 'item')).toHaveLength(0);
  });

  it('a Character cannot be sold', () => {
    expect(t.reject('SellCard', 'p1', { cardId: 'p1-00' })).toBe('NOT_SELLABLE');
  });
});

describe('B8 hand limit', () => {
  const t = startGame();
  t.toTurn(3);
  t.effect('DrawCards', { player: 'p2', count: 2, cardIds: [t.p('p2').deck.middle[0], t.p('p2').deck.middle[1]] });
  t.advanceTo('end');

  it('the turn cannot end with more than 8 cards in hand', () => {
    expect(t.hand('p1')).toHaveLength(9);
    expect(t.reject('EndTurn', 'p1')).toBe('HAND_OVER_LIMIT');
  });

  it('the discard brings the hand to exactly 8', () => {
    const hand = t.hand('p1');
    expect(t.reject('DiscardToHandLimit', 'p1', { cardIds: hand.slice(0, 2) })).toBe('WRONG_DISCARD_COUNT');
    t.do('DiscardToHandLimit', 'p1', { cardIds: hand.slice(0, 1) });
    expect(t.hand('p1')).toHaveLength(8);
  });

  it('the opponent is checked only at their own End Phase', () => {
    t.do('EndTurn', 'p1');
    expect(t.hand('p2')).toHaveLength(10);
  });

  it('with 8 cards or fewer there is nothing to discard (BB-R40)', () => {
    const u = startGame();
    u.advanceTo('end');
    expect(u.reject('DiscardToHandLimit', 'p1', { cardIds: [] })).toBe('WRONG_DISCARD_COUNT');
  });
});

describe('B15 deck-out only in the Draw Phase', () => {
  it('a player with no card to draw in their Draw Phase loses at once', () => {
    const t = startGame();
    t.toTurn(4);
    for (const id of [...t.p('p2').deck.middle]) t.effect('MoveCard', { cardId: id, from: 'deck', to: 'graveyard' });
    t.do('AdvancePhase', 'p2');
    const produced = t.do('DrawForTurn', 'p2', {});
    expect(produced[1]).toEqual({ type: 'GameEnded', payload: { winner: 'p1', reason: 'deckOut' } });
    expect(t.state.result).toEqual({ winner: 'p1', reason: 'deckOut' });
  });

  it('the Draw Phase draw names its card while the deck holds one, and none when empty', () => {
    const t = startGame();
    t.do('AdvancePhase', 'p1');
    expect(t.reject('DrawForTurn', 'p1', {})).toBe('BAD_PAYLOAD');
  });

  it('an effect drawing from a too-small deck draws what it can and is not a loss (BB-R6)', () => {
    const t = startGame();
    const deck = [...t.p('p1').deck.middle];
    const a1 = deck.pop()!;
    for (const id of deck) t.effect('MoveCard', { cardId: id, from: 'deck', to: 'graveyard' });
    expect(t.rejectEffect('DrawCards', { player: 'p1', count: 2, cardIds: [] })).toBe('WRONG_DRAW_COUNT');
    expect(t.refusal('DrawCards', undefined, { sourceCardId: 'rule', player: 'p1', count: 2, cardIds: [] }).message).toBe('this draw takes 1 card');
    const produced = t.effect('DrawCards', { player: 'p1', count: 2, cardIds: [a1] });
    expect(produced).toHaveLength(1);
    expect(t.hand('p1')).toContain(a1);
    expect(t.state.stage).toBe('playing');
  });
});

describe('B18 CD counting (own turns)', () => {
  const t = startGame({ p1: { hand: ['sk'] } });
  t.toTurn(3);
  t.advanceTo('main');
  t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
  t.do('PassPriority', 'p2');
  const sk = t.find('p1', 'sk', 'skill');
  const drill = () => {
    t.do('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' });
    t.do('PassPriority', 'p2');
  };

  it('a CD ability can be used at once, even in the turn its card entered (BB-R15)', () => {
    drill();
    expect(t.card(sk).obj?.cd['ability:Drill']).toEqual({ remaining: 1, lastUsedTurn: 3 });
  });

  it('it cannot be used again before the countdown ends', () => {
    expect(t.reject('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' })).toBe('ON_COOLDOWN');
  });

  it("the turn it was used and the opponent's turns do not count down", () => {
    t.toTurn(5);
    t.advanceTo('main');
    expect(t.reject('ActivateAbility', 'p1', { cardId: sk, abilityId: 'Drill' })).toBe('ON_COOLDOWN');
  });

  it('the end of an own turn without a use counts down: usable again in turn 7', () => {
    t.toTurn(7);
    t.advanceTo('main');
    drill();
  });

  it('with cdCountsEveryTurn every turn end without a use counts down', () => {
    const u = startGame({ p1: { hand: ['sk'] } }, { cdCountsEveryTurn: true });
    u.toTurn(3);
    u.advanceTo('main');
    u.do('PlayCard', 'p1', { cardId: u.find('p1', 'sk'), destination: 'skill' });
    u.do('PassPriority', 'p2');
    const id = u.find('p1', 'sk', 'skill');
    u.do('ActivateAbility', 'p1', { cardId: id, abilityId: 'Drill' });
    u.do('PassPriority', 'p2');
    u.toTurn(5);
    u.advanceTo('main');
    u.do('ActivateAbility', 'p1', { cardId: id, abilityId: 'Drill' });
  });
});

describe('B20 Rebound, immediate attacks and bonus N', () => {
  const t = startGame({ p1: { hand: ['mreb'] } });
  t.toTurn(3);
  t.advanceTo('main');

  const playAndThrow = () => {
    const id = t.find('p1', 'mreb');
    t.do('PlayCard', 'p1', { cardId: id, destination: 'mercenary' });
    t.attackUndefended(id, 'Toss', { immediate: true, sourceCardId: id });
    return id;
  };

  it('an immediate attack is accepted in the Main Phase, and Rebound returns the attacker to hand (BB-R27)', () => {
    expect(t.p('p1').n).toBe(5);
    const id = playAndThrow();
    expect(t.p('p1').n).toBe(4);
    expect(t.card(id).zone).toBe('hand');
    expect(t.p('p2').hp).toBe(3900);
  });

  it('the card played again is a new object and can throw again', () => {
    const id = t.find('p1', 'mreb');
    t.do('PlayCard', 'p1', { cardId: id, destination: 'mercenary' });
    expect(t.card(id).obj).toMatchObject({ enteredTurn: 3, attacksThisTurn: 0 });
    t.attackUndefended(id, 'Toss', { immediate: true, sourceCardId: id });
    expect(t.p('p1').n).toBe(3);
    expect(t.p('p2').hp).toBe(3800);
    expect(t.card(id).zone).toBe('hand');
  });

  it('both plays count toward bonus N: turn 5 gives 3 + 2 + 2 = 7', () => {
    expect(t.p('p1').playedFromHandThisTurn).toBe(2);
    t.toTurn(5);
    expect(t.p('p1').n).toBe(7);
  });

  it('an immediate attack names the card whose effect makes it', () => {
    const u = startGame({ p1: { hand: ['mreb'] } });
    u.advanceTo('main');
    const id = u.find('p1', 'mreb');
    u.do('PlayCard', 'p1', { cardId: id, destination: 'mercenary' });
    expect(u.reject('DeclareAttack', 'p1', { attackerId: id, using: 'Toss', immediate: true })).toBe('BAD_PAYLOAD');
  });
});

describe('B22 Extra Unit via Materialize is not "played"', () => {
  const t = startGame({ p1: { hand: ['m2a'], extra: ['xr'] } });
  t.toTurn(3);
  t.advanceTo('main');
  const m2a = t.summon('p1', 'm2a');

  it('the cost and the Materialize are recorded as moves, not plays', () => {
    t.effect('MoveCard', { cardId: m2a, from: 'mercenary', to: 'graveyard' });
    const xr = t.find('p1', 'xr', 'extraDeck');
    t.effect('MoveCard', { cardId: xr, from: 'extraDeck', to: 'extraZone' });
    expect(t.p('p1').playedFromHandThisTurn).toBe(0);
    expect(t.card(xr).obj?.nPaid).toBe(0);
  });

  it('an Extra Unit materialized this turn has summoning sickness', () => {
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: t.find('p1', 'xr', 'extraZone'), using: 'Crush' })).toBe('SUMMONING_SICK');
  });

  it('only Extra cards go to the Extra Zone or Extra Deck', () => {
    const f = t.find('p1', 'f01', 'deck');
    expect(t.rejectEffect('MoveCard', { cardId: f, from: 'deck', to: 'extraZone' })).toBe('BAD_DESTINATION');
    expect(t.rejectEffect('MoveCard', { cardId: f, from: 'hand', to: 'graveyard' })).toBe('CARD_NOT_IN_ZONE');
  });
});

describe('B25 End Phase order; Pray in the End Phase', () => {
  const t = startGame({ p1: { hand: ['art'] }, p2: { hand: ['mpray'] } });
  t.advanceTo('main');
  t.do('PlayCard', 'p1', { cardId: t.find('p1', 'art'), destination: 'artifact' });
  t.toTurn(3);
  t.effect('DrawCards', { player: 'p1', count: 1, cardIds: [t.nextDrawable('p1')] });
  t.advanceTo('end');
  const art = t.find('p1', 'art', 'artifact');

  it('an End Phase Action may be used before the hand check', () => {
    expect(t.hand('p1')).toHaveLength(9);
    t.do('ActivateAbility', 'p1', { cardId: art, abilityId: 'Ward' });
  });

  it('a Pray card may be played in the End Phase too', () => {
    t.do('PlayCard', 'p2', { cardId: t.find('p2', 'mpray'), destination: 'mercenary' });
    t.do('PassPriority', 'p1');
    expect(t.zone('p2', 'mercenary')).toEqual([t.find('p2', 'mpray', 'mercenary')]);
  });

  it('End Phase Actions are over once the hand check is done (BB-R26)', () => {
    t.do('DiscardToHandLimit', 'p1', { cardIds: [t.hand('p1')[8]] });
    expect(t.hand('p1')).toHaveLength(8);
    expect(t.reject('ActivateAbility', 'p1', { cardId: art, abilityId: 'Ward' })).toBe('WRONG_PHASE');
    t.do('EndTurn', 'p1');
    expect(t.state.turn).toBe(4);
  });
});
