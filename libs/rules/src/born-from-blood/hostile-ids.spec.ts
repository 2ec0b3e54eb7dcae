import type { GameDocument } from '@cardlog/events';
import { replay, resolveHeader } from '../replay';
import { decodeState, encodeState } from '../snapshot';
import { demoCatalog } from './catalog';
import { bornFromBlood } from './index';
import { bornFromBloodInsights } from './insights';
import { simulateGames } from './simulate';

/** Every name Object.prototype answers to: ids like these must stay plain ids. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** The document with each listed id (as a whole JSON string) renamed. */
function renamed(document: GameDocument, names: ReadonlyMap<string, string>): GameDocument {
  const text = JSON.stringify(document).replace(/"([^"\\]*)"/g, (whole, id: string) => (names.has(id) ? JSON.stringify(names.get(id)) : whole));
  return JSON.parse(text) as GameDocument;
}

describe('card ids named like Object.prototype members', () => {
  const [game] = simulateGames(1, 2026120);
  const original = game!.document;
  const expected = replay(original, { system: bornFromBlood });

  it('the simulated game replays cleanly to start with', () => {
    expect(expected.failure).toBeUndefined();
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']));
  });

  it('card instances named constructor, __proto__, toString, … replay to the same game and the same facts', () => {
    const distinct = [...new Set([...JSON.stringify(original).matchAll(/"(p[12]-\d\d)"/g)].map((m) => m[1]!))];
    // Each prototype name for one of p1's cards and, in capitals, for one of p2's.
    const p1 = distinct.filter((id) => id.startsWith('p1-'));
    const p2 = distinct.filter((id) => id.startsWith('p2-'));
    const names = new Map([...PROTOTYPE_NAMES.map((name, i) => [p1[i]!, name] as const), ...PROTOTYPE_NAMES.map((name, i) => [p2[i]!, `${name}`.toUpperCase()] as const)]);
    const hostile = renamed(original, names);
    const result = replay(hostile, { system: bornFromBlood });
    expect(result.failure).toBeUndefined();
    expect(result.applied).toHaveLength(expected.applied.length);
    expect(bornFromBlood.outcome(result.state as never)).toEqual(bornFromBlood.outcome(expected.state as never));
    const judge = (state: unknown) => bornFromBlood.view(state as never, 'judge');
    expect(JSON.stringify(judge(result.state))).toBe(JSON.stringify(renamed(judge(expected.state) as never, names)));
    const facts = (document: GameDocument) => {
      const header = resolveHeader(document, bornFromBlood);
      return document.events.reduce((f, event) => bornFromBloodInsights.evolveFacts(f, event, header), bornFromBloodInsights.initialFacts(header));
    };
    const { scratch: _a, ...hostileFacts } = facts(hostile);
    const { scratch: _b, ...expectedFacts } = facts(original);
    expect(JSON.stringify(hostileFacts)).toBe(JSON.stringify(renamed(expectedFacts as never, names)));
  });

  it('a game whose cards are bound as __proto__ survives a snapshot round trip', () => {
    const names = new Map([
      ['p1-01', '__proto__'],
      ['p2-01', 'constructor'],
      ['p1-02', 'toString'],
    ]);
    const hostile = renamed(original, names);
    const initial = bornFromBlood.initialState({ ...hostile, catalog: demoCatalog } as never);
    const half = Math.floor(hostile.events.length / 2);
    const first = replay({ ...hostile, events: hostile.events.slice(0, half) }, { system: bornFromBlood });
    expect(first.failure).toBeUndefined();
    const restored = decodeState(JSON.parse(JSON.stringify(encodeState(first.state, initial))), initial);
    expect(JSON.stringify(bornFromBlood.view(restored as never, 'judge'))).toBe(JSON.stringify(bornFromBlood.view(first.state as never, 'judge')));
  });

  it('catalog cards with ids like Object.prototype members resolve as cards', () => {
    const names = new Map(demoCatalog.cards.slice(0, PROTOTYPE_NAMES.length).map((card, i) => [card.id, PROTOTYPE_NAMES[i]!]));
    const hostile = renamed({ ...original, catalog: { cards: demoCatalog.cards } } as GameDocument, names);
    const result = replay(hostile, { system: bornFromBlood });
    expect(result.failure).toBeUndefined();
    expect(result.applied).toHaveLength(expected.applied.length);
  });
});
