import { fail } from './decide/guards';
import type { Catalog } from '../game-system';
import { RuleViolation } from '../rule-violation';
import type { PlayerState } from './state';

/**
 * §12.00: a draw takes the top of a Universe. Cards an effect put on top are drawn first, in that
 * order; cards put at the bottom only once every other card is gone. The rest of a Universe is an
 * unordered set, so any of its cards may come next. Throws `NOT_TOP_CARD` when `cardIds` (already
 * known to be in the Universe) cannot be its top `cardIds.length` cards.
 */
export function checkKnownPlaces(p: PlayerState, cardIds: readonly string[], at: string): void {
  const top = p.universeTop;
  const bottom = p.universeBottom;
  if (top.length === 0 && bottom.length === 0) return;
  const n = cardIds.length;
  const drawn = new Set(cardIds);
  const fromTop = top.slice(0, n);
  const unknown = p.universe.length - top.length - bottom.length;
  const intoBottom = Math.max(0, n - top.length - unknown);
  const fromBottom = bottom.slice(0, intoBottom);
  for (const id of [...fromTop, ...fromBottom]) {
    if (!drawn.has(id)) fail('NOT_TOP_CARD', `${at}: ${id} lies ${fromTop.includes(id) ? 'on top of' : 'next in'} ${p.seat}'s Universe and is drawn first (§12.00)`, { cardId: id });
  }
  for (const id of cardIds) {
    const known = top.indexOf(id);
    if ((known >= 0 && known >= n) || (bottom.includes(id) && !fromBottom.includes(id))) {
      fail('NOT_TOP_CARD', `${at}: ${id} is not among the top ${n} of ${p.seat}'s Universe: an effect put it ${known >= 0 ? `${known + 1} from the top` : 'at the bottom'}`, { cardId: id });
    }
  }
}

/**
 * Every violation in a Universe registered for a tournament (a `UniverseRegistered` payload)
 * against a catalog. Devacurse states no construction rule (no size, no copy limit: digest §4, "no deck size and no mulligan"), so
 * these are what the Decider refuses at registration: a catalog id the catalog lacks, a card id
 * listed twice.
 */
export function universeViolations(list: unknown, catalog: Catalog): RuleViolation[] {
  const cards = (list as { cards?: unknown } | null)?.cards;
  const entries = Array.isArray(cards) ? (cards as { cardId?: unknown; catalogId?: unknown }[]) : null;
  if (!entries || entries.length === 0 || !entries.every((e) => e && typeof e.cardId === 'string' && typeof e.catalogId === 'string')) {
    return [new RuleViolation('DECK_SHAPE', 'a devacurse list is a UniverseRegistered payload: { cards: [{ cardId, catalogId }, …] }')];
  }
  const known = new Set((catalog.cards as { id: string }[]).map((c) => c.id));
  const seen = new Set<string>();
  const violations: RuleViolation[] = [];
  entries.forEach((entry, i) => {
    const catalogId = entry.catalogId as string;
    const cardId = entry.cardId as string;
    if (!known.has(catalogId)) violations.push(new RuleViolation('UNKNOWN_CATALOG_ID', `cards[${i}]: catalog id "${catalogId}" is not in the catalog`, { index: i, catalogId }));
    if (seen.has(cardId)) violations.push(new RuleViolation('MALFORMED_EVENT', `cards[${i}]: card id ${cardId} is listed twice`, { index: i, cardId }));
    seen.add(cardId);
  });
  return violations;
}
