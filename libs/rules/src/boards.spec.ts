import type { LogEvent } from '@cardlog/events';
import { registeredGames } from './registry';
import { replay, resolveHeader } from './replay';
import { endingWords } from './words';

// `cardlog replay`'s last board says how the game ended in words, as the web app's pages do.
describe('the text board of a finished game', () => {
  const games = registeredGames().filter((g) => g.textBoard && g.simulator);

  it.each(games.map((g) => [g.system.id, g] as const))('%s: names the winner and the way the game ended as its rulebook does, not by seat or code', (_id, game) => {
    let checked = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { document } = game.simulator!.simulate({ seed });
      const view = game.system.view(replay(document).state, 'spectator') as { result?: { winner?: string | null; reason?: string } };
      if (!view.result?.reason || !view.result.winner) continue;
      const first = game.textBoard!(view).split('\n')[0]!;
      const winner = document.players.find((p) => p.seat === view.result!.winner)!;
      expect(first).toContain(`${winner.name} won (${endingWords(view.result.reason, game.system.id)})`);
      // A reason said as its code ("won (aegis)") names nothing: each game's endings are in words.ts.
      expect(endingWords(view.result.reason, game.system.id)).not.toBe(view.result.reason);
      // Where the game stands and how it ended, by the players' names: no seat id on the line.
      expect(first).not.toMatch(/\bp\d\b/);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
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
