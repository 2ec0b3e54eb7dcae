import { decide } from './decide';
import { evolve } from './evolve';
import { initialState } from './setup';
import { DvState, playerOf } from './state';
import { FIXTURE_CATALOG } from './testing/fixture-catalog';
import { Table } from './testing/harness';
import { isRuleViolation } from '../rule-violation';
import type { LogEvent } from '@cardlog/events';

function universe(seat: string) {
  return Array.from({ length: 40 }, (_, i) => ({ cardId: `${seat}-${i + 1}`, catalogId: 'ZZ' }));
}

function codeOf(state: DvState, event: LogEvent): string | null {
  try {
    decide(state, event);
    return null;
  } catch (error) {
    if (isRuleViolation(error)) return error.code;
    throw error;
  }
}

describe('T1 — Turn Origin', () => {
  it('only the lot winner chooses the first order holder, the opening hand is exactly 5, and turn 1 begins with the Prompt mode loop', () => {
    let s = initialState({ system: 'devacurse', rulesVersion: '1', config: {}, players: [{ seat: 'p1', name: 'P1' }, { seat: 'p2', name: 'P2' }], catalog: FIXTURE_CATALOG });
    const play = (e: LogEvent) => {
      const out = decide(s, e);
      for (const x of out) s = evolve(s, x);
      return out;
    };
    play({ type: 'UniverseRegistered', player: 'p1', payload: { cards: universe('p1') } });
    play({ type: 'UniverseRegistered', player: 'p2', payload: { cards: universe('p2') } });
    expect(playerOf(s, 'p1')!.faith).toBe(30);
    expect(playerOf(s, 'p2')!.universe).toHaveLength(40);
    play({ type: 'OrderLotDrawn', payload: { winner: 'p2' } });
    expect(codeOf(s, { type: 'FirstPlayerChosen', player: 'p1', payload: { firstPlayer: 'p1' } })).toBe('NOT_LOT_WINNER');
    play({ type: 'FirstPlayerChosen', player: 'p2', payload: { firstPlayer: 'p1' } });
    play({ type: 'DrawCards', player: 'p1', payload: { count: 5, cardIds: ['p1-1', 'p1-2', 'p1-3', 'p1-4', 'p1-5'] } });
    expect(codeOf(s, { type: 'DrawCards', player: 'p2', payload: { count: 4, cardIds: ['p2-1', 'p2-2', 'p2-3', 'p2-4'] } })).toBe('WRONG_DRAW_COUNT');
    expect(codeOf(s, { type: 'DrawCards', player: 'p2', payload: { count: 5, cardIds: ['p2-1', 'p2-2', 'p2-3', 'p2-4', 'p2-1'] } })).toBe('MALFORMED_EVENT');
    const last = play({ type: 'DrawCards', player: 'p2', payload: { count: 5, cardIds: ['p2-1', 'p2-2', 'p2-3', 'p2-4', 'p2-5'] } });
    expect(last.map((e) => e.type)).toEqual(['DrawCards', 'TurnBegan', 'PromptLoopApplied']);
    expect(last[1]!.payload).toEqual({ turn: 1, orderHolder: 'p1' });
    expect(s.cursor.loop).toBe('prompt');
    expect(playerOf(s, 'p1')!.hand).toHaveLength(5);
    expect(playerOf(s, 'p2')!.universe).toHaveLength(35);
    expect(codeOf(s, { type: 'DrawCards', player: 'p1', payload: { count: 1, cardIds: ['p1-6'] } })).toBe('WRONG_SEGMENT');
  });

  it('rejects a document with fewer than two seats', () => {
    expect(() => initialState({ system: 'devacurse', rulesVersion: '1', config: {}, players: [{ seat: 'p1', name: 'P1' }], catalog: FIXTURE_CATALOG })).toThrow(expect.objectContaining({ code: 'TOO_FEW_SEATS' }));
  });
});

describe('T2 — Draw loop', () => {
  it('every Deva draws 1 or 2 once, nothing is called, and the Construction loop follows', () => {
    const t = new Table({ p1: ['EF1'], p2: [] });
    t.given('EF1', 'hand');
    t.passRound();
    expect(t.state.cursor.loop).toBe('draw');
    expect(t.reject('CallCard', 'p1', { cardId: 'EF1', from: 'hand', targets: [], payment: [] })).toBe('WRONG_SEGMENT');
    const p2top = t.p('p2').universe;
    expect(t.reject('DrawCards', 'p2', { count: 3, cardIds: p2top.slice(0, 3) })).toBe('WRONG_DRAW_COUNT');
    t.do('DrawCards', 'p2', { count: 1, cardIds: [p2top[0]!] });
    expect(t.reject('DrawCards', 'p2', { count: 1, cardIds: [t.p('p2').universe[0]!] })).toBe('ALREADY_DREW');
    t.do('DrawCards', 'p1', { count: 2, cardIds: t.p('p1').universe.slice(0, 2) });
    expect(t.p('p1').hand).toHaveLength(8);
    expect(t.p('p2').hand).toHaveLength(6);
    expect(t.state.cursor).toEqual({ loop: 'construction', part: 'blessMaking', owner: 'p1' });
  });

  it('a Deva with one card left draws only one, and with none skips without losing', () => {
    const t = new Table({ p1: [], p2: [] });
    t.passRound();
    const rest = [...t.p('p1').universe];
    for (const id of rest.slice(1)) t.given(id, 'cenotaph');
    expect(t.reject('DrawCards', 'p1', { count: 2, cardIds: [rest[0]!, rest[1]!] })).toBe('CARD_NOT_IN_ZONE');
    expect(t.reject('DrawCards', 'p1', { count: 2, cardIds: [rest[0]!, rest[0]!] })).toBe('MALFORMED_EVENT');
    t.do('DrawCards', 'p1', { count: 1, cardIds: [rest[0]!] });
    expect(t.reject('SkipDraw', 'p2', { reason: 'universeEmpty' })).toBe('SKIP_NOT_JUSTIFIED');
    t.advance((s) => s.turn === 2 && s.cursor.loop === 'draw');
    t.do('SkipDraw', 'p1', { reason: 'universeEmpty' });
    expect(t.p('p1').eliminated).toBe(false);
  });
});

describe('T3 — One prayer per turn; order of parts', () => {
  it('the part owner places one prayer, nothing is called or produced, and Bless making passes in seat order', () => {
    const t = new Table({ p1: ['XM1', 'SB1', 'EF1'], p2: ['XE1'] });
    for (const id of ['XM1', 'SB1', 'EF1']) t.given(id, 'hand');
    t.given('XE1', 'hand');
    t.to('blessMaking', 'p1');
    expect(t.reject('PlacePrayer', 'p2', { cardId: 'XE1', faceUp: true })).toBe('NOT_PART_OWNER');
    t.do('PlacePrayer', 'p1', { cardId: 'XM1', faceUp: false });
    expect(t.card('XM1')).toMatchObject({ zone: 'temple', faceUp: false, mode: 'prompt' });
    expect(t.reject('PlacePrayer', 'p1', { cardId: 'SB1', faceUp: true })).toBe('PRAYER_ALREADY_PLACED');
    expect(t.reject('ProduceBlessing', 'p1', { prayerId: 'XM1' })).toBe('WRONG_SEGMENT');
    expect(t.reject('CallCard', 'p1', { cardId: 'EF1', from: 'hand', targets: [], payment: [] })).toBe('WRONG_SEGMENT');
    t.do('EndBlessMaking', 'p1');
    t.do('PlacePrayer', 'p2', { cardId: 'XE1', faceUp: true });
    t.do('EndBlessMaking', 'p2');
    expect(t.state.cursor).toEqual({ loop: 'construction', part: 'calling', owner: 'p1', phase: 'preSoldierCalling' });
    expect(t.state.priority?.holder).toBe('p1');
  });
});

describe('T16 — End Turn hand limit; passing the order', () => {
  it('only the order holder discards to 7, its discards land at once, and the order passes', () => {
    const t = new Table({ p1: ['HK3'], p2: [] });
    t.given('HK3', 'hand');
    t.advance((s) => s.cursor.loop === 'endTurn');
    for (const id of t.p('p1').universe.filter((x) => x.includes('-z')).slice(0, 2)) t.given(id, 'hand');
    for (const id of t.p('p2').universe.filter((x) => x.includes('-z')).slice(0, 4)) t.given(id, 'hand');
    expect(t.p('p1').hand).toHaveLength(9);
    expect(t.reject('EndTurn', 'p1')).toBe('HAND_OVER_LIMIT');
    expect(t.reject('DiscardToHandLimit', 'p2', { cardIds: t.p('p2').hand.slice(0, 3) })).toBe('NOT_ORDER_HOLDER');
    const c1 = t.p('p1').hand[0]!;
    expect(t.reject('DiscardToHandLimit', 'p1', { cardIds: [c1] })).toBe('WRONG_DISCARD_COUNT');
    expect(t.reject('CallCard', 'p2', { cardId: t.p('p2').hand[0]!, from: 'hand', payment: [] })).toBe('WRONG_SEGMENT');
    const out = t.do('DiscardToHandLimit', 'p1', { cardIds: [c1, 'HK3'] });
    expect(t.types(out)).toEqual(['DiscardToHandLimit', 'FallBatchPlaced']);
    expect(t.card(c1).zone).toBe('cenotaph');
    expect(t.card('HK3').zone).toBe('blackHole');
    const end = t.do('EndTurn', 'p1');
    expect(t.types(end).slice(0, 3)).toEqual(['EndTurn', 'TurnEnded', 'TurnBegan']);
    expect(end[2]!.payload).toEqual({ turn: 2, orderHolder: 'p2' });
    expect(t.p('p2').hand.length).toBeGreaterThan(7);
  });
});

describe('T18 — Event turn counters', () => {
  it('a turn-numbered event ticks down in each Prompt mode loop and falls when it has none left', () => {
    const t = new Table({ p1: ['ET1', 'XM1'], p2: [] });
    t.given('ET1', 'hand').given('XM1', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'ET1', from: 'hand', payment: [{ slot: 'generic', with: 'colorless' }] });
    t.passRound();
    t.do('ResolveKnotTop', 'p1');
    expect(t.card('ET1')).toMatchObject({ zone: 'soldierLine', turnCounters: 1 });
    t.advance((s) => s.turn === 2 && s.cursor.loop === 'prompt');
    expect(t.card('ET1')).toMatchObject({ zone: 'soldierLine', turnCounters: 0 });
    t.advance((s) => s.turn === 3 && s.cursor.loop === 'prompt');
    expect(t.card('ET1').zone).toBe('falling');
    expect(t.types(t.passRound())).toContain('FallBatchPlaced');
    expect(t.card('ET1').zone).toBe('cenotaph');
    expect(t.state.cursor.loop).toBe('prompt');
    t.passRound();
    expect(t.state.cursor.loop).toBe('draw');
  });
});

describe('T23 — The Black Hole is terminal', () => {
  it('no effect moves a card out of a Black Hole', () => {
    const t = new Table({ p1: ['SA2', 'EX1', 'XM1'], p2: [] });
    t.given('SA2', 'blackHole').given('EX1', 'hand').given('XM1', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'EX1', from: 'hand', targets: [{ card: 'SA2' }], payment: [{ slot: 'generic', with: 'colorless' }] });
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { effects: [{ type: 'MoveCard', cardId: 'SA2', to: { zone: 'hand' } }] })).toBe('BLACK_HOLE_FINAL');
  });
});

describe('T24 — Prompt loop with a card kept in rest', () => {
  it('everything in the Arena is readied except a card that stays rested, whose flag is consumed; only Flash is called in the Prompt window', () => {
    const t = new Table({ p1: ['XM1', 'EN1', 'SA1'], p2: ['SC2', 'XW1', 'EF1'] });
    t.given('XM1', 'temple', { mode: 'rest' }).given('SA1', 'soldierLine', { mode: 'rest' }).given('EN1', 'hand');
    t.given('SC2', 'soldierLine', { mode: 'rest' }).given('XW1', 'temple', { faceUp: true, mode: 'rest' }).given('EF1', 'hand');
    t.advance((s) => s.cursor.loop === 'endTurn');
    // An effect of an earlier turn keeps SC2 rested through the next Prompt mode loop.
    const d = new (require('./draft').Draft)(t.state);
    d.card('SC2').flags = new Map([['staysRested', { value: true, until: 'permanent' }]]);
    d.card('SC2').mode = 'rest';
    t.state = d.s;
    const out = t.do('EndTurn', 'p1');
    expect(out.find((e) => e.type === 'PromptLoopApplied')!.payload).toMatchObject({ keptRested: ['SC2'] });
    expect(t.card('SA1').mode).toBe('prompt');
    expect(t.card('XW1').mode).toBe('prompt');
    expect(t.card('SC2').mode).toBe('rest');
    expect(t.card('SC2').flags).toBeNull();
    // Turn 2: p2 holds the order and the Prompt window.
    t.do('PassPriority', 'p2');
    expect(t.reject('CallCard', 'p1', { cardId: 'EN1', from: 'hand', targets: [{ card: 'SC2' }], payment: [] })).toBe('NOT_FLASH');
    t.do('PassPriority', 'p1');
  });
});
