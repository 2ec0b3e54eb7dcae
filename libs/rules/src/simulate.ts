import { Prng } from './prng';
import type { SimulatedDocument, SimulatorOptions } from './game-plugin';
import { findSimulator } from './registry';

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
