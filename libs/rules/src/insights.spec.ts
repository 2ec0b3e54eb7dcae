import { findInsights, findSystem } from './registry';
import { GameFacts } from './insights';
import { decodeState, encodeState } from './snapshot';
import { resolveHeader } from './replay';
import { simulateGames } from './born-from-blood/simulate';

const system = findSystem('born-from-blood')!;
const insights = findInsights('born-from-blood')!;
const games = simulateGames(30, 77);

describe('state snapshots', () => {
  it('round-trip every state of simulated games, Maps included, without storing the untouched catalog', () => {
    for (const { document } of games.slice(0, 5)) {
      const header = resolveHeader(document, system);
      const initial = system.initialState(header);
      let state = initial;
      document.events.forEach((event, i) => {
        state = system.evolve(state, event);
        if (i % 37 !== 0) return;
        const encoded = JSON.parse(JSON.stringify(encodeState(state, initial)));
        expect(decodeState(encoded, system.initialState(header))).toEqual(state);
        expect(encoded.catalog).toEqual({ $initial: true });
      });
    }
  });

  it('restores Maps and Sets nested anywhere', () => {
    const initial = { fixed: new Map([['a', 1]]), n: 0 };
    const state = { ...initial, n: 2, seen: new Set(['x']), nested: { m: new Map([[1, { deep: true }]]) } };
    const encoded = JSON.parse(JSON.stringify(encodeState(state, initial)));
    expect(encoded.fixed).toEqual({ $initial: true });
    expect(decodeState(encoded, initial)).toEqual(state);
  });
});

describe('born-from-blood insights', () => {
  const factsOf = (index: number): GameFacts => {
    const { document } = games[index]!;
    const header = resolveHeader(document, system);
    return document.events.reduce((f, e) => insights.evolveFacts(f, e, header), insights.initialFacts(header));
  };

  it('knows both decks: 50 main cards, an archetype label and a list hash', () => {
    for (let i = 0; i < games.length; i++) {
      const facts = factsOf(i);
      for (const seat of ['p1', 'p2']) {
        const deck = facts.decks[seat]!;
        expect(Object.values(deck.cards).reduce((n, c) => n + c.copies, 0)).toBe(50);
        expect(deck.archetype).toBe(games[i]!.document.players.find((p) => p.seat === seat)!.deck!.archetype);
        expect(deck.listHash).toMatch(/^[0-9a-f]{16}$/);
      }
      expect(['p1', 'p2']).toContain(facts.firstPlayer);
    }
  });

  it('same list, same hash; another list, another hash', () => {
    const lists = new Map<string, string>();
    for (let i = 0; i < games.length; i++) {
      const facts = factsOf(i);
      for (const seat of ['p1', 'p2']) {
        const deck = facts.decks[seat]!;
        const key = JSON.stringify(Object.entries(deck.cards).sort());
        const known = lists.get(deck.listHash);
        if (known) expect(known).toBe(key);
        lists.set(deck.listHash, key);
      }
    }
    expect(lists.size).toBeGreaterThan(1);
  });

  it('sees only cards of the seat’s own deck: an opening hand, draws and plays', () => {
    for (let i = 0; i < games.length; i++) {
      const facts = factsOf(i);
      for (const seat of ['p1', 'p2']) {
        const seen = facts.sightings[seat]!;
        expect(seen.openingHand.length).toBeGreaterThan(0);
        expect(seen.openingHand.length).toBeLessThanOrEqual(7);
        for (const id of [...seen.openingHand, ...seen.drawn, ...seen.played]) expect(facts.decks[seat]!.cards[id]).toBeDefined();
      }
    }
  });
});
