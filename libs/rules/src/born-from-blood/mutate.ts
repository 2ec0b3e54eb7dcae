import {
  Battle,
  BfbState,
  CardId,
  CardState,
  DeckState,
  FieldObject,
  Modifier,
  PlayerState,
  SEATS,
  Seat,
  StackItem,
  Until,
  ZoneKey,
  FoldCache,
  attachFoldCache,
  bucketOf,
  defineCardsFromCache,
  cardOf,
  catalogOf,
  fieldPlaces,
  foldCacheOf,
  hpOf,
  isFieldKey,
} from './state';
import { battleRecord, cardRecord, dictionaryCopy, objectRecord, playerRecord, stateRecord } from './records';

/**
 * The one rule book changes a state it may write to, through a `Draft`. `fresh` holds the objects
 * this change made: anything not in it belongs to an earlier state, so it is copied before its
 * first write (copy-on-write, for the pure `evolve`). `fresh: null` says the caller owns every
 * container of `s` (a state from `own`), and the rules write to them directly.
 *
 * Written in place: the state, `players`, each player with its `deck` and `zones` and their lists,
 * `cards` with its buckets and the cards in them, a card's `obj`, `stack` and `battle`. Everything
 * else (the lists inside an object, counters, cd records, catalog, config, result) is replaced
 * whole when it changes, never written to, so states may share it.
 */
export interface Draft {
  readonly s: WState;
  readonly fresh: Set<object> | null;
  /**
   * Set by every write that may give the state check (§12.1) something to find: a card put on the
   * field at HP 0 or on a host, or a host leaving it (`moveCard`), a card replaced (`putCard`), modifiers
   * changed (`setModifiers`), a player's zones replaced. A change that leaves it false cannot give
   * the check anything to find in a state the check had cleared (a card leaving the field, say, or
   * an attack counted).
   */
  touched: boolean;
}

type W<T> = { -readonly [K in keyof T]: T[K] };
export type WDeck = { top: CardId[]; middle: CardId[]; bottom: CardId[] };
export type WPlayer = W<Omit<PlayerState, 'deck' | 'zones'>> & { deck: WDeck; zones: Record<ZoneKey, CardId[]> };
export type WCard = W<CardState>;
export type WObject = W<FieldObject>;
export type WBattle = W<Battle>;
export type WState = W<Omit<BfbState, 'players' | 'cards' | 'stack' | 'battle'>> & {
  players: Record<Seat, WPlayer>;
  cards: Record<string, Record<CardId, WCard>>;
  stack: StackItem[];
  battle: WBattle | undefined;
};

/** A draft that copies on write: `state` and everything in it stay as they are. */
export function draftOf(state: BfbState): Draft {
  const s = stateRecord(state, state.players, state.cards) as WState;
  const fresh = new Set<object>();
  fresh.add(s);
  return { s, fresh, touched: false };
}

/** A draft over a state the caller owns (from `ownState`): the rules write to it directly. */
export const inPlace = (state: BfbState): Draft => ({ s: state as WState, fresh: null, touched: false });

/**
 * A copy of every container the rules write to; shares the parts that are only ever replaced. Every
 * field is set, even when undefined, so that writing one later does not change the object's shape.
 * The copy carries its fold cache (`FoldCache`), built here.
 */
export function ownState(state: BfbState): BfbState {
  const cards: Record<string, Record<CardId, WCard>> = {};
  const byId = new Map<CardId, WCard>();
  for (const key in state.cards) {
    const bucket = state.cards[key]!;
    const copy = Object.create(null) as Record<CardId, WCard>;
    for (const id in bucket) byId.set(id, (copy[id] = copyCard(bucket[id]!)));
    cards[key] = copy;
  }
  const s: WState = {
    catalog: state.catalog,
    config: state.config,
    headerConfig: state.headerConfig,
    stage: state.stage,
    result: state.result,
    firstPlayer: state.firstPlayer,
    turn: state.turn,
    turnPlayer: state.turnPlayer,
    phase: state.phase,
    drawnThisTurn: state.drawnThisTurn,
    handCheckDone: state.handCheckDone,
    stack: state.stack.slice(),
    battle: state.battle ? battleRecord<WBattle>(state.battle) : undefined,
    players: { p1: copyPlayer(state.players.p1), p2: copyPlayer(state.players.p2) },
  } as Omit<WState, 'cards'> as WState;
  const cache: FoldCache = {
    cards: byId,
    buckets: cards,
    battleEffects: true,
    sourceEffects: true,
    hosts: true,
    burns: true,
    fieldPlaces: { p1: { zones: null, keys: [] }, p2: { zones: null, keys: [] } },
  };
  attachFoldCache(s, cache);
  defineCardsFromCache(s);
  const inPlay = inPlayCards(s);
  const attached = (test: (x: { until: Until; burn?: unknown }) => boolean) =>
    inPlay.some((c) => c.obj !== undefined && (c.obj.statuses.some(test) || c.obj.modifiers.some(test) || c.obj.grantedKeywords.some(test) || c.obj.removedKeywords.some(test)));
  cache.battleEffects = attached((x) => 'battle' in x.until);
  cache.sourceEffects = attached((x) => 'whileOnField' in x.until);
  cache.hosts = hostZones(s);
  cache.burns = attached((x) => x.burn !== undefined);
  return s;
}

function copyCard(c: CardState): WCard {
  return cardRecord<WCard>(c, c.zone, c.obj ? copyObject(c.obj) : undefined);
}

function copyPlayer(p: PlayerState): WPlayer {
  const deck = p.deck;
  return playerRecord<WPlayer>(p, { top: deck.top.slice(), middle: deck.middle.slice(), bottom: deck.bottom.slice() }, copyLists(p.zones));
}

/** The zones in dictionary mode (`dictionaryCopy`), each list copied. */
function copyLists(zones: PlayerState['zones']): Record<ZoneKey, CardId[]> {
  const out = dictionaryCopy(zones as Record<ZoneKey, CardId[]>);
  for (const key in out) out[key] = out[key]!.slice();
  return out;
}

function hostZones(state: BfbState): boolean {
  for (let i = 0; i < SEATS.length; i++) for (const key in state.players[SEATS[i]!].zones) if (key.startsWith('host:')) return true;
  return false;
}

/** `value` if this draft may write to it, else a copy it may write to (which the caller puts in place). */
function writable<T extends object>(d: Draft, value: T, copy: (v: T) => T): T {
  const fresh = d.fresh;
  if (fresh === null || fresh.has(value)) return value;
  const c = copy(value);
  fresh.add(c);
  return c;
}

// The copies of the objects the in-place fold also reads (states, players, decks, zones, battles,
// cards, field objects) are written field by field, in the order of the literal that makes them
// (`stateRecord`, `playerRecord`, `cardRecord`, `objectRecord`, …), never spread: a spread copy
// gets a map of its own, and a field added later another. A process that folds with `evolve`
// (the simulator, a seek) then left the in-place fold's loads seeing 5–30 maps per kind where a
// replay alone sees one or two, so V8 compiled them as megamorphic look-ups (0.57 → 0.43 of
// `JSON.parse` after a simulation, in one process).
const copyPlayers = (v: Record<Seat, WPlayer>) => ({ p1: v.p1, p2: v.p2 });
const copyOnePlayer = (v: WPlayer): WPlayer => playerRecord(v, v.deck, v.zones);
const copyZones = (v: Record<ZoneKey, CardId[]>) => dictionaryCopy(v);
const copyDeck = (v: WDeck): WDeck => ({ top: v.top, middle: v.middle, bottom: v.bottom });
const copyBattle = (v: WBattle): WBattle => battleRecord(v);
const copyBuckets = (v: Record<string, Record<CardId, WCard>>) => ({ ...v });
const copyOneCard = (v: WCard): WCard => cardRecord(v, v.zone, v.obj);
const copyObject = (v: WObject): WObject => objectRecord(v, v.statuses, v.modifiers, v.grantedKeywords, v.removedKeywords);
const list = <T>(v: T[]): T[] => v.slice();

/**
 * `{ ...record, [key]: value }` without the spread: V8 gives an object made by a spread a map of
 * its own, and every key added to it later goes through its runtime (~1.5 µs a key against ~30
 * ns). A for-in copy keeps the keys in the same order. (`__proto__`, a key a payload may name, is
 * left to the spread, which defines it as an own key rather than setting the prototype.)
 */
export function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in record) {
    if (k === '__proto__') return { ...record, [key]: value };
    out[k] = record[k]!;
  }
  if (key === '__proto__') return { ...record, [key]: value };
  out[key] = value;
  return out;
}

/** Marks an object this change made as writable (copy-on-write drafts only). */
export function made<T extends object>(d: Draft, value: T): T {
  d.fresh?.add(value);
  return value;
}

export function player(d: Draft, seat: Seat): WPlayer {
  const s = d.s;
  if (d.fresh === null) return s.players[seat];
  const players = (s.players = writable(d, s.players, copyPlayers));
  return (players[seat] = writable(d, players[seat], copyOnePlayer));
}

/** A zone list of a player, writable (created empty when the player has none). */
export function zone(d: Draft, seat: Seat, key: ZoneKey): CardId[] {
  const p = player(d, seat);
  if (d.fresh === null) {
    const current = p.zones[key];
    if (current !== undefined) return current;
    // A new key comes last in the zones' order: a field place joins the kept ones there (`fieldPlaces`).
    const places = foldCacheOf(d.s)?.fieldPlaces[seat];
    if (places !== undefined && places.zones === p.zones && isFieldKey(key)) places.keys.push(key);
    return (p.zones[key] = []);
  }
  const zones = (p.zones = writable(d, p.zones, copyZones));
  const current = zones[key];
  if (current === undefined) return (zones[key] = made(d, []));
  return (zones[key] = writable(d, current, list));
}

export function deckPart(d: Draft, seat: Seat, part: keyof WDeck): CardId[] {
  const p = player(d, seat);
  const deck = (p.deck = writable(d, p.deck, copyDeck));
  return (deck[part] = writable(d, deck[part], list));
}

export function stack(d: Draft): StackItem[] {
  return (d.s.stack = writable(d, d.s.stack, list));
}

export function battle(d: Draft): WBattle | undefined {
  const b = d.s.battle;
  return b === undefined ? undefined : (d.s.battle = writable(d, b, copyBattle));
}


/** A bound card, writable; undefined when no card has this id. */
export function card(d: Draft, id: CardId): WCard | undefined {
  const s = d.s;
  if (d.fresh === null) {
    return cardOf(s, id) as WCard | undefined;
  }
  const key = bucketOf(id);
  let bucket = s.cards[key];
  // As `cardOf`, with the bucket at hand: only a card stored under its own id counts.
  const current = bucket === undefined ? undefined : bucket[id];
  if (current === undefined || current.id !== id) return undefined;
  const cards = (s.cards = writable(d, s.cards, copyBuckets));
  bucket = cards[key] = writable(d, bucket, nullCopy);
  return (bucket[id] = writable(d, bucket[id]!, copyOneCard));
}

/** Puts a card object this change made in its bucket (a new card, or one replacing the old). */
export function putCard(d: Draft, c: WCard): void {
  d.touched = true;
  const s = d.s;
  if (d.fresh === null) {
    // In place: the fold cache's Map only; the buckets are built when the state's `cards` is read.
    const cache = foldCacheOf(s);
    if (cache !== undefined) {
      cache.cards.set(c.id, c);
      cache.buckets = null;
      return;
    }
  }
  const key = bucketOf(c.id);
  const cards = (s.cards = writable(d, s.cards, copyBuckets));
  const bucket = cards[key] === undefined ? made(d, Object.create(null) as Record<CardId, WCard>) : writable(d, cards[key]!, nullCopy);
  cards[key] = bucket;
  bucket[c.id] = made(d, c);
  foldCacheOf(s)?.cards.set(c.id, c);
}

// A null-prototype copy: a card id such as `__proto__` stores a card, not a prototype. (A spread
// defines own properties, `__proto__` included, and is several times faster than Object.assign.)
const nullCopy = <T extends object>(v: T): T => Object.setPrototypeOf({ ...v }, null) as T;

/** The field object of a card, writable; undefined when the card has none. */
export function object(d: Draft, id: CardId): WObject | undefined {
  const c = card(d, id);
  if (!c || !c.obj) return undefined;
  return (c.obj = writable(d, c.obj as WObject, copyObject));
}

// An object's lists and records are replaced whole, never written to: new objects may share these.
export const NONE: readonly never[] = Object.freeze([]);
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

export function newObject(turn: number, nPaid: number): FieldObject {
  return {
    enteredTurn: turn,
    nPaid,
    attacksThisTurn: 0,
    statuses: NONE,
    modifiers: NONE,
    grantedKeywords: NONE,
    removedKeywords: NONE,
    counters: EMPTY,
    cd: EMPTY,
    usedThisTurn: NONE,
  };
}

/** Removes every `id` from a writable list whose first `id` is at `first` (its indexOf), in one pass. */
function removeAll(ids: CardId[], id: CardId, first: number): void {
  let kept = first;
  for (let i = first + 1; i < ids.length; i++) if (ids[i] !== id) ids[kept++] = ids[i]!;
  ids.length = kept;
}

/** Whether the deck-order rule lets `id` be drawn now (§12.1 *Deck order*): the part it comes from, or undefined. */
export function drawablePart(deck: DeckState, id: CardId): keyof WDeck | undefined {
  if (deck.top.length > 0) return deck.top[0] === id ? 'top' : undefined;
  if (deck.middle.length > 0) return deck.middle.includes(id) ? 'middle' : undefined;
  return deck.bottom[0] === id ? 'bottom' : undefined;
}

/** Takes a card out of the deck if the deck-order rule lets it be drawn now (§12.1 *Deck order*). */
export function drawFromDeck(deck: DeckState, id: CardId): DeckState | undefined {
  const part = drawablePart(deck, id);
  if (part === undefined) return undefined;
  return {
    top: part === 'top' ? deck.top.slice(1) : deck.top,
    middle: part === 'middle' ? deck.middle.filter((x) => x !== id) : deck.middle,
    bottom: part === 'bottom' ? deck.bottom.slice(1) : deck.bottom,
  };
}

/** Draws the cards in order; the index of the first card that cannot be drawn, or the new deck. */
export function drawAll(deck: DeckState, ids: readonly CardId[]): { deck: DeckState } | { failAt: number } {
  const current: WDeck = { top: deck.top.slice(), middle: deck.middle.slice(), bottom: deck.bottom.slice() };
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const part = drawablePart(current, id);
    if (part === undefined) return { failAt: i };
    if (part === 'middle') removeAll(current.middle, id, current.middle.indexOf(id));
    else current[part].shift();
  }
  return { deck: current };
}

function detach(d: Draft, seat: Seat, from: ZoneKey, id: CardId): void {
  if (from === 'deck') {
    const deck = d.s.players[seat].deck;
    let at = deck.top.indexOf(id);
    if (at >= 0) removeAll(deckPart(d, seat, 'top'), id, at);
    at = deck.middle.indexOf(id);
    if (at >= 0) removeAll(deckPart(d, seat, 'middle'), id, at);
    at = deck.bottom.indexOf(id);
    if (at >= 0) removeAll(deckPart(d, seat, 'bottom'), id, at);
    return;
  }
  if (from === 'stack' || from === 'characterZone' || from === 'unplaced') return;
  const ids = d.s.players[seat].zones[from];
  if (ids === undefined) {
    zone(d, seat, from);
    return;
  }
  const at = ids.indexOf(id);
  if (at >= 0) removeAll(zone(d, seat, from), id, at);
}

function attach(d: Draft, seat: Seat, to: ZoneKey, id: CardId, position?: 'top' | 'bottom'): void {
  if (to === 'deck') {
    if (position === 'top') deckPart(d, seat, 'top').unshift(id);
    else deckPart(d, seat, position === 'bottom' ? 'bottom' : 'middle').push(id);
    return;
  }
  if (to === 'stack' || to === 'characterZone') return;
  zone(d, seat, to).push(id);
  if (to.startsWith('host:')) {
    const cache = foldCacheOf(d.s);
    if (cache !== undefined) cache.hosts = true;
  }
}

/**
 * Moves a card within its owner's zones. Entering the field makes a new object (`enteredTurn`, `nPaid`);
 * leaving it drops the object and everything attached, ends `whileSourceOnField` effects and updates an
 * open battle (§9.2, BB-R35). A move between two field places keeps the object (BB-R41).
 */
export function moveCard(d: Draft, id: CardId, to: ZoneKey, position?: 'top' | 'bottom', nPaid = 0): void {
  const c = cardOf(d.s, id);
  if (!c) return;
  const from = c.zone;
  detach(d, c.owner, from, id);
  attach(d, c.owner, to, id, position);
  const wasOn = isFieldKey(from);
  const isOn = isFieldKey(to);
  const obj = wasOn && isOn ? c.obj : isOn ? newObject(d.s.turn, nPaid) : undefined;
  // In place, the card found above is the one to write (no second look-up).
  const w = d.fresh === null ? (c as WCard) : card(d, id)!;
  w.zone = to;
  if (!w.artId) w.artId = undefined;
  // A kept object stays shared until written to (`object` copies it then).
  w.obj = obj === undefined || obj === c.obj ? obj : made(d, obj);
  // What the state check could find now: this card on the field, or the cards it hosted (§12.1).
  if (isOn ? mayBeFound(d.s, w) : wasOn && hostsCards(d.s, id)) d.touched = true;
  if (wasOn && !isOn) afterLeavingField(d, id);
}

/** Whether the state check may find `card`, on the field: on a host (BB-R23), or a non-Character at HP 0 or below (BB-R9). */
function mayBeFound(state: BfbState, card: CardState): boolean {
  if (card.zone.startsWith('host:')) return true;
  const entry = catalogOf(state, card);
  const hp = hpOf(entry, card);
  return entry.type !== 'Character' && hp !== undefined && hp <= 0;
}

/** Whether cards sit on `id` as their host (a `host:<id>` list of either seat holds one). */
function hostsCards(state: BfbState, id: CardId): boolean {
  if (foldCacheOf(state)?.hosts === false) return false;
  const key = `host:${id}`;
  for (let i = 0; i < SEATS.length; i++) if ((state.players[SEATS[i]!].zones[key]?.length ?? 0) > 0) return true;
  return false;
}

/** Replaces an object's modifiers: HP may change, so the state check looks again. */
export function setModifiers(d: Draft, o: WObject, modifiers: readonly Modifier[]): void {
  if (modifiers === o.modifiers) return;
  o.modifiers = modifiers;
  d.touched = true;
}

function afterLeavingField(d: Draft, id: CardId): void {
  if (foldCacheOf(d.s)?.sourceEffects !== false) pruneAttachments(d, (until) => (until as { whileOnField?: CardId }).whileOnField === id);
  const b = d.s.battle;
  if (!b) return;
  if (b.attackerId === id && b.step !== 'declared' && !b.assignment) {
    closeBattle(d); // BB-R35: no damage, no Rebound
  } else if (b.defenders.includes(id)) {
    battle(d)!.defenders = b.defenders.filter((x) => x !== id);
  }
}

const endsWithBattle = (until: Until): boolean => 'battle' in until;

/** Closes the open battle: `thisBattle` effects expire. */
export function closeBattle(d: Draft): void {
  const cache = foldCacheOf(d.s);
  if (cache === undefined || cache.battleEffects) pruneAttachments(d, endsWithBattle);
  if (cache !== undefined) cache.battleEffects = false;
  d.s.battle = undefined;
}

/** Notes a Burn status set (`FoldCache.burns`). */
export function burning(d: Draft): void {
  const cache = foldCacheOf(d.s);
  if (cache !== undefined) cache.burns = true;
}

/** `until`, noted in the fold cache when it lasts for the battle or while its source is on the field. */
export function lasting(d: Draft, until: Until): Until {
  const cache = foldCacheOf(d.s);
  if (cache !== undefined) {
    if ('battle' in until) cache.battleEffects = true;
    else if ('whileOnField' in until) cache.sourceEffects = true;
  }
  return until;
}

/** Every card that carries object state: the Characters and the cards on the field, in that order per seat. */
export function inPlayCards(state: BfbState): CardState[] {
  const cards: CardState[] = [];
  for (let i = 0; i < SEATS.length; i++) {
    const p = state.players[SEATS[i]!];
    if (p.characterId) {
      const character = cardOf(state, p.characterId);
      if (character?.zone === 'characterZone') cards.push(character);
    }
    const zones = p.zones;
    const places = fieldPlaces(state, SEATS[i]!);
    for (let z = 0; z < places.length; z++) {
      const ids = zones[places[z]!]!;
      for (let j = 0; j < ids.length; j++) cards.push(cardOf(state, ids[j]!)!);
    }
  }
  return cards;
}

/** Every card that carries object state: the Characters and the cards on the field. */
export function inPlayIds(state: BfbState): CardId[] {
  return inPlayCards(state).map((c) => c.id);
}

const anyExpired = (list: readonly { until: Until }[], expired: (until: Until) => boolean): boolean => {
  for (let i = 0; i < list.length; i++) if (expired(list[i]!.until)) return true;
  return false;
};

function keep<T extends { until: Until }>(list: readonly T[], expired: (until: Until) => boolean): readonly T[] {
  return anyExpired(list, expired) ? list.filter((x) => !expired(x.until)) : list;
}

/**
 * Drops the statuses, modifiers and keyword grants/removals whose duration has run out. Walks the
 * cards in play where they are (no list of them is built: this runs after every battle).
 */
export function pruneAttachments(d: Draft, expired: (until: Until) => boolean): void {
  const s = d.s;
  for (let i = 0; i < SEATS.length; i++) {
    const p = s.players[SEATS[i]!];
    if (p.characterId) {
      const character = cardOf(s, p.characterId);
      if (character?.zone === 'characterZone') pruneCard(d, character, expired);
    }
    const zones = p.zones;
    const places = fieldPlaces(s, SEATS[i]!);
    for (let z = 0; z < places.length; z++) {
      const ids = zones[places[z]!]!;
      for (let j = 0; j < ids.length; j++) pruneCard(d, cardOf(s, ids[j]!)!, expired);
    }
  }
}

function pruneCard(d: Draft, c: CardState, expired: (until: Until) => boolean): void {
  const o = c.obj;
  if (!o || !(anyExpired(o.statuses, expired) || anyExpired(o.modifiers, expired) || anyExpired(o.grantedKeywords, expired) || anyExpired(o.removedKeywords, expired))) return;
  const w = object(d, c.id)!;
  w.statuses = keep(w.statuses, expired);
  setModifiers(d, w, keep(w.modifiers, expired));
  w.grantedKeywords = keep(w.grantedKeywords, expired);
  w.removedKeywords = keep(w.removedKeywords, expired);
}

/** Draws the named cards of a seat's deck into its hand, in order, skipping any that cannot be drawn. */
export function drawInto(d: Draft, seat: Seat, ids: readonly string[]): void {
  for (const id of ids) {
    if (drawablePart(d.s.players[seat].deck, id) === undefined) continue;
    moveCard(d, id, 'hand');
  }
}
