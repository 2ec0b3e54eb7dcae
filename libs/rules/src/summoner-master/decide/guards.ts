import { RuleViolation } from '../../rule-violation';
import { CardState, Seat, SmState, cardOf, isSeat } from '../state';

// Checks read `if (!rule) fail(...)`, so the message and details are built only for a refused event:
// decide runs once per event of every replay.

/** Refuses the event with the rule's code. */
export function fail(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

/** A payload field that is missing or malformed (the API parses strictly first; the engine still refuses bad data). */
export function payloadFail(type: string, field: string, what: string): never {
  throw new RuleViolation('INVALID_PAYLOAD', `${type}.payload.${field} ${what}`, { field });
}

export function str(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
export function int(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export function knownCard(state: SmState, id: unknown, type: string, field: string): CardState {
  if (!str(id)) payloadFail(type, field, 'must be a card id');
  const card = cardOf(state, id);
  if (!card) fail('UNKNOWN_CARD', `${type}: no card "${id}" was registered in this game (${field})`, { cardId: id });
  return card;
}

export function seatField(value: unknown, type: string, field: string): Seat {
  if (!isSeat(value)) fail('UNKNOWN_PLAYER', `${type}: ${field} must be p1 or p2, got ${JSON.stringify(value)}`, { field });
  return value;
}

/** The attacking player of a pending multi-attack continuation (§7.3), if any. */
export function continuationPlayer(state: SmState): Seat | null {
  if (!state.pendingContinuation) return null;
  return cardOf(state, state.pendingContinuation)?.controller ?? null;
}
