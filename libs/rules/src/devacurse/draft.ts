import { packedMap } from '../packed';
import { CardRow, Combat, DvState, FallBatch, Flag, KnotItem, LIST_ZONES, ListZone, PlayerState, Priority, Seat, StatMod, Until, Zone, isListZone, seatOf } from './state';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * What the rules write to. Copy-on-write (the default, for `evolve` and decide's look-ahead): the
 * state's top level is copied once, each player and card row the first time it is written, the
 * card array once; everything untouched is shared, so an event costs what it changes and the state
 * handed in is never modified. Owned (`owned`, for the in-place fold): the state is one `ownState`
 * made, nobody else holds its players or rows, and writes go straight to it.
 *
 * The rules never change an array or map in place, they assign a new one, except, in owned mode,
 * a Deva's zone lists (through `list`/`unlistFrom`), the Knot zone (`pushKnot`, `popKnot`) and
 * the fall batches (`fall`, `unlist`). That is what lets `ownState` copy only the
 * objects whose fields are written, and those lists, and share everything else.
 */
export class Draft {
  readonly s: Mutable<DvState>;
  private cardsCopied: boolean;
  private playersCopied: boolean;
  private combatCopied: boolean;
  private priorityCopied: boolean;
  private touchedCards: Set<number> | null = null;
  private touchedPlayers: Set<number> | null = null;

  constructor(
    base: DvState,
    readonly owned = false,
  ) {
    this.s = owned ? (base as Mutable<DvState>) : copyState(base);
    this.cardsCopied = owned;
    this.playersCopied = owned;
    this.combatCopied = owned;
    this.priorityCopied = owned;
  }

  /** The combat record (there must be one) to write to: copied the first time (owned: ownState copied it). */
  combat(): Mutable<Combat> {
    if (!this.combatCopied) {
      this.s.combat = copyCombat(this.s.combat!);
      this.combatCopied = true;
    }
    return this.s.combat as Mutable<Combat>;
  }

  /** The open window (there must be one) to write to: copied the first time (owned: ownState copied it). */
  priority(): Mutable<Priority> {
    if (!this.priorityCopied) {
      this.s.priority = { holder: this.s.priority!.holder, passes: this.s.priority!.passes, owner: this.s.priority!.owner };
      this.priorityCopied = true;
    }
    return this.s.priority as Mutable<Priority>;
  }

  player(seat: Seat): Mutable<PlayerState> {
    const i = seatOf(this.s, seat);
    if (this.owned) return this.s.players[i] as Mutable<PlayerState>;
    if (!this.playersCopied) {
      this.s.players = [...this.s.players];
      this.playersCopied = true;
    }
    this.touchedPlayers ??= new Set();
    if (!this.touchedPlayers.has(i)) {
      (this.s.players as PlayerState[])[i] = copyPlayer(this.s.players[i]!);
      this.touchedPlayers.add(i);
    }
    return this.s.players[i] as Mutable<PlayerState>;
  }

  read(iid: string): CardRow {
    return this.s.cards[this.s.cardIndex.get(iid)!]!;
  }

  card(iid: string): Mutable<CardRow> {
    const i = this.s.cardIndex.get(iid)!;
    if (this.owned) return this.s.cards[i] as Mutable<CardRow>;
    if (!this.cardsCopied) {
      this.s.cards = [...this.s.cards];
      this.cardsCopied = true;
    }
    this.touchedCards ??= new Set();
    if (!this.touchedCards.has(i)) {
      (this.s.cards as CardRow[])[i] = copyCard(this.s.cards[i]!);
      this.touchedCards.add(i);
    }
    return this.s.cards[i] as Mutable<CardRow>;
  }

  /**
   * Moves a card to another zone: it becomes a new object (DV-R40), its per-object fields reset.
   * The card goes to `holder`'s copy of the zone (default: its owner's), and `holder` controls it
   * there. Lists are kept per Deva; a guardian leaves its hero's stack. A card entering a Universe
   * goes to its top or bottom (a known place, §12.00), or anywhere, which forgets the known places.
   */
  move(iid: string, zone: Zone, faceUp = true, holder?: Seat, position?: 'top' | 'bottom' | 'random'): void {
    const before = this.read(iid);
    this.unlist(before);
    const c = this.card(iid);
    c.zone = zone;
    c.controller = holder ?? before.owner;
    c.incarnation = before.incarnation + 1;
    c.faceUp = faceUp;
    c.mode = 'prompt';
    c.damage = 0;
    c.turnCounters = 0;
    c.counters = null;
    c.level = 1;
    c.guardians = NO_IDS;
    c.heroId = null;
    c.enteredTurn = 0;
    c.mods = NO_MODS;
    c.flags = null;
    c.attachedTo = null;
    if (isListZone(zone)) {
      const p = this.player(c.controller);
      const key = zone as ListZone;
      this.list(p, key, iid);
      if (zone === 'universe') {
        if (position === 'top') p.universeTop = [iid, ...p.universeTop];
        else if (position === 'bottom') p.universeBottom = [...p.universeBottom, iid];
        else if (p.universeTop.length || p.universeBottom.length) this.forgetPlaces(c.controller);
      }
    }
  }

  /** A shuffle, or a card put anywhere in it: no place in that Universe is known any more. */
  forgetPlaces(seat: Seat): void {
    const p = this.player(seat);
    p.universeTop = [];
    p.universeBottom = [];
  }

  /** A change of controller in the Arena: the card moves to the same line of `seat` and stays the same object (DV-R40). */
  changeController(iid: string, seat: Seat): void {
    const before = this.read(iid);
    if (before.controller === seat || !isListZone(before.zone)) return;
    this.unlist(before);
    this.card(iid).controller = seat;
    const p = this.player(seat);
    const key = before.zone as ListZone;
    this.list(p, key, iid);
  }

  /** Adds `iid` at the end of a Deva's zone list: in place when owned (ownState copied the lists), else a new list. */
  private list(p: Mutable<PlayerState>, key: ListZone, iid: string): void {
    if (this.owned) (p[key] as string[]).push(iid);
    else p[key] = [...p[key], iid];
  }

  private unlistFrom(p: Mutable<PlayerState>, key: ListZone, iid: string): void {
    if (this.owned) removeAll(p[key] as string[], iid);
    else p[key] = without(p[key], iid);
  }

  private unlist(card: CardRow): void {
    if (isListZone(card.zone)) {
      const p = this.player(card.controller);
      const key = card.zone as ListZone;
      this.unlistFrom(p, key, card.iid);
      if (card.zone === 'universe') {
        if (p.universeTop.includes(card.iid)) p.universeTop = without(p.universeTop, card.iid);
        if (p.universeBottom.includes(card.iid)) p.universeBottom = without(p.universeBottom, card.iid);
      }
    } else if (card.zone === 'guardian' && card.heroId) {
      const hero = this.card(card.heroId);
      hero.guardians = without(hero.guardians, card.iid);
    } else if (card.zone === 'falling') {
      if (this.owned) {
        for (const b of this.s.falling) removeAll(b.cards as string[], card.iid);
      } else this.s.falling = this.s.falling.map((b) => (b.cards.includes(card.iid) ? { ...b, cards: b.cards.filter((id) => id !== card.iid) } : b));
    } else if (card.zone === 'knot') {
      if (this.owned) removeKnotCard(this.s.knot as KnotItem[], card.iid);
      else this.s.knot = this.s.knot.filter((k) => !isKnotCard(k, card.iid));
    }
  }

  /** Puts an item on top of the Knot zone: in place when owned (ownState copied the list). */
  pushKnot(item: KnotItem): void {
    if (this.owned) (this.s.knot as KnotItem[]).push(item);
    else this.s.knot = [...this.s.knot, item];
  }

  /** Takes the top item off the Knot zone. */
  popKnot(): void {
    if (this.owned) (this.s.knot as KnotItem[]).pop();
    else this.s.knot = this.s.knot.slice(0, -1);
  }

  /**
   * Starts a fall batch (or adds to the one this event started) and puts the card in it, bound for
   * the Cenotaph of `to` (default: its owner's; a guardian's is its hero controller's, DV-R35).
   */
  fall(iid: string, batch: { current: FallBatch | null }, to?: Seat): void {
    this.move(iid, 'falling', true, to);
    if (!batch.current) {
      this.s.serial += 1;
      batch.current = { id: `f${this.s.serial}`, knotBase: this.s.knot.length, cards: [] };
      if (this.owned) (this.s.falling as FallBatch[]).push(batch.current);
      else this.s.falling = [...this.s.falling, batch.current];
    }
    // Owned: the batch is this fold's (ownState copied the batches, or it was made above) and grows in
    // place; a copy per card fallen made placing a batch of n cards cost n².
    if (this.owned) {
      (batch.current.cards as string[]).push(iid);
      return;
    }
    const id = batch.current.id;
    this.s.falling = this.s.falling.map((b) => (b.id === id ? (batch.current = { ...b, cards: [...b.cards, iid] }) : b));
  }

  /** Drops modifiers and flags whose duration ended. */
  expire(kinds: ReadonlySet<Until>): void {
    if (this.s.timedEffects === false) return;
    // Every phase end looks at every card: plain loops, and nothing built for a card that keeps all.
    let timed = false;
    const cards = this.s.cards;
    for (let i = 0; i < cards.length; i++) {
      const row = cards[i]!;
      if (row.mods.length === 0 && row.flags === null) continue;
      const mods = anyEnds(row.mods, kinds);
      const flags = row.flags !== null && anyEnds(row.flags.values(), kinds);
      if (mods || flags) {
        const c = this.card(row.iid);
        if (mods) c.mods = row.mods.filter((m) => !kinds.has(m.until));
        if (flags) c.flags = keep(row.flags!, kinds);
      }
      const now = this.read(row.iid);
      timed ||= anyTimed(now.mods) || (now.flags !== null && anyTimed(now.flags.values()));
    }
    for (const p of this.s.players) {
      if (p.flags !== null && anyEnds(p.flags.values(), kinds)) this.player(p.seat).flags = keep(p.flags, kinds);
      const flags = this.s.players[seatOf(this.s, p.seat)]!.flags;
      timed ||= flags !== null && anyTimed(flags.values());
    }
    this.s.timedEffects = timed;
  }

  /** A modifier or flag that expires is about to be set: phase ends must look at the cards again. */
  timed(until: Until): void {
    if (until !== 'permanent') this.s.timedEffects = true;
  }
}

/** Shared by every card row that has none (a zone change resets both): the rules only ever replace these lists, never change them. */
const NO_IDS: readonly string[] = [];
const NO_MODS: readonly StatMod[] = [];

function isKnotCard(k: KnotItem, iid: string): boolean {
  return (k.kind === 'card' || k.kind === 'hero') && k.card?.iid === iid;
}

/** The Knot items that are `iid` on the Knot zone dropped from `knot` in place (as the filter of the copy-on-write path). */
function removeKnotCard(knot: KnotItem[], iid: string): void {
  let kept = 0;
  for (let i = 0; i < knot.length; i++) if (!isKnotCard(knot[i]!, iid)) knot[kept++] = knot[i]!;
  while (knot.length > kept) knot.pop();
}

/** Removes every `id` from `list` in place, keeping the order of the rest (as `without` does). */
function removeAll(list: string[], id: string): void {
  // Nothing before the first match moves (a zone change scanned and rewrote the whole list).
  const first = list.indexOf(id);
  if (first < 0) return;
  let kept = first;
  for (let i = first + 1; i < list.length; i++) if (list[i] !== id) list[kept++] = list[i]!;
  // pop, not `length =`: V8 inlines a pop, while setting the length is a call (a card is listed once,
  // so this drops one entry).
  while (list.length > kept) list.pop();
}

/** `list` without `id`, as a new list. */
function without(list: readonly string[], id: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) if (list[i] !== id) out.push(list[i]!);
  return out;
}

function anyTimed(items: Iterable<{ readonly until: Until }>): boolean {
  for (const item of items) if (item.until !== 'permanent') return true;
  return false;
}

function anyEnds(items: Iterable<{ readonly until: Until }>, kinds: ReadonlySet<Until>): boolean {
  for (const item of items) if (kinds.has(item.until)) return true;
  return false;
}

function keep(flags: ReadonlyMap<string, Flag>, kinds: ReadonlySet<Until>): ReadonlyMap<string, Flag> | null {
  const out = new Map<string, Flag>();
  for (const [k, f] of flags) if (!kinds.has(f.until)) out.set(k, f);
  return out.size ? out : null;
}

/**
 * A copy of `state` that a Draft may write to in place (`new Draft(copy, true)`): the top level,
 * the players with their zone lists, the card rows, the card array and its index, the combat record and the window are new objects; other lists, maps, the
 * catalog and every other value are shared, since the rules only ever replace them.
 */
export function ownState(state: DvState): DvState {
  const s = copyState(state);
  s.players = packedMap(state.players, ownPlayer);
  s.cards = packedMap(state.cards, copyCard);
  s.cardIndex = new Map(state.cardIndex);
  if (state.combat) s.combat = copyCombat(state.combat);
  if (state.priority) s.priority = { holder: state.priority.holder, passes: state.priority.passes, owner: state.priority.owner };
  // Owned drafts grow and shrink the Knot zone and the fall batches in place.
  s.knot = [...state.knot];
  s.falling = packedMap(state.falling, (b) => ({ id: b.id, knotBase: b.knotBase, cards: [...b.cards] }));
  return s;
}

function ownPlayer(p: PlayerState): Mutable<PlayerState> {
  const o = copyPlayer(p);
  for (const zone of LIST_ZONES) {
    const key = zone as ListZone;
    o[key] = [...p[key]];
  }
  return o;
}

// Copies with every field written in one fixed order, so all states (players, cards) share one
// hidden class and the copies stay on V8's fast path; a spread of objects whose fields were
// assigned in different orders would not.

function copyState(b: DvState): Mutable<DvState> {
  return {
    status: b.status,
    result: b.result,
    seats: b.seats,
    seatIndex: b.seatIndex,
    catalog: b.catalog,
    players: b.players,
    cards: b.cards,
    cardIndex: b.cardIndex,
    lotWinner: b.lotWinner,
    orderHolder: b.orderHolder,
    turn: b.turn,
    cursor: b.cursor,
    priority: b.priority,
    due: b.due,
    next: b.next,
    knot: b.knot,
    falling: b.falling,
    combat: b.combat,
    serial: b.serial,
    timedEffects: b.timedEffects,
  };
}

function copyCombat(c: Combat): Mutable<Combat> {
  return {
    kind: c.kind,
    attacker: c.attacker,
    declared: c.declared,
    defender: c.defender,
    attackers: c.attackers,
    blocks: c.blocks,
    target: c.target,
    placed: c.placed,
    pendingFaith: c.pendingFaith,
  };
}

function copyPlayer(p: PlayerState): Mutable<PlayerState> {
  return {
    seat: p.seat,
    name: p.name,
    faith: p.faith,
    eliminated: p.eliminated,
    leaving: p.leaving,
    registered: p.registered,
    drewOpening: p.drewOpening,
    drewThisTurn: p.drewThisTurn,
    prayersPlaced: p.prayersPlaced,
    pool: p.pool,
    flags: p.flags,
    universe: p.universe,
    universeTop: p.universeTop,
    universeBottom: p.universeBottom,
    hand: p.hand,
    temple: p.temple,
    devayard: p.devayard,
    soldierLine: p.soldierLine,
    heroLine: p.heroLine,
    cenotaph: p.cenotaph,
    blackHole: p.blackHole,
  };
}

function copyCard(c: CardRow): Mutable<CardRow> {
  return {
    iid: c.iid,
    catalogId: c.catalogId,
    owner: c.owner,
    controller: c.controller,
    zone: c.zone,
    faceUp: c.faceUp,
    mode: c.mode,
    incarnation: c.incarnation,
    damage: c.damage,
    turnCounters: c.turnCounters,
    counters: c.counters,
    level: c.level,
    guardians: c.guardians,
    heroId: c.heroId,
    enteredTurn: c.enteredTurn,
    mods: c.mods,
    flags: c.flags,
    attachedTo: c.attachedTo,
  };
}
