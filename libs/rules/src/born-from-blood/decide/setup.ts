import type * as E from '@cardlog/events';
import { deckViolations } from '../deck-validation';
import { drawAll } from '../mutate';
import { BfbState, Seat, cardOf } from '../state';
import { check, refuse } from './guards';

/** §5 setup events, after the stage check (SETUP_ORDER) done for every event. */
export function decideSetup(state: BfbState, type: string, actor: Seat, payload: any): void {
  switch (type) {
    case 'DeckRegistered':
    {
      // validateDeckRegistration's checks; the normalised registration it returns is evolve's to make.
      const [first] = deckViolations(payload as E.DeckRegistered, state.catalog, (id) => cardOf(state, id) !== undefined, true);
      if (first) throw first;
      return;
    }
    case 'FirstPlayerChosen':
      for (const roll of (payload as E.FirstPlayerChosen).rolls ?? []) {
        check(roll.result >= 1 && roll.result <= 6, 'BAD_DIE_RESULT', `a die shows 1 to 6, not ${roll.result}`, { roll }); // BB-R36
      }
      return;
    case 'OpeningHandDrawn': {
      const ids = (payload as E.OpeningHandDrawn).cardIds;
      const drawn = drawAll(state.players[actor].deck, ids);
      if ('failAt' in drawn) refuse('CARD_NOT_DRAWABLE', `${ids[drawn.failAt]} cannot be drawn from ${actor}'s deck`, { cardId: ids[drawn.failAt] });
      if (ids.length !== 7) refuse('WRONG_DRAW_COUNT', `an opening hand is 7 cards, not ${ids.length}`, { count: ids.length });
      return;
    }
    case 'Mulligan': {
      const m = payload as E.Mulligan;
      const first = state.firstPlayer ?? 'p1';
      if (!(actor === first || state.players[first].mulliganDone)) refuse('NOT_YOUR_DECISION', `the first player (${first}) decides on a mulligan first`);
      if (state.players[actor].mulliganDone) refuse('MULLIGAN_DONE', `${actor} has already taken their mulligan`);
      const hand = state.players[actor].zones['hand'] ?? [];
      const seen = new Set<string>();
      for (const id of m.cardIds) {
        if (!(hand.includes(id) && !seen.has(id))) refuse('CARD_NOT_IN_HAND', `${id} is not in ${actor}'s hand`, { cardId: id });
        seen.add(id);
      }
      const deck = state.players[actor].deck;
      const withUnder = { top: deck.top, middle: deck.middle, bottom: [...deck.bottom, ...m.cardIds] };
      const drawn = drawAll(withUnder, m.drawnCardIds);
      if ('failAt' in drawn) {
        const id = m.drawnCardIds[drawn.failAt];
        check(false, 'CARD_NOT_DRAWABLE', `${id} cannot be drawn: it is not next in ${actor}'s deck once the mulligan cards are under`, { cardId: id });
      }
      if (m.drawnCardIds.length !== m.cardIds.length) {
        refuse('WRONG_DRAW_COUNT', `a mulligan draws as many cards as it put under (${m.cardIds.length})`, { expected: m.cardIds.length });
      }
      return;
    }
    default:
      return;
  }
}

