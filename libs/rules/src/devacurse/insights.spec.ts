import { devacurse } from '.';
import { DEMO_CATALOG } from './catalog';
import { devacurseInsights } from './insights';
import { simulateDevacurse } from './simulate/game';

describe('Devacurse read-model facts', () => {
  it('names each Universe by its main elements, and sees opening hands, draws and calls', () => {
    const game = simulateDevacurse(devacurse, { seed: 11, players: 3 });
    const header = { system: 'devacurse' as const, rulesVersion: '1', config: {}, players: game.document.players.map((p) => ({ seat: p.seat, name: p.name })), catalog: DEMO_CATALOG };
    let facts = devacurseInsights.initialFacts(header);
    for (const e of game.document.events) facts = devacurseInsights.evolveFacts(facts, e, header);
    expect(Object.keys(facts.decks).sort()).toEqual(['p1', 'p2', 'p3']);
    for (const deck of Object.values(facts.decks)) {
      expect(deck.archetype).toMatch(/^[a-z]+(\/[a-z]+)?$/);
      expect(Object.values(deck.cards).reduce((n, c) => n + c.copies, 0)).toBe(40);
    }
    expect(facts.firstPlayer).toMatch(/^p[123]$/);
    for (const seat of ['p1', 'p2', 'p3']) {
      const seen = facts.sightings[seat]!;
      expect(seen.openingHand.length).toBeGreaterThan(0);
      expect(seen.drawn.length).toBeGreaterThan(0);
    }
    expect(Object.values(facts.sightings).some((s) => s.played.length > 0)).toBe(true);
    expect(JSON.parse(JSON.stringify(facts))).toEqual(facts);
  });

  it('gives positions for replay steps', () => {
    const game = simulateDevacurse(devacurse, { seed: 12, players: 2 });
    let state = devacurse.initialState({ system: 'devacurse', rulesVersion: '1', config: {}, players: game.document.players, catalog: DEMO_CATALOG });
    expect(devacurseInsights.position(state)).toEqual({ turn: null, phase: null, turnPlayer: null });
    for (const e of game.document.events.slice(0, 60)) state = devacurse.evolve(state, e);
    expect(devacurseInsights.position(state)).toMatchObject({ turn: 1, phase: expect.stringMatching(/^(prompt|draw|construction|assault)/) });
  });
});
