import type { BfbCard } from '@cardlog/events';
import type { GameSystem } from '../../game-system';
import { bornFromBlood } from '..';
import type { BfbState } from '../state';
import { SimulateOptions, SimulatedGame, simulateGame } from './game';
import { Prng } from '../../prng';

export { DEFAULT_MAX_EVENTS, RULES_VERSION, simulateGame, summarize } from './game';
export type { SimulateOptions, SimulatedGame, SimulationSummary } from './game';

export interface SimulateGamesOptions extends Omit<SimulateOptions, 'seed'> {
  /** The engine to play with; the registered born-from-blood system by default. */
  readonly system?: GameSystem<BfbState, BfbCard>;
  /** Keep the state after every event (for property tests; costs memory). */
  readonly keepStates?: boolean;
}

/**
 * Plays `count` seeded games. Game i uses a seed derived from (`seed`, i), so one game of a run can
 * be replayed alone. This is what the rules benchmark and the CLI's `simulate` call.
 */
export function simulateGames(count: number, seed: number, options: SimulateGamesOptions = {}): SimulatedGame[] {
  const system = options.system ?? bornFromBlood;
  const { system: _s, keepStates = false, ...rest } = options;
  return Array.from({ length: count }, (_, i) => simulateGame(system, { ...rest, seed: Prng.derive(seed, i) }, keepStates));
}
