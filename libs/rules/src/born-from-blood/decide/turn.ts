import type * as E from '@cardlog/events';
import { drawablePart } from '../mutate';
import { BfbState, Seat, deckSize } from '../state';
import { check, noBattle, refuse, stackEmpty, turnPlayerOnly } from './guards';

export function decideAdvancePhase(state: BfbState, actor: Seat): void {
  turnPlayerOnly(state, actor, 'advance the phase');
  stackEmpty(state);
  noBattle(state);
  if (state.phase === 'end') refuse('WRONG_PHASE', 'the End Phase ends with EndTurn, not AdvancePhase');
  if (state.phase === 'draw' && !state.drawnThisTurn) refuse('DRAW_REQUIRED', 'draw for the turn (DrawForTurn) before leaving the Draw Phase');
}

export function decideDrawForTurn(state: BfbState, actor: Seat, draw: E.DrawForTurn): void {
  turnPlayerOnly(state, actor, 'draw for the turn');
  stackEmpty(state);
  noBattle(state);
  if (state.phase !== 'draw') refuse('WRONG_PHASE', 'the turn draw happens in the Draw Phase', { phase: state.phase });
  if (state.drawnThisTurn) refuse('ALREADY_DRAWN', 'this turn has had its draw');
  if (draw.cardId !== undefined && drawablePart(state.players[actor].deck, draw.cardId) === undefined) {
    refuse('CARD_NOT_DRAWABLE', `${draw.cardId} cannot be drawn from ${actor}'s deck now`, { cardId: draw.cardId });
  }
}

/** BAD_PAYLOAD part of DrawForTurn: a card is named exactly when the deck holds one. */
export function drawForTurnPayloadFits(state: BfbState, actor: Seat, draw: E.DrawForTurn): boolean {
  return (draw.cardId !== undefined) === deckSize(state.players[actor].deck) > 0;
}

export function decideDiscardToHandLimit(state: BfbState, actor: Seat, discard: E.DiscardToHandLimit): void {
  turnPlayerOnly(state, actor, 'discard to the hand limit');
  stackEmpty(state);
  noBattle(state);
  check(state.phase === 'end', 'WRONG_PHASE', 'the hand check is made in the End Phase', { phase: state.phase });
  const hand = state.players[actor].zones['hand'] ?? [];
  const seen = new Set<string>();
  for (const id of discard.cardIds) {
    if (!(hand.includes(id) && !seen.has(id))) refuse('CARD_NOT_IN_HAND', `${id} is not in ${actor}'s hand`, { cardId: id });
    seen.add(id);
  }
  const expected = hand.length - 8;
  // BB-R40: with 8 cards or fewer there is nothing to discard, so no DiscardToHandLimit at all (not even an empty one).
  check(expected > 0 && discard.cardIds.length === expected, 'WRONG_DISCARD_COUNT', `discard exactly ${Math.max(0, expected)} cards (hand ${hand.length})`, {
    expected: Math.max(0, expected),
    hand: hand.length,
  });
}

export function decideEndTurn(state: BfbState, actor: Seat): void {
  turnPlayerOnly(state, actor, 'end the turn');
  stackEmpty(state);
  noBattle(state);
  if (state.phase !== 'end') refuse('WRONG_PHASE', 'a turn ends from its End Phase', { phase: state.phase });
  const hand = state.players[actor].zones['hand']?.length ?? 0;
  if (hand > 8) refuse('HAND_OVER_LIMIT', `the hand holds ${hand} cards: discard down to 8 first`, { hand });
}
