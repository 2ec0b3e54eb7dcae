import type * as E from '@cardlog/events';
import { AgState, FIELD_CAPACITY, SUPPORT_CAPACITY, Seat, UNIT_CAPACITY, unitOf, zoneOf } from '../state';
import { fail } from './guards';
import { checkDraw } from './turn';

/** Structural checks of the generic effect events (§12.1, §12.3): intent is trusted, shape is not. */
export function decideEffect(state: AgState, type: string, payload: any): void {
  switch (type) {
    case 'MoveCard':
      return moveCard(state, payload as E.AgMoveCard);
    case 'DrawCards': {
      const d = payload as E.AgDrawCards;
      return checkDraw(state.players[d.player], d.cardIds, d.count, 'DrawCards');
    }
    case 'DestroyUnit':
    case 'ModifyPower':
    case 'SetUnitReady': {
      const id = payload.cardId as string;
      const owner = state.cards.get(id)!.owner;
      if (!(unitOf(state.players[owner], id))) fail('CARD_NOT_IN_ZONE', `${type}: ${id} is not in a Unit Zone`, { cardId: id });
      if (type === 'ModifyPower' && payload.duration === 'whileSourceInPlay') {
        if (!(payload.sourceCardId !== 'rule')) fail('BAD_PAYLOAD', 'ModifyPower: a whileSourceInPlay modifier names its source card');
      }
      if (type === 'ModifyPower' && payload.duration === 'battle') if (!(state.battle)) fail('NO_BATTLE', 'ModifyPower: a battle modifier needs a battle in progress');
      return;
    }
    case 'BreakAegis': {
      const b = payload as E.AgBreakAegis;
      const p = state.players[b.player];
      const expected = Math.min(b.count, p.aegisSet.length);
      if (!(b.aegisCardIds.length === expected)) fail('BAD_PAYLOAD', `BreakAegis: name the ${expected} Set Aegis turned face up, not ${b.aegisCardIds.length} (§12.0)`, { expected });
      const seen = new Set<string>();
      for (const id of b.aegisCardIds) {
        if (!(!seen.has(id) && p.aegisSet.includes(id))) fail('NOT_SET_AEGIS', `BreakAegis: ${id} is not one of ${b.player}'s Set Aegis`, { aegisCardId: id });
        seen.add(id);
      }
      return;
    }
    case 'NegateAttack':
      if (!(state.battle)) fail('NO_BATTLE', 'NegateAttack: no battle is in progress');
      return;
    case 'ChangeMana':
    case 'ShuffleZone':
    case 'RevealCards':
    case 'LookAtCards':
    case 'Note':
      return;
  }
}

function moveCard(state: AgState, m: E.AgMoveCard): void {
  const inst = state.cards.get(m.cardId)!;
  const p = state.players[inst.owner];
  const at = zoneOf(p, m.cardId);
  if (!(at === m.from)) fail('CARD_NOT_IN_ZONE', `MoveCard: ${m.cardId} is in ${inst.owner}'s ${at ?? 'nowhere'}, not ${m.from}`, { cardId: m.cardId, zone: at ?? null });
  if (!(m.from !== m.to)) fail('BAD_PAYLOAD', 'MoveCard: from and to are the same zone');
  if (m.position !== undefined) if (!(m.to === 'deck')) fail('BAD_PAYLOAD', "MoveCard: position is only for a move to 'deck'");
  const card = inst.card;
  const aegisZone = m.to === 'aegis' || m.to === 'aegisArea';
  if (!(aegisZone === (card.type === 'Aegis'))) fail('WRONG_CARD_TYPE', aegisZone ? `MoveCard: only Aegis cards enter the ${m.to} (AG-R27)` : `MoveCard: an Aegis card stays in the Aegis pile or area`, {
    cardId: m.cardId,
  });
  if (m.to === 'unit') {
    if (!(card.type === 'Unit')) fail('WRONG_CARD_TYPE', `MoveCard: ${card.name} is not a Unit`);
    if (!(p.units.length < UNIT_CAPACITY)) fail('ZONE_FULL_UNIT', `MoveCard: ${inst.owner}'s Unit Zone holds ${UNIT_CAPACITY} units`);
  }
  if (m.to === 'support') {
    if (!(card.type === 'Support')) fail('WRONG_CARD_TYPE', `MoveCard: ${card.name} is not a Support card`);
    if (!(p.support.length < SUPPORT_CAPACITY)) fail('ZONE_FULL_SUPPORT', `MoveCard: ${inst.owner}'s Support Zone holds ${SUPPORT_CAPACITY} cards`);
  }
  if (m.to === 'field') if (!(card.spellType === 'Field')) fail('WRONG_CARD_TYPE', `MoveCard: ${card.name} is not a Field spell (F holds ${FIELD_CAPACITY}; a new one replaces the old)`);
  void (null as unknown as Seat);
}
