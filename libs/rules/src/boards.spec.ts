import { registeredGames } from './registry';
import { replay } from './replay';
import { words } from './words';

// `cardlog replay`'s last board says how the game ended in words, as the web app's pages do.
describe('the text board of a finished game', () => {
  const games = registeredGames().filter((g) => g.textBoard && g.simulator && g.system.id !== 'devacurse');

  it.each(games.map((g) => [g.system.id, g] as const))('%s: names the way the game ended in words, not by its code', (_id, game) => {
    // A game that ends by a camel-case reason where one of the first seeds gives one.
    for (let seed = 1; seed <= 40; seed++) {
      const { document } = game.simulator!.simulate({ seed });
      const result = replay(document);
      const reason = (game.system.view(result.state, 'spectator') as { result?: { reason?: string } }).result?.reason;
      if (!reason || words(reason) === reason) continue;
      const first = game.textBoard!(game.system.view(result.state, 'spectator')).split('\n')[0]!;
      expect(first).toContain(`(${words(reason)})`);
      expect(first).not.toContain(reason);
      return;
    }
    throw new Error(`no ${game.system.id} game of seeds 1–40 ended by a reason with capitals or an abbreviation`);
  });
});
