import type { GameRecordedData } from '@cardlog/events';
import { findInsights, findSystem, resolveHeader, simulateGames } from '@cardlog/rules';
import { GameContext, GameHead, encodeHead, restoreHead } from './game-projection';

const system = findSystem('born-from-blood')!;
const insights = findInsights('born-from-blood')!;

/** A game's head after its first `n` events, folded as the projector does, with its context. */
function headAfter(n: number, seed: number): { head: GameHead; context: GameContext } {
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
  return { head: { gameId: recorded.gameId, recorded, seq: n, turns: 3, state, facts }, context };
}

/** What a row of rm_game_heads reads back as: its json columns parsed (state and facts are written as text). */
const asRow = (stored: ReturnType<typeof encodeHead>) => ({
  ...stored,
  header: JSON.parse(JSON.stringify(stored.header)) as GameHead['recorded'],
  state: JSON.parse(stored.state) as unknown,
  facts: JSON.parse(stored.facts) as unknown,
});

describe('game heads', () => {
  it('restore the state, facts and turns they were encoded from', () => {
    for (const n of [1, 40, 150, 300]) {
      const { head, context } = headAfter(n, 21);
      const restored = restoreHead(asRow(encodeHead(head, context)), context);
      expect(restored.state).toEqual(head.state);
      expect(restored.facts).toEqual(head.facts);
      expect(restored).toEqual(head);
    }
  });

  it('keep the outcome an organiser closed the game with', () => {
    const { head, context } = headAfter(60, 22);
    const closed = { ...head, closed: { result: 'draw', reason: 'time' } } as GameHead;
    expect(restoreHead(asRow(encodeHead(closed, context)), context).closed).toEqual(closed.closed);
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
