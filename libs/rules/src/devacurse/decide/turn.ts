import { DvState, hasFlag, playerOf } from '../state';
import { counted } from '../../words';
import { checkKnownPlaces } from '../universe';
import { fail, namedTwice, segmentName } from './guards';

const HAND_LIMIT = 7;

export function decideDraw(state: DvState, actor: string, p: { count: number; cardIds: string[] }): void {
  if (state.cursor.loop !== 'draw') fail('WRONG_SEGMENT', `cards are drawn at Turn Origin and in the Draw loop, not in ${segmentName(state)}`);
  const me = playerOf(state, actor)!;
  if (me.drewThisTurn) fail('ALREADY_DREW', `${actor} has drawn this turn`);
  for (const id of p.cardIds) if (!me.universe.includes(id)) fail('CARD_NOT_IN_ZONE', `cardIds: ${id} is not in ${actor}'s Universe`, { cardId: id });
  checkKnownPlaces(me, p.cardIds, 'cardIds');
  if (hasFlag(me.flags, 'cannotDraw')) fail('CANNOT_DRAW', `${actor} cannot draw (an effect)`);
  if (!((p.count === 1 || p.count === 2) && p.cardIds.length === p.count)) fail('WRONG_DRAW_COUNT', `the Draw loop draws 1 or 2 cards, named in cardIds (DV-R5)`);
  if (namedTwice(p.cardIds)) fail('MALFORMED_EVENT', 'cardIds: a card is drawn twice');
  if (p.count > me.universe.length) fail('UNIVERSE_TOO_SMALL', `${actor}'s Universe holds ${counted(me.universe.length, 'card')}`);
}

export function decideSkipDraw(state: DvState, actor: string, p: { reason: 'effect' | 'universeEmpty' }): void {
  if (state.cursor.loop !== 'draw') fail('WRONG_SEGMENT', `SkipDraw belongs to the Draw loop, not ${segmentName(state)}`);
  const me = playerOf(state, actor)!;
  if (me.drewThisTurn) fail('ALREADY_DREW', `${actor} has drawn this turn`);
  const justified = p.reason === 'effect' ? hasFlag(me.flags, 'cannotDraw') : me.universe.length === 0;
  if (!justified) fail('SKIP_NOT_JUSTIFIED', p.reason === 'effect' ? `${actor} is not prevented from drawing` : `${actor}'s Universe is not empty`);
}

export function decideDiscardToHandLimit(state: DvState, actor: string, p: { cardIds: string[] }): void {
  if (state.cursor.loop !== 'endTurn') fail('WRONG_SEGMENT', `the hand limit is checked at End Turn, not in ${segmentName(state)}`);
  if (actor !== state.orderHolder) fail('NOT_ORDER_HOLDER', `only the order holder ${state.orderHolder} discards at End Turn (§5.6)`);
  const me = playerOf(state, actor)!;
  for (const id of p.cardIds) if (!me.hand.includes(id)) fail('CARD_NOT_IN_ZONE', `cardIds: ${id} is not in ${actor}'s hand`, { cardId: id });
  if (namedTwice(p.cardIds)) fail('MALFORMED_EVENT', 'cardIds: a card is named twice');
  if (me.hand.length <= HAND_LIMIT) fail('HAND_WITHIN_LIMIT', `${actor} holds ${counted(me.hand.length, 'card')}, within the limit of ${HAND_LIMIT}`);
  if (p.cardIds.length !== me.hand.length - HAND_LIMIT) fail('WRONG_DISCARD_COUNT', `${actor} discards ${me.hand.length - HAND_LIMIT} to reach ${HAND_LIMIT}, not ${p.cardIds.length}`);
}

export function decideEndTurn(state: DvState, actor: string): void {
  if (!(state.cursor.loop === 'endTurn' && state.next === null)) fail('WRONG_SEGMENT', `EndTurn belongs to End Turn, not ${segmentName(state)}`);
  if (actor !== state.orderHolder) fail('NOT_ORDER_HOLDER', `only the order holder ${state.orderHolder} ends the turn`);
  if (state.knot.length !== 0) fail('KNOT_NOT_EMPTY', 'the Knot zone is not empty');
  if (state.falling.length > 0) fail('FALL_BATCH_PENDING', 'a fall batch is not placed yet');
  const me = playerOf(state, actor)!;
  if (me.hand.length > HAND_LIMIT) fail('HAND_OVER_LIMIT', `${actor} holds ${me.hand.length} cards; discard to ${HAND_LIMIT} first (DiscardToHandLimit)`);
}
