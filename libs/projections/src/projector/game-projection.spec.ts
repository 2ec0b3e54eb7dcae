import type { GameRecordedData, LogEvent } from '@cardlog/events';
import { encodeStateText, findInsights, findSystem, resolveHeader, simulateGames } from '@cardlog/rules';
import type { StoredEvent } from '@cardlog/store';
import { GameContext, GameHead, HeadSince, encodeHead, restoreHead } from './game-projection';

const system = findSystem('born-from-blood')!;
const insights = findInsights('born-from-blood')!;

/** A game's head after its first `n` events, folded as the projector does, with its context and events. */
function headAfter(n: number, seed: number): { head: GameHead; context: GameContext; events: readonly LogEvent[] } {
  const [{ document }] = simulateGames(1, seed);
  const { events, ...rest } = document!;
  const header = resolveHeader(document!, system);
  const context: GameContext = { system, insights, header, initial: system.initialState(header) };
  let state = context.initial;
  let facts = insights.initialFacts(header);
  for (const event of events.slice(0, n)) {
    state = system.evolve(state, event);
    facts = insights.evolveFacts(facts, event, header);
  }
  const recorded = { gameId: '00000000-0000-4000-8000-000000000001', header: rest, mode: 'upload', recordedAt: '2026-01-01T00:00:00.000Z' } as GameRecordedData & {
    recordedAt: string;
  };
  return { head: { gameId: recorded.gameId, recorded, seq: n, turns: 3, state, facts }, context, events };
}

/** What a row of rm_game_heads reads back as: its json columns parsed (facts are written as text). */
const asRow = (stored: ReturnType<typeof encodeHead>) => ({
  ...stored,
  header: JSON.parse(JSON.stringify(stored.header)) as GameHead['recorded'],
  facts: JSON.parse(stored.facts) as unknown,
});

/** What the runner reads for a head without a state: the snapshot at `at` (none for 0) and the events after it, as stored. */
function sinceSnapshot(events: readonly LogEvent[], context: GameContext, at: number, seq: number): HeadSince {
  let snapshot: unknown = null;
  if (at > 0) {
    let state = context.initial;
    for (const event of events.slice(0, at)) state = system.evolve(state, event);
    snapshot = JSON.parse(encodeStateText(state, context.initial));
  }
  const stored = events.slice(at, seq).map(
    (e, i) => ({ streamPosition: at + i + 1, type: e.type, data: e.player === undefined ? { payload: e.payload } : { player: e.player, payload: e.payload } }) as unknown as StoredEvent,
  );
  return { snapshot, events: stored };
}

describe('game heads', () => {
  it('hold no state: a restore folds the events after the newest snapshot into it', () => {
    for (const n of [1, 40, 150, 300]) {
      const { head, context, events } = headAfter(n, 21);
      const stored = encodeHead(head);
      expect(stored.state).toBeNull();
      // Snapshots every 100 events: none yet below 100.
      const restored = restoreHead(asRow(stored), context, sinceSnapshot(events, context, Math.floor(n / 100) * 100, n));
      expect(restored.state).toEqual(head.state);
      expect(restored.facts).toEqual(head.facts);
      expect(restored).toEqual(head);
      // Any snapshot at or below the head gives the same state.
      expect(restoreHead(asRow(stored), context, sinceSnapshot(events, context, 0, n))).toEqual(head);
    }
  });

  it('say what is missing when a head without a state comes with nothing to fold', () => {
    const { head, context } = headAfter(40, 21);
    expect(() => restoreHead(asRow(encodeHead(head)), context)).toThrow(/holds no state/);
  });

  it('keep the outcome an organiser closed the game with', () => {
    const { head, context, events } = headAfter(60, 22);
    const closed = { ...head, closed: { result: 'draw', reason: 'time' } } as GameHead;
    expect(restoreHead(asRow(encodeHead(closed)), context, sinceSnapshot(events, context, 0, 60)).closed).toEqual(closed.closed);
  });

  it('still restore rows written with their state (before migration 0090)', () => {
    const { head, context } = headAfter(150, 24);
    const row = { ...asRow(encodeHead(head)), state: JSON.parse(encodeStateText(head.state, context.initial)) as unknown };
    expect(restoreHead(row, context)).toEqual(head);
  });

  it('still restore rows written before shapes (state and facts as plain JSON)', () => {
    const { head, context } = headAfter(150, 23);
    // What encodeHead wrote then: the state's fields as JSON, the untouched catalog as a marker.
    const legacy = {
      game_id: head.gameId,
      header: head.recorded,
      seq: head.seq,
      state: JSON.parse(JSON.stringify({ ...(head.state as object), catalog: { $initial: true } })) as unknown,
      facts: JSON.parse(JSON.stringify({ facts: head.facts, turns: head.turns })) as unknown,
    };
    const restored = restoreHead(legacy, context);
    expect(restored).toEqual(head);
    expect((restored.state as { catalog: unknown }).catalog).toBe((context.initial as { catalog: unknown }).catalog);
  });
});
