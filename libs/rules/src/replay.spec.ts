import type { GameDocument, LogEvent } from '@cardlog/events';
import type { GameSystem, Outcome } from './game-system';
import { RuleViolation, require_ } from './rule-violation';
import { fold, record, recordLive, replay } from './replay';

/** A tiny game to test the replay machinery: first seat to 3 points wins. */
interface RaceState {
  readonly scores: Readonly<Record<string, number>>;
  readonly outcome: Outcome | null;
}

const race: GameSystem<RaceState> = {
  id: 'born-from-blood',
  rulesVersions: ['1'],
  derivedEventTypes: new Set(['GameEnded']),
  builtinCatalogs: { 'race@1': { id: 'race@1', cards: [] } },
  initialState: (header) => {
    require_(header.players.length === 2, 'PLAYER_COUNT', 'race needs two players');
    return { scores: Object.fromEntries(header.players.map((p) => [p.seat, 0])), outcome: null };
  },
  decide(state, action) {
    require_(!state.outcome, 'GAME_OVER', 'the game is over');
    if (action.type !== 'Score') throw new RuleViolation('BAD_PAYLOAD', `unknown event ${action.type}`);
    const points = (action.payload as { points: number }).points;
    require_(points <= 2, 'TOO_MANY_POINTS', `at most 2 points at once, got ${points}`, { points });
    const total = state.scores[action.player!]! + points;
    const ended: LogEvent[] = total >= 3 ? [{ type: 'GameEnded', payload: { winner: action.player, reason: 'points' } }] : [];
    return [action, ...ended];
  },
  evolve(state, event) {
    if (event.type === 'Score') {
      const { points } = event.payload as { points: number };
      return { ...state, scores: { ...state.scores, [event.player!]: state.scores[event.player!]! + points } };
    }
    if (event.type === 'GameEnded') {
      const { winner, reason } = event.payload as { winner: string; reason: string };
      return { ...state, outcome: { result: 'win', winner, reason } };
    }
    return state;
  },
  isTerminal: (state) => state.outcome !== null,
  outcome: (state) => state.outcome,
  view: (state) => state,
  describe: (event) => `${event.player ?? 'rules'}: ${event.type}`,
};

const score = (player: string, points: number, seq?: number): LogEvent => ({
  ...(seq ? { seq } : {}),
  type: 'Score',
  player,
  payload: { points },
});
const ended = (winner: string, seq?: number): LogEvent => ({ ...(seq ? { seq } : {}), type: 'GameEnded', payload: { winner, reason: 'points' } });

function doc(events: LogEvent[], overrides: Partial<GameDocument> = {}): GameDocument {
  return {
    format: 'cardlog/1',
    system: 'born-from-blood',
    rulesVersion: '1',
    players: [
      { seat: 'p1', name: 'Ari' },
      { seat: 'p2', name: 'Bo' },
    ],
    catalog: 'race@1',
    events,
    ...overrides,
  };
}

const run = (d: GameDocument) => replay<RaceState>(d, { system: race });

describe('replay', () => {
  it('folds a legal game in order, each event numbered by its place, and reaches the outcome', () => {
    const events = [score('p1', 2), score('p2', 1), score('p1', 1), ended('p1')];
    const result = run(doc(events));
    expect(result.failure).toBeUndefined();
    // applied[i] is the event of seq i + 1, without a seq field of its own.
    expect(result.applied).toEqual(events);
    expect(result.applied.every((e) => !('seq' in e))).toBe(true);
    // An uploaded derived event equal to the rules' is kept as the upload gave it.
    expect(result.applied[3]).toBe(events[3]);
    expect(result.outcome).toEqual({ result: 'win', winner: 'p1', reason: 'points' });
    expect(result.state?.scores).toEqual({ p1: 3, p2: 1 });
  });

  it('appends derived events the upload left out', () => {
    const result = run(doc([score('p1', 2), score('p1', 2)]));
    expect(result.failure).toBeUndefined();
    expect(result.applied).toHaveLength(3);
    expect(result.applied.at(-1)).toEqual(ended('p1'));
  });

  it('rejects a derived event that differs from what the rules derive', () => {
    const result = run(doc([score('p1', 2), score('p1', 2), ended('p2')]));
    expect(result.failure).toMatchObject({ index: 2, type: 'GameEnded', code: 'DERIVED_MISMATCH' });
    expect(result.applied).toHaveLength(3);
  });

  it('rejects a derived event where the rules derive none', () => {
    expect(run(doc([score('p1', 1), ended('p1')])).failure).toMatchObject({ index: 1, code: 'DERIVED_MISMATCH' });
  });

  it('returns the valid prefix and the first illegal event with its code', () => {
    const result = run(doc([score('p1', 1), score('p2', 5), score('p1', 1)]));
    expect(result.failure).toEqual({
      index: 1,
      seq: 2,
      type: 'Score',
      code: 'TOO_MANY_POINTS',
      message: 'at most 2 points at once, got 5',
      details: { points: 5 },
    });
    expect(result.applied).toHaveLength(1);
    expect(result.state?.scores).toEqual({ p1: 1, p2: 0 });
  });

  it('names a failure by its document index and by its seq in the game, derived events the upload left out counted', () => {
    // p1's second score ends the game with a derived GameEnded (seq 3) that the document leaves out.
    const result = run(doc([score('p1', 2), score('p1', 2), score('p2', 1)]));
    expect(result.failure).toMatchObject({ index: 2, seq: 4, code: 'GAME_OVER' });
    expect(run(doc([score('p1', 2), score('p1', 2), ended('p2')])).failure).toMatchObject({ index: 2, seq: 3, code: 'DERIVED_MISMATCH' });
  });

  it('checks a given seq against the position the event takes, derived events counted', () => {
    expect(run(doc([score('p1', 2, 1), score('p1', 2, 2), ended('p1', 3)])).failure).toBeUndefined();
    expect(run(doc([score('p1', 2, 1), score('p1', 2, 3)])).failure).toMatchObject({ index: 1, code: 'SEQ_MISMATCH' });
    const late = run(doc([score('p1', 2), score('p1', 2), ended('p1', 4)])).failure;
    expect(late).toMatchObject({ index: 2, seq: 3, code: 'SEQ_MISMATCH', details: { expected: 3 } });
    expect(late?.message).toBe('seq is 4; this event is number 3 of the game');
  });

  it('keeps the events an upload numbered without their seq, as the ones it left unnumbered', () => {
    const result = run(doc([score('p1', 2, 1), score('p1', 2), ended('p1', 3)]));
    expect(result.failure).toBeUndefined();
    expect(result.applied).toEqual([score('p1', 2), score('p1', 2), ended('p1')]);
  });

  it('fails at the header for an unknown rules version, catalog or a header the game refuses', () => {
    expect(run(doc([], { rulesVersion: '9' })).failure).toMatchObject({ index: -1, code: 'UNKNOWN_RULES_VERSION' });
    expect(run(doc([], { catalog: 'nope@1' })).failure).toMatchObject({ index: -1, code: 'UNKNOWN_CATALOG' });
    expect(run(doc([], { players: [{ seat: 'p1', name: 'Solo' }] })).failure).toMatchObject({ index: -1, code: 'PLAYER_COUNT' });
  });

  it('resolves a catalog the rules do not ship through the caller', () => {
    const result = replay(doc([], { catalog: 'stored@3' }), {
      system: race,
      resolveCatalog: (ref) => (ref === 'stored@3' ? { id: ref, cards: [] } : undefined),
    });
    expect(result.failure).toBeUndefined();
  });

  it('reports a system with no rules engine', () => {
    expect(replay(doc([], { system: 'no-such-game' as never })).failure).toMatchObject({ index: -1, code: 'UNSUPPORTED_SYSTEM' });
  });

  it('lets bugs in a rules engine surface instead of hiding them as rule failures', () => {
    const broken: GameSystem<RaceState> = { ...race, decide: () => { throw new TypeError('bug'); } };
    expect(() => replay(doc([score('p1', 1)]), { system: broken })).toThrow(TypeError);
  });
});

describe('record and fold', () => {
  it('record validates one live action and returns it with its derived events', () => {
    const start = race.initialState({ system: 'born-from-blood', rulesVersion: '1', config: {}, players: doc([]).players, catalog: { id: 'x', cards: [] } });
    const one = record(race, start, score('p1', 2));
    const two = record(race, one.state, score('p1', 1));
    expect(two.events.map((e) => e.type)).toEqual(['Score', 'GameEnded']);
    expect(() => record(race, two.state, score('p2', 1))).toThrow(expect.objectContaining({ code: 'GAME_OVER' }));
    expect(() => record(race, start, ended('p1'))).toThrow(expect.objectContaining({ code: 'DERIVED_EVENT' }));
    expect(fold(race, start, [...one.events, ...two.events])).toEqual(two.state);
  });

  describe('recordLive', () => {
    const start = () => race.initialState({ system: 'born-from-blood', rulesVersion: '1', config: {}, players: doc([]).players, catalog: { id: 'race@1', cards: [] } });

    it('stores each action with what it derived, and takes a derived event the recorder sends when it equals the derived one', () => {
      const batch = recordLive(race, start(), 0, [score('p1', 2), score('p1', 2), ended('p1')]);
      expect(batch.failure).toBeUndefined();
      expect(batch.events).toEqual([score('p1', 2), score('p1', 2), ended('p1')]);
    });

    it('confirms the derived events that followed the last stored action in a later batch, storing nothing', () => {
      const first = recordLive(race, start(), 0, [score('p1', 2), score('p1', 2)]);
      expect(first.events).toHaveLength(3);
      const confirm = recordLive(race, first.state, 3, [ended('p1', 3)], [{ seq: 3, ...ended('p1') }]);
      expect(confirm).toEqual({ state: first.state, events: [] });
    });

    it('refuses a derived event that differs or is not due, naming its index in the batch and its seq in the game', () => {
      const first = recordLive(race, start(), 0, [score('p1', 2), score('p1', 2)]);
      expect(recordLive(race, first.state, 3, [ended('p2')], [{ seq: 3, ...ended('p1') }]).failure).toMatchObject({ index: 0, seq: 3, code: 'DERIVED_MISMATCH' });
      expect(recordLive(race, start(), 0, [score('p1', 1), ended('p1')]).failure).toMatchObject({ index: 1, seq: 2, code: 'DERIVED_MISMATCH' });
      expect(recordLive(race, first.state, 3, [score('p2', 1)]).failure).toMatchObject({ index: 0, seq: 4, code: 'GAME_OVER' });
    });
  });
});
