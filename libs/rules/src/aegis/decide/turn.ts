import type { AgDrawForTurn, AgResolveAegis } from '@cardlog/events';
import { AgState, CardId, PlayerState, Seat, drawCount } from '../state';
import { fail, turnPlayer } from './guards';

export function decideAdvanceStep(state: AgState, actor: Seat): void {
  turnPlayer(state, actor, 'AdvanceStep');
  const p = state.players[actor];
  if (state.step === 'S2' && p.aegisOpen.some((a) => a.state === 'Active')) {
    const active = p.aegisOpen.filter((a) => a.state === 'Active').map((a) => a.id);
    if (!(active.length === 0)) fail('UNRESOLVED_AEGIS', `resolve every Active Aegis before leaving S2 (${active.join(', ')}) (AG-R18)`, { active });
  }
  if (state.step === 'draw') if (!(state.drawnThisTurn)) fail('DRAW_REQUIRED', 'draw for the turn (DrawForTurn) before leaving the Draw Phase');
  if (state.step === 'battle') if (!(state.battle === null)) fail('BATTLE_IN_PROGRESS', 'resolve the battle before leaving the Battle Phase');
}

export function decideResolveAegis(state: AgState, actor: Seat, payload: AgResolveAegis): void {
  turnPlayer(state, actor, 'ResolveAegis');
  if (!(state.step === 'S2')) fail('WRONG_STEP', `Active Aegis resolve in S2 of the Start Phase, not in ${state.step}`, { step: state.step });
  const open = state.players[actor].aegisOpen.find((a) => a.id === payload.aegisCardId);
  if (!(open?.state === 'Active')) fail('NOT_ACTIVE_AEGIS', `${payload.aegisCardId} is not one of ${actor}'s Active Aegis`, { aegisCardId: payload.aegisCardId });
}

export function decideDrawForTurn(state: AgState, actor: Seat, payload: AgDrawForTurn): void {
  turnPlayer(state, actor, 'DrawForTurn');
  if (!(state.step === 'draw')) fail('WRONG_PHASE', `DrawForTurn belongs to the Draw Phase, not ${state.step}`, { step: state.step });
  if (state.drawnThisTurn) fail('ALREADY_DRAWN', `${actor} has drawn for this turn`);
  checkDraw(state.players[actor], payload.cardIds, drawCount(state), 'DrawForTurn');
}

/**
 * A draw names exactly the cards drawn (§12.0): `count` of them, or the whole deck when it holds
 * fewer (then the player loses, AG-R5); each from the deck, known top cards first (NOT_TOP_CARD).
 */
export function checkDraw(p: PlayerState, ids: readonly CardId[], count: number, what: string): void {
  const expected = Math.min(count, p.deck.length);
  if (!(ids.length === expected)) fail('BAD_PAYLOAD', `${what}: name the ${expected} card${expected === 1 ? '' : 's'} drawn${expected < count ? ` (the deck holds only ${p.deck.length})` : ''}, not ${ids.length}`, { expected, got: ids.length });
  // The known top cards are drawn first, in order; the known bottom ones last, from the end.
  let top = 0;
  let bottom = p.bottom.length;
  let middle = p.deck.length - p.top.length - p.bottom.length;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (ids.indexOf(id) < i) fail('BAD_PAYLOAD', `${what}: ${id} is named twice`, { cardId: id });
    if (!(p.deck.includes(id))) fail('CARD_NOT_IN_ZONE', `${what}: ${id} is not in ${p.seat}'s deck`, { cardId: id });
    if (top < p.top.length) {
      if (!(id === p.top[top])) fail('NOT_TOP_CARD', `${what}: the top card of the deck is known (${p.top[top]}); ${id} is not it`, { cardId: id, top: p.top[top] });
      top++;
    } else if (middle > 0) {
      // Nothing was taken from the bottom yet: that starts only once the middle is drawn.
      if (p.bottom.includes(id)) fail('NOT_TOP_CARD', `${what}: ${id} is known to be at the bottom of the deck`, { cardId: id });
      middle--;
    } else {
      if (!(id === p.bottom[bottom - 1])) fail('NOT_TOP_CARD', `${what}: the next card of the deck is known (${p.bottom[bottom - 1]})`, { cardId: id });
      bottom--;
    }
  }
}
