import type { GameDocument, LogEvent } from '@cardlog/events';
import { record, replay } from '../replay';
import { isRuleViolation } from '../rule-violation';
import { evolve } from './evolve';
import { bornFromBlood } from './index';
import { FIXTURE_CATALOG } from './testing/fixture-catalog';
import { Table, startGame } from './testing/harness';

const options = { system: bornFromBlood, resolveCatalog: () => FIXTURE_CATALOG };
const documentOf = (events: readonly LogEvent[]): GameDocument => ({
  format: 'cardlog/1',
  system: 'born-from-blood',
  rulesVersion: '1',
  config: {},
  players: [
    { seat: 'p1', name: 'Alice' },
    { seat: 'p2', name: 'Bob' },
  ],
  catalog: FIXTURE_CATALOG.id,
  events: events.map((e) => ({ ...e })),
});
const isDerived = (e: LogEvent) => bornFromBlood.derivedEventTypes.has(e.type);

/** A game with a battle, an HP-zero state check, a host leaving and a win. */
function eventfulGame(): Table {
  const t = startGame({ p1: { hand: ['mp', 'fa', 'm2a'] }, p2: { hand: ['m3', 'maa'] } });
  const mp = t.summon('p1', 'mp');
  t.advanceTo('main');
  t.giveN('p1', 5);
  const fa = t.find('p1', 'fa');
  t.do('PlayCard', 'p1', { cardId: fa, destination: 'artifact' });
  t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: { host: fa } });
  t.toTurn(2);
  const m3 = t.summon('p2', 'm3');
  const maa = t.summon('p2', 'maa');
  t.toTurn(3);
  t.advanceTo('combat');
  t.do('DeclareAttack', 'p1', { attackerId: mp, using: 'Lance' });
  t.do('PassPriority', 'p2');
  t.do('DeclareDefenders', 'p2', { defenderIds: [m3] });
  t.do('AssignDamage', 'p1', { shares: { [m3]: 200 }, toCharacter: 100 });
  t.do('ResolveBattle', 'p1');
  t.effect('ModifyStat', { cardId: maa, stat: 'hp', delta: -200, duration: 'permanent' });
  t.effect('DestroyCard', { cardId: fa, cause: 'destroy' });
  t.effect('ChangeHP', { player: 'p2', delta: -4000 });
  return t;
}

describe('replaying recorded games', () => {
  const t = eventfulGame();

  it('the engine derived the state check and the end in this game', () => {
    expect(t.log.filter(isDerived).map((e) => e.type)).toEqual(['CardsPutInGraveyard', 'CardsPutInGraveyard', 'GameEnded']);
  });

  it('a log with its derived events replays to the same state', () => {
    const result = replay(documentOf(t.log), options);
    expect(result.failure).toBeUndefined();
    expect(result.state).toEqual(t.state);
    expect(result.applied).toHaveLength(t.log.length);
  });

  it('a log without its derived events replays the same: the engine inserts them', () => {
    const result = replay(documentOf(t.log.filter((e) => !isDerived(e))), options);
    expect(result.failure).toBeUndefined();
    expect(result.state).toEqual(t.state);
    expect(result.applied.map(({ seq: _seq, ...e }) => e)).toEqual(t.log);
  });

  it('a derived event that differs from the engine’s is DERIVED_MISMATCH', () => {
    const events = t.log.map((e) =>
      e.type === 'CardsPutInGraveyard' ? { ...e, payload: { cards: [{ cardId: 'p2-01', reason: 'hpZero' }] } } : e,
    );
    expect(replay(documentOf(events), options).failure).toMatchObject({ code: 'DERIVED_MISMATCH', type: 'CardsPutInGraveyard' });
  });

  it('a bad event leaves the valid prefix folded', () => {
    const bad = t.log.findIndex((e) => e.type === 'AssignDamage');
    const events = [...t.log.slice(0, bad), { type: 'AssignDamage', player: 'p1', payload: { shares: {}, toCharacter: 300 } }];
    const result = replay(documentOf(events), options);
    expect(result.failure).toMatchObject({ index: bad, code: 'PIERCE_NEEDS_LETHAL' });
    expect(result.applied).toHaveLength(bad);
  });
});

describe('decide at the boundary', () => {
  it('an unknown event type is BAD_PAYLOAD', () => {
    const t = startGame();
    expect(t.reject('Teleport', 'p1', {})).toBe('BAD_PAYLOAD');
    expect(t.reject('AdvancePhase', 'p3' as never, {})).toBe('BAD_PAYLOAD');
    expect(t.reject('AdvancePhase', undefined, {})).toBe('BAD_PAYLOAD');
    expect(t.reject('AdvancePhase', 'p1', { fast: true })).toBe('BAD_PAYLOAD');
  });

  it('derived events are never decided: DERIVED_MISMATCH, and DERIVED_EVENT when sent live', () => {
    const t = startGame();
    expect(t.reject('GameEnded', undefined, { winner: 'p1', reason: 'concede' })).toBe('DERIVED_MISMATCH');
    try {
      record(bornFromBlood, t.state, { type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } });
      throw new Error('accepted');
    } catch (error) {
      expect(isRuleViolation(error) && error.code).toBe('DERIVED_EVENT');
    }
  });

  it('record returns the action and what it derives', () => {
    const t = startGame();
    const { events, state } = record(bornFromBlood, t.state, { type: 'Concede', player: 'p1', payload: {} });
    expect(events).toEqual([
      { type: 'Concede', player: 'p1', payload: {} },
      { type: 'GameEnded', payload: { winner: 'p2', reason: 'concede' } },
    ]);
    expect(bornFromBlood.isTerminal(state)).toBe(true);
    expect(bornFromBlood.outcome(state)).toEqual({ result: 'win', winner: 'p2', reason: 'concede' });
  });
});

describe('evolve', () => {
  it('never throws: every recorded event applies to any state, even one it does not fit', () => {
    const t = eventfulGame();
    const fresh = startGame().state;
    const setupOnly = new Table().state;
    for (const e of t.log) {
      expect(() => evolve(fresh, e)).not.toThrow();
      expect(() => evolve(setupOnly, e)).not.toThrow();
    }
  });
});
