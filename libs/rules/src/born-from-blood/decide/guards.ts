import { RuleViolation } from '../../rule-violation';
import { BfbState, Seat, priorityHolder } from '../state';

/** Throws the rule's RuleViolation unless `condition` holds. */
export function check(condition: unknown, code: string, message: string, details: Record<string, unknown> = {}): asserts condition {
  if (!condition) throw new RuleViolation(code, message, details);
}

/**
 * Throws the rule's RuleViolation. For checks made on every event, `if (!ok) refuse(…)` builds the
 * message and details only when the action is refused.
 */
export function refuse(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

export const isMainPhase = (state: BfbState): boolean => state.phase === 'main' || state.phase === 'secondMain';

export function turnPlayerOnly(state: BfbState, actor: Seat, what: string): void {
  if (actor !== state.turnPlayer) refuse('NOT_YOUR_TURN', `only the turn player (${state.turnPlayer}) may ${what}`, { turnPlayer: state.turnPlayer });
}

export function stackEmpty(state: BfbState): void {
  if (state.stack.length !== 0) {
    refuse('STACK_NOT_EMPTY', 'the stack holds an item: only responses, passes and effects until it resolves', { stack: state.stack.length });
  }
}

export function noBattle(state: BfbState): void {
  if (state.battle) refuse('BATTLE_IN_PROGRESS', 'a battle is open: finish it first', { attackerId: state.battle.attackerId });
}

/** A response (Pray card, `pray` ability) while the stack holds an item needs priority (§8.2). */
export function priorityIfStacked(state: BfbState, actor: Seat): void {
  const holder = priorityHolder(state);
  if (holder !== undefined && holder !== actor) refuse('NO_PRIORITY', `${holder} holds priority`, { priorityHolder: holder });
}
