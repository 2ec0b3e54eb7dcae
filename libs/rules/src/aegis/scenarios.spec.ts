import { validateCatalog } from './catalog-validation';
import { initialState } from './setup';
import { FIXTURE_CARDS } from './testing/fixture-catalog';
import { Table, id } from './testing/harness';

// Every scenario of the rules digest §13 (T1…T25), as given/when/then. Alice is p1 and goes first.

const A = 'p1' as const;
const B = 'p2' as const;

/** Turn 2, Bob's Main Phase, with the given cards moved into Bob's hand. */
function bobMain(...hand: string[]): Table {
  const t = new Table().start();
  t.to(B, 'main');
  return t.give(B, ...hand);
}

describe('T1–T3 Rune payment (§7.2)', () => {
  it('T1 a unit is summoned when the discarded pips cover the total and every colour (the source worked example)', () => {
    const t = bobMain('u5', 'u3', 'w2', 'n2');
    t.do('SummonUnit', B, { cardId: id(B, 'u5'), discardIds: [id(B, 'u3'), id(B, 'w2'), id(B, 'n2')] });
    expect(['u3', 'w2', 'n2'].every((c) => t.has(B, 'drop', c))).toBe(true);
    expect(t.unit(B, 'u5')).toMatchObject({ ready: true });
    expect(t.p(B).mana).toBe(6);
  });

  it('T2 a pool missing a colour is refused even when its total is enough (⭐ never pays a colour)', () => {
    const t = bobMain('u5', 'u3', 'n2', 'at1', 'sp1');
    const hand = t.hand(B);
    expect(t.reject('SummonUnit', B, { cardId: id(B, 'u5'), discardIds: [id(B, 'u3'), id(B, 'n2'), id(B, 'at1'), id(B, 'sp1')] })).toBe('RUNE_COLOR_SHORT');
    expect(t.hand(B)).toEqual(hand);
  });

  it('T3 a pool short of the total is refused', () => {
    const t = bobMain('u5', 'u3', 'w2');
    expect(t.reject('SummonUnit', B, { cardId: id(B, 'u5'), discardIds: [id(B, 'u3'), id(B, 'w2')] })).toBe('RUNE_TOTAL_SHORT');
  });
});

describe('T4–T6 spell windows and quotas (§8)', () => {
  it('T4 an Attack spell cannot be played in the Main Phase', () => {
    const t = new Table().start().to(A, 'main').give(A, 'at1');
    expect(t.reject('PlaySpell', A, { cardId: id(A, 'at1') })).toBe('WRONG_WINDOW');
    expect(t.p(A).mana).toBe(6);
    expect(t.p(A).quota.Attack).toBe(false);
  });

  it('T5 a second Utility spell in one turn cycle is refused by the quota, whatever the mana', () => {
    const t = new Table().start().to(A, 'main').give(A, 'ut1', 'ut2');
    t.do('PlaySpell', A, { cardId: id(A, 'ut1') });
    expect(t.p(A).mana).toBe(4);
    expect(t.p(A).quota.Utility).toBe(true);
    expect(t.reject('PlaySpell', A, { cardId: id(A, 'ut2') })).toBe('QUOTA_EXHAUSTED');
  });

  it('T6 quotas are per type, Mana resets when the End Phase is left, and quotas reset at their owner’s Start Phase', () => {
    const t = new Table().start().to(A, 'main').give(A, 'ut1', 'fd1', 'df1').place(B, 'unit', 'u3');
    t.do('PlaySpell', A, { cardId: id(A, 'ut1') });
    t.do('PlaySpell', A, { cardId: id(A, 'fd1') });
    expect(t.p(A).mana).toBe(1);
    t.to(B, 'battle');
    expect(t.p(A).mana).toBe(6);
    t.attack(B, 'u3', 'aegis');
    t.do('PassStep', B);
    t.do('PassStep', A);
    t.do('PlaySpell', A, { cardId: id(A, 'df1') });
    expect(t.p(A).mana).toBe(3);
    expect(t.state.battle?.step).toBe('resolve');
    t.do('ResolveBattle', B, { brokenAegisId: id(A, 'aegis1') });
    t.to(A, 'S1');
    expect(t.p(A).quota).toEqual({ Attack: false, Defense: false, Utility: false, Field: false });
  });
});

describe('T7–T8 attack declaration (§9 step 1)', () => {
  it('T7 the Aegis cannot be attacked while the opponent has a unit, even a Rested one; that unit can', () => {
    const t = new Table().start().place(A, 'unit', 'u1').place(B, 'unit', 'u3').to(B, 'battle');
    t.effect('SetUnitReady', { cardId: id(A, 'u1'), ready: false });
    expect(t.refusal('DeclareAttack', B, { attackerId: id(B, 'u3'), target: { kind: 'aegis' } })).toEqual({
      code: 'AEGIS_NOT_TARGETABLE',
      message: `the Aegis can be attacked only while ${A}'s Unit Zone is empty (1 unit)`,
    });
    t.attack(B, 'u3', 'u1');
    expect(t.state.battle).toMatchObject({ attackerId: id(B, 'u3'), step: 'attackWindow' });
  });

  it('T8 the first player cannot attack on turn 1; the second player attacks with a unit summoned that turn', () => {
    const t = new Table().start().to(A, 'main').give(A, 'u1', 'sp1');
    t.do('SummonUnit', A, { cardId: id(A, 'u1'), discardIds: [id(A, 'sp1')] });
    expect(t.unit(A, 'u1')?.ready).toBe(true);
    t.to(A, 'battle');
    expect(t.reject('DeclareAttack', A, { attackerId: id(A, 'u1'), target: { kind: 'aegis' } })).toBe('FIRST_TURN_NO_ATTACK');
    t.to(B, 'main').give(B, 'n2', 'u3');
    t.do('SummonUnit', B, { cardId: id(B, 'n2'), discardIds: [id(B, 'u3')] });
    t.to(B, 'battle');
    t.attack(B, 'n2', 'u1');
    expect(t.unit(B, 'n2')?.ready).toBe(false);
  });
});

describe('T9 draw counts (AG-R6)', () => {
  it('T9 the first player draws 2 on turn 1, the second 1 on turn 2, then 1 each turn; once, and before leaving Draw', () => {
    const t = new Table().start().to(A, 'draw');
    expect(t.reject('AdvanceStep', A)).toBe('DRAW_REQUIRED');
    expect(t.reject('DrawForTurn', A, { cardIds: t.nextCards(A, 1) })).toBe('BAD_PAYLOAD');
    t.do('DrawForTurn', A, { cardIds: t.nextCards(A, 2) });
    expect(t.hand(A)).toHaveLength(7);
    expect(t.reject('DrawForTurn', A, { cardIds: t.nextCards(A, 1) })).toBe('ALREADY_DRAWN');
    t.to(B, 'main');
    expect(t.hand(B)).toHaveLength(6);
    t.to(A, 'main');
    expect(t.hand(A)).toHaveLength(8);
  });
});

describe('T10 Aegis Break and S2 (§9 step 5c, AG-R18)', () => {
  it('T10 a successful Aegis attack turns a Set Aegis Active; it must resolve in its owner’s S2 and then Fades', () => {
    const t = new Table().start().place(B, 'unit', 'u3').to(B, 'battle');
    t.attack(B, 'u3', 'aegis');
    t.do('PassStep', B);
    t.do('PassStep', A);
    t.do('PassStep', A);
    expect(t.reject('ResolveBattle', B)).toBe('BAD_PAYLOAD');
    expect(t.reject('ResolveBattle', B, { brokenAegisId: id(B, 'aegis1') })).toBe('NOT_SET_AEGIS');
    t.do('ResolveBattle', B, { brokenAegisId: id(A, 'aegis3') });
    expect(t.p(A).aegisSet).toHaveLength(5);
    expect(t.p(A).aegisOpen).toEqual([{ id: id(A, 'aegis3'), state: 'Active' }]);
    t.to(B, 'end');
    t.do('AdvanceStep', B);
    expect(t.state).toMatchObject({ turnPlayer: A, step: 'S1' });
    t.do('AdvanceStep', A);
    expect(t.reject('AdvanceStep', A)).toBe('UNRESOLVED_AEGIS');
    expect(t.reject('ResolveAegis', A, { aegisCardId: id(A, 'aegis1') })).toBe('NOT_ACTIVE_AEGIS');
    t.do('ResolveAegis', A, { aegisCardId: id(A, 'aegis3') });
    expect(t.p(A).aegisOpen).toEqual([{ id: id(A, 'aegis3'), state: 'Faded' }]);
    t.do('AdvanceStep', A);
    expect(t.state.step).toBe('S3');
  });
});

describe('T11–T12 battle resolution (§9 step 5b)', () => {
  function clash(config?: Record<string, unknown>) {
    const t = new Table(config ? { config: { openingHandSize: 5, ...config } } : {}).start();
    t.place(A, 'unit', 'u3', 'u1').place(B, 'unit', 'u5', 'n2').to(B, 'battle');
    return t;
  }

  it('T11 the lower power is destroyed; the winner stays Rested', () => {
    const t = clash();
    t.attack(B, 'u5', 'u3');
    t.resolve();
    expect(t.has(A, 'drop', 'u3')).toBe(true);
    expect(t.unit(B, 'u5')).toMatchObject({ ready: false });
  });

  it('T11 equal power destroys neither unit (AG-R2)', () => {
    const t = clash();
    t.attack(B, 'n2', 'u1');
    t.resolve();
    expect(t.unit(A, 'u1')).toBeDefined();
    expect(t.unit(B, 'n2')).toBeDefined();
  });

  it("T11 with tieRule 'both', equal power destroys both units", () => {
    const t = clash({ tieRule: 'both' });
    t.attack(B, 'n2', 'u1');
    t.resolve();
    expect(t.has(A, 'drop', 'u1')).toBe(true);
    expect(t.p(B).drop).toContain(id(B, 'n2'));
  });

  it('T12 a blocker takes the clash instead of the target, is Rested, and no Aegis is damaged', () => {
    const t = new Table().start().place(A, 'unit', 'u1', 'w2').place(B, 'unit', 'u5').to(B, 'battle');
    t.effect('SetUnitReady', { cardId: id(A, 'u1'), ready: false });
    t.attack(B, 'u5', 'u1');
    t.do('PassStep', B);
    t.do('DeclareBlocker', A, { blockerId: id(A, 'w2') });
    expect(t.unit(A, 'w2')?.ready).toBe(false);
    t.do('PassStep', A);
    t.do('ResolveBattle', B);
    expect(t.has(A, 'drop', 'w2')).toBe(true);
    expect(t.unit(A, 'u1')).toBeDefined();
    expect(t.p(A).aegisSet).toHaveLength(6);
  });
});

describe('T13 winning on an empty Aegis pile (AG-R1)', () => {
  function aegisLeft(n: number, config?: Record<string, unknown>) {
    const t = new Table(config ? { config: { openingHandSize: 5, ...config } } : {}).start().place(B, 'unit', 'u3').to(B, 'battle');
    const broken = Array.from({ length: 6 - n }, (_, i) => id(A, `aegis${i + 1}`));
    if (broken.length) t.effect('BreakAegis', { player: A, count: broken.length, aegisCardIds: broken });
    return t;
  }

  it('T13 a successful attack on a player with no Set Aegis wins, and the game then takes no event', () => {
    const t = aegisLeft(0);
    expect(t.state.stage).toBe('playing');
    t.attack(B, 'u3', 'aegis');
    const produced = t.resolve();
    expect(produced.map((e) => e.type)).toEqual(['ResolveBattle', 'GameEnded']);
    expect(t.state.result).toEqual({ winner: B, reason: 'aegis' });
    expect(t.reject('AdvanceStep', B)).toBe('GAME_OVER');
  });

  it('T13 with one Set Aegis left the same attack breaks it and the game goes on (default winRule)', () => {
    const t = aegisLeft(1);
    t.attack(B, 'u3', 'aegis');
    t.resolve(id(A, 'aegis6'));
    expect(t.state.stage).toBe('playing');
    expect(t.p(A).aegisSet).toHaveLength(0);
  });
});

describe('T14 Defense spells (AG-R29, §8.1)', () => {
  it('T14 the attacker cannot play a Defense spell; a second Defense spell in one cycle is refused by the quota', () => {
    const t = new Table().start().give(A, 'df1', 'df2').place(B, 'unit', 'u3', 'w2').to(B, 'battle').give(B, 'df1');
    t.attack(B, 'u3', 'aegis');
    expect(t.reject('PlaySpell', B, { cardId: id(B, 'df1') })).toBe('WRONG_WINDOW');
    t.do('PassStep', B);
    t.do('PassStep', A);
    t.do('PlaySpell', A, { cardId: id(A, 'df1') });
    t.do('ResolveBattle', B, { brokenAegisId: id(A, 'aegis1') });
    t.attack(B, 'w2', 'aegis');
    t.do('PassStep', B);
    t.do('PassStep', A);
    expect(t.reject('PlaySpell', A, { cardId: id(A, 'df2') })).toBe('QUOTA_EXHAUSTED');
  });
});

describe('T15 Mana across a turn (AG-R30)', () => {
  it('T15 spells share the turn’s Mana, the defender pays from their own, and both reset to 6 when the End Phase is left', () => {
    const t = new Table().start().place(B, 'unit', 'w2').to(A, 'main').to(B, 'main').to(A, 'main');
    expect(t.state.turn).toBe(3);
    t.give(A, 'fd1', 'ut1', 'at1').place(A, 'unit', 'u3').give(B, 'df1');
    t.do('PlaySpell', A, { cardId: id(A, 'fd1') });
    t.do('PlaySpell', A, { cardId: id(A, 'ut1') });
    expect(t.p(A).mana).toBe(1);
    t.to(A, 'battle');
    t.attack(A, 'u3', 'w2');
    expect(t.reject('PlaySpell', A, { cardId: id(A, 'at1') })).toBe('INSUFFICIENT_MANA');
    t.do('PassStep', A);
    t.do('PassStep', B);
    t.do('PlaySpell', B, { cardId: id(B, 'df1') });
    t.do('ResolveBattle', A);
    t.to(A, 'end');
    expect([t.p(A).mana, t.p(B).mana]).toEqual([1, 3]);
    t.do('AdvanceStep', A);
    expect([t.p(A).mana, t.p(B).mana]).toEqual([6, 6]);
  });
});

describe('T16 deck-out (AG-R5)', () => {
  it('T16 a player who must draw from an empty deck loses at once', () => {
    const t = new Table().start({ main: { p1: ['fill', 'fill', 'fill', 'fill', 'fill'] } }).to(A, 'draw');
    const produced = t.do('DrawForTurn', A, { cardIds: [] });
    expect(produced[1]).toEqual({ type: 'GameEnded', payload: { winner: B, reason: 'deckOut' } });
  });

  it('T16 an effect draw of 2 from a 1-card deck draws that card, then the player loses', () => {
    const t = new Table().start({ main: { p2: ['fill', 'fill', 'fill', 'fill', 'fill', 'u1'] } }).to(A, 'main');
    expect(t.rejectEffect('DrawCards', { player: B, count: 2, cardIds: [] })).toBe('BAD_PAYLOAD');
    t.effect('DrawCards', { player: B, count: 2, cardIds: [id(B, 'u1')] });
    expect(t.hand(B)).toContain(id(B, 'u1'));
    expect(t.state.result).toEqual({ winner: A, reason: 'deckOut' });
  });
});

describe('T17 zone capacities (§4)', () => {
  it('T17 a fifth unit is refused, a full Support Zone needs a replacement, and a new Field replaces the old', () => {
    const t = new Table().start().place(B, 'unit', 'u1', 'u3', 'u5', 'w2').place(B, 'support', 'sp1', 'sp2', 'sp3').place(B, 'field', 'fd1');
    t.to(B, 'main').give(B, 'n2', 'ut1', 'sp4', 'fd2');
    expect(t.reject('SummonUnit', B, { cardId: id(B, 'n2'), discardIds: [id(B, 'ut1')] })).toBe('ZONE_FULL_UNIT');
    expect(t.reject('PlaySupport', B, { cardId: id(B, 'sp4') })).toBe('ZONE_FULL_SUPPORT');
    t.do('PlaySupport', B, { cardId: id(B, 'sp4'), replaceCardId: id(B, 'sp2') });
    expect(t.has(B, 'drop', 'sp2') && t.has(B, 'support', 'sp4')).toBe(true);
    t.do('PlaySpell', B, { cardId: id(B, 'fd2') });
    expect(t.p(B).field).toEqual([id(B, 'fd2')]);
    expect(t.has(B, 'drop', 'fd1')).toBe(true);
  });

  it('T17 a replacement is refused while the Support Zone is not full (AG-R28)', () => {
    const t = new Table().start().place(B, 'support', 'sp1').to(B, 'main').give(B, 'sp4');
    expect(t.reject('PlaySupport', B, { cardId: id(B, 'sp4'), replaceCardId: id(B, 'sp1') })).toBe('REPLACE_NOT_ALLOWED');
  });
});

describe('T18–T19 timing and readiness', () => {
  it('T18 Support cards and Utility spells cannot be played in the Battle Phase', () => {
    const t = new Table().start().to(B, 'battle').give(B, 'sp1', 'ut2');
    expect(t.reject('PlaySupport', B, { cardId: id(B, 'sp1') })).toBe('WRONG_PHASE');
    expect(t.reject('PlaySpell', B, { cardId: id(B, 'ut2') })).toBe('WRONG_WINDOW');
  });

  it('T19 a unit that attacked last turn is still Rested and cannot block (default refreshScope)', () => {
    const t = new Table().start().place(B, 'unit', 'u3').to(B, 'battle');
    t.attack(B, 'u3', 'aegis');
    t.resolve(id(A, 'aegis1'));
    t.place(A, 'unit', 'w2').to(A, 'battle');
    t.attack(A, 'w2', 'u3');
    t.do('PassStep', A);
    expect(t.reject('DeclareBlocker', B, { blockerId: id(B, 'u3') })).toBe('UNIT_NOT_READY');
  });
});

describe('T20 deck construction (§3)', () => {
  const table = () => new Table();
  const codeOf = (options: Parameters<Table['deckFor']>[1]) => {
    const t = table();
    return t.reject('DeckRegistered', A, t.deckFor(A, options));
  };

  it('T20 an identity of three elements is refused', () => {
    expect(codeOf({ identity: { p1: ['fire', 'water', 'earth'] } })).toBe('DECK_IDENTITY_SIZE');
  });
  it('T20 a two-colour card needs both colours in the identity', () => {
    expect(codeOf({ identity: { p1: ['fire'] }, main: { p1: ['u1', 'u5'] } })).toBe('DECK_MAIN_COLOR');
  });
  it('T20 neutral cards fit any identity', () => {
    const t = table();
    t.do('DeckRegistered', A, t.deckFor(A, { identity: { p1: ['earth'] }, main: { p1: ['n2', 'fill'] }, aegis: { p1: ['agn', 'agn', 'agn', 'agn', 'agn', 'agn'] } }));
    expect(t.p(A).registered).toBe(true);
  });
  it('T20 an Aegis pile of 5 is refused', () => {
    expect(codeOf({ aegis: { p1: ['agf', 'agf', 'agf', 'agn', 'agn'] } })).toBe('DECK_AEGIS_COUNT');
  });
  it('T20 an Aegis outside the identity is refused', () => {
    expect(codeOf({ identity: { p1: ['fire'] }, main: { p1: ['u1'] }, aegis: { p1: ['agw', 'agf', 'agf', 'agn', 'agn', 'agn'] } })).toBe('DECK_AEGIS_COLOR');
  });
  it('T20 a main-deck card cannot stand in the Aegis pile', () => {
    expect(codeOf({ aegis: { p1: ['u1', 'agf', 'agf', 'agn', 'agn', 'agn'] } })).toBe('DECK_AEGIS_TYPE');
  });
  it('T20 deck size and copy limits apply only when the match config sets them (AG-R8)', () => {
    const t = new Table({ config: { openingHandSize: 5, mainDeckSize: 40, maxCopiesPerName: 3 } });
    expect(t.reject('DeckRegistered', A, t.deckFor(A))).toBe('DECK_MAIN_SIZE');
    const copies = new Table({ config: { openingHandSize: 5, maxCopiesPerName: 3 } });
    expect(copies.reject('DeckRegistered', A, copies.deckFor(A, { main: { p1: ['u1', 'u1', 'u1', 'u1'] } }))).toBe('DECK_COPIES');
  });
});

describe('T21 catalog budgets (§2.1, AG-R26)', () => {
  const bad = [
    { id: 'x1', name: 'Too Strong', type: 'Unit' as const, colors: ['fire'], runeCost: 3, power: 9, runePips: [] },
    { id: 'x2', name: 'Too Dear', type: 'Spell' as const, spellType: 'Utility' as const, colors: ['fire'], manaCost: 7, runePips: [] },
    { id: 'x3', name: 'Too Many Pips', type: 'Support' as const, colors: ['fire'], cost: 1, runePips: ['fire', 'fire', 'fire', 'fire'] },
  ];
  const warned = { id: 'x4', name: 'Greedy Pup', type: 'Unit' as const, colors: ['fire'], runeCost: 2, colorReq: { fire: 2 }, power: 2, runePips: [] };

  it('T21 power over 8, spell cost over 6 and more than 3 pips are errors; a heavy requirement at cost 2 is a warning', () => {
    const issues = validateCatalog([...bad, warned]);
    expect(issues.filter((i) => i.severity === 'error').map((i) => i.code)).toEqual(['CAT_POWER_RANGE', 'CAT_SPELL_COST_RANGE', 'CAT_PIPS_RANGE']);
    expect(issues.filter((i) => i.severity === 'warning').map((i) => [i.code, i.cardId])).toEqual([['CAT_REQ_LOW_COST', 'x4']]);
  });

  it('T21 a catalog with errors cannot start a game; one with only warnings can', () => {
    const header = (cards: unknown[]) => ({ system: 'aegis' as const, rulesVersion: '1', config: { openingHandSize: 5 }, players: [{ seat: 'p1', name: 'A' }, { seat: 'p2', name: 'B' }], catalog: { id: 'c', cards: cards as never } });
    expect(() => initialState(header([...FIXTURE_CARDS, bad[0]]))).toThrow(expect.objectContaining({ code: 'CAT_POWER_RANGE' }));
    expect(initialState(header([...FIXTURE_CARDS, warned])).stage).toBe('none');
  });
});

describe('T22 fizzles (AG-R19)', () => {
  it('T22 a target that leaves before Resolve ends the battle with no result, and the attack is not redirected to the Aegis', () => {
    const t = new Table().start().place(A, 'unit', 'u1').place(B, 'unit', 'u3').to(B, 'battle').give(B, 'at1');
    t.attack(B, 'u3', 'u1');
    t.do('PlaySpell', B, { cardId: id(B, 'at1') });
    expect(t.state.battle?.step).toBe('blockStep');
    t.effect('DestroyUnit', { sourceCardId: id(B, 'at1'), cardId: id(A, 'u1') });
    t.do('PassStep', A);
    t.do('PassStep', A);
    t.do('ResolveBattle', B);
    expect(t.has(A, 'drop', 'u1')).toBe(true);
    expect(t.state.battle).toBeNull();
    expect(t.unit(B, 'u3')?.ready).toBe(false);
    expect(t.p(A).aegisSet).toHaveLength(6);
  });
});

describe("T23 winRule 'sixthBreak' (AG-R1)", () => {
  const sixth = { openingHandSize: 5, winRule: 'sixthBreak' };

  it('T23 the break that turns the last Set Aegis Active wins at once; that Aegis never resolves', () => {
    const t = new Table({ config: sixth }).start().place(B, 'unit', 'u3').to(B, 'battle');
    t.effect('BreakAegis', { player: A, count: 5, aegisCardIds: [1, 2, 3, 4, 5].map((i) => id(A, `aegis${i}`)) });
    t.attack(B, 'u3', 'aegis');
    t.do('PassStep', B);
    t.do('PassStep', A);
    t.do('PassStep', A);
    t.do('ResolveBattle', B, { brokenAegisId: id(A, 'aegis6') });
    expect(t.state.result).toEqual({ winner: B, reason: 'aegis' });
    expect(t.p(A).aegisOpen.find((a) => a.id === id(A, 'aegis6'))?.state).toBe('Active');
    expect(t.reject('AdvanceStep', B)).toBe('GAME_OVER');
  });

  it('T23 BreakAegis applies breaks one at a time: the second of two against 2 Set Aegis wins under sixthBreak', () => {
    const t = new Table({ config: sixth }).start();
    t.effect('BreakAegis', { player: A, count: 4, aegisCardIds: [1, 2, 3, 4].map((i) => id(A, `aegis${i}`)) });
    const produced = t.effect('BreakAegis', { player: A, count: 2, aegisCardIds: [id(A, 'aegis5'), id(A, 'aegis6')] });
    expect(produced[1]).toEqual({ type: 'GameEnded', payload: { winner: B, reason: 'aegis' } });
  });

  it('T23 with the default winRule both breaks turn Active and play continues', () => {
    const t = new Table().start();
    t.effect('BreakAegis', { player: A, count: 4, aegisCardIds: [1, 2, 3, 4].map((i) => id(A, `aegis${i}`)) });
    t.effect('BreakAegis', { player: A, count: 2, aegisCardIds: [id(A, 'aegis5'), id(A, 'aegis6')] });
    expect(t.state.stage).toBe('playing');
    expect(t.p(A).aegisOpen.filter((a) => a.state === 'Active')).toHaveLength(6);
  });
});

describe("T24 refreshScope 'all' (AG-R10)", () => {
  function play(config?: Record<string, unknown>) {
    const t = new Table(config ? { config: { openingHandSize: 5, ...config } } : {}).start().place(A, 'unit', 'w2').place(B, 'unit', 'u3', 'n2').to(B, 'battle');
    t.attack(B, 'u3', 'w2');
    t.resolve();
    t.to(A, 'battle');
    t.attack(A, 'w2', 'n2');
    t.do('PassStep', A);
    return t;
  }

  it("T24 with refreshScope 'all' every S1 readies both players' units, so last turn's attacker can block", () => {
    const t = play({ refreshScope: 'all' });
    t.do('DeclareBlocker', B, { blockerId: id(B, 'u3') });
    t.do('PassStep', B);
    t.do('ResolveBattle', A);
    expect(t.unit(B, 'n2')).toBeDefined();
    expect(t.unit(B, 'u3')).toBeDefined();
  });

  it("T24 with the default refreshScope the attacker stays Rested: the block is refused and the target is destroyed", () => {
    const t = play();
    expect(t.reject('DeclareBlocker', B, { blockerId: id(B, 'u3') })).toBe('UNIT_NOT_READY');
    t.resolve();
    expect(t.p(B).drop).toContain(id(B, 'n2'));
  });
});

describe('T25 one card per battle window (AG-R14)', () => {
  it('T25 a spell closes its window at once: a second spell finds it closed, and the next step belongs to the other side', () => {
    const t = new Table().start().place(A, 'unit', 'u1').give(A, 'df1', 'df2').place(B, 'unit', 'u3').to(B, 'battle').give(B, 'at1', 'at2');
    t.attack(B, 'u3', 'u1');
    t.do('PlaySpell', B, { cardId: id(B, 'at1') });
    expect(t.p(B).mana).toBe(4);
    expect(t.state.battle?.step).toBe('blockStep');
    expect(t.reject('PlaySpell', B, { cardId: id(B, 'at2') })).toBe('WRONG_WINDOW');
    expect(t.reject('PassStep', B)).toBe('NOT_YOUR_DECISION');
    t.do('PassStep', A);
    t.do('PlaySpell', A, { cardId: id(A, 'df1') });
    expect(t.p(A).mana).toBe(3);
    expect(t.state.battle?.step).toBe('resolve');
    expect(t.reject('PlaySpell', A, { cardId: id(A, 'df2') })).toBe('WRONG_WINDOW');
    expect(t.reject('PassStep', A)).toBe('NOT_YOUR_DECISION');
    t.do('ResolveBattle', B);
    expect(t.has(A, 'drop', 'u1')).toBe(true);
  });
});
