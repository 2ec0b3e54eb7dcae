import { RuleViolation } from '../../rule-violation';
import type { AgState, Seat } from '../state';

export function check(condition: unknown, code: string, message: string, details?: Record<string, unknown>): asserts condition {
  if (!condition) throw new RuleViolation(code, message, details);
}

/** NOT_YOUR_TURN unless the actor is the turn player (§12.1 actor codes). */
export function turnPlayer(state: AgState, actor: Seat, what: string): void {
  check(actor === state.turnPlayer, 'NOT_YOUR_TURN', `${what}: it is ${state.turnPlayer}'s turn, not ${actor}'s`, { turnPlayer: state.turnPlayer });
}
