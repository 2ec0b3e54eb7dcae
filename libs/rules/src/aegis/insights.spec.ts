import type { GameFacts } from '../insights';
import { findInsights, findSystem } from '../registry';
import { resolveHeader } from '../replay';
import { decodeState, encodeState } from '../snapshot';
import { simulateAegisGames } from './simulate/game';
import { aegis } from '.';
import type { AgState } from './state';

const system = findSystem('aegis')!;
const insights = findInsights('aegis')!;
const games = simulateAegisGames(aegis, 12, 404);

const factsOf = (index: number): GameFacts => {
  const { document } = games[index]!;
  const header = resolveHeader(document, system);
  return document.events.reduce((f, e) => insights.evolveFacts(f, e, header), insights.initialFacts(header));
};

describe('aegis insights', () => {
  it('label each deck by its identity (Mono / Dual) unless the upload names an archetype, and hash the exact list', () => {
    const facts = factsOf(0);
    for (const seat of ['p1', 'p2']) {
      expect(facts.decks[seat]!.archetype).toMatch(/^[A-Z][a-z]+(\/[A-Z][a-z]+)? (Mono|Dual)$/);
      expect(facts.decks[seat]!.listHash).toMatch(/\S/);
      expect(Object.values(facts.decks[seat]!.cards).reduce((n, c) => n + c.copies, 0)).toBeGreaterThanOrEqual(30);
    }
    expect(facts.firstPlayer).toMatch(/^p[12]$/);
  });

  it('see opening hands, drawn cards and played cards by catalog id', () => {
    const facts = factsOf(1);
    const header = resolveHeader(games[1]!.document, system);
    const catalogIds = new Set(header.catalog.cards.map((c) => (c as { id: string }).id));
    for (const seat of ['p1', 'p2']) {
      const s = facts.sightings[seat]!;
      expect(s.openingHand.length).toBeGreaterThan(0);
      expect(s.drawn.length).toBeGreaterThan(0);
      expect(s.played.length).toBeGreaterThan(0);
      for (const id of [...s.openingHand, ...s.drawn, ...s.played]) expect(catalogIds.has(id)).toBe(true);
    }
  });

  it('place every event at a turn, a step and a turn player once the game is under way', () => {
    const { document } = games[2]!;
    let state = system.initialState(resolveHeader(document, system)) as AgState;
    for (const e of document.events) {
      state = system.evolve(state, e);
      const position = insights.position(state);
      if (state.stage === 'playing') expect(position).toEqual({ turn: state.turn, phase: state.step, turnPlayer: state.turnPlayer });
    }
  });

  it('snapshots round-trip Aegis states without storing the untouched catalog', () => {
    const { document } = games[3]!;
    const header = resolveHeader(document, system);
    const initial = system.initialState(header);
    let state = initial;
    document.events.forEach((event, i) => {
      state = system.evolve(state, event);
      if (i % 41 !== 0) return;
      const encoded = JSON.parse(JSON.stringify(encodeState(state, initial)));
      expect(decodeState(encoded, system.initialState(header))).toEqual(state);
      expect(encoded.catalog).toEqual({ $initial: true });
    });
  });
});
