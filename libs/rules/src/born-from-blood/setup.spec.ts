import { parseGameDocument } from '@cardlog/events';
import type { GameDocument } from '@cardlog/events';
import { replay } from '../replay';
import { describe as describeEvent } from './describe';
import { isRuleViolation } from '../rule-violation';
import { bornFromBlood } from './index';
import { cardOf } from './state';
import { FIXTURE_CATALOG } from './testing/fixture-catalog';
import { Table, deckCount, registration } from './testing/harness';

/** Given MatchCreated, both DeckRegistered and FirstPlayerChosen {firstPlayer: p1}. */
function registeredTable(): Table {
  const t = new Table();
  t.do('MatchCreated', undefined, { players: ['p1', 'p2'], config: {} });
  t.do('DeckRegistered', 'p1', registration('p1', {}));
  t.do('DeckRegistered', 'p2', registration('p2', {}));
  t.do('FirstPlayerChosen', undefined, { firstPlayer: 'p1', method: 'dieRoll', rolls: [{ player: 'p1', result: 5 }, { player: 'p2', result: 2 }] });
  return t;
}

const a = (n: number) => `p1-${String(n).padStart(2, '0')}`;
const b = (n: number) => `p2-${String(n).padStart(2, '0')}`;

describe('B1 setup and mulligan', () => {
  const t = registeredTable();

  it('GameStarted puts both Characters at 4000 HP with 0 N', () => {
    t.do('GameStarted', undefined, {});
    for (const seat of ['p1', 'p2'] as const) {
      expect(t.p(seat).hp).toBe(4000);
      expect(t.p(seat).n).toBe(0);
      expect(t.card(`${seat}-00`).zone).toBe('characterZone');
    }
  });

  it('each player draws an opening hand of 7, leaving 43 in the deck', () => {
    const before = t.state;
    const [drawn] = t.do('OpeningHandDrawn', 'p1', { cardIds: [1, 2, 3, 4, 5, 6, 7].map(a) });
    expect(describeEvent(drawn!, before)).toMatch(/ draws an opening hand of 7 cards$/);
    t.do('OpeningHandDrawn', 'p2', { cardIds: [1, 2, 3, 4, 5, 6, 7].map(b) });
    expect(t.hand('p1')).toHaveLength(7);
    expect(t.hand('p2')).toHaveLength(7);
    expect(deckCount(t, 'p1')).toBe(43);
    expect(deckCount(t, 'p2')).toBe(43);
  });

  it('the first player decides on a mulligan first', () => {
    expect(t.reject('Mulligan', 'p2', { cardIds: [], drawnCardIds: [] })).toBe('NOT_YOUR_DECISION');
  });

  it('cards put under cannot be drawn back while cards of unknown order lie above them', () => {
    expect(t.reject('Mulligan', 'p1', { cardIds: [a(1), a(2)], drawnCardIds: [a(2), a(8)] })).toBe('CARD_NOT_DRAWABLE');
  });

  it('a mulligan puts the chosen cards at the bottom in order and draws as many', () => {
    t.do('Mulligan', 'p1', { cardIds: [a(1), a(2)], drawnCardIds: [a(8), a(9)] });
    expect(t.p('p1').deck.bottom).toEqual([a(1), a(2)]);
    expect([...t.hand('p1')].sort()).toEqual([3, 4, 5, 6, 7, 8, 9].map(a));
    expect(deckCount(t, 'p1')).toBe(43);
  });

  it('each player may mulligan only once', () => {
    expect(t.reject('Mulligan', 'p1', { cardIds: [a(3)], drawnCardIds: [a(10)] })).toBe('MULLIGAN_DONE');
  });

  it("after the second player's mulligan turn 1 begins in the first player's N Phase with 3 N", () => {
    t.do('Mulligan', 'p2', { cardIds: [], drawnCardIds: [] });
    expect(t.state.stage).toBe('playing');
    expect(t.state.turn).toBe(1);
    expect(t.state.turnPlayer).toBe('p1');
    expect(t.state.phase).toBe('n');
    expect(t.p('p1').n).toBe(3);
    expect(t.p('p2').n).toBe(0);
  });
});

describe('setup order', () => {
  it('the game starts with MatchCreated', () => {
    const t = new Table();
    expect(t.reject('DeckRegistered', 'p1', registration('p1', {}))).toBe('SETUP_ORDER');
    expect(t.reject('Concede', 'p1')).toBe('SETUP_ORDER');
  });

  it('a seat registers one deck, and play waits for the end of setup', () => {
    const t = new Table();
    t.do('MatchCreated', undefined, { players: ['p1', 'p2'], config: {} });
    t.do('DeckRegistered', 'p1', registration('p1', {}));
    expect(t.reject('DeckRegistered', 'p1', registration('p1', {}))).toBe('SETUP_ORDER');
    expect(t.reject('AdvancePhase', 'p1')).toBe('SETUP_ORDER');
    expect(t.reject('FirstPlayerChosen', undefined, { firstPlayer: 'p1', method: 'agreement' })).toBe('SETUP_ORDER');
  });

  it('a die shows 1 to 6', () => {
    const t = new Table();
    t.do('MatchCreated', undefined, { players: ['p1', 'p2'], config: {} });
    t.do('DeckRegistered', 'p1', registration('p1', {}));
    t.do('DeckRegistered', 'p2', registration('p2', {}));
    expect(t.reject('FirstPlayerChosen', undefined, { firstPlayer: 'p1', method: 'dieRoll', rolls: [{ player: 'p1', result: 7 }] })).toBe(
      'BAD_DIE_RESULT',
    );
  });

  it('an opening hand is exactly 7 cards from the seat’s own deck', () => {
    const t = registeredTable();
    t.do('GameStarted', undefined, {});
    expect(t.reject('OpeningHandDrawn', 'p1', { cardIds: [1, 2, 3, 4, 5, 6].map(a) })).toBe('WRONG_DRAW_COUNT');
    expect(t.reject('OpeningHandDrawn', 'p1', { cardIds: [1, 2, 3, 4, 5, 6].map(b) })).toBe('CARD_NOT_DRAWABLE');
    expect(t.reject('OpeningHandDrawn', 'p1', { cardIds: ['p9-99'] })).toBe('UNKNOWN_CARD');
  });

  it('Concede during setup ends the game for the other seat', () => {
    const t = registeredTable();
    const produced = t.do('Concede', 'p2');
    expect(produced[1]).toEqual({ type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } });
  });

  it('a game of Born from Blood needs exactly the seats p1 and p2 (BB-R38)', () => {
    const header = { system: 'born-from-blood' as const, rulesVersion: '1', config: {}, catalog: FIXTURE_CATALOG };
    const attempt = (players: { seat: string; name: string }[]) => {
      try {
        bornFromBlood.initialState({ ...header, players });
        return 'ok';
      } catch (error) {
        return isRuleViolation(error) ? error.code : 'threw';
      }
    };
    expect(attempt([{ seat: 'p1', name: 'A' }])).toBe('BAD_PLAYERS');
    expect(attempt([{ seat: 'p1', name: 'A' }, { seat: 'p3', name: 'C' }])).toBe('BAD_PLAYERS');
    expect(attempt([{ seat: 'p2', name: 'B' }, { seat: 'p1', name: 'A' }])).toBe('ok');
  });

  it("MatchCreated repeats the document's config (BB-R39)", () => {
    const t = new Table(undefined, {});
    expect(t.reject('MatchCreated', undefined, { players: ['p1', 'p2'], config: { cdCountsEveryTurn: true } })).toBe('BAD_PAYLOAD');
  });
});

describe('B14 deck construction', () => {
  const fresh = () => {
    const t = new Table();
    t.do('MatchCreated', undefined, { players: ['p1', 'p2'], config: {} });
    return t;
  };
  const base = (seat: 'p1' | 'p2' = 'p2') => registration(seat, { deck: ['m3', 'm3', 'm3', 'm3'] });
  const replaceLast = (reg: ReturnType<typeof base>, entry: Record<string, string>) => ({
    ...reg,
    main: [...reg.main.slice(0, 49), { cardId: reg.main[49]!.cardId, ...entry }],
  });

  it('(a) a fifth copy by name, special art included, breaks the 4-copy limit', () => {
    expect(fresh().reject('DeckRegistered', 'p2', replaceLast(base(), { catalogId: 'm3', artId: 'm3-sa' }))).toBe('DECK_COPIES');
  });

  it('(b) a main deck of 49 cards is rejected: it holds exactly 50', () => {
    const reg = base();
    expect(fresh().reject('DeckRegistered', 'p2', { ...reg, main: reg.main.slice(0, 49) })).toBe('DECK_MAIN_SIZE');
  });

  it("(c) a blue card does not fit a red Character's deck", () => {
    expect(fresh().reject('DeckRegistered', 'p2', replaceLast(base(), { catalogId: 'mb' }))).toBe('DECK_COLOR');
  });

  it('(d) an Extra card listed in the main deck is rejected', () => {
    expect(fresh().reject('DeckRegistered', 'p2', replaceLast(base(), { catalogId: 'xr' }))).toBe('DECK_MAIN_TYPE');
  });

  const withTwoSpecial = (seat: 'p1' | 'p2') => {
    const reg = registration(seat, { deck: ['m3', 'm3', 'm3', 'm3'] });
    return { ...reg, main: reg.main.map((e, i) => (i < 2 ? { ...e, artId: 'm3-sa' } : e)) };
  };

  it('(e) an owner may not list more copies of a special art than they own', () => {
    const reg = { ...withTwoSpecial('p2'), specialArtOwnership: { counts: { 'm3#m3-sa': 1 } } };
    expect(fresh().reject('DeckRegistered', 'p2', reg)).toBe('SPECIAL_ART_NOT_OWNED');
  });

  it("(f) a non-owner's special arts are accepted and shown as the normal art", () => {
    const t = fresh();
    t.do('DeckRegistered', 'p1', withTwoSpecial('p1'));
    expect(t.card('p1-01').catalogId).toBe('m3');
    expect(t.card('p1-01').artId).toBeUndefined();
    expect(t.card('p1-02').artId).toBeUndefined();
  });

  it('(g) an Any Color card fits every deck', () => {
    const t = fresh();
    t.do('DeckRegistered', 'p2', replaceLast(base(), { catalogId: 'any' }));
    expect(t.p('p2').deckRegistered).toBe(true);
  });

  it('instance ids are unique across both registrations', () => {
    const t = fresh();
    t.do('DeckRegistered', 'p1', registration('p1', {}));
    expect(t.reject('DeckRegistered', 'p2', registration('p1', {}))).toBe('DUPLICATE_CARD_ID');
  });
});

/** The complete log of §12.5, every main list written out. */
function completeLog(): GameDocument {
  const p1Main = Array.from({ length: 50 }, (_, i) => {
    const n = i + 1;
    const catalogId = n === 1 ? 'm3' : n === 2 ? 'm2a' : `f${String((n % 12) + 1).padStart(2, '0')}`;
    return { cardId: a(n), catalogId };
  });
  const p2Main = Array.from({ length: 50 }, (_, i) => {
    const n = i + 1;
    return { cardId: b(n), catalogId: n === 1 ? 'm3' : n === 2 ? 'm2a' : `f${String((n % 12) + 1).padStart(2, '0')}` };
  });
  return {
    format: 'cardlog/1',
    system: 'born-from-blood',
    rulesVersion: '1',
    config: {},
    players: [
      { seat: 'p1', name: 'Alice', deck: { name: 'Red Rush' } },
      { seat: 'p2', name: 'Bob', deck: { name: 'Red Wall' } },
    ],
    catalog: 'bfb-fixtures@1',
    events: [
      { type: 'MatchCreated', payload: { players: ['p1', 'p2'], config: {} } },
      { type: 'DeckRegistered', player: 'p1', payload: { character: { cardId: 'p1-00', catalogId: 'ch' }, main: p1Main, extra: [] } },
      { type: 'DeckRegistered', player: 'p2', payload: { character: { cardId: 'p2-00', catalogId: 'ch' }, main: p2Main, extra: [] } },
      {
        type: 'FirstPlayerChosen',
        payload: { firstPlayer: 'p1', method: 'dieRoll', rolls: [{ player: 'p1', result: 5 }, { player: 'p2', result: 2 }] },
      },
      { type: 'GameStarted', payload: {} },
      { type: 'OpeningHandDrawn', player: 'p1', payload: { cardIds: ['p1-02', 'p1-17', 'p1-33', 'p1-08', 'p1-41', 'p1-29', 'p1-12'] } },
      { type: 'OpeningHandDrawn', player: 'p2', payload: { cardIds: ['p2-04', 'p2-19', 'p2-22', 'p2-37', 'p2-45', 'p2-10', 'p2-31'] } },
      { type: 'Mulligan', player: 'p1', payload: { cardIds: ['p1-41', 'p1-29'], drawnCardIds: ['p1-05', 'p1-38'] } },
      { type: 'Mulligan', player: 'p2', payload: { cardIds: [], drawnCardIds: [] } },
      { type: 'AdvancePhase', player: 'p1', payload: {} },
      { type: 'DrawForTurn', player: 'p1', payload: { cardId: 'p1-20' } },
      { type: 'AdvancePhase', player: 'p1', payload: {} },
      { type: 'PlayCard', player: 'p1', payload: { cardId: 'p1-02', destination: 'mercenary' } },
      { type: 'AdvancePhase', player: 'p1', payload: {} },
      { type: 'DeclareAttack', player: 'p1', payload: { attackerId: 'p1-02', using: 'Slash' } },
      { type: 'PassPriority', player: 'p2', payload: {} },
      { type: 'DeclareDefenders', player: 'p2', payload: { defenderIds: [] } },
      { type: 'ResolveBattle', player: 'p1', payload: {} },
      { type: 'AdvancePhase', player: 'p1', payload: {} },
      { type: 'AdvancePhase', player: 'p1', payload: {} },
      { type: 'EndTurn', player: 'p1', payload: {} },
      { type: 'Concede', player: 'p2', payload: {} },
      { type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } },
    ],
  };
}

const options = { system: bornFromBlood, resolveCatalog: (ref: string) => (ref === FIXTURE_CATALOG.id ? FIXTURE_CATALOG : undefined) };

describe('B23 a complete log and the derived end', () => {
  it('the §12.5 log is a valid cardlog/1 document', () => {
    const parsed = parseGameDocument(JSON.stringify(completeLog()));
    expect(parsed.ok).toBe(true);
  });

  it('the §12.5 log folds to the stated final state', () => {
    const result = replay<any>(completeLog(), options);
    expect(result.failure).toBeUndefined();
    const s = result.state;
    expect(s.result).toEqual({ winner: 'p1', reason: 'concede' });
    expect(result.outcome).toEqual({ result: 'win', winner: 'p1', reason: 'concede' });
    const p1 = s.players.p1;
    expect(p1.n).toBe(1);
    expect(p1.zones.hand).toHaveLength(7);
    expect(p1.deck.top.length + p1.deck.middle.length + p1.deck.bottom.length).toBe(42);
    expect(p1.deck.bottom).toEqual(['p1-41', 'p1-29']);
    expect(p1.zones.mercenary).toEqual(['p1-02']);
    expect(cardOf(s, 'p1-02')!.obj!.enteredTurn).toBe(1);
    expect(p1.playedFromHandLastOwnTurn).toBe(1);
    expect(s.players.p2.hp).toBe(3800);
    expect(s.players.p2.n).toBe(3);
    expect(s.players.p2.zones.hand).toHaveLength(7);
    expect(result.applied).toHaveLength(23);
  });

  it('(a) without its GameEnded the engine appends the same one', () => {
    const doc = completeLog();
    const result = replay<any>({ ...doc, events: doc.events.slice(0, -1) }, options);
    expect(result.failure).toBeUndefined();
    // The 23rd event (applied[22]) is the engine's GameEnded.
    expect(result.applied).toHaveLength(23);
    expect(result.applied[22]).toEqual({ type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } });
  });

  it('(b) a GameEnded that differs from the derived one is rejected', () => {
    const doc = completeLog();
    const events = [...doc.events.slice(0, -1), { type: 'GameEnded', payload: { winner: 'p2', reason: 'concede' } }];
    expect(replay({ ...doc, events }, options).failure).toMatchObject({ index: 22, code: 'DERIVED_MISMATCH' });
  });

  it('(c) any event after the end is rejected with GAME_OVER', () => {
    const doc = completeLog();
    const events = [...doc.events, { type: 'AdvancePhase', player: 'p2', payload: {} }];
    expect(replay({ ...doc, events }, options).failure).toMatchObject({ index: 23, code: 'GAME_OVER' });
  });
});
