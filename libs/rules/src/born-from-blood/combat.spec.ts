import { view } from './view';
import { Table, startGame } from './testing/harness';

/**
 * Alice's attackers enter in turn 1 and Bob's cards in turn 2, by effect; the scenario then runs in
 * Alice's turn 3 Combat Phase with the attack declared and Bob's priority passed (step defend).
 */
function battleTable(attacker: string, defenders: string[], extra: { bobItems?: string[] } = {}) {
  const t = startGame({ p1: { hand: [attacker] }, p2: { hand: [...defenders, ...(extra.bobItems ?? [])] } });
  const a = t.summon('p1', attacker);
  t.toTurn(2);
  const d: Record<string, string> = {};
  for (const id of defenders) d[id] = t.summon('p2', id);
  for (const item of extra.bobItems ?? []) t.summon('p2', item, item === 'oh' ? 'offHand' : 'item');
  t.toTurn(3);
  t.advanceTo('combat');
  return { t, a, d };
}

function declare(t: Table, attackerId: string, using: string) {
  t.do('DeclareAttack', 'p1', { attackerId, using });
  t.do('PassPriority', 'p2');
}

describe('B9 Pierce overflow, single defender', () => {
  const { t, a, d } = battleTable('mp', ['m3']);

  it('Pierce lets damage beyond the defender’s lethal reach the Character', () => {
    declare(t, a, 'Lance');
    t.do('DeclareDefenders', 'p2', { defenderIds: [d['m3']] });
    t.do('AssignDamage', 'p1', { shares: { [d['m3']!]: 200 }, toCharacter: 100 });
    t.do('ResolveBattle', 'p1');
    expect(t.card(d['m3']!).zone).toBe('graveyard');
    expect(t.p('p2').hp).toBe(3900);
  });
});

describe('B10 several defenders without Pierce', () => {
  const { t, a, d } = battleTable('m3', ['maa', 'm2a']);
  declare(t, a, 'Slash');
  t.do('DeclareDefenders', 'p2', { defenderIds: [d['maa'], d['m2a']] });

  it('without Pierce nothing reaches the Character once defenders are declared (BB-R8)', () => {
    expect(t.reject('AssignDamage', 'p1', { shares: { [d['maa']!]: 100, [d['m2a']!]: 100 }, toCharacter: 100 })).toBe('NO_PIERCE');
  });

  it('the attacker splits the damage as they like; a defender with more HP than its share survives at full HP', () => {
    t.do('AssignDamage', 'p1', { shares: { [d['maa']!]: 300, [d['m2a']!]: 0 }, toCharacter: 0 });
    t.do('ResolveBattle', 'p1');
    expect(t.card(d['maa']!).zone).toBe('graveyard');
    expect(t.card(d['m2a']!).zone).toBe('mercenary');
    expect(view(t.state, 'judge').players.p2.field['mercenary']).toEqual([expect.objectContaining({ cardId: d['m2a'], hp: 100 })]);
    expect(t.p('p2').hp).toBe(4000);
  });
});

describe('B11 Pierce with several defenders needs lethal on each', () => {
  const { t, a, d } = battleTable('mp', ['m3', 'm2a']);
  t.effect('ModifyStat', { cardId: a, stat: 'atk', delta: 200, duration: 'thisTurn' });
  declare(t, a, 'Lance');
  t.do('DeclareDefenders', 'p2', { defenderIds: [d['m3'], d['m2a']] });
  const shares = (m3: number, m2a: number) => ({ [d['m3']!]: m3, [d['m2a']!]: m2a });

  it('ATK adds to the Combat Skill: D = 300 + 200', () => {
    expect(view(t.state, 'spectator').battle?.damage).toBe(500);
  });

  it('Pierce reaches the Character only after every defender is assigned lethal', () => {
    expect(t.reject('AssignDamage', 'p1', { shares: shares(300, 0), toCharacter: 200 })).toBe('PIERCE_NEEDS_LETHAL');
  });

  it('the shares and the Character’s part sum exactly to D', () => {
    expect(t.reject('AssignDamage', 'p1', { shares: shares(200, 100), toCharacter: 100 })).toBe('ASSIGNMENT_SUM');
  });

  it('lethal on each defender and the rest to the Character destroys both and hits for 200', () => {
    t.do('AssignDamage', 'p1', { shares: shares(200, 100), toCharacter: 200 });
    t.do('ResolveBattle', 'p1');
    expect(t.card(d['m3']!).zone).toBe('graveyard');
    expect(t.card(d['m2a']!).zone).toBe('graveyard');
    expect(t.p('p2').hp).toBe(3800);
  });
});

describe('B12 "cannot be prevented" and Block', () => {
  const { t, a, d } = battleTable('m3', ['maa'], { bobItems: ['oh'] });
  declare(t, a, 'Slash');
  t.effect('GrantAttackProperty', { property: 'cannotBePrevented' });

  it('an attack that cannot be prevented takes no defenders', () => {
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: [d['maa']] })).toBe('CANNOT_BE_PREVENTED');
  });

  it("Block on an Off-Hand Item still reduces the damage to its controller's Character (BB-R25)", () => {
    t.do('DeclareDefenders', 'p2', { defenderIds: [] });
    t.do('ResolveBattle', 'p1');
    expect(t.p('p2').hp).toBe(3800);
  });
});

describe('B13 Skybound needs Anti-Air', () => {
  const { t, a, d } = battleTable('msky', ['m3', 'maa']);
  declare(t, a, 'Dive');

  it('a Skybound attacker can be defended only by Anti-Air Mercenaries (BB-R13)', () => {
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: [d['m3']] })).toBe('SKYBOUND_NEEDS_ANTI_AIR');
  });

  it('an Anti-Air Mercenary defends and takes the whole attack', () => {
    t.do('DeclareDefenders', 'p2', { defenderIds: [d['maa']] });
    t.do('AssignDamage', 'p1', { shares: { [d['maa']!]: 300 }, toCharacter: 0 });
    t.do('ResolveBattle', 'p1');
    expect(t.card(d['maa']!).zone).toBe('graveyard');
    expect(t.p('p2').hp).toBe(4000);
  });
});

describe('B16 attack allowance', () => {
  const t = startGame({ p1: { hand: ['mdbl', 'm3'] } });
  const mdbl = t.summon('p1', 'mdbl');
  const m3 = t.summon('p1', 'm3');
  t.toTurn(5);
  t.advanceTo('combat');

  it('Double Attack allows two attacks in a turn, and no third (BB-R11)', () => {
    t.attackUndefended(mdbl, 'Slash');
    t.attackUndefended(mdbl, 'Slash');
    expect(t.refusal('DeclareAttack', 'p1', { attackerId: mdbl, using: 'Slash' })).toEqual({ code: 'NO_ATTACKS_LEFT', message: expect.stringMatching(/ has made its 2 attacks this turn$/) });
  });

  it('any other card attacks once per turn', () => {
    t.attackUndefended(m3, 'Slash');
    expect(t.refusal('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' })).toEqual({ code: 'NO_ATTACKS_LEFT', message: expect.stringMatching(/ has made its 1 attack this turn$/) });
    expect(t.p('p2').hp).toBe(3500);
  });
});

describe('B19 HP 0 ends the game', () => {
  const { t, a } = battleTable('m3', []);
  t.effect('ChangeHP', { player: 'p2', delta: -3800 });

  it('a Character reduced to HP 0 or below loses at once; HP is shown clamped at 0 (BB-R7)', () => {
    declare(t, a, 'Slash');
    t.do('DeclareDefenders', 'p2', { defenderIds: [] });
    const produced = t.do('ResolveBattle', 'p1');
    expect(produced[1]).toEqual({ type: 'GameEnded', payload: { winner: 'p1', reason: 'hp' } });
    expect(t.p('p2').hp).toBe(-100);
    expect(view(t.state, 'spectator').players.p2.hp).toBe(0);
  });

  it('nothing is accepted after the end, not even a concession', () => {
    expect(t.reject('Concede', 'p2')).toBe('GAME_OVER');
  });

  it('both Characters at HP 0 after the same event is a draw (BB-R7)', () => {
    const u = startGame();
    u.effect('ChangeHP', { player: 'p1', delta: -4000 });
    expect(u.state.result).toEqual({ winner: 'p2', reason: 'hp' });
    const v = startGame();
    v.effect('SetStatus', { cardId: 'p1-00', status: 'burn', params: { amount: 4000, tickAt: 'p1' }, duration: 'permanent' });
    v.effect('ChangeHP', { player: 'p2', delta: -3900 });
    v.effect('SetStatus', { cardId: 'p2-00', status: 'burn', params: { amount: 100, tickAt: 'p1' }, duration: 'permanent' });
    v.advanceTo('end');
    const produced = v.do('EndTurn', 'p1');
    expect(produced[1]).toEqual({ type: 'GameEnded', payload: { draw: true, reason: 'hp' } });
    expect(v.state.turn).toBe(1);
  });
});

describe('B21 Stun stops defending; attackers can still defend', () => {
  const t = startGame({ p1: { hand: ['m3'] }, p2: { hand: ['m3', 'maa'] } });
  const a = t.summon('p1', 'm3');
  t.toTurn(2);
  const bobM3 = t.summon('p2', 'm3');
  const maa = t.summon('p2', 'maa');
  t.toTurn(4);
  t.advanceTo('combat');
  t.attackUndefended(bobM3, 'Slash');
  t.toTurn(5);
  t.effect('SetStatus', { cardId: maa, status: 'stun', duration: 'thisTurn' });
  t.advanceTo('combat');
  declare(t, a, 'Slash');

  it('a Stunned Mercenary cannot defend (BB-R14)', () => {
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: [maa] })).toBe('STUNNED');
  });

  it('a Mercenary that attacked in its own turn may defend in the opponent’s', () => {
    t.do('DeclareDefenders', 'p2', { defenderIds: [bobM3] });
    expect(t.state.battle?.step).toBe('assign');
  });
});

describe('B24 Indestructible, HP reduction and the state check', () => {
  const t = startGame({ p2: { hand: ['m3'] } });
  t.toTurn(2);
  const m3 = t.summon('p2', 'm3');
  t.toTurn(5);
  t.effect('GrantKeyword', { cardId: m3, keyword: 'Indestructible', duration: 'permanent' });

  it('an Indestructible card cannot be destroyed', () => {
    expect(t.rejectEffect('DestroyCard', { cardId: m3, cause: 'destroy' })).toBe('INDESTRUCTIBLE');
  });

  it('damage neither destroys it nor persists (BB-R9)', () => {
    t.effect('DealDamage', { target: { card: m3 }, amount: 300 });
    expect(t.card(m3).zone).toBe('mercenary');
    expect(view(t.state, 'judge').players.p2.field['mercenary']).toEqual([expect.objectContaining({ hp: 200 })]);
  });

  it('an HP reduction to 0 puts it into the graveyard by the state check', () => {
    const produced = t.effect('ModifyStat', { cardId: m3, stat: 'hp', delta: -200, duration: 'thisTurn' });
    expect(produced[1]).toEqual({ type: 'CardsPutInGraveyard', payload: { cards: [{ cardId: m3, reason: 'hpZero' }] } });
    expect(t.zone('p2', 'graveyard')).toContain(m3);
  });
});

describe('B26 Pierce against a defender with Block', () => {
  const { t, a, d } = battleTable('mp', ['m3']);
  t.effect('GrantKeyword', { cardId: d['m3'], keyword: 'Block', value: 100, duration: 'thisTurn' });
  declare(t, a, 'Lance');

  it('lethal is HP + Block (BB-R8)', () => {
    t.do('DeclareDefenders', 'p2', { defenderIds: [d['m3']] });
    expect(t.reject('AssignDamage', 'p1', { shares: { [d['m3']!]: 200 }, toCharacter: 100 })).toBe('PIERCE_NEEDS_LETHAL');
  });

  it('Block reduces what the defender receives: 300 − 100 = 200 destroys it', () => {
    t.do('AssignDamage', 'p1', { shares: { [d['m3']!]: 300 }, toCharacter: 0 });
    t.do('ResolveBattle', 'p1');
    expect(t.card(d['m3']!).zone).toBe('graveyard');
    expect(t.p('p2').hp).toBe(4000);
  });
});

describe('who attacks', () => {
  it('a Character with a Combat Skill attacks, never summoning sick, paying the skill’s N and starting its CD', () => {
    const t = startGame({ p1: { character: 'chx' } });
    t.advanceTo('combat');
    t.attackUndefended('p1-00', 'Roar');
    expect(t.p('p2').hp).toBe(3800);
    expect(t.p('p1').n).toBe(2);
    t.toTurn(3);
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: 'p1-00', using: 'Roar' })).toBe('ON_COOLDOWN');
  });

  it("a card on the opponent's field, or off the field, is not an attacker", () => {
    const t = startGame({ p1: { hand: ['m3'] }, p2: { hand: ['m3'] } });
    const bob = t.summon('p2', 'm3');
    t.toTurn(3);
    t.advanceTo('combat');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: bob, using: 'Slash' })).toBe('BAD_ATTACKER');
    expect(t.reject('DeclareAttack', 'p1', { attackerId: t.find('p1', 'm3'), using: 'Slash' })).toBe('BAD_ATTACKER');
    expect(t.reject('DeclareAttack', 'p2', { attackerId: bob, using: 'Slash' })).toBe('NOT_YOUR_TURN');
  });

  it('an immediate attack does not use up the allowance, and a battle must end before the next action', () => {
    const t = startGame({ p1: { hand: ['m3'] } });
    const m3 = t.summon('p1', 'm3');
    t.toTurn(3);
    t.advanceTo('main');
    t.do('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash', immediate: true, sourceCardId: m3 });
    t.do('PassPriority', 'p2');
    expect(t.reject('AdvancePhase', 'p1')).toBe('BATTLE_IN_PROGRESS');
    expect(t.reject('ResolveBattle', 'p1')).toBe('WRONG_STEP');
    expect(t.reject('DeclareDefenders', 'p1', { defenderIds: [] })).toBe('NOT_YOUR_DECISION');
    t.do('DeclareDefenders', 'p2', { defenderIds: [] });
    t.do('ResolveBattle', 'p1');
    t.advanceTo('combat');
    t.attackUndefended(m3, 'Slash');
    expect(t.p('p2').hp).toBe(3400);
  });

  it('defenders are Mercenaries on the defending field, each listed once', () => {
    const { t, a, d } = battleTable('m3', ['maa']);
    declare(t, a, 'Slash');
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: [d['maa'], d['maa']] })).toBe('BAD_DEFENDER');
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: [a] })).toBe('BAD_DEFENDER');
    expect(t.reject('DeclareDefenders', 'p2', { defenderIds: ['p2-00'] })).toBe('BAD_DEFENDER');
    t.do('DeclareDefenders', 'p2', { defenderIds: [d['maa']] });
    expect(t.reject('AssignDamage', 'p1', { shares: { [a]: 300 }, toCharacter: 0 })).toBe('NOT_A_DEFENDER');
    expect(t.reject('AssignDamage', 'p1', { shares: { [d['maa']!]: 400 }, toCharacter: -100 })).toBe('ASSIGNMENT_NEGATIVE');
    expect(t.reject('AssignDamage', 'p1', { shares: { [d['maa']!]: 200 }, toCharacter: 0 })).toBe('ASSIGNMENT_SUM');
  });
});
