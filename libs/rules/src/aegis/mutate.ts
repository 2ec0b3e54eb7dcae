import type { AgZone } from '@cardlog/events';
import { AgState, CardId, FRESH_QUOTA, MANA_CAP, OpenAegis, PlayerState, Seat, Unit } from './state';

// Copy-on-write helpers for evolve: each returns a new object only along the path it changes.

export function withPlayer(state: AgState, seat: Seat, change: (p: PlayerState) => PlayerState): AgState {
  const before = state.players[seat];
  const after = change(before);
  if (after === before) return state;
  return { ...state, players: seat === 'p1' ? { p1: after, p2: state.players.p2 } : { p1: state.players.p1, p2: after } };
}

const without = (list: readonly CardId[], id: CardId): readonly CardId[] => {
  const i = list.indexOf(id);
  return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
};

/** Takes a card out of whichever zone of its owner holds it (a unit forgets its state). */
export function takeOut(p: PlayerState, id: CardId): PlayerState {
  if (p.hand.includes(id)) return { ...p, hand: without(p.hand, id) };
  const u = p.units.findIndex((x) => x.id === id);
  if (u >= 0) return { ...p, units: [...p.units.slice(0, u), ...p.units.slice(u + 1)] };
  if (p.support.includes(id)) return { ...p, support: without(p.support, id) };
  if (p.field.includes(id)) return { ...p, field: without(p.field, id) };
  if (p.drop.includes(id)) return { ...p, drop: without(p.drop, id) };
  if (p.deck.includes(id)) return { ...p, deck: without(p.deck, id), top: without(p.top, id), bottom: without(p.bottom, id) };
  if (p.aegisSet.includes(id)) return { ...p, aegisSet: without(p.aegisSet, id) };
  const a = p.aegisOpen.findIndex((x) => x.id === id);
  if (a >= 0) return { ...p, aegisOpen: [...p.aegisOpen.slice(0, a), ...p.aegisOpen.slice(a + 1)] };
  return p;
}

/** Puts a card into a zone of this player. A Field entering a full F sends the old one to Drop (§4). */
export function putIn(p: PlayerState, id: CardId, zone: AgZone, position?: 'top' | 'bottom' | 'any'): PlayerState {
  switch (zone) {
    case 'hand':
      return { ...p, hand: [...p.hand, id] };
    case 'unit':
      return { ...p, units: [...p.units, { id, ready: true, mods: [] }] };
    case 'support':
      return { ...p, support: [...p.support, id] };
    case 'field':
      return { ...p, field: [id], drop: p.field.length ? [...p.drop, ...p.field] : p.drop };
    case 'drop':
      return { ...p, drop: [...p.drop, id] };
    case 'deck':
      return {
        ...p,
        deck: [...p.deck, id],
        top: position === 'top' ? [id, ...p.top] : p.top,
        bottom: position === 'bottom' ? [id, ...p.bottom] : p.bottom,
      };
    case 'aegis':
      return { ...p, aegisSet: [...p.aegisSet, id] };
    case 'aegisArea':
      return { ...p, aegisOpen: [...p.aegisOpen, { id, state: 'Faded' } satisfies OpenAegis] };
  }
}

export function moveTo(p: PlayerState, id: CardId, zone: AgZone, position?: 'top' | 'bottom' | 'any'): PlayerState {
  return putIn(takeOut(p, id), id, zone, position);
}

/** Draws the named cards from the deck into the hand (their legality is decide's job). */
export function drawInto(p: PlayerState, ids: readonly CardId[]): PlayerState {
  let next = p;
  for (const id of ids) {
    if (!next.deck.includes(id)) continue;
    next = { ...next, deck: without(next.deck, id), top: without(next.top, id), bottom: without(next.bottom, id), hand: [...next.hand, id] };
  }
  return next;
}

export function withUnit(p: PlayerState, id: CardId, change: (u: Unit) => Unit): PlayerState {
  const i = p.units.findIndex((u) => u.id === id);
  if (i < 0) return p;
  const units = p.units.slice();
  units[i] = change(units[i]!);
  return { ...p, units };
}

export function clampMana(mana: number): number {
  return Math.max(0, Math.min(MANA_CAP, mana));
}

/** Turns the named Set Aegis Active (an Aegis Break, §9 step 5c). */
export function breakAegis(p: PlayerState, id: CardId): PlayerState {
  if (!p.aegisSet.includes(id)) return p;
  return { ...p, aegisSet: without(p.aegisSet, id), aegisOpen: [...p.aegisOpen, { id, state: 'Active' }] };
}

export function freshQuota(p: PlayerState): PlayerState {
  return { ...p, quota: FRESH_QUOTA };
}
