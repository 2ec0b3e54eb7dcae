import type { LogEvent } from '@cardlog/events';
import { replay } from '../replay';
import { summonerMaster } from '.';
import { evolve } from './evolve';
import { SmState } from './state';
import { simulateSmGame } from './simulate/game';

/** A state as plain data (Maps and Sets by their entries), to compare a state with itself later. */
function snapshot(state: SmState): string {
  return JSON.stringify(state, (_key, value) => (value instanceof Map ? { map: [...value] } : value instanceof Set ? { set: [...value] } : value));
}

const pure = { ...summonerMaster, inPlace: undefined };

describe('evolve copies on write', () => {
  it('leaves every earlier state of a game as it was when it was reached', () => {
    for (const seed of [11, 12, 13]) {
      const events = replay<SmState>(simulateSmGame({ seed }).document, { system: pure }).applied;
      const first = replay<SmState>({ ...simulateSmGame({ seed }).document, events: [] }, { system: pure }).state!;
      const states: SmState[] = [first];
      const taken: string[] = [snapshot(first)];
      for (const e of events) {
        const next = evolve(states[states.length - 1]!, e as LogEvent);
        states.push(next);
        taken.push(snapshot(next));
      }
      expect(states.map(snapshot)).toEqual(taken);
    }
  });

  it('reaches the state the in-place fold reaches', () => {
    const document = simulateSmGame({ seed: 14 }).document;
    expect(replay(document, { system: pure }).state).toEqual(replay(document).state);
  });
});
