import type { LogEvent } from '@cardlog/events';
import { registeredGames } from './registry';
import { replay, resolveHeader } from './replay';
import { simulateDocuments } from './simulate';

/**
 * A fold that applies events anyway hands `describe` the state after each one (`stateAfter`), and
 * may have applied it in place to the very state it described from. The line must not change: it
 * is the same as the one describe finds alone, for every event of every simulated game.
 */
const simulated = registeredGames().filter((g) => g.simulator);

describe('a log line is the same with and without the state after its event', () => {
  for (const game of simulated) {
    const system = game.system;

    it(`${system.id}: every event of every simulated game`, () => {
      const documents = game.simulator!.playerCounts.flatMap((players, i) => simulateDocuments(system.id, 4, 7300 + i, { players }).map((d) => d.document));
      let lines = 0;
      for (const document of documents) {
        const { applied, failure } = replay(document, { system });
        expect(failure).toBeUndefined();
        const initial = system.initialState(resolveHeader(document, system));
        let state = initial;
        const owned = system.inPlace?.own(initial);
        for (const { seq: _seq, ...event } of applied as (LogEvent & { seq?: number })[]) {
          const alone = system.describe(event, state);
          const next = system.evolve(state, event);
          expect(system.describe(event, state, () => next)).toBe(alone);
          if (owned) {
            let applied = false;
            const applyInPlace = () => {
              applied = true;
              system.inPlace!.apply(owned, event);
              return owned;
            };
            expect(system.describe(event, owned, applyInPlace)).toBe(alone);
            // Applied regardless, as a fold does, when the line did not ask for the state after.
            if (!applied) system.inPlace!.apply(owned, event);
          }
          state = next;
          lines++;
        }
      }
      expect(lines).toBeGreaterThan(0);
    });
  }
});
