import type { AgZone } from '@cardlog/events';
import { AgState, CardId, MANA_CAP, PlayerDraft, PlayerState, Seat, StateDraft, Unit } from './state';

// In-place helpers for evolve: each changes a player the fold owns (see `writable`).

/** A copy of the player whose zones are its own; cards, units and modifiers are values and shared. */
export function ownPlayer(p: PlayerState): PlayerDraft {
  return {
    seat: p.seat,
    name: p.name,
    registered: p.registered,
    identity: p.identity,
    deck: p.deck.slice(),
    top: p.top.slice(),
    bottom: p.bottom.slice(),
    hand: p.hand.slice(),
    units: p.units.slice(),
    support: p.support.slice(),
    field: p.field.slice(),
    drop: p.drop.slice(),
    aegisSet: p.aegisSet.slice(),
    aegisOpen: p.aegisOpen.slice(),
    mana: p.mana,
    quota: p.quota,
    openingHandDrawn: p.openingHandDrawn,
    lost: p.lost,
  };
}

/**
 * The seat's player, ready to change. `from` is the state the draft was copied from while it may
 * still share players with it (a pure `evolve`): a shared player is copied the first time it is
 * written. With `from` null the draft owns everything (an in-place fold).
 */
export function writable(s: StateDraft, from: AgState | null, seat: Seat): PlayerDraft {
  const p = s.players[seat];
  if (from === null || p !== from.players[seat]) return p;
  return (s.players[seat] = ownPlayer(p));
}

/** Removes the element at `i`, keeping the order (the zones are a handful of cards). */
function removeAt<T>(list: T[], i: number): void {
  for (let j = i + 1; j < list.length; j++) list[j - 1] = list[j]!;
  list.pop();
}

function remove(list: CardId[], id: CardId): boolean {
  const i = list.indexOf(id);
  if (i < 0) return false;
  removeAt(list, i);
  return true;
}

function unitIndex(units: readonly Unit[], id: CardId): number {
  for (let i = 0; i < units.length; i++) if (units[i]!.id === id) return i;
  return -1;
}

/** Takes a card out of whichever zone of its owner holds it (a unit forgets its state). */
export function takeOut(p: PlayerDraft, id: CardId): void {
  if (remove(p.hand, id)) return;
  const u = unitIndex(p.units, id);
  if (u >= 0) return removeAt(p.units, u);
  if (remove(p.support, id) || remove(p.field, id) || remove(p.drop, id)) return;
  if (remove(p.deck, id)) {
    remove(p.top, id);
    remove(p.bottom, id);
    return;
  }
  if (remove(p.aegisSet, id)) return;
  for (let a = 0; a < p.aegisOpen.length; a++) if (p.aegisOpen[a]!.id === id) return removeAt(p.aegisOpen, a);
}

/** Puts a card into a zone of this player. A Field entering a full F sends the old one to Drop (§4). */
export function putIn(p: PlayerDraft, id: CardId, zone: AgZone, position?: 'top' | 'bottom' | 'any'): void {
  switch (zone) {
    case 'hand':
      p.hand.push(id);
      return;
    case 'unit':
      p.units.push({ id, ready: true, mods: [] });
      return;
    case 'support':
      p.support.push(id);
      return;
    case 'field':
      for (const old of p.field) p.drop.push(old);
      p.field.length = 0;
      p.field.push(id);
      return;
    case 'drop':
      p.drop.push(id);
      return;
    case 'deck':
      p.deck.push(id);
      if (position === 'top') p.top.unshift(id);
      if (position === 'bottom') p.bottom.unshift(id);
      return;
    case 'aegis':
      p.aegisSet.push(id);
      return;
    case 'aegisArea':
      p.aegisOpen.push({ id, state: 'Faded' });
      return;
  }
}

export function moveTo(p: PlayerDraft, id: CardId, zone: AgZone, position?: 'top' | 'bottom' | 'any'): void {
  takeOut(p, id);
  putIn(p, id, zone, position);
}

/** Draws the named cards from the deck into the hand (their legality is decide's job). */
export function drawInto(p: PlayerDraft, ids: readonly CardId[]): void {
  for (const id of ids) {
    if (!remove(p.deck, id)) continue;
    remove(p.top, id);
    remove(p.bottom, id);
    p.hand.push(id);
  }
}

/** Replaces the unit `id` of this player (if it is in its Unit Zone) by `change` of it. */
export function withUnit(s: StateDraft, from: AgState | null, seat: Seat, id: CardId, change: (u: Unit) => Unit): void {
  const i = unitIndex(s.players[seat].units, id);
  if (i < 0) return;
  const units = writable(s, from, seat).units;
  units[i] = change(units[i]!);
}

export function setReady(s: StateDraft, from: AgState | null, seat: Seat, id: CardId, ready: boolean): void {
  const i = unitIndex(s.players[seat].units, id);
  if (i < 0) return;
  const units = writable(s, from, seat).units;
  const u = units[i]!;
  if (u.ready !== ready) units[i] = { id: u.id, ready, mods: u.mods };
}

export function clampMana(mana: number): number {
  return Math.max(0, Math.min(MANA_CAP, mana));
}

/** Turns the named Set Aegis Active (an Aegis Break, §9 step 5c). */
export function breakAegis(p: PlayerDraft, id: CardId): void {
  if (remove(p.aegisSet, id)) p.aegisOpen.push({ id, state: 'Active' });
}
