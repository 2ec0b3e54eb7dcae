import { describe as describeEvent } from './describe';
import { Table } from './testing/harness';

describe('Devacurse log lines', () => {
  const { state } = new Table();
  const line = (type: string, payload: Record<string, unknown>) => describeEvent({ type, payload }, state);

  it('agree their verbs with one card or several', () => {
    // Ids the state does not hold are named by id.
    expect(line('RefreshApplied', { clearedSoldiers: [], destroyedHeroes: ['h1'], healedHeroes: ['h2', 'h3'] })).toBe('Refresh loop: soldier damage removed; h1 falls for want of guardians; h2, h3 heal 1');
    expect(line('RefreshApplied', { clearedSoldiers: [], destroyedHeroes: ['h1', 'h2'], healedHeroes: ['h3'] })).toBe('Refresh loop: soldier damage removed; h1, h2 fall for want of guardians; h3 heals 1');
    expect(line('PromptLoopApplied', { expired: ['e1'], ticked: [], keptRested: [] })).toBe('Prompt mode loop: everything readied; e1 expires');
    expect(line('PromptLoopApplied', { expired: ['e1', 'e2'], ticked: [], keptRested: [] })).toBe('Prompt mode loop: everything readied; e1, e2 expire');
  });

  it('spell colourless blessing as producing it does', () => {
    expect(line('BlessingLost', { amounts: [{ player: 'p1', kind: 'colorless', n: 1 }, { player: 'p2', kind: 'water', n: 2 }] })).toBe('Unused blessing is lost (P1 1 colourless, P2 2 water)');
  });

  it('say a combat step once: "end step", not "end step step"', () => {
    expect(line('PhaseAdvanced', { loop: 'assault', part: 'soldierCombat', owner: 'p1', phase: 'combat', step: 'endStep' })).toBe(
      'On to the assault loop, soldier combat part of P1, combat phase, end step',
    );
    expect(line('PhaseAdvanced', { loop: 'assault', part: 'soldierCombat', owner: 'p1', phase: 'combat', step: 'afterAttack' })).toMatch(/, after attack step$/);
  });
});
