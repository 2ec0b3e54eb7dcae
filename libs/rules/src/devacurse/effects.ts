import type { DvEffect } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import type { Draft } from './draft';
import { BatchBox, destroyCard, heroLeaves } from './destroy';
import { ARENA_ZONES, DvState, KnotItem, ListZone, Until, cardOf, catalogCard, isGone, isLiving, playerOf } from './state';

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

/** §12.4 structural checks of one effect against the state it would apply to. */
export function checkEffect(state: DvState, e: DvEffect, item: KnotItem | null, at: string): void {
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
  switch (e.type) {
    case 'MoveCard': {
      const card = cardOf(state, e.cardId)!;
      if (card.zone === 'blackHole') fail('BLACK_HOLE_FINAL', `${at}: ${e.cardId} is in a Black Hole, which no card leaves (DV-R33)`);
      const type = catalogCard(state, card).type;
      if (e.to.zone === 'knot' || e.to.zone === 'falling') fail('ILLEGAL_DESTINATION', `${at}: no effect moves a card to ${e.to.zone}`);
      if ((type === 'hero' && e.to.zone === 'soldierLine') || (type !== 'hero' && e.to.zone === 'heroLine')) {
        fail('ILLEGAL_DESTINATION', `${at}: a ${type} cannot go to the ${e.to.zone}`);
      }
      if (e.to.player !== undefined && e.to.player !== card.owner) fail('ILLEGAL_DESTINATION', `${at}: cards move only to their owner's zones (control changes are not modelled)`);
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
      if (!ARENA_ZONES.has(card.zone)) fail('CARD_NOT_IN_ZONE', `${at}: ${e.cardId} is not in the Arena`);
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
      if (e.cardIds.length !== e.count) fail('MALFORMED_EVENT', `${at}: DrawCards names ${e.cardIds.length} cards for a count of ${e.count}`);
      if (e.count > p.universe.length) fail('UNIVERSE_TOO_SMALL', `${at}: ${e.player}'s Universe holds ${p.universe.length} cards`);
      for (const id of e.cardIds) if (!p.universe.includes(id)) fail('CARD_NOT_IN_ZONE', `${at}: ${id} is not in ${e.player}'s Universe`, { cardId: id });
      if (new Set(e.cardIds).size !== e.cardIds.length) fail('MALFORMED_EVENT', `${at}: a card is drawn twice`);
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
    case 'MoveCard': {
      const card = d.read(e.cardId);
      if (card.zone === 'blackHole' || card.zone === 'leftMatch') return;
      if (card.zone === 'heroLine' && e.to.zone !== 'heroLine') {
        heroLeaves(d, e.cardId, batch, e.to.zone === 'cenotaph');
        if (e.to.zone !== 'cenotaph') d.move(e.cardId, e.to.zone as ListZone, e.faceUp ?? true);
        return;
      }
      if (e.to.zone === 'cenotaph') d.fall(e.cardId, batch);
      else d.move(e.cardId, e.to.zone as ListZone, e.faceUp ?? e.to.zone !== 'temple');
      if (e.to.zone === 'heroLine' || e.to.zone === 'soldierLine') d.card(e.cardId).enteredTurn = d.s.turn;
      return;
    }
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
      c.mods = [...c.mods, { stat: e.stat, delta: e.delta, until: e.until as Until }];
      return;
    }
    case 'SetFlag': {
      const holder = 'card' in e.target ? d.card(e.target.card) : d.player(e.target.player);
      const flags = new Map(holder.flags ?? []);
      flags.set(e.flag, { value: e.value, until: e.until as Until });
      holder.flags = flags;
      return;
    }
    case 'DrawCards':
      for (const id of e.cardIds) d.move(id, 'hand');
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
    case 'RevealCards':
    case 'Note':
      return;
  }
}

/** Checks and applies a list of effects in order, each against the state the previous ones left. */
export function runEffects(d: Draft, effects: readonly DvEffect[], item: KnotItem | null, batch: BatchBox, check: boolean, where: string): void {
  effects.forEach((e, i) => {
    if (check) checkEffect(d.s, e, item, `${where}.effects[${i}] ${e.type}`);
    applyEffect(d, e, batch);
  });
}
