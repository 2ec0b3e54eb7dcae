import type { LogEvent } from '@cardlog/events';
import type { GameSystem } from '../game-system';
import { replay } from '../replay';
import { devacurse } from '.';
import { simulateDevacurse } from './simulate/game';
import type { DvState } from './state';

// What a kept document holds on to. A simulated document kept in memory (the bench keeps 200) must
// hold neither the states its game went through nor the very objects the rules built: both made a
// replay in the same process run at half speed (V8 learned to build the rules' short-lived objects
// straight into the old generation). These pin how the engine avoids that, not only the results.

describe('devacurse: what a kept document holds', () => {
  it('an event decide folded is folded once from memory, then again from the rules, to an equal state', () => {
    const document = simulateDevacurse(devacurse, { seed: 7, players: 2 }).document;
    let state = devacurse.initialState({ system: 'devacurse', rulesVersion: '1', config: {}, players: document.players, catalog: devacurse.builtinCatalogs[document.catalog as string]! });
    let checked = 0;
    for (const action of document.events) {
      if (devacurse.derivedEventTypes.has(action.type)) continue;
      const events = devacurse.decide(state, action);
      for (const e of events) {
        const remembered = devacurse.evolve(state, e);
        // The memo was used up by the first fold: the second builds a new state, equal to it.
        const again = devacurse.evolve(state, e);
        if (again !== state) {
          expect(again).not.toBe(remembered);
          checked++;
        }
        expect(again).toEqual(remembered);
        state = remembered;
      }
      if (checked > 200) break;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('a simulated document holds copies of the events decide returned, equal to them', () => {
    const returned: LogEvent[] = [];
    const watching: GameSystem<DvState> = {
      ...devacurse,
      decide: (state, action) => {
        const events = devacurse.decide(state, action);
        returned.push(...events);
        return events;
      },
    };
    const document = simulateDevacurse(watching, { seed: 11, players: 3 }).document;
    expect(document.events).toEqual(returned);
    const own = new Set<unknown>(returned.flatMap((e) => [e, e.payload]));
    expect(document.events.filter((e) => own.has(e) || own.has(e.payload))).toEqual([]);
    expect(document).toEqual(simulateDevacurse(devacurse, { seed: 11, players: 3 }).document);
    expect(replay(document).failure).toBeUndefined();
  });
});
