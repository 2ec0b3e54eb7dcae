import { GAME_VOCABULARIES, SYSTEM_IDS } from '@cardlog/events';
import { findGame, findSystem, registeredGames } from './registry';
import { systemName } from './words';

describe('the game registry', () => {
  it('names each game once, with the vocabulary libs/events parses it with', () => {
    const ids = registeredGames().map((g) => g.system.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const game of registeredGames()) {
      expect(SYSTEM_IDS).toContain(game.system.id);
      expect(game.vocabulary.system).toBe(game.system.id);
      expect(GAME_VOCABULARIES).toContain(game.vocabulary);
    }
    expect(GAME_VOCABULARIES.map((v) => v.system).sort()).toEqual([...ids].sort());
  });

  it('has a name for people for every game it registers (the web app shows it where the id would be)', () => {
    for (const game of registeredGames()) expect({ id: game.system.id, name: systemName(game.system.id) }).not.toEqual({ id: game.system.id, name: game.system.id });
  });

  it('finds nothing for names that are not games, prototype members included', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '']) {
      expect(findGame(name)).toBeUndefined();
      expect(findSystem(name)).toBeUndefined();
    }
  });

  it('gives every registered simulator a default player count and a document of its own system', () => {
    for (const game of registeredGames()) {
      if (!game.simulator) continue;
      expect(game.simulator.playerCounts.length).toBeGreaterThan(0);
      const played = game.simulator.simulate({ seed: 7 });
      expect(played.document.system).toBe(game.system.id);
    }
  });

  it('never seats two players of one simulated game under the same name', () => {
    for (const game of registeredGames()) {
      for (const players of game.simulator?.playerCounts ?? []) {
        for (let seed = 1; seed <= 40; seed++) {
          const names = game.simulator!.simulate({ seed, players, maxEvents: 1 }).document.players.map((p) => p.name);
          expect({ system: game.system.id, seed, names: new Set(names).size }).toEqual({ system: game.system.id, seed, names: names.length });
        }
      }
    }
  });
});

describe('simulators for tournaments', () => {
  it('seat the named players with the named decks, and let a later game of a match choose its first seat', () => {
    for (const game of registeredGames()) {
      const simulator = game.simulator;
      if (!simulator) continue;
      const count = simulator.playerCounts[0]!;
      const seats = Array.from({ length: count }, (_, i) => ({ id: `player-${i}`, name: `Player ${i}`, deck: simulator.demoDecks[i % simulator.demoDecks.length]!.name }));
      const played = simulator.simulate({ seed: 3, seats, firstSeat: 'p2', game: { tournament: 't-1', round: 2, table: 4, match: 'm-1', gameNumber: 2 } });
      expect(played.document.players.map((p) => [p.id, p.name, p.deck?.name])).toEqual(seats.map((s) => [s.id, s.name, s.deck]));
      expect(played.document.game).toMatchObject({ tournament: 't-1', round: 2, table: 4 });
      const chosen = played.document.events.find((e) => e.type === 'FirstPlayerChosen');
      expect((chosen?.payload as { firstPlayer?: string } | undefined)?.firstPlayer).toBe('p2');
    }
  });
});
