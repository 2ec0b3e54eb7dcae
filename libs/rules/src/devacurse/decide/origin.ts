import type { DvState } from '../state';
import { playerOf } from '../state';
import { checkKnownPlaces } from '../universe';
import { check } from './guards';

const OPENING_HAND = 5;

/** Turn Origin (§4, §12.1): Universes, the lot, the first order, five cards each. */
export function decideOrigin(state: DvState, type: string, actor: string, p: any): void {
  check(state.status === 'origin', 'WRONG_SEGMENT', `${type} belongs to Turn Origin, which is over`);
  const me = actor ? playerOf(state, actor)! : undefined;
  switch (type) {
    case 'UniverseRegistered': {
      check(!me!.registered, 'ALREADY_RECORDED', `${actor}'s Universe is already registered`);
      const seen = new Set<string>();
      (p.cards as { cardId: string; catalogId: string }[]).forEach((entry, i) => {
        check(state.catalog.has(entry.catalogId), 'UNKNOWN_CATALOG_ID', `cards[${i}]: catalog id "${entry.catalogId}" is not in the catalog`, { index: i, catalogId: entry.catalogId });
        check(!seen.has(entry.cardId) && !state.cardIndex.has(entry.cardId), 'MALFORMED_EVENT', `cards[${i}]: card id ${entry.cardId} is used twice in this match`, { index: i, cardId: entry.cardId });
        seen.add(entry.cardId);
      });
      return;
    }
    case 'OrderLotDrawn':
      check(state.lotWinner === null, 'ALREADY_RECORDED', 'the lot is already drawn');
      return;
    case 'FirstPlayerChosen':
      check(state.lotWinner !== null, 'LOT_NOT_DRAWN', 'the first order holder is chosen after the lot (OrderLotDrawn)');
      check(actor === state.lotWinner, 'NOT_LOT_WINNER', `only the lot winner ${state.lotWinner} chooses who holds the first order`);
      check(state.orderHolder === null, 'ALREADY_RECORDED', 'the first order holder is already chosen');
      return;
    case 'DrawCards': {
      check(me!.registered, 'CARD_NOT_IN_ZONE', `${actor} draws before registering a Universe`);
      check(!me!.drewOpening, 'ALREADY_DREW', `${actor} has drawn its opening hand already`);
      for (const id of p.cardIds as string[]) check(me!.universe.includes(id), 'CARD_NOT_IN_ZONE', `cardIds: ${id} is not in ${actor}'s Universe`, { cardId: id });
      checkKnownPlaces(me!, p.cardIds, 'cardIds');
      check(p.count === OPENING_HAND && p.cardIds.length === OPENING_HAND, 'WRONG_DRAW_COUNT', `the opening hand is ${OPENING_HAND} cards, not ${p.count} (§4)`);
      check(new Set(p.cardIds).size === p.cardIds.length, 'MALFORMED_EVENT', 'cardIds: a card is drawn twice');
      check(me!.universe.length >= OPENING_HAND, 'UNIVERSE_TOO_SMALL', `${actor}'s Universe holds ${me!.universe.length} cards`);
      return;
    }
  }
}
