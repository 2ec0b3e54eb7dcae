import { fail } from './decide/guards';
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
