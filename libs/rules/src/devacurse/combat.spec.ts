import { Draft } from './draft';
import { Table } from './testing/harness';

const colorless = { slot: 'generic', with: 'colorless' };

describe('T11 — Soldier attack, gang block, damage division', () => {
  function setup() {
    const t = new Table({ p1: ['SA1', 'SC1', 'SB1'], p2: ['SB2', 'SC2', 'HK1'] });
    t.given('SA1', 'soldierLine').given('SC1', 'soldierLine').given('SB1', 'soldierLine');
    t.given('SB2', 'soldierLine').given('SC2', 'soldierLine').given('HK1', 'heroLine');
    t.to('preCombat', 'p1');
    const d = new Draft(t.state);
    d.card('SB1').mode = 'rest';
    t.state = d.s;
    return t;
  }

  it('chosen prompt soldiers attack together, a gang-blocked attacker divides its AT, and the destroyed fall in one batch', () => {
    const t = setup();
    expect(t.state.cursor).toMatchObject({ part: 'soldierCombat', phase: 'preCombat' });
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] })).toBe('NOT_DUE');
    t.passRound();
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1', 'SB1'] })).toBe('CARD_IN_REST');
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p1', attackers: ['SA1'] })).toBe('SELF_ATTACK');
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1', 'SA1'] })).toBe('MALFORMED_EVENT');
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1', 'SC1'] });
    expect(t.card('SA1').mode).toBe('rest');
    t.passRound();
    t.do('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SB2', attackerId: 'SC1' }, { blockerId: 'SC2', attackerId: 'SC1' }] });
    t.passRound();
    expect(t.reject('PlaceCombatDamage', 'p1', { divisions: [{ attackerId: 'SC1', blockerId: 'SB2', amount: 1 }, { attackerId: 'SC1', blockerId: 'SC2', amount: 1 }] })).toBe('DAMAGE_DIVISION_INVALID');
    expect(t.reject('PlaceCombatDamage', 'p1')).toBe('DAMAGE_DIVISION_INVALID');
    t.do('PlaceCombatDamage', 'p1', { divisions: [{ attackerId: 'SC1', blockerId: 'SB2', amount: 2 }, { attackerId: 'SC1', blockerId: 'SC2', amount: 1 }] });
    expect([t.card('SB2').damage, t.card('SC2').damage, t.card('SC1').damage]).toEqual([2, 1, 4]);
    expect(t.p('p2').faith).toBe(30);
    const round = t.passRound();
    const took = round.find((e) => e.type === 'CombatDamageTookEffect')!;
    expect(took.payload).toEqual({ fpLoss: [{ player: 'p2', amount: 2 }], destroyed: ['SC1', 'SB2'] });
    expect(t.p('p2').faith).toBe(28);
    expect(t.card('SC2').zone).toBe('soldierLine');
    expect(t.state.cursor.step).toBe('fallWindow');
    t.passRound();
    expect(t.card('SB2').zone).toBe('cenotaph');
    expect(t.card('SC1').zone).toBe('cenotaph');
    t.passRound();
    expect(t.state.cursor.phase).toBe('postCombat');
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] })).toBe('ATTACK_ALREADY_DECLARED');
  });
});

describe('T12 — Destruction thresholds: soldier strict, hero inclusive', () => {
  it('a soldier dies only above its DF; a hero at its AP; the hero’s water guardian goes to the Black Hole', () => {
    const t = new Table({ p1: ['EN1', 'EN2', 'EN3', 'XM1', 'XM2', 'XM3'], p2: ['SA5', 'HK1', 'SB6'] });
    t.given('SA5', 'soldierLine').given('HK1', 'heroLine').given('SB6', 'guardian', { under: 'HK1' });
    for (const id of ['EN1', 'EN2', 'EN3']) t.given(id, 'hand');
    for (const id of ['XM1', 'XM2', 'XM3']) t.given(id, 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    const hit = (en: string, xm: string, cardId: string, n: number) => {
      t.do('ProduceBlessing', 'p1', { prayerId: xm });
      t.do('CallCard', 'p1', { cardId: en, from: 'hand', targets: [{ card: cardId }], payment: [colorless] });
      t.passRound();
      t.do('ResolveKnotTop', 'p1', { effects: [{ type: 'PlaceCounters', cardId, kind: 'damage', n }] });
      t.passRound();
    };
    hit('EN1', 'XM1', 'SA5', 2);
    expect(t.card('SA5')).toMatchObject({ zone: 'soldierLine', damage: 2 });
    hit('EN2', 'XM2', 'SA5', 1);
    expect(t.card('SA5').zone).toBe('cenotaph');
    hit('EN3', 'XM3', 'HK1', 3);
    expect(t.p('p2').faith).toBe(27);
    expect(t.p('p2').blackHole).toEqual(['SB6', 'HK1']);
  });
});

describe('T13 — Hero attack restrictions and counter-damage', () => {
  function setup() {
    const t = new Table({ p1: ['HH1', 'SA2', 'SA3'], p2: ['SB5', 'HK2', 'SB9'] });
    t.given('HH1', 'heroLine').given('SA2', 'guardian', { under: 'HH1' }).given('SA3', 'guardian', { under: 'HH1' });
    t.given('SB5', 'soldierLine').given('HK2', 'heroLine').given('SB9', 'guardian', { under: 'HK2' });
    t.advance((s) => s.cursor.part === 'heroCombat' && s.cursor.owner === 'p1' && s.due?.kind === 'DeclareHeroAttack');
    return t;
  }

  it('a hero attacks a Soldier first, then Heroes, then the Deva; a rested target deals no damage back', () => {
    const t = setup();
    const d = new Draft(t.state);
    d.card('SB5').mode = 'rest';
    t.state = d.s;
    expect(t.reject('DeclareHeroAttack', 'p1', { heroId: 'HH1', target: { player: 'p2' } })).toBe('PLAYER_TARGET_RESTRICTED');
    expect(t.reject('DeclareHeroAttack', 'p1', { heroId: 'HH1', target: { card: 'HK2' } })).toBe('HERO_TARGET_RESTRICTED');
    t.do('DeclareHeroAttack', 'p1', { heroId: 'HH1', target: { card: 'SB5' } });
    expect(t.card('HH1').mode).toBe('rest');
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    expect(t.card('SB5').damage).toBe(3);
    expect(t.card('HH1').damage).toBe(0);
    const took = t.passRound().find((e) => e.type === 'CombatDamageTookEffect')!;
    expect(took.payload).toMatchObject({ destroyed: ['SB5'] });
    expect(t.state.cursor.step).toBe('afterHeroAttack');
    t.passRound();
    expect(t.card('SB5').zone).toBe('cenotaph');
    t.passRound();
    expect(t.state.due).toEqual({ kind: 'DeclareHeroAttack', player: 'p1' });
    expect(t.reject('DeclareHeroAttack', 'p1', { heroId: 'HH1', target: { card: 'HK2' } })).toBe('CARD_IN_REST');
    t.do('EndHeroAttacks', 'p1');
    expect(t.state.cursor.phase).toBe('postCombat');
  });

  it('a prompt target hero hits back; with neither Soldier nor Hero left the Deva itself is attacked', () => {
    const t = setup();
    t.given('SB5', 'cenotaph');
    t.do('DeclareHeroAttack', 'p1', { heroId: 'HH1', target: { card: 'HK2' } });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    t.passRound();
    expect(t.p('p2').faith).toBe(27);
    expect(t.p('p2').blackHole).toContain('SB9');
    expect(t.card('HH1')).toMatchObject({ zone: 'heroLine', damage: 2 });
    t.passRound();
    t.passRound();
    const d = new Draft(t.state);
    d.card('HH1').mode = 'prompt';
    t.state = d.s;
    t.do('DeclareHeroAttack', 'p1', { heroId: 'HH1', target: { player: 'p2' } });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    t.passRound();
    expect(t.p('p2').faith).toBe(24);
  });
});

describe('T17 — Faith reaching 0', () => {
  it('a Deva at 0 Faith is eliminated and the last Deva standing wins; nothing is accepted after', () => {
    const t = new Table({ p1: ['SA1'], p2: [] });
    t.given('SA1', 'soldierLine').givenFaith('p2', 2);
    t.to('preCombat', 'p1');
    t.passRound();
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] });
    t.passRound();
    t.do('DeclareBlockers', 'p2', { blocks: [] });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    const out = t.passRound();
    expect(t.types(out).slice(-3)).toEqual(['CombatDamageTookEffect', 'PlayerEliminated', 'MatchEnded']);
    expect(out.at(-2)!.payload).toEqual({ player: 'p2', cause: 'faith' });
    expect(out.at(-1)!.payload).toEqual({ winner: 'p1' });
    expect(t.reject('PassPriority', 'p1')).toBe('MATCH_ENDED');
  });

  it('when the last two Devas fall at once the match is a draw', () => {
    const t = new Table({ p1: ['EN1', 'XM1'], p2: [] });
    t.given('EN1', 'hand').given('XM1', 'temple', { faceUp: false }).givenFaith('p1', 4).givenFaith('p2', 4);
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'EN1', from: 'hand', targets: [{ player: 'p2' }], payment: [colorless] });
    t.passRound();
    const out = t.do('ResolveKnotTop', 'p1', { effects: [{ type: 'ChangeFaith', player: 'p1', delta: -5 }, { type: 'ChangeFaith', player: 'p2', delta: -5 }] });
    expect(out.slice(1).map((e) => [e.type, e.payload])).toEqual([
      ['PlayerEliminated', { player: 'p1', cause: 'faith' }],
      ['PlayerEliminated', { player: 'p2', cause: 'faith' }],
      ['MatchEnded', { draw: true }],
    ]);
  });
});

describe('T19 — A declared attack cannot be stopped', () => {
  function attacking() {
    const t = new Table({ p1: ['SA1'], p2: ['EF1', 'XW1', 'ER1', 'XM2'] });
    t.given('SA1', 'soldierLine').given('EF1', 'hand').given('XW1', 'temple', { faceUp: true }).given('ER1', 'hand').given('XM2', 'temple', { faceUp: false });
    t.to('preCombat', 'p1');
    t.passRound();
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] });
    t.do('PassPriority', 'p1');
    return t;
  }

  it('resting the attacker or forbidding attacks leaves it attacking', () => {
    const t = attacking();
    t.do('ProduceBlessing', 'p2', { prayerId: 'XM2' });
    t.do('CallCard', 'p2', { cardId: 'ER1', from: 'hand', targets: [{ card: 'SA1' }], payment: [colorless] });
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'SetFlag', target: { card: 'SA1' }, flag: 'cannotAttack', value: true, until: 'endOfTurn' }, { type: 'SetMode', cardId: 'SA1', mode: 'rest' }] });
    t.passRound();
    t.passRound();
    t.do('DeclareBlockers', 'p2', { blocks: [] });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    t.passRound();
    expect(t.p('p2').faith).toBe(28);
  });

  it('destroying the attacker takes it out of combat', () => {
    const t = attacking();
    t.do('ProduceBlessing', 'p2', { prayerId: 'XW1' });
    t.do('CallCard', 'p2', { cardId: 'EF1', from: 'hand', targets: [{ card: 'SA1' }], payment: [{ slot: 'wind', with: 'wind' }] });
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'DestroyCard', cardId: 'SA1' }] });
    expect(t.state.falling[0]!.cards).toEqual(['SA1', 'EF1']);
    t.passRound();
    t.passRound();
    t.do('DeclareBlockers', 'p2', { blocks: [] });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    t.passRound();
    expect(t.p('p2').faith).toBe(30);
  });
});

describe('T20 — Validity of blockers; blocker rested before or after placement', () => {
  function blocking() {
    const t = new Table({ p1: ['SA1', 'SC1', 'SF1', 'XM1'], p2: ['SB2', 'SC2', 'HK2', 'SB7'] });
    t.given('SA1', 'soldierLine').given('SC1', 'soldierLine').given('SF1', 'hand').given('XM1', 'temple', { faceUp: false });
    t.given('SB2', 'soldierLine').given('SC2', 'soldierLine').given('HK2', 'heroLine').given('SB7', 'guardian', { under: 'HK2' });
    t.to('preCombat', 'p1');
    const d = new Draft(t.state);
    d.card('SB2').mode = 'rest';
    t.state = d.s;
    t.passRound();
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1', 'SC1'] });
    t.passRound();
    return t;
  }

  it('rested blockers and a second block are refused; a hero blocks; destroyed cards fall together', () => {
    const t = blocking();
    expect(t.reject('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SB2', attackerId: 'SA1' }] })).toBe('CARD_IN_REST');
    expect(t.reject('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SC2', attackerId: 'SA1' }, { blockerId: 'SC2', attackerId: 'SC1' }] })).toBe('BLOCK_LIMIT_EXCEEDED');
    expect(t.reject('DeclareBlockers', 'p1', { blocks: [] })).toBe('NOT_DEFENDER');
    expect(t.reject('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SC2', attackerId: 'SA1' }, { blockerId: 'HK2', attackerId: 'SC1' }, { blockerId: 'SC2', attackerId: 'SA1' }] })).toBe('MALFORMED_EVENT');
    t.do('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SC2', attackerId: 'SA1' }, { blockerId: 'HK2', attackerId: 'SC1' }] });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    const took = t.passRound().find((e) => e.type === 'CombatDamageTookEffect')!;
    expect(took.payload).toEqual({ fpLoss: [], destroyed: ['SA1', 'HK2'] });
    expect(t.p('p2').faith).toBe(27);
    expect(t.card('SC1')).toMatchObject({ zone: 'soldierLine', damage: 2 });
    expect(t.card('SC2')).toMatchObject({ zone: 'soldierLine', damage: 2 });
    t.passRound();
    expect(t.card('HK2').zone).toBe('blackHole');
    t.passRound();
    expect(t.state.cursor.phase).toBe('postCombat');
  });

  it('a blocker rested before damage is placed deals none; rested after, it still deals its damage', () => {
    const before = blocking();
    before.do('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SC2', attackerId: 'SA1' }] });
    const d = new Draft(before.state);
    d.card('SC2').mode = 'rest';
    before.state = d.s;
    before.passRound();
    before.do('PlaceCombatDamage', 'p1');
    expect(before.card('SA1').damage).toBe(0);

    const after = blocking();
    after.do('DeclareBlockers', 'p2', { blocks: [{ blockerId: 'SC2', attackerId: 'SA1' }] });
    after.passRound();
    after.do('PlaceCombatDamage', 'p1');
    const e = new Draft(after.state);
    e.card('SC2').mode = 'rest';
    after.state = e.s;
    expect(after.card('SA1').damage).toBe(3);
    after.passRound();
    expect(after.card('SA1').zone).toBe('falling');
  });
});
