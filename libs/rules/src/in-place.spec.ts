import type { GameDocument, LogEvent } from '@cardlog/events';
import type { AnyGameSystem } from './game-system';
import { registeredGames } from './registry';
import { fold, replay, resolveHeader } from './replay';
import { simulateDocuments } from './simulate';

/**
 * An engine's in-place fold (GameSystem.inPlace) is a speed-up, never a second rule book: every
 * replay through it must equal the replay through `decide`/`evolve`, legal or not, and must leave
 * every state it was given as it was.
 */
const withInPlace = registeredGames().filter((g) => g.simulator);

const pure = (system: AnyGameSystem): AnyGameSystem => ({ ...system, inPlace: undefined });

/** Deterministic ways to break a legal log: drop, repeat or swap events part-way through. */
function corruptions(document: GameDocument): GameDocument[] {
  const events = document.events;
  const out: GameDocument[] = [];
  for (const at of [Math.floor(events.length / 3), Math.floor(events.length / 2), events.length - 2]) {
    if (at < 1 || at >= events.length - 1) continue;
    const renumber = (list: LogEvent[]) => list.map(({ seq: _seq, ...e }) => e);
    out.push({ ...document, events: renumber([...events.slice(0, at), ...events.slice(at + 1)]) });
    out.push({ ...document, events: renumber([...events.slice(0, at + 1), events[at]!, ...events.slice(at + 1)]) });
    out.push({ ...document, events: renumber([...events.slice(0, at), events[at + 1]!, events[at]!, ...events.slice(at + 2)]) });
  }
  return out;
}

describe('in-place folds agree with decide and evolve', () => {
  for (const game of withInPlace) {
    const system = game.system;
    const documents = game.simulator!.playerCounts.flatMap((players, i) => simulateDocuments(system.id, 6, 4242 + i, { players }).map((d) => d.document));

    it(`${system.id}: replays every simulated game to the same state, events and outcome`, () => {
      for (const document of documents) {
        const before = JSON.stringify(document);
        const fast = replay(document, { system });
        const slow = replay(document, { system: pure(system) });
        expect(fast.failure).toBeUndefined();
        expect(fast.applied).toEqual(slow.applied);
        expect(fast.outcome).toEqual(slow.outcome);
        expect(fast.state).toEqual(slow.state);
        expect(JSON.stringify(document)).toBe(before);
      }
    });

    it(`${system.id}: refuses a broken log at the same event, for the same reason, with the same valid prefix`, () => {
      let refused = 0;
      for (const document of documents.slice(0, 4)) {
        for (const broken of corruptions(document)) {
          const fast = replay(broken, { system });
          const slow = replay(broken, { system: pure(system) });
          expect(fast.failure).toEqual(slow.failure);
          expect(fast.applied).toEqual(slow.applied);
          expect(fast.state).toEqual(slow.state);
          if (fast.failure) refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
    });

    it(`${system.id}: folds stored events like evolve does and leaves the state it started from untouched`, () => {
      for (const document of documents.slice(0, 3)) {
        const events = replay(document, { system: pure(system) }).applied;
        const header = resolveHeader(document, system);
        const half = Math.floor(events.length / 2);
        const start = fold(pure(system), system.initialState(header), events.slice(0, half));
        const fast = fold(system, start, events.slice(half));
        expect(start).toEqual(fold(pure(system), system.initialState(header), events.slice(0, half)));
        expect(fast).toEqual(fold(pure(system), system.initialState(header), events));
        expect(fast).toEqual(fold(system, system.initialState(header), events));
      }
    });
  }
});
