import { describe as describeEvent } from './describe';
import { SmTable } from './testing/harness';

describe('Summoner Master log lines', () => {
  it('say how a game ended as the rulebook names it, and name the winner as the other lines name players', () => {
    const { state } = new SmTable().setup();
    expect(describeEvent({ type: 'GameEnded', payload: { winner: 'p1', reason: 'ShrineLevel' } }, state)).toBe(`${state.names.p1} wins (Shrine Level limit)`);
    expect(describeEvent({ type: 'GameEnded', payload: { winner: 'p2', reason: 'NoSealInArena' } }, state)).toBe(`${state.names.p2} wins (no Seal in the Arena)`);
    expect(describeEvent({ type: 'GameEnded', payload: { reason: 'DeckOut' } }, state)).toBe('The game is drawn (deck-out)');
  });
});

describe('Summoner Master log lines name players and steps as the board does', () => {
  it('names the player whose Mp or counter changes, and who begins', () => {
    const { state } = new SmTable().setup();
    expect(describeEvent({ type: 'MpChanged', payload: { player: 'p2', setTo: 8, purpose: 'refill', reason: 'Mp refill to Mp max' } }, state)).toBe(
      `${state.names.p2}'s Mp set to 8 (refill: Mp refill to Mp max)`,
    );
    expect(describeEvent({ type: 'PlayerCounterChanged', payload: { player: 'p1', counter: 'Curse', delta: 1, reason: 'Hex Doll' } }, state)).toBe(
      `${state.names.p1}'s Curse +1 (Hex Doll)`,
    );
    expect(describeEvent({ type: 'GameStarted', payload: {} }, state)).toBe(`The game begins: ${state.names[state.firstPlayer!]} has Mp 5 for casting only`);
  });

  it.each([
    ['CheckUp', 'Check up step'],
    ['MpRefill', 'Mp refill step'],
    ['EndOfSubturn', 'End of Subturn step'],
    ['Main', 'Main step'],
  ])('says the %s step as "%s"', (step, line) => {
    const { state } = new SmTable().setup();
    expect(describeEvent({ type: 'StepEntered', payload: { step } }, state)).toBe(line);
  });
});
