import { RuleViolation } from '../../rule-violation';
import { BfbState, Seat, priorityHolder } from '../state';

/** Throws the rule's RuleViolation unless `condition` holds. */
export function check(condition: unknown, code: string, message: string, details: Record<string, unknown> = {}): asserts condition {
  if (!condition) throw new RuleViolation(code, message, details);
}

export const isMainPhase = (state: BfbState): boolean => state.phase === 'main' || state.phase === 'secondMain';

export function turnPlayerOnly(state: BfbState, actor: Seat, what: string): void {
  check(actor === state.turnPlayer, 'NOT_YOUR_TURN', `only the turn player (${state.turnPlayer}) may ${what}`, { turnPlayer: state.turnPlayer });
}

export function stackEmpty(state: BfbState): void {
  check(state.stack.length === 0, 'STACK_NOT_EMPTY', 'the stack holds an item: only responses, passes and effects until it resolves', {
    stack: state.stack.length,
  });
}

export function noBattle(state: BfbState): void {
  check(!state.battle, 'BATTLE_IN_PROGRESS', 'a battle is open: finish it first', { attackerId: state.battle?.attackerId });
}

/** A response (Pray card, `pray` ability) while the stack holds an item needs priority (§8.2). */
export function priorityIfStacked(state: BfbState, actor: Seat): void {
  const holder = priorityHolder(state);
  check(holder === undefined || holder === actor, 'NO_PRIORITY', `${holder} holds priority`, { priorityHolder: holder });
}
