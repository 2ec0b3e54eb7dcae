import type { DvState } from '../state';
import { playerOf } from '../state';
import { checkKnownPlaces } from '../universe';
import { fail, namedTwice } from './guards';

const OPENING_HAND = 5;

/** Turn Origin (§4, §12.1): Universes, the lot, the first order, five cards each. */
export function decideOrigin(state: DvState, type: string, actor: string, p: any): void {
  if (state.status !== 'origin') fail('WRONG_SEGMENT', `${type} belongs to Turn Origin, which is over`);
  const me = actor ? playerOf(state, actor)! : undefined;
  switch (type) {
    case 'UniverseRegistered': {
      if (me!.registered) fail('ALREADY_RECORDED', `${actor}'s Universe is already registered`);
      const seen = new Set<string>();
      (p.cards as { cardId: string; catalogId: string }[]).forEach((entry, i) => {
        if (!state.catalog.has(entry.catalogId)) fail('UNKNOWN_CATALOG_ID', `cards[${i}]: catalog id "${entry.catalogId}" is not in the catalog`, { index: i, catalogId: entry.catalogId });
        if (!(!seen.has(entry.cardId) && !state.cardIndex.has(entry.cardId))) fail('MALFORMED_EVENT', `cards[${i}]: card id ${entry.cardId} is used twice in this match`, { index: i, cardId: entry.cardId });
        seen.add(entry.cardId);
      });
      return;
    }
    case 'OrderLotDrawn':
      if (state.lotWinner !== null) fail('ALREADY_RECORDED', 'the lot is already drawn');
      return;
    case 'FirstPlayerChosen':
      if (state.lotWinner === null) fail('LOT_NOT_DRAWN', 'the first order holder is chosen after the lot (OrderLotDrawn)');
      if (actor !== state.lotWinner) fail('NOT_LOT_WINNER', `only the lot winner ${state.lotWinner} chooses who holds the first order`);
      if (state.orderHolder !== null) fail('ALREADY_RECORDED', 'the first order holder is already chosen');
      return;
    case 'DrawCards': {
      if (!me!.registered) fail('CARD_NOT_IN_ZONE', `${actor} draws before registering a Universe`);
      if (me!.drewOpening) fail('ALREADY_DREW', `${actor} has drawn its opening hand already`);
      for (const id of p.cardIds as string[]) if (!me!.universe.includes(id)) fail('CARD_NOT_IN_ZONE', `cardIds: ${id} is not in ${actor}'s Universe`, { cardId: id });
      checkKnownPlaces(me!, p.cardIds, 'cardIds');
      if (!(p.count === OPENING_HAND && p.cardIds.length === OPENING_HAND)) fail('WRONG_DRAW_COUNT', `the opening hand is ${OPENING_HAND} cards, not ${p.count} (§4)`);
      if (namedTwice(p.cardIds)) fail('MALFORMED_EVENT', 'cardIds: a card is drawn twice');
      if (me!.universe.length < OPENING_HAND) fail('UNIVERSE_TOO_SMALL', `${actor}'s Universe holds ${me!.universe.length} cards`);
      return;
    }
  }
}
