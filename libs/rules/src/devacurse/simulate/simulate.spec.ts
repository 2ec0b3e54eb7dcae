import { GAME_VOCABULARIES, documentSchemaFor, vocabularyFor } from '@cardlog/events';
import { replay } from '../../replay';
import { devacurse } from '..';
import { devacursePlugin } from '../plugin';
import { simulateDevacurse } from './game';

const GAMES_PER_COUNT = 20;

describe('the Devacurse simulator', () => {
  const results = [2, 3, 4].map((players) => ({
    players,
    games: Array.from({ length: GAMES_PER_COUNT }, (_, i) => simulateDevacurse(devacurse, { seed: 1000 * players + i, players })),
  }));

  it.each([2, 3, 4])('ends at least 95%% of %i-Deva games by a win condition, each accepted by replay and the log schema', (players) => {
    const { games } = results.find((r) => r.players === players)!;
    const schema = documentSchemaFor(vocabularyFor('devacurse')!);
    for (const game of games) {
      const r = replay(game.document, { system: devacurse });
      expect(r.failure).toBeUndefined();
      expect(r.outcome).not.toBeNull();
      expect(game.document.players).toHaveLength(players);
      const parsed = schema.safeParse(game.document);
      expect(parsed.success ? null : parsed.error.issues[0]).toBeNull();
    }
    const byWin = games.filter((g) => g.ending !== 'concede').length;
    expect(byWin / games.length).toBeGreaterThanOrEqual(0.95);
  });

  it('plays the same game for the same seed', () => {
    expect(simulateDevacurse(devacurse, { seed: 42, players: 3 }).document).toEqual(simulateDevacurse(devacurse, { seed: 42, players: 3 }).document);
  });

  it('honours seats, decks and the first seat of a tournament game', () => {
    const seats = [
      { id: 'a', name: 'Ann', deck: 'Storm Tide' },
      { id: 'b', name: 'Bo', deck: 'Deep Roots' },
      { id: 'c', name: 'Cy', deck: 'Iron Grove' },
    ];
    const played = devacursePlugin.simulator!.simulate({ seed: 9, seats, firstSeat: 'p3', game: { tournament: 't', round: 1 } });
    expect(played.document.players.map((p) => [p.id, p.deck?.name])).toEqual([['a', 'Storm Tide'], ['b', 'Deep Roots'], ['c', 'Iron Grove']]);
    expect(played.document.events.find((e) => e.type === 'FirstPlayerChosen')!.payload).toEqual({ firstPlayer: 'p3' });
    expect(played.document.game).toEqual({ tournament: 't', round: 1 });
    expect(() => devacursePlugin.simulator!.simulate({ seed: 1, firstSeat: 'p7' })).toThrow(/no seat p7/);
  });

  it('is registered with its vocabulary', () => {
    expect(GAME_VOCABULARIES.map((v) => v.system)).toContain('devacurse');
  });
});
