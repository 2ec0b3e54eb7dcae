import type * as E from '@cardlog/events';
import type { BfbCard } from '@cardlog/events';
import {
  BfbState,
  CardState,
  Seat,
  ZoneKey,
  ability as abilityOf,
  catalogOf,
  hasRoom,
  hasStatus,
  inPlay,
  onField,
  posKey,
  cardOf,
} from '../state';
import { useKey } from '../uses';
import { isMainPhase, noBattle, priorityIfStacked, refuse, stackEmpty, turnPlayerOnly } from './guards';

export function decidePlayCard(state: BfbState, actor: Seat, play: E.PlayCard): void {
  const card = cardOf(state, play.cardId)!;
  const entry = catalogOf(state, card);
  if (entry.pray) {
    priorityIfStacked(state, actor);
  } else {
    if (actor !== state.turnPlayer) turnPlayerOnly(state, actor, `play ${entry.name} (it has no Pray)`);
    stackEmpty(state);
    noBattle(state);
    if (!isMainPhase(state)) refuse('WRONG_PHASE', 'cards without Pray are played in your Main or Second Main Phase', { phase: state.phase });
  }
  if (!(card.owner === actor && card.zone === 'hand')) refuse('CARD_NOT_IN_HAND', `${card.id} is not in ${actor}'s hand`, { cardId: card.id });
  if (entry.type === 'Character' || entry.extra) refuse('NOT_PLAYABLE_FROM_HAND', `${entry.name} cannot be played from hand`, { cardId: card.id });
  const destination = play.destination === undefined ? undefined : posKey(play.destination);
  checkDestination(state, actor, card, entry, destination);
  if (destination !== undefined && !hasRoom(state, actor, destination)) refuse('SLOT_FULL', `no free place in ${destination}`, { destination }); // BB-R18
  const cost = play.costOverride?.amount ?? entry.nCost ?? 0;
  const n = state.players[actor].n;
  if (!(n >= cost)) refuse('INSUFFICIENT_N', `${entry.name} costs ${cost} N; ${actor} has ${n}`, { cost, n });
}

function printedInfiltration(entry: BfbCard): boolean {
  const keywords = entry.keywords;
  if (keywords !== undefined) for (let i = 0; i < keywords.length; i++) if (keywords[i]!.kw === 'Infiltration') return true;
  return false;
}

/** BAD_SLOT (§12.1): where a card may be played, by type, Off-Hand (BB-R22), hosts (BB-R23) and Special Slots. */
function checkDestination(state: BfbState, actor: Seat, card: CardState, entry: BfbCard, destination: ZoneKey | undefined): void {
  if (entry.oneShot) {
    if (destination !== undefined) badSlot(card, entry, destination, 'a oneShot card goes to the graveyard and names no destination');
    return;
  }
  if (destination === undefined) return badSlot(card, entry, destination, 'a permanent needs a destination');
  if (destination === 'extraZone') return badSlot(card, entry, destination, 'the Extra Zone is never a play destination');
  const infiltration = printedInfiltration(entry);
  if (destination.startsWith('host:')) {
    const host = cardOf(state, destination.slice(5));
    if (!host || host.owner !== actor || !onField(host) || !catalogOf(state, host).fieldArtifact) return badSlot(card, entry, destination, 'no such Field Artifact on your field');
    if (!infiltration && entry.type !== 'Mercenary') badSlot(card, entry, destination, 'only Mercenaries are hosted');
    return;
  }
  if (destination.startsWith('special:')) {
    const slot = state.players[actor].specialSlots[destination.slice(8)];
    if (!slot) return badSlot(card, entry, destination, 'no such Special Slot on your field');
    if (!infiltration && slot.allowedTypes !== 'any' && !slot.allowedTypes.includes(entry.type)) badSlot(card, entry, destination, `the slot takes ${slot.allowedTypes.join(', ')}`);
    return;
  }
  if (infiltration) return; // Infiltration: any slot type, capacity still applies
  const expected =
    entry.type === 'Mercenary' ? 'mercenary' : entry.type === 'Artifact' ? 'artifact' : entry.type === 'Skill' ? 'skill' : entry.offHand ? 'offHand' : 'item';
  if (destination !== expected) badSlot(card, entry, destination, `a ${entry.offHand ? 'Off-Hand Item' : entry.type} goes to ${expected}`);
}

/** BAD_SLOT, its message built only when refused. */
function badSlot(card: CardState, entry: BfbCard, destination: ZoneKey | undefined, why: string): never {
  refuse('BAD_SLOT', `${entry.name} cannot go to ${destination ?? 'nowhere'}: ${why}`, { cardId: card.id, destination });
}

const OWN_TURN_KINDS = new Set(['order', 'endPhase', 'other']);

export function decideActivateAbility(state: BfbState, actor: Seat, act: E.ActivateAbility): void {
  const card = cardOf(state, act.cardId)!;
  const ab = abilityOf(state, card, act.abilityId);
  if (!ab) refuse('UNKNOWN_ABILITY', `${catalogOf(state, card).name} has no ability "${act.abilityId}"`, { cardId: card.id, abilityId: act.abilityId });
  if (OWN_TURN_KINDS.has(ab.kind)) turnPlayerOnly(state, actor, `use ${ab.kind} abilities`);
  if (ab.kind === 'pray') {
    priorityIfStacked(state, actor);
  } else {
    stackEmpty(state);
    noBattle(state);
  }
  if (ab.kind === 'order' || ab.kind === 'other') {
    if (!isMainPhase(state)) refuse('WRONG_PHASE', `${ab.kind} abilities are used in your Main or Second Main Phase`, { phase: state.phase }); // BB-R16
  } else if (ab.kind === 'endPhase') {
    if (!(state.phase === 'end' && !state.handCheckDone)) {
      refuse('WRONG_PHASE', 'End Phase Actions come in the End Phase, before the hand check', { phase: state.phase, handCheckDone: state.handCheckDone }); // BB-R26
    }
  }
  if (!(card.owner === actor && inPlay(card))) refuse('CARD_NOT_ON_FIELD', `${card.id} is neither on ${actor}'s field nor their Character`, { cardId: card.id });
  if (ab.kind === 'triggered' || ab.kind === 'continuous') refuse('NOT_ACTIVATABLE', `${ab.id} is ${ab.kind}: it is never activated`, { abilityId: ab.id });
  checkUsable(card, ab);
  const cost = act.costOverride?.amount ?? ab.nCost ?? 0;
  if (!(state.players[actor].n >= cost)) refuse('INSUFFICIENT_N', `${ab.id} costs ${cost} N; ${actor} has ${state.players[actor].n}`, { cost });
}

/** STUNNED, SILENCED, ON_COOLDOWN, LIMIT_REACHED for an ability use (BB-R14, BB-R15, BB-R37). */
export function checkUsable(card: CardState, ab: NonNullable<ReturnType<typeof abilityOf>>, statuses = true): void {
  if (statuses) {
    if (hasStatus(card, 'stun')) refuse('STUNNED', `${card.id} is Stunned`, { cardId: card.id });
    if (hasStatus(card, 'silence')) refuse('SILENCED', `${card.id} is Silenced`, { cardId: card.id });
  }
  const key = useKey('ability', ab);
  const remaining = card.obj?.cd[key]?.remaining ?? 0;
  if (remaining !== 0) refuse('ON_COOLDOWN', `${ab.id} is on cooldown (${remaining} more)`, { cardId: card.id, abilityId: ab.id, remaining });
  const used = ab.limit === 'oncePerTurn' ? (card.obj?.usedThisTurn.includes(key) ?? false) : ab.limit === 'oncePerGame' ? card.usedThisGame.includes(key) : false;
  if (used) refuse('LIMIT_REACHED', `${ab.id} can be used ${ab.limit === 'oncePerTurn' ? 'once per turn' : 'once per game'}`, { abilityId: ab.id });
}

export function decideSellCard(state: BfbState, actor: Seat, sell: E.SellCard): void {
  turnPlayerOnly(state, actor, 'sell cards');
  stackEmpty(state);
  noBattle(state);
  if (!isMainPhase(state)) refuse('WRONG_PHASE', 'cards are sold in your Main or Second Main Phase', { phase: state.phase });
  const card = cardOf(state, sell.cardId)!;
  if (!(card.owner === actor && onField(card))) refuse('NOT_SELLABLE', `${card.id} is not on ${actor}'s field`, { cardId: card.id });
  if (!(card.obj!.enteredTurn < state.turn)) refuse('SELL_TOO_EARLY', `${card.id} entered the field this turn: sell it from your next turn on`, { cardId: card.id }); // BB-R1
}
