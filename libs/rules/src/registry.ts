import type { SystemId } from '@cardlog/events';
import { bornFromBlood } from './born-from-blood';
import type { AnyGameSystem } from './game-system';

/** Every game whose rules this build enforces, keyed by system id. A game is added when its Decider lands. */
export const SYSTEMS: Readonly<Partial<Record<SystemId, AnyGameSystem>>> = {
  'born-from-blood': bornFromBlood,
};

export function findSystem(id: string): AnyGameSystem | undefined {
  return Object.prototype.hasOwnProperty.call(SYSTEMS, id) ? SYSTEMS[id as SystemId] : undefined;
}

export function registeredSystems(): AnyGameSystem[] {
  return Object.values(SYSTEMS).filter((s): s is AnyGameSystem => s !== undefined);
}
