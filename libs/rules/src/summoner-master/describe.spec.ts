import { describe as describeEvent } from './describe';
import { SmTable } from './testing/harness';

describe('Summoner Master log lines', () => {
  it('say how a game ended in words, and name the winner as the other lines name players', () => {
    const { state } = new SmTable().setup();
    expect(describeEvent({ type: 'GameEnded', payload: { winner: 'p1', reason: 'ShrineLevel' } }, state)).toBe(`${state.names.p1} wins (shrine level)`);
    expect(describeEvent({ type: 'GameEnded', payload: { winner: 'p2', reason: 'NoSealInArena' } }, state)).toBe(`${state.names.p2} wins (no seal in arena)`);
    expect(describeEvent({ type: 'GameEnded', payload: { reason: 'DeckOut' } }, state)).toBe('The game is drawn (deck out)');
  });
});
