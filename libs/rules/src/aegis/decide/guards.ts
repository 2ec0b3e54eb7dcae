import { RuleViolation } from '../../rule-violation';
import type { AgState, Seat } from '../state';

type Lazy<T> = T | (() => T);

/**
 * Throws RuleViolation unless `condition` holds. Message and details may be thunks, so the common
 * path (the rule holds) builds no strings: replays check every rule of every event.
 */
export function check(condition: unknown, code: string, message: Lazy<string>, details?: Lazy<Record<string, unknown>>): asserts condition {
  if (condition) return;
  throw new RuleViolation(code, typeof message === 'function' ? message() : message, typeof details === 'function' ? details() : details);
}

/** NOT_YOUR_TURN unless the actor is the turn player (§12.1 actor codes). */
export function turnPlayer(state: AgState, actor: Seat, what: string): void {
  if (actor !== state.turnPlayer) fail('NOT_YOUR_TURN', `${what}: it is ${state.turnPlayer}'s turn, not ${actor}'s`, { turnPlayer: state.turnPlayer });
}

/** Throws the RuleViolation; `if (!rule) fail(…)` builds its message only when the rule is broken. */
export function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new RuleViolation(code, message, details);
}
