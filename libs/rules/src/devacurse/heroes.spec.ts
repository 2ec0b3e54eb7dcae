import { Draft } from './draft';
import { Table } from './testing/harness';

const colorless = { slot: 'generic', with: 'colorless' };

const p1Hand = (t: Table) => t.p('p1').hand[0]!;

/** P1 with HH1 in hand and a Cenotaph of [SA2, SA3, SB4], at turn `turn`. */
function heroTable(extra: string[] = [], turn = 1) {
  const t = new Table({ p1: ['HH1', 'SA2', 'SA3', 'SB4', 'SA4', 'XM2', 'XE2', ...extra], p2: ['EX1', 'XM5'] });
  t.given('HH1', 'hand').given('SA2', 'cenotaph').given('SA3', 'cenotaph').given('SB4', 'cenotaph');
  if (turn > 1) t.advance((s) => s.turn === turn);
  return t;
}

describe('T8 — Calling a hero; matching guardians', () => {
  it('a hero is called only in its own Hero Calling phase and resolves with guardians that match its LV1 cost exactly', () => {
    const t = heroTable();
    t.to('soldierCalling', 'p1');
    expect(t.reject('CallHero', 'p1', { cardId: 'HH1' })).toBe('WRONG_SEGMENT');
    t.to('heroCalling', 'p1');
    t.do('CallHero', 'p1', { cardId: 'HH1' });
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { guardians: ['SA2', 'SB4'] })).toBe('GUARDIAN_COST_UNMET');
    expect(t.reject('ResolveKnotTop', 'p1', { guardians: ['SA2', 'SA3', 'SB4'] })).toBe('GUARDIAN_COST_UNMET');
    t.do('ResolveKnotTop', 'p1', { guardians: ['SA2', 'SA3'] });
    expect(t.card('HH1')).toMatchObject({ zone: 'heroLine', level: 1, mode: 'prompt', guardians: ['SA2', 'SA3'], enteredTurn: 1 });
    expect(t.card('SA2')).toMatchObject({ zone: 'guardian', faceUp: true, heroId: 'HH1' });
    expect(t.p('p1').cenotaph).toEqual(['SB4']);
    expect(t.p('p1').faith).toBe(30);
  });
});

describe('T9 — Hero call cancelled; unpayable at declaration', () => {
  it('a hero call whose guardians were taken away is cancelled back to hand; cancelling while payable is refused', () => {
    const t = heroTable();
    t.given('EX1', 'hand').given('XM5', 'temple', { faceUp: false });
    t.to('heroCalling', 'p1');
    t.do('CallHero', 'p1', { cardId: 'HH1' });
    expect(t.state.priority?.holder).toBe('p2');
    t.do('ProduceBlessing', 'p2', { prayerId: 'XM5' });
    expect(t.reject('CallCard', 'p2', { cardId: 'EX1', from: 'hand', targets: [{ card: p1Hand(t) }], payment: [colorless] })).toBe('ILLEGAL_TARGET');
    expect(t.refusal('CallCard', 'p2', { cardId: 'EX1', from: 'hand', targets: [], payment: [colorless] }).message).toMatch(/the card declares 1 target, not 0$/);
    t.do('CallCard', 'p2', { cardId: 'EX1', from: 'hand', targets: [{ card: 'SA3' }], payment: [colorless] });
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'MoveCard', cardId: 'SA3', to: { zone: 'blackHole' } }] });
    t.passRound();
    expect(t.p('p2').cenotaph).toEqual(['EX1']);
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { guardians: ['SA2', 'SB4'] })).toBe('GUARDIAN_COST_UNMET');
    t.do('ResolveKnotTop', 'p1', { outcome: 'cancel', cancelReason: 'guardians' });
    expect(t.card('HH1').zone).toBe('hand');
    expect(t.p('p1').cenotaph).toEqual(['SA2', 'SB4']);
    expect(t.p('p1').faith).toBe(30);
    expect(t.reject('CallHero', 'p1', { cardId: 'HH1' })).toBe('GUARDIAN_COST_UNMET');
  });

  it('while the Cenotaph can still pay, only a cancellation for another condition is accepted', () => {
    const t = heroTable();
    t.to('heroCalling', 'p1');
    t.do('CallHero', 'p1', { cardId: 'HH1' });
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { outcome: 'cancel', cancelReason: 'guardians' })).toBe('CANCEL_NOT_ALLOWED');
    t.do('ResolveKnotTop', 'p1', { outcome: 'cancel', cancelReason: 'condition' });
    expect(t.card('HH1').zone).toBe('hand');
  });
});

describe('T10 — Upgrade timing; Add guardian mode', () => {
  it('a hero upgrades in a later turn with its LV2 guardians, once, and prayers become guardians of any element', () => {
    const t = heroTable();
    t.to('heroCalling', 'p1');
    t.do('CallHero', 'p1', { cardId: 'HH1' });
    t.passRound();
    t.do('ResolveKnotTop', 'p1', { guardians: ['SA2', 'SA3'] });
    t.given('SA4', 'cenotaph').given('XM2', 'cenotaph').given('XE2', 'temple', { faceUp: true });
    expect(t.reject('DeclareUpgrade', 'p1', { heroId: 'HH1' })).toBe('UPGRADE_TOO_EARLY');
    t.advance((s) => s.turn === 2);
    // Turn 2: P2 holds the order and plays its calling part first.
    t.to('heroCalling', 'p2', 2);
    expect(t.reject('AddGuardianFromPrayer', 'p1', { heroId: 'HH1', prayerId: 'XE2' })).toBe('NOT_PART_OWNER');
    t.to('heroCalling', 'p1', 2);
    t.do('DeclareUpgrade', 'p1', { heroId: 'HH1' });
    t.passRound();
    t.do('ResolveKnotTop', 'p1', { guardians: ['SA4', 'XM2'] });
    expect(t.card('HH1')).toMatchObject({ level: 2, guardians: ['SA2', 'SA3', 'SA4', 'XM2'] });
    expect(t.reject('DeclareUpgrade', 'p1', { heroId: 'HH1' })).toBe('HERO_NOT_LV1');
    t.do('AddGuardianFromPrayer', 'p1', { heroId: 'HH1', prayerId: 'XE2' });
    expect(t.card('HH1').guardians).toHaveLength(5);
    expect(t.p('p1').temple).toEqual([]);
  });
});

/** HH1 on P1's Battlefield with the given guardians and damage, in P1's Soldier Calling phase with EN1 ready to resolve. */
function destroyed(guardians: string[], level: 1 | 2) {
  const t = new Table({ p1: ['HH1', 'SA2', 'SA3', 'SA4', 'XM2', 'XE2', 'EN1', 'XM1'], p2: [] });
  t.given('HH1', 'heroLine', { damage: 2, level });
  for (const g of guardians) t.given(g, 'guardian', { under: 'HH1' });
  t.given('EN1', 'hand').given('XM1', 'temple', { faceUp: false });
  t.to('soldierCalling', 'p1');
  t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
  t.do('CallCard', 'p1', { cardId: 'EN1', from: 'hand', targets: [{ card: 'HH1' }], payment: [colorless] });
  t.passRound();
  t.do('ResolveKnotTop', 'p1', { effects: [{ type: 'PlaceCounters', cardId: 'HH1', kind: 'damage', n: 2 }] });
  return t;
}

describe('T14 — Hero destroyed with mixed guardians', () => {
  it('at LV1 the controller loses its AP, fire guardians go to the Black Hole and the rest fall with the hero', () => {
    const t = destroyed(['SA2', 'SA3', 'XE2'], 1);
    expect(t.p('p1').faith).toBe(26);
    expect(t.p('p1').blackHole).toEqual(['SA2', 'SA3']);
    expect(t.state.falling[0]!.cards).toEqual(expect.arrayContaining(['XE2', 'HH1', 'EN1']));
    const round = t.passRound();
    expect(round.find((e) => e.type === 'FallBatchPlaced')!.payload).toMatchObject({ placed: expect.arrayContaining([{ cardId: 'HH1', to: 'blackHole', player: 'p1' }, { cardId: 'XE2', to: 'cenotaph', player: 'p1' }]) });
    expect(t.p('p1').cenotaph).toEqual(expect.arrayContaining(['XE2', 'EN1']));
    expect(t.p('p1').blackHole).toEqual(['SA2', 'SA3', 'HH1']);
  });

  it('at LV2 the elements of both levels count: fire and metal guardians go to the Black Hole (variant A)', () => {
    const t = destroyed(['SA2', 'SA3', 'SA4', 'XM2', 'XE2'], 2);
    expect(t.p('p1').faith).toBe(26);
    expect(t.p('p1').blackHole).toEqual(['SA2', 'SA3', 'SA4', 'XM2']);
    expect(t.card('XE2').zone).toBe('falling');
  });

  it('the same guardians at LV1 send every fire guardian to the Black Hole and the metal one to the Cenotaph (variant B)', () => {
    const t = destroyed(['SA2', 'SA3', 'SA4', 'XM2', 'XE2'], 1);
    expect(t.p('p1').blackHole).toEqual(['SA2', 'SA3', 'SA4']);
    expect(t.card('XM2').zone).toBe('falling');
    expect(t.card('XE2').zone).toBe('falling');
  });
});

describe('T15 — Refresh: guardian shortage, hero healing, soldier damage', () => {
  it('soldier damage is removed, heroes short of guardians are destroyed, prompt heroes heal 1', () => {
    const t = new Table({ p1: ['HH1', 'SA2', 'HH2', 'SA5', 'XW2'], p2: ['HK2', 'SB6', 'SC2'] });
    t.given('HH1', 'heroLine', { damage: 2 }).given('SA2', 'guardian', { under: 'HH1' });
    t.given('HH2', 'heroLine', { damage: 2, mode: 'rest' }).given('SA5', 'guardian', { under: 'HH2' }).given('XW2', 'guardian', { under: 'HH2' });
    t.given('HK2', 'heroLine', { damage: 1 }).given('SB6', 'guardian', { under: 'HK2' }).given('SC2', 'soldierLine', { damage: 2 });
    // Keep HH2 rested through the turn: it is rested again just before Refresh.
    t.advance((s) => s.cursor.loop === 'assault' && s.cursor.part === 'heroCombat' && s.cursor.owner === 'p2' && s.cursor.phase === 'postCombat');
    const d = new Draft(t.state);
    d.card('HH2').mode = 'rest';
    d.card('SC2').damage = 2;
    t.state = d.s;
    const out = t.passRound();
    const applied = out.find((e) => e.type === 'RefreshApplied')!;
    expect(applied.payload).toEqual({ clearedSoldiers: ['SC2'], destroyedHeroes: ['HH1'], healedHeroes: ['HK2'] });
    expect(t.p('p1').faith).toBe(26);
    expect(t.p('p1').blackHole).toEqual(['SA2']);
    expect(t.card('HH2')).toMatchObject({ zone: 'heroLine', damage: 2 });
    expect(t.card('HK2').damage).toBe(0);
    expect(t.card('SC2').damage).toBe(0);
    expect(t.state.priority?.owner).toBe('p1');
    expect(t.types(t.passRound())).toContain('FallBatchPlaced');
    expect(t.p('p1').blackHole).toEqual(['SA2', 'HH1']);
    t.passRound();
    expect(t.state.cursor.loop).toBe('endTurn');
  });
});
