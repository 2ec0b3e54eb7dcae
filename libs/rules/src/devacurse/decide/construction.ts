import type { DvEffect } from '@cardlog/events';
import { Payment, checkPayment, cenotaphCanPay } from '../costs';
import { Draft } from '../draft';
import { runEffects } from '../effects';
import { DvState, catalogCard, flagNumber, isLiving, playerOf } from '../state';
import { cardAt, check, fail, seatAt, segmentName } from './guards';
import { requirePartOwner, requirePriority } from './window';
import { counted } from '../../words';

// The Construction loop (§5.3): Bless making, blessing, calls from hand and temple, heroes.

export function decidePlacePrayer(state: DvState, actor: string, p: { cardId: string; faceUp: boolean }): void {
  const card = cardAt(state, p.cardId, 'cardId');
  if (state.cursor.part !== 'blessMaking') fail('WRONG_SEGMENT', `a prayer is placed in a Bless making part, not in ${segmentName(state)}`);
  requirePartOwner(state, actor, 'PlacePrayer');
  const me = playerOf(state, actor)!;
  if (me.prayersPlaced >= 1 + flagNumber(me.flags, 'extraPrayers')) fail('PRAYER_ALREADY_PLACED', `${actor} has placed its prayer this turn (one per turn, §5.3.1)`);
  if (!(card.zone === 'hand' && card.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.cardId} is not in ${actor}'s hand`, { cardId: p.cardId });
}

export function decideEndBlessMaking(state: DvState, actor: string): void {
  if (state.cursor.part !== 'blessMaking') fail('WRONG_SEGMENT', `EndBlessMaking ends a Bless making part, not ${segmentName(state)}`);
  requirePartOwner(state, actor, 'EndBlessMaking');
}

export function decideProduceBlessing(state: DvState, actor: string, p: { prayerId: string; element?: string }): void {
  const prayer = cardAt(state, p.prayerId, 'prayerId');
  requirePriority(state, actor, 'ProduceBlessing');
  if (!(prayer.zone === 'temple' && prayer.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.prayerId} is not a prayer in ${actor}'s Temple zone`, { prayerId: p.prayerId });
  if (prayer.mode !== 'prompt') fail('CARD_IN_REST', `prayer ${p.prayerId} is in rest: it gave its blessing this turn (DV-R8)`);
  const elements = catalogCard(state, prayer).elements;
  if (!prayer.faceUp || elements.length === 0) {
    if (p.element !== undefined) fail('INVALID_ELEMENT_CHOICE', `prayer ${p.prayerId} gives colourless blessing; no element is chosen (DV-R7)`);
  } else if (elements.length > 1) {
    if (!(p.element !== undefined && (elements as string[]).includes(p.element))) fail('INVALID_ELEMENT_CHOICE', `choose one of ${elements.join(', ')} for prayer ${p.prayerId}`);
  } else {
    if (!(p.element === undefined || p.element === elements[0])) fail('INVALID_ELEMENT_CHOICE', `prayer ${p.prayerId} gives ${elements[0]} blessing, not ${p.element}`);
  }
}

type Target = { card: string } | { player: string };

const TARGETABLE: ReadonlySet<string> = new Set(['temple', 'devayard', 'soldierLine', 'heroLine', 'knot', 'cenotaph', 'blackHole']);

export function checkTargets(state: DvState, actor: string, targets: readonly Target[] | undefined, targetCount: number | undefined, where: string): void {
  const list = targets ?? [];
  list.forEach((t, i) => {
    if ('card' in t) {
      const card = cardAt(state, t.card, `${where}.targets[${i}]`);
      // DV-R44: a card is targetable where every Deva can see it: the Arena, the Knot zone, a Cenotaph or Black Hole.
      if (!(TARGETABLE.has(card.zone) && !(card.zone === 'temple' && !card.faceUp && card.controller !== actor && card.owner !== actor))) fail('ILLEGAL_TARGET', `${where}.targets[${i}]: ${t.card} is not in a public zone (Arena, Knot zone, Cenotaph, Black Hole)`, { index: i });
    } else {
      seatAt(state, t.player, `${where}.targets[${i}]`);
      if (!isLiving(state, t.player)) fail('ILLEGAL_TARGET', `${where}.targets[${i}]: ${t.player} has left the game`, { index: i });
    }
  });
  if (targetCount !== undefined) check(list.length === targetCount, 'ILLEGAL_TARGET', `${where}: the card declares ${counted(targetCount, 'target')}, not ${list.length}`);
}

export function decideCallCard(state: DvState, actor: string, p: any): void {
  const card = cardAt(state, p.cardId, 'cardId');
  requirePriority(state, actor, 'CallCard');
  const c = catalogCard(state, card);
  const flash = c.flash && c.type !== 'hero';
  if (!flash) {
    const own = state.cursor.owner === actor;
    const window = own && state.cursor.phase === 'soldierCalling' ? 'soldier' : own && state.cursor.phase === 'heroCalling' ? 'hero' : null;
    if (!(window === 'soldier' || (window === 'hero' && c.type === 'event'))) fail('NOT_FLASH', `${c.name} is not Flash: it is called in ${actor}'s own ${c.type === 'event' ? 'Soldier or Hero' : 'Soldier'} Calling phase (§5.7)`);
    if (state.knot.length !== 0) fail('KNOT_NOT_EMPTY', `a non-Flash card is called only with an empty Knot zone (DV-R12)`);
  }
  if (p.from === 'hand') {
    if (card.zone !== 'hand' || card.controller !== actor) fail('CARD_NOT_IN_ZONE', `${p.cardId} is not in ${actor}'s hand`, { cardId: p.cardId });
  } else if (card.zone !== 'temple' || card.controller !== actor) fail('CARD_NOT_IN_ZONE', `${p.cardId} is not in ${actor}'s Temple zone`, { cardId: p.cardId });
  if (c.type === 'hero') fail('WRONG_CARD_TYPE', `${c.name} is a Hero: heroes are called with CallHero`);
  if (p.from === 'temple') {
    if (card.faceUp) fail('PRAYER_NOT_FACE_DOWN', `prayer ${p.cardId} is face up; only face-down prayers are called (DV-R9)`);
    if (card.mode !== 'prompt') fail('CARD_IN_REST', `prayer ${p.cardId} is in rest (DV-R9)`);
  }
  checkTargets(state, actor, p.targets, c.targetCount, 'CallCard');
  // Cost effects fail with their own codes, which §12.0 orders before the blessing codes.
  if (p.additionalCosts?.length) checkAdditionalCosts(state, actor, p);
  checkPayment(c.blessingCost, p.x, p.payment, playerOf(state, actor)!.pool, 'payment');
}

/**
 * §6.2: other printed costs are paid with the blessing, once the card is on the Knot zone. Each is
 * an effect, checked against the state the payment and the costs before it leave; the called card
 * pays none of its own costs (as a prayer cannot pay for itself, DV-R9).
 */
function checkAdditionalCosts(state: DvState, actor: string, p: { cardId: string; payment: Payment; additionalCosts: DvEffect[] }): void {
  p.additionalCosts.forEach((e, i) => {
    const named = [(e as { cardId?: string }).cardId, (e as { heroId?: string }).heroId, (e as { to?: unknown }).to];
    if (named.includes(p.cardId)) fail('CARD_NOT_IN_ZONE', `additionalCosts[${i}] ${e.type}: ${p.cardId} is the card being called; it does not pay its own costs`, { cardId: p.cardId });
  });
  const d = new Draft(state);
  const me = d.player(actor);
  const pool = { ...me.pool };
  for (const point of p.payment) pool[point.with] -= 1;
  me.pool = pool;
  d.move(p.cardId, 'knot', true, actor);
  runEffects(d, p.additionalCosts, null, { current: null }, true, 'additionalCosts');
}

function requireHeroCalling(state: DvState, actor: string, type: string): void {
  if (state.cursor.phase !== 'heroCalling') fail('WRONG_SEGMENT', `${type} is allowed in a Hero Calling phase, not in ${segmentName(state)}`);
  requirePriorityFor(state, actor, type);
  if (state.knot.length !== 0) fail('KNOT_NOT_EMPTY', `${type} needs an empty Knot zone (DV-R12)`);
}

function requirePriorityFor(state: DvState, actor: string, type: string): void {
  if (state.due) requirePriority(state, actor, type);
  requirePartOwner(state, actor, type);
  requirePriority(state, actor, type);
}

export function decideCallHero(state: DvState, actor: string, p: { cardId: string }): void {
  const card = cardAt(state, p.cardId, 'cardId');
  requireHeroCalling(state, actor, 'CallHero');
  if (!(card.zone === 'hand' && card.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.cardId} is not in ${actor}'s hand`, { cardId: p.cardId });
  const c = catalogCard(state, card);
  if (c.type !== 'hero') fail('WRONG_CARD_TYPE', `${c.name} is a ${c.type}, not a Hero`);
  if (!cenotaphCanPay(state, playerOf(state, actor)!.cenotaph, c.guardianCost!.lv1)) fail('GUARDIAN_COST_UNMET', `${actor}'s Cenotaph cannot pay ${c.name}'s LV1 guardian cost (DV-R17)`);
}

export function decideDeclareUpgrade(state: DvState, actor: string, p: { heroId: string }): void {
  const hero = cardAt(state, p.heroId, 'heroId');
  requireHeroCalling(state, actor, 'DeclareUpgrade');
  if (!((hero.zone === 'heroLine' || hero.zone === 'soldierLine') && hero.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.heroId} is not on ${actor}'s Battlefield`);
  const c = catalogCard(state, hero);
  if (c.type !== 'hero') fail('WRONG_CARD_TYPE', `${c.name} is not a Hero`);
  if (hero.level !== 1) fail('HERO_NOT_LV1', `${c.name} is LV2 already`);
  if (hero.enteredTurn >= state.turn) fail('UPGRADE_TOO_EARLY', `${c.name} entered the Battlefield this turn; it upgrades from a later turn (§6.5)`);
  if (!cenotaphCanPay(state, playerOf(state, actor)!.cenotaph, c.guardianCost!.lv2)) fail('GUARDIAN_COST_UNMET', `${actor}'s Cenotaph cannot pay ${c.name}'s LV2 guardian cost`);
}

export function decideAddGuardian(state: DvState, actor: string, p: { heroId: string; prayerId: string }): void {
  const hero = cardAt(state, p.heroId, 'heroId');
  const prayer = cardAt(state, p.prayerId, 'prayerId');
  requireHeroCalling(state, actor, 'AddGuardianFromPrayer');
  if (!(hero.zone === 'heroLine' && hero.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.heroId} is not a hero on ${actor}'s Battlefield`);
  if (!(prayer.zone === 'temple' && prayer.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.prayerId} is not a prayer in ${actor}'s Temple zone`);
}
