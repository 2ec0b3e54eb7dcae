import type { DvEffect } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import { counted } from '../words';
import type { Draft } from './draft';
import { BatchBox, destroyCard, heroLeaves } from './destroy';
import { checkKnownPlaces } from './universe';
import { CardRow, DvState, KnotItem, ListZone, Seat, Until, cardOf, catalogCard, entersBattlefield, inArena, isGone, isLiving, playerOf, refOf } from './state';

type Destination = { readonly zone: string; readonly player?: string };

/** Effects that put a card into a zone (or reshuffle one): refused while every zone is closed (§6.4). */
const ADDS_TO_A_ZONE: ReadonlySet<DvEffect['type']> = new Set([
  'MoveCard', 'DestroyCard', 'DrawCards', 'DiscardCards', 'ShuffleUniverse', 'AttachGuardian', 'DetachGuardian', 'ChangeController', 'CancelKnotItem',
]);

const BATTLEFIELD: ReadonlySet<string> = new Set(['soldierLine', 'heroLine']);

function fail(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

function knownCard(state: DvState, iid: string, at: string) {
  const card = cardOf(state, iid);
  if (!card || card.zone === 'leftMatch') fail('UNKNOWN_CARD', `${at}: card ${iid} is not in this match`, { cardId: iid });
  return card;
}

function knownPlayer(state: DvState, seat: string, at: string) {
  const p = playerOf(state, seat);
  if (!p) fail('UNKNOWN_PLAYER', `${at}: ${seat} is not seated`, { player: seat });
  return p;
}

/** Where an effect may send a card (§12.4 MoveCard): never to the Knot zone or *falling*, nor a line its type does not sit in, nor a Deva out of the game. */
function checkDestination(state: DvState, card: CardRow, to: Destination, at: string): void {
  const type = catalogCard(state, card).type;
  if (to.zone === 'knot' || to.zone === 'falling') fail('ILLEGAL_DESTINATION', `${at}: no effect moves a card to ${to.zone}`);
  if ((type === 'hero' && to.zone === 'soldierLine') || (type !== 'hero' && to.zone === 'heroLine')) fail('ILLEGAL_DESTINATION', `${at}: a ${type} cannot go to the ${to.zone}`);
  if (to.player !== undefined && !isLiving(state, to.player)) fail('ILLEGAL_DESTINATION', `${at}: ${to.player} has left the game; its zones are gone (DV-R50)`);
}

/** §12.4 structural checks of one effect against the state it would apply to; `closed`: a hero call or upgrade is resolving (§6.4). */
export function checkEffect(state: DvState, e: DvEffect, item: KnotItem | null, at: string, closed = false): void {
  for (const field of ['heroId', 'to'] as const) {
    const ref = (e as Record<string, unknown>)[field];
    if (typeof ref === 'string') knownCard(state, ref, at);
  }
  if ('cardId' in e && typeof e.cardId === 'string') {
    const card = knownCard(state, e.cardId, at);
    if (item) {
      for (const t of item.targets) {
        if ('card' in t && t.card.iid === e.cardId && isGone(state, t.card)) {
          fail('TARGET_GONE', `${at}: ${e.cardId} was a target of ${item.id} and has left its zone since (DV-R40)`, { cardId: e.cardId });
        }
      }
    }
    void card;
  }
  if ('player' in e && typeof e.player === 'string') knownPlayer(state, e.player, at);
  if ((e.type === 'MoveCard' || e.type === 'DetachGuardian') && e.to?.player !== undefined) knownPlayer(state, e.to.player, at);
  if (e.type === 'MoveCard' && e.position !== undefined && e.to.zone !== 'universe') fail('MALFORMED_EVENT', `${at}: position applies to a move into a Universe, not to the ${e.to.zone}`);
  if (closed && ADDS_TO_A_ZONE.has(e.type)) fail('ZONES_CLOSED', `${at}: a hero call or upgrade is resolving and every zone is closed (§6.4); ${e.type} waits until it has resolved`);
  switch (e.type) {
    case 'MoveCard': {
      const card = cardOf(state, e.cardId)!;
      if (card.zone === 'blackHole') fail('BLACK_HOLE_FINAL', `${at}: ${e.cardId} is in a Black Hole, which no card leaves (DV-R33)`);
      checkDestination(state, card, e.to, at);
      return;
    }
    case 'AttachGuardian': {
      const hero = cardOf(state, e.heroId)!;
      const card = cardOf(state, e.cardId)!;
      if (hero.zone !== 'heroLine') fail('CARD_NOT_IN_ZONE', `${at}: ${e.heroId} is not a hero on a Battlefield`, { cardId: e.heroId });
      if (card.zone === 'blackHole') fail('BLACK_HOLE_FINAL', `${at}: ${e.cardId} is in a Black Hole, which no card leaves (DV-R33)`);
      if (e.cardId === e.heroId) fail('ILLEGAL_DESTINATION', `${at}: a hero is not its own guardian`);
      if (card.zone === 'guardian' && card.heroId === e.heroId) fail('ILLEGAL_DESTINATION', `${at}: ${e.cardId} is a guardian of ${e.heroId} already`);
      return;
    }
    case 'DetachGuardian': {
      const card = cardOf(state, e.cardId)!;
      if (card.zone !== 'guardian' || card.heroId !== e.heroId) fail('CARD_NOT_IN_ZONE', `${at}: ${e.cardId} is not a guardian of ${e.heroId}`, { cardId: e.cardId });
      if (e.to) checkDestination(state, card, e.to, at);
      return;
    }
    case 'AttachCard':
    case 'DetachCard': {
      const card = cardOf(state, e.cardId)!;
      // The resolving item's own card may attach itself as it enters the Battlefield (DV-R56).
      const entering = e.type === 'AttachCard' && card.zone === 'knot' && item?.kind === 'card' && item.card?.iid === e.cardId && entersBattlefield(catalogCard(state, card));
      if (!BATTLEFIELD.has(card.zone) && !entering) fail('CARD_NOT_IN_ZONE', `${at}: ${e.cardId} is not on a Battlefield`, { cardId: e.cardId });
      if (e.type === 'AttachCard') {
        if (!BATTLEFIELD.has(cardOf(state, e.to)!.zone)) fail('CARD_NOT_IN_ZONE', `${at}: ${e.to} is not on a Battlefield`, { cardId: e.to });
        if (e.to === e.cardId) fail('ILLEGAL_DESTINATION', `${at}: a card is not attached to itself`);
      }
      return;
    }
    case 'ChangeController': {
      const card = cardOf(state, e.cardId)!;
      if (!inArena(card.zone)) fail('CARD_NOT_IN_ZONE', `${at}: ${e.cardId} is not in the Arena; only a card there changes controller`, { cardId: e.cardId });
      if (!isLiving(state, e.player)) fail('ILLEGAL_DESTINATION', `${at}: ${e.player} has left the game (DV-R50)`);
      return;
    }
    case 'DestroyCard': {
      const card = cardOf(state, e.cardId)!;
      if (card.zone !== 'soldierLine' && card.zone !== 'heroLine') fail('CARD_NOT_IN_ZONE', `${at}: ${e.cardId} is not on a Battlefield`);
      return;
    }
    case 'PlaceCounters':
    case 'RemoveCounters': {
      if (e.n <= 0) fail('BAD_AMOUNT', `${at}: ${e.type} needs a positive n, not ${e.n}`);
      if (e.type === 'RemoveCounters') {
        const card = cardOf(state, e.cardId)!;
        const present = e.kind === 'damage' ? card.damage : e.kind === 'turn' ? card.turnCounters : (card.counters?.get(e.kind) ?? 0);
        if (e.n > present) fail('INSUFFICIENT_COUNTERS', `${at}: ${e.cardId} has ${present} ${e.kind} counters, not ${e.n}`);
      }
      return;
    }
    case 'ChangeFaith':
      if (e.delta === 0) fail('BAD_AMOUNT', `${at}: ChangeFaith needs a non-zero delta`);
      return;
    case 'SetMode': {
      const card = cardOf(state, e.cardId)!;
      if (!inArena(card.zone)) fail('CARD_NOT_IN_ZONE', `${at}: ${e.cardId} is not in the Arena`);
      return;
    }
    case 'ModifyStat': {
      const type = catalogCard(state, cardOf(state, e.cardId)!).type;
      const fits = e.stat === 'at' ? type !== 'event' : e.stat === 'df' ? type === 'soldier' : type === 'hero';
      if (!fits) fail('STAT_NOT_APPLICABLE', `${at}: a ${type} has no ${e.stat.toUpperCase()}`);
      return;
    }
    case 'SetFlag':
      if ('card' in e.target) knownCard(state, e.target.card, at);
      else knownPlayer(state, e.target.player, at);
      return;
    case 'DrawCards': {
      const p = playerOf(state, e.player)!;
      if (e.count <= 0) fail('BAD_AMOUNT', `${at}: DrawCards needs a positive count`);
      if (e.cardIds.length !== e.count) fail('MALFORMED_EVENT', `${at}: DrawCards names ${counted(e.cardIds.length, 'card')} for a count of ${e.count}`);
      if (e.count > p.universe.length) fail('UNIVERSE_TOO_SMALL', `${at}: ${e.player}'s Universe holds ${counted(p.universe.length, 'card')}`);
      for (const id of e.cardIds) if (!p.universe.includes(id)) fail('CARD_NOT_IN_ZONE', `${at}: ${id} is not in ${e.player}'s Universe`, { cardId: id });
      if (new Set(e.cardIds).size !== e.cardIds.length) fail('MALFORMED_EVENT', `${at}: a card is drawn twice`);
      checkKnownPlaces(p, e.cardIds, at);
      return;
    }
    case 'DiscardCards':
    case 'RevealCards': {
      const p = playerOf(state, e.player)!;
      const zone = e.type === 'DiscardCards' ? p.hand : [...p.hand, ...p.universe];
      for (const id of e.cardIds) if (!zone.includes(id)) fail('CARD_NOT_IN_ZONE', `${at}: ${id} is not in ${e.player}'s ${e.type === 'DiscardCards' ? 'hand' : 'hand or Universe'}`, { cardId: id });
      return;
    }
    case 'AddBlessing':
      if (e.n <= 0) fail('BAD_AMOUNT', `${at}: AddBlessing needs a positive n`);
      return;
    case 'CancelKnotItem':
      if (!state.knot.some((k) => k.id === e.knotId)) fail('UNKNOWN_KNOT_ITEM', `${at}: no Knot item ${e.knotId}`);
      return;
    case 'EliminatePlayer':
    case 'DeclareWinner':
      if (!isLiving(state, e.player)) fail('PLAYER_ELIMINATED', `${at}: ${e.player} has already left the game`);
      return;
    case 'ShuffleUniverse':
    case 'Note':
      return;
  }
}

/** Applies one effect (already checked); cards sent to the Cenotaph join `batch`. */
export function applyEffect(d: Draft, e: DvEffect, batch: BatchBox): void {
  switch (e.type) {
    case 'MoveCard':
      moveCard(d, e.cardId, e.to, e.faceUp, e.position, batch);
      return;
    case 'AttachGuardian': {
      const hero = d.read(e.heroId);
      if (hero.zone !== 'heroLine' || d.read(e.cardId).zone === 'blackHole') return;
      // A hero taken from a Battlefield to be a guardian leaves the Arena (§6.6 B).
      if (d.read(e.cardId).zone === 'heroLine') heroLeaves(d, e.cardId, batch, false);
      d.move(e.cardId, 'guardian', true, hero.controller);
      d.card(e.cardId).heroId = e.heroId;
      const w = d.card(e.heroId);
      w.guardians = [...w.guardians, e.cardId];
      return;
    }
    case 'DetachGuardian':
      if (d.read(e.cardId).zone !== 'guardian') return;
      moveCard(d, e.cardId, e.to ?? { zone: 'cenotaph' }, undefined, undefined, batch);
      return;
    case 'AttachCard':
      d.card(e.cardId).attachedTo = refOf(d.read(e.to));
      return;
    case 'DetachCard':
      d.card(e.cardId).attachedTo = null;
      return;
    case 'ChangeController':
      d.changeController(e.cardId, e.player);
      return;
    case 'DestroyCard':
      destroyCard(d, e.cardId, batch);
      return;
    case 'PlaceCounters':
    case 'RemoveCounters': {
      const n = e.type === 'PlaceCounters' ? e.n : -e.n;
      const c = d.card(e.cardId);
      if (e.kind === 'damage') c.damage = Math.max(0, c.damage + n);
      else if (e.kind === 'turn') c.turnCounters = Math.max(0, c.turnCounters + n);
      else {
        const counters = new Map(c.counters ?? []);
        counters.set(e.kind, Math.max(0, (counters.get(e.kind) ?? 0) + n));
        c.counters = counters;
      }
      return;
    }
    case 'ChangeFaith':
      d.player(e.player).faith += e.delta;
      return;
    case 'SetMode':
      d.card(e.cardId).mode = e.mode;
      return;
    case 'ModifyStat': {
      const c = d.card(e.cardId);
      d.timed(e.until as Until);
      c.mods = [...c.mods, { stat: e.stat, delta: e.delta, until: e.until as Until }];
      return;
    }
    case 'SetFlag': {
      const holder = 'card' in e.target ? d.card(e.target.card) : d.player(e.target.player);
      const flags = new Map(holder.flags ?? []);
      d.timed(e.until as Until);
      flags.set(e.flag, { value: e.value, until: e.until as Until });
      holder.flags = flags;
      return;
    }
    case 'DrawCards':
      for (const id of e.cardIds) d.move(id, 'hand', true, e.player);
      return;
    case 'DiscardCards':
      for (const id of e.cardIds) d.fall(id, batch);
      return;
    case 'AddBlessing': {
      const p = d.player(e.player);
      p.pool = { ...p.pool, [e.kind]: p.pool[e.kind] + e.n };
      return;
    }
    case 'CancelKnotItem': {
      const item = d.s.knot.find((k) => k.id === e.knotId);
      if (!item) return;
      d.s.knot = d.s.knot.filter((k) => k.id !== e.knotId);
      if ((item.kind === 'card' || item.kind === 'hero') && item.card && !isGone(d.s, item.card)) d.fall(item.card.iid, batch);
      return;
    }
    case 'EliminatePlayer':
      d.player(e.player).leaving = 'effect';
      return;
    case 'DeclareWinner':
      for (const p of d.s.players) if (!p.eliminated && p.seat !== e.player) d.player(p.seat).leaving = 'effect';
      return;
    case 'ShuffleUniverse':
      d.forgetPlaces(e.player);
      return;
    case 'RevealCards':
    case 'Note':
      return;
  }
}

/**
 * An effect moves a card (§12.4 MoveCard): a new object in `to`'s zone, of the named Deva or else
 * the owner's; a guardian bound for a Cenotaph goes to its hero controller's (DV-R35). A hero
 * leaving its Battlefield goes through §6.6, and to a Cenotaph that is destruction (DV-R20).
 */
function moveCard(d: Draft, iid: string, to: Destination, faceUp: boolean | undefined, position: 'top' | 'bottom' | 'random' | undefined, batch: BatchBox): void {
  const card = d.read(iid);
  if (card.zone === 'blackHole' || card.zone === 'leftMatch') return;
  let holder: Seat | undefined = to.player;
  if (holder === undefined && card.zone === 'guardian' && to.zone === 'cenotaph' && card.heroId) holder = d.read(card.heroId).controller;
  if (card.zone === 'heroLine') heroLeaves(d, iid, batch, to.zone === 'cenotaph');
  if (to.zone === 'cenotaph') {
    if (d.read(iid).zone !== 'falling') d.fall(iid, batch, holder);
    return;
  }
  d.move(iid, to.zone as ListZone, faceUp ?? (to.zone !== 'temple' && to.zone !== 'universe'), holder, position);
  if (to.zone === 'heroLine' || to.zone === 'soldierLine') d.card(iid).enteredTurn = d.s.turn;
}

/**
 * Applies a list of effects in order. `check`: a look-ahead that checks each against the state the
 * previous ones left, and so need not apply the last (its copy-on-write copy of the card array
 * would be the costliest part of the check).
 */
export function runEffects(d: Draft, effects: readonly DvEffect[], item: KnotItem | null, batch: BatchBox, check: boolean, where: string, closed = false): void {
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    if (check) {
      checkEffect(d.s, e, item, `${where}[${i}] ${e.type}`, closed);
      if (i === effects.length - 1) return;
    }
    applyEffect(d, e, batch);
  }
}
