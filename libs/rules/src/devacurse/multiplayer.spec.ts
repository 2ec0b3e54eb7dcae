import { Table } from './testing/harness';

const colorless = { slot: 'generic', with: 'colorless' };

describe('T22 — Three Devas: sequencing, defender, order passing', () => {
  it('parts run in seat order from the order holder, only the named defender blocks, and the order skips eliminated Devas', () => {
    const t = new Table({ p1: ['SA1'], p2: [], p3: [] });
    t.given('SA1', 'soldierLine');
    t.to('preCombat', 'p1');
    const owners = (part: string) => t.log.filter((e) => e.type === 'PhaseAdvanced' && (e.payload as any).part === part && !(e.payload as any).phase?.match(/^(soldierCalling|postSoldierCalling|preHeroCalling|heroCalling|postHeroCalling|combat|postCombat)$/)).map((e) => (e.payload as any).owner);
    expect(owners('blessMaking')).toEqual(['p1', 'p2', 'p3']);
    expect(owners('calling')).toEqual(['p1', 'p2', 'p3']);
    t.passRound();
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] });
    t.passRound();
    expect(t.reject('DeclareBlockers', 'p3', { blocks: [] })).toBe('NOT_DEFENDER');
    t.do('DeclareBlockers', 'p2', { blocks: [] });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    t.passRound();
    expect([t.p('p2').faith, t.p('p3').faith]).toEqual([28, 30]);
    t.advance((s) => s.turn === 2);
    expect(owners('soldierCombat')).toEqual(['p1', 'p2', 'p3']);
    expect(owners('heroCombat')).toEqual(['p1', 'p2', 'p3']);
    expect(t.state.orderHolder).toBe('p2');
    const out = t.do('Concede', 'p3');
    expect(t.types(out).slice(0, 2)).toEqual(['Concede', 'PlayerEliminated']);
    t.advance((s) => s.turn === 3);
    expect(t.state.orderHolder).toBe('p1');
    const end = t.do('Concede', 'p2');
    expect(end.slice(1).map((e) => [e.type, e.payload])).toEqual([
      ['PlayerEliminated', { player: 'p2', cause: 'concede' }],
      ['MatchEnded', { winner: 'p1' }],
    ]);
  });
});

describe('T26 — The order holder is eliminated mid-turn (3 Devas)', () => {
  it('the next living Deva takes over the window, the rest of the eliminated part is skipped, and End Turn passes the order by itself', () => {
    const t = new Table({ p1: ['SB1', 'XM1'], p2: ['EF1', 'XW2'], p3: ['SC3'] });
    t.given('SB1', 'hand').given('XM1', 'temple', { faceUp: false }).given('EF1', 'hand').given('XW2', 'temple', { faceUp: true }).given('SC3', 'soldierLine');
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'SB1', from: 'hand', payment: [colorless] });
    t.do('ProduceBlessing', 'p2', { prayerId: 'XW2' });
    t.do('CallCard', 'p2', { cardId: 'EF1', from: 'hand', targets: [{ card: 'SC3' }], payment: [{ slot: 'wind', with: 'wind' }] });
    expect(t.state.priority?.holder).toBe('p3');
    const out = t.do('Concede', 'p1');
    expect(out[1]).toEqual({ type: 'PlayerEliminated', payload: { player: 'p1', cause: 'concede' } });
    expect(t.state.knot.map((k) => k.card?.iid)).toEqual(['EF1']);
    expect(t.state.priority).toEqual({ holder: 'p2', passes: 0, owner: 'p2' });
    expect(t.reject('PassPriority', 'p1')).toBe('PLAYER_ELIMINATED');
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'DestroyCard', cardId: 'SC3' }] });
    const placed = t.passRound();
    expect(t.types(placed)).toContain('FallBatchPlaced');
    expect(placed.at(-1)).toEqual({ type: 'PhaseAdvanced', payload: { loop: 'construction', part: 'calling', owner: 'p2', phase: 'preSoldierCalling', skipped: 'eliminated' } });
    expect(t.state.priority?.holder).toBe('p2');
    t.advance((s) => s.cursor.loop === 'refresh' && s.priority !== null);
    const combatOwners = t.log.filter((e) => e.type === 'PhaseAdvanced' && (e.payload as any).phase === 'preCombat').map((e) => (e.payload as any).owner);
    expect(combatOwners).toEqual(['p2', 'p3', 'p2', 'p3']);
    expect(t.state.priority?.owner).toBe('p2');
    const end = t.passRound();
    expect(end.slice(-4).map((e) => e.type)).toEqual(['PhaseAdvanced', 'TurnEnded', 'TurnBegan', 'PromptLoopApplied']);
    expect(end.at(-3)!.payload).toEqual({ nextOrderHolder: 'p2', automatic: true });
    expect(end.at(-2)!.payload).toEqual({ turn: 2, orderHolder: 'p2' });
    expect(t.log.some((e) => e.player === 'p1' && e.type !== 'Concede' && t.log.indexOf(e) > t.log.findIndex((x) => x.type === 'PlayerEliminated'))).toBe(false);
  });
});

describe('T27 — The defending Deva is eliminated while its decision is due', () => {
  it('its due blocks are dropped, the attack ends with no damage, and its own combat part is skipped', () => {
    const t = new Table({ p1: ['SA1'], p2: [], p3: [] });
    t.given('SA1', 'soldierLine');
    t.to('preCombat', 'p1');
    t.passRound();
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] });
    t.passRound();
    expect(t.state.due).toEqual({ kind: 'DeclareBlockers', player: 'p2' });
    expect(t.reject('PassPriority', 'p1')).toBe('DECISION_DUE');
    const out = t.do('Concede', 'p2');
    expect(t.types(out)).toEqual(['Concede', 'PlayerEliminated', 'PhaseAdvanced']);
    expect(out[2]!.payload).toEqual({ loop: 'assault', part: 'soldierCombat', owner: 'p1', phase: 'postCombat' });
    expect(t.state.priority?.holder).toBe('p1');
    expect(t.reject('DeclareBlockers', 'p2', { blocks: [] })).toBe('PLAYER_ELIMINATED');
    const round = t.passRound();
    expect(round.at(-1)).toEqual({ type: 'PhaseAdvanced', payload: { loop: 'assault', part: 'soldierCombat', owner: 'p3', phase: 'preCombat' } });
    expect(t.card('SA1')).toMatchObject({ mode: 'rest', damage: 0 });
    expect(t.p('p3').faith).toBe(30);
  });
});

describe('four Devas', () => {
  it('an attack chooses its defending Deva and a Deva eliminated mid-turn leaves the part order', () => {
    const t = new Table({ p1: ['SC1'], p2: ['SB2'], p3: [], p4: ['SA4'] });
    t.given('SC1', 'soldierLine').given('SB2', 'soldierLine').given('SA4', 'soldierLine').givenFaith('p3', 3);
    t.to('preCombat', 'p1');
    t.passRound();
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p9', attackers: ['SC1'] })).toBe('UNKNOWN_PLAYER');
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p3', attackers: ['SC1'] });
    t.passRound();
    t.do('DeclareBlockers', 'p3', { blocks: [] });
    t.passRound();
    t.do('PlaceCombatDamage', 'p1');
    const out = t.passRound();
    expect(t.types(out).slice(-3)).toEqual(['CombatDamageTookEffect', 'PlayerEliminated', 'PhaseAdvanced']);
    expect(out.at(-2)!.payload).toEqual({ player: 'p3', cause: 'faith' });
    expect(t.state.priority?.passes).toBe(0);
    t.advance((s) => s.cursor.part === 'soldierCombat' && s.cursor.owner !== 'p1');
    expect(t.state.cursor.owner).toBe('p2');
    t.advance((s) => s.cursor.part === 'soldierCombat' && s.cursor.owner !== 'p2');
    expect(t.state.cursor.owner).toBe('p4');
    t.passRound();
    expect(t.reject('DeclareSoldierAttack', 'p4', { defender: 'p3', attackers: ['SA4'] })).toBe('ILLEGAL_TARGET');
    t.do('DeclareSoldierAttack', 'p4', { defender: 'p1', attackers: ['SA4'] });
    t.advance((s) => s.turn === 2);
    expect(t.state.orderHolder).toBe('p2');
    expect(t.p('p1').faith).toBe(28);
  });
});
