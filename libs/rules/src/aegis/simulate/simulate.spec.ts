import { parseGameDocument } from '@cardlog/events';
import { replay } from '../../replay';
import { findSimulator } from '../../registry';
import { aegis } from '..';
import { simulateAegisGames } from './game';

const games = simulateAegisGames(aegis, 200, 20261201);

describe('the Aegis simulator', () => {
  it('ends at least 95% of games by a win condition (Aegis or deck-out), not by the event cap', () => {
    const real = games.filter((g) => g.ending !== 'concede').length;
    expect(real / games.length).toBeGreaterThanOrEqual(0.95);
    expect(new Set(games.map((g) => g.ending))).toEqual(new Set(['aegis', 'deckOut']));
  });

  it('asks only for legal actions', () => {
    expect(games.reduce((n, g) => n + g.refused, 0)).toBe(0);
  });

  it('writes documents that parse strictly and replay to the same ending (what `cardlog validate` does)', () => {
    for (const g of games) {
      const parsed = parseGameDocument(JSON.stringify(g.document));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed));
      const result = replay(parsed.document);
      expect(result.failure).toBeUndefined();
      expect(result.outcome).toEqual(aegis.outcome(g.final));
    }
  });

  it('plays the playtest variants too, and every spell type, Support and Field card', () => {
    const configs = new Set(games.map((g) => JSON.stringify(g.document.config)));
    expect(configs.size).toBeGreaterThan(3);
    const played = new Set<string>();
    for (const g of games) for (const e of g.document.events) if (e.type === 'PlaySpell' || e.type === 'PlaySupport') played.add(g.final.cards.get((e.payload as { cardId: string }).cardId)!.card.spellType ?? 'Support');
    expect([...played].sort()).toEqual(['Attack', 'Defense', 'Field', 'Support', 'Utility']);
  });

  it('is registered: seeded, two players, and the same seed gives the same game', () => {
    const simulator = findSimulator('aegis')!;
    expect(simulator.playerCounts).toEqual([2]);
    expect(simulator.simulate({ seed: 5 }).document).toEqual(simulator.simulate({ seed: 5 }).document);
    expect(() => simulator.simulate({ seed: 5, players: 3 })).toThrow('exactly two players');
  });
});
