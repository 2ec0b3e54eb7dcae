import { RuleViolation } from '../../rule-violation';
import { CardState, Seat, SmState, cardOf, isSeat } from '../state';

/** Throws the rule's code unless `condition` holds. */
export function check(condition: unknown, code: string, message: string, details: Record<string, unknown> = {}): asserts condition {
  if (!condition) throw new RuleViolation(code, message, details);
}

/** A payload field that is missing or malformed (the API parses strictly first; the engine still refuses bad data). */
export function payloadCheck(condition: unknown, type: string, field: string, what: string): asserts condition {
  if (!condition) throw new RuleViolation('INVALID_PAYLOAD', `${type}.payload.${field} ${what}`, { field });
}

export function str(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
export function int(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export function knownCard(state: SmState, id: unknown, type: string, field: string): CardState {
  payloadCheck(str(id), type, field, 'must be a card id');
  const card = cardOf(state, id);
  check(card, 'UNKNOWN_CARD', `${type}: no card "${id}" was registered in this game (${field})`, { cardId: id });
  return card;
}

export function seatField(value: unknown, type: string, field: string): Seat {
  check(isSeat(value), 'UNKNOWN_PLAYER', `${type}: ${field} must be p1 or p2, got ${JSON.stringify(value)}`, { field });
  return value;
}

/** The attacking player of a pending multi-attack continuation (§7.3), if any. */
export function continuationPlayer(state: SmState): Seat | null {
  if (!state.pendingContinuation) return null;
  return cardOf(state, state.pendingContinuation)?.controller ?? null;
}
