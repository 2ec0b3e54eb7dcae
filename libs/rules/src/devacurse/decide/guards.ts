import { RuleViolation } from '../../rule-violation';
import { CardRow, DvState, cardOf, playerOf } from '../state';

/** Throws the §12.0 code unless the condition holds; reads as the rule it enforces. */
export function check(condition: unknown, code: string, message: string, details: Record<string, unknown> = {}): asserts condition {
  if (!condition) throw new RuleViolation(code, message, details);
}

export function fail(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

/**
 * Whether a card is named twice in `ids`. The lists a turn's actions name (drawn cards, attackers,
 * guardians) hold a few ids: a pairwise compare needs no Set, which cost an allocation and a hash of
 * every id per action. Long lists (a Universe) still go through a Set.
 */
export function namedTwice(ids: readonly string[]): boolean {
  const n = ids.length;
  if (n > 16) return new Set(ids).size !== n;
  for (let i = 1; i < n; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return true;
  return false;
}

export function cardAt(state: DvState, iid: string, field: string): CardRow {
  const card = cardOf(state, iid);
  if (!card || card.zone === 'leftMatch') fail('UNKNOWN_CARD', `${field}: no card ${iid} in this match`, { field, cardId: iid });
  return card;
}

export function seatAt(state: DvState, seat: string, field: string) {
  const p = playerOf(state, seat);
  if (!p) fail('UNKNOWN_PLAYER', `${field}: ${seat} is not seated in this match`, { field, player: seat });
  return p;
}

export function segmentName(state: DvState): string {
  const c = state.cursor;
  return [c.loop, c.part, c.owner, c.phase, c.step].filter(Boolean).join(' / ');
}
