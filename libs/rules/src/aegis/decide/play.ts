import type { AgPlaySpell, AgPlaySupport, AgSummonUnit } from '@cardlog/events';
import { AgState, SUPPORT_CAPACITY, Seat, UNIT_CAPACITY, other } from '../state';
import { fail, turnPlayer } from './guards';

const pipName = (pip: string) => (pip === 'neutral' ? '⭐' : pip);

/** SummonUnit (§7.2): the check order of the pseudo-code, payment atomic (AG-R16). */
export function decideSummonUnit(state: AgState, actor: Seat, s: AgSummonUnit): void {
  turnPlayer(state, actor, 'SummonUnit');
  if (!(state.step === 'main')) fail('WRONG_PHASE', `units are summoned in the Main Phase, not ${state.step}`, { step: state.step });
  const p = state.players[actor];
  if (!(p.hand.includes(s.cardId))) fail('CARD_NOT_IN_HAND', `${s.cardId} is not in ${actor}'s hand`, { cardId: s.cardId });
  const card = state.cards.get(s.cardId)!.card;
  if (!(card.type === 'Unit')) fail('WRONG_CARD_TYPE', `${card.name} is a ${card.type}; SummonUnit summons Units`, { cardId: s.cardId });
  if (!(p.units.length < UNIT_CAPACITY)) fail('ZONE_FULL_UNIT', `${actor}'s Unit Zone holds ${UNIT_CAPACITY} units (AG-R11)`);
  const discards = s.discardIds;
  for (let i = 0; i < discards.length; i++) {
    const id = discards[i]!;
    if (!(id !== s.cardId)) fail('BAD_DISCARD', `the unit being summoned (${id}) cannot pay for itself (AG-R16)`, { cardId: id });
    if (discards.indexOf(id) < i) fail('BAD_DISCARD', `${id} is discarded twice`, { cardId: id });
    if (!(p.hand.includes(id))) fail('BAD_DISCARD', `${id} is not in ${actor}'s hand`, { cardId: id });
  }
  // The Rune pool: every pip of every discard (⭐ counts toward the total only, AG-R15).
  const pips = discards.map((id) => state.cards.get(id)!.card.runePips ?? []);
  let total = 0;
  for (const list of pips) total += list.length;
  const cost = card.runeCost ?? 0;
  if (!(total >= cost)) fail('RUNE_TOTAL_SHORT', `${card.name} costs ${cost} Rune; the discards give ${total}`, { cost, pool: total });
  const req = card.colorReq;
  if (req === undefined) return;
  for (const colour of Object.keys(req)) {
    const need = req[colour] ?? 0;
    let have = 0;
    for (const list of pips) for (const pip of list) if (pip === colour) have++;
    if (!(have >= need)) fail('RUNE_COLOR_SHORT', `${card.name} needs ${pipName(colour)} ${need}, the pool has ${have} (⭐ counts toward the total only, AG-R15)`, {
      colour,
      need,
      have,
    });
  }
}

export function decidePlaySupport(state: AgState, actor: Seat, s: AgPlaySupport): void {
  turnPlayer(state, actor, 'PlaySupport');
  if (!(state.step === 'main')) fail('WRONG_PHASE', `Support cards are played in their owner's Main Phase, not ${state.step}`, { step: state.step });
  const p = state.players[actor];
  if (!(p.hand.includes(s.cardId))) fail('CARD_NOT_IN_HAND', `${s.cardId} is not in ${actor}'s hand`, { cardId: s.cardId });
  const card = state.cards.get(s.cardId)!.card;
  if (!(card.type === 'Support')) fail('WRONG_CARD_TYPE', `${card.name} is a ${card.type}; PlaySupport plays Support cards`, { cardId: s.cardId });
  const full = p.support.length >= SUPPORT_CAPACITY;
  if (s.replaceCardId === undefined) {
    if (full) fail('ZONE_FULL_SUPPORT', `${actor}'s Support Zone holds ${SUPPORT_CAPACITY} cards: name replaceCardId to discard one (AG-R28)`);
  } else {
    if (!(full)) fail('REPLACE_NOT_ALLOWED', `the Support Zone is not full; nothing is replaced (AG-R28)`, { replaceCardId: s.replaceCardId });
    if (!(p.support.includes(s.replaceCardId))) fail('REPLACE_NOT_ALLOWED', `${s.replaceCardId} is not in ${actor}'s Support Zone`, { replaceCardId: s.replaceCardId });
  }
  const cost = card.cost ?? 0;
  if (!(p.mana >= cost)) fail('INSUFFICIENT_MANA', `${card.name} costs ${cost} Mana; ${actor} has ${p.mana} (AG-R12)`, { cost, mana: p.mana });
}

/** PlaySpell (§8): the window decides the moment and the player (§12.1, AG-R14, AG-R29). */
export function decidePlaySpell(state: AgState, actor: Seat, s: AgPlaySpell): void {
  const inst = state.cards.get(s.cardId)!;
  const card = inst.card;
  if (!(card.type === 'Spell' && card.spellType !== undefined)) fail('WRONG_CARD_TYPE', `${card.name} is a ${card.type}, not a Spell`, { cardId: s.cardId });
  const type = card.spellType;
  const battle = state.battle;
  let open: boolean;
  let where: string;
  if (type === 'Attack') {
    open = battle?.step === 'attackWindow' && actor === battle.attacker;
    where = 'in the Attack Window of a battle, by the attacker';
  } else if (type === 'Defense') {
    open = battle?.step === 'defenseWindow' && actor === other(battle.attacker);
    where = 'in the Defense Window of a battle, by the defender';
  } else {
    open = actor === state.turnPlayer && state.step === 'main';
    where = "in the turn player's Main Phase";
  }
  if (!(open)) fail('WRONG_WINDOW', `${card.name} is a ${type} spell: it is played only ${where}`, { spellType: type, step: state.step, battleStep: battle?.step ?? null });
  const p = state.players[actor];
  if (!(p.hand.includes(s.cardId))) fail('CARD_NOT_IN_HAND', `${s.cardId} is not in ${actor}'s hand`, { cardId: s.cardId });
  if (p.quota[type]) fail('QUOTA_EXHAUSTED', `${actor} has played a ${type} spell this turn cycle (one per type, §8.1)`, { spellType: type });
  const cost = card.manaCost ?? 0;
  if (!(p.mana >= cost)) fail('INSUFFICIENT_MANA', `${card.name} costs ${cost} Mana; ${actor} has ${p.mana}`, { cost, mana: p.mana });
}
