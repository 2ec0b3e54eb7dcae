import type { LogEvent } from '@cardlog/events';
import { registeredGames } from './registry';
import { replay, resolveHeader } from './replay';
import { words } from './words';

// `cardlog replay`'s last board says how the game ended in words, as the web app's pages do.
describe('the text board of a finished game', () => {
  const games = registeredGames().filter((g) => g.textBoard && g.simulator);

  it.each(games.map((g) => [g.system.id, g] as const))('%s: names the way the game ended in words, not by its code', (_id, game) => {
    // A game that ends by a camel-case reason where one of the first seeds gives one.
    for (let seed = 1; seed <= 40; seed++) {
      const { document } = game.simulator!.simulate({ seed });
      const result = replay(document);
      const reason = (game.system.view(result.state, 'spectator') as { result?: { reason?: string } }).result?.reason;
      if (!reason || words(reason) === reason) continue;
      const first = game.textBoard!(game.system.view(result.state, 'spectator')).split('\n')[0]!;
      expect(first).toContain(`(${words(reason, game.system.id)})`);
      expect(first).not.toContain(reason);
      return;
    }
    throw new Error(`no ${game.system.id} game of seeds 1–40 ended by a reason with capitals or an abbreviation`);
  });
});

// The first line says where the game stands as the log lines do: "Mp refill step", "Draw Phase",
// "calling part of p2", never a rules key as code ("MpRefill", "preSoldierCalling").
describe('the text board at every step', () => {
  const games = registeredGames().filter((g) => g.textBoard && g.simulator);

  it.each(games.map((g) => [g.system.id, g] as const))('%s: says where the game stands in words', (_id, game) => {
    const { document } = game.simulator!.simulate({ seed: 2 });
    const { applied } = replay(document);
    let state = game.system.initialState(resolveHeader(document, game.system));
    const seen = new Set<string>();
    for (const { seq: _seq, ...event } of applied as (LogEvent & { seq?: number })[]) {
      state = game.system.evolve(state, event);
      const first = game.textBoard!(game.system.view(state, 'spectator')).split('\n')[0]!;
      seen.add(first.replace(/\d+/g, 'N'));
      expect(first).not.toMatch(/\b[a-z]+[A-Z]|\b[A-Z][a-z]+[A-Z][a-z]/);
    }
    // Many places, not one line seen over and over.
    expect(seen.size).toBeGreaterThan(5);
  });
});
