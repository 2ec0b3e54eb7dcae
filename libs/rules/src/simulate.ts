import { Prng } from './prng';
import type { SimulatedDocument, SimulatorOptions } from './game-plugin';
import { findSimulator } from './registry';
import { replay } from './replay';

/**
 * Plays `count` seeded games of a system with its registered simulator. Game i uses a seed derived
 * from (`seed`, i), so one game of a run can be replayed alone. What the CLI's `simulate` calls.
 */
export function simulateDocuments(
  system: string,
  count: number,
  seed: number,
  options: Omit<SimulatorOptions, 'seed'> = {},
): SimulatedDocument[] {
  const simulator = findSimulator(system);
  if (!simulator) throw new Error(`no simulator for system "${system}"`);
  return Array.from({ length: count }, (_, i) => simulator.simulate({ ...options, seed: Prng.derive(seed, i) }));
}

/**
 * Plays one seeded best-of-`bestOf` match of a system: game 1 as the simulator decides, each later
 * game started by the previous game's loser, who chooses to go first (after a draw, the game's own
 * fair method). Stops once a player has won a majority. Every document carries `game.match`,
 * `game.gameNumber` and `game.bestOf`.
 */
export function simulateMatch(system: string, seed: number, bestOf: number, options: Omit<SimulatorOptions, 'seed' | 'firstSeat'> = {}): SimulatedDocument[] {
  const simulator = findSimulator(system);
  if (!simulator) throw new Error(`no simulator for system "${system}"`);
  if (!Number.isInteger(bestOf) || bestOf < 1) throw new Error('a match is best of at least 1 game');
  const majority = Math.floor(bestOf / 2) + 1;
  const wins = new Map<string, number>();
  const games: SimulatedDocument[] = [];
  let firstSeat: string | undefined;
  for (let gameNumber = 1; gameNumber <= bestOf; gameNumber++) {
    const game = { ...options.game, match: options.game?.match ?? `match-${seed}`, gameNumber, bestOf };
    const played = simulator.simulate({ ...options, seed: Prng.derive(seed, gameNumber - 1), game, ...(firstSeat ? { firstSeat } : {}) });
    games.push(played);
    const outcome = replay(played.document).outcome;
    if (outcome?.result === 'win') {
      wins.set(outcome.winner, (wins.get(outcome.winner) ?? 0) + 1);
      if (wins.get(outcome.winner)! >= majority) break;
      firstSeat = played.document.players.find((p) => p.seat !== outcome.winner)?.seat;
    } else firstSeat = undefined;
  }
  return games;
}
