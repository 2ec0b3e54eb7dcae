import type { Ability, BfbCard, CombatSkill, Keyword, Status } from '@cardlog/events';

export type Seat = 'p1' | 'p2';
export type CardId = string;
export const SEATS: readonly Seat[] = ['p1', 'p2'];
export const other = (seat: Seat): Seat => (seat === 'p1' ? 'p2' : 'p1');
export const isSeat = (value: unknown): value is Seat => value === 'p1' || value === 'p2';

export type Phase = 'n' | 'draw' | 'main' | 'combat' | 'secondMain' | 'end';
export const PHASES: readonly Phase[] = ['n', 'draw', 'main', 'combat', 'secondMain', 'end'];

/**
 * Where a card is, as one string: a field place (`mercenary`, `artifact`, `skill`, `item`, `offHand`,
 * `extraZone`, `special:<slotId>`, `host:<cardId>`), a zone (`hand`, `deck`, `extraDeck`, `graveyard`,
 * `removedFromGame`, `sealed`, `hideaway`, `maintain:<cardId>`), or `characterZone`, `stack`, and
 * `unplaced` for a Character before `GameStarted`. Flat keys keep moves a map lookup.
 */
export type ZoneKey = string;

/** How long an effect lasts, as stored (§12.4 `Until`). */
export type Until =
  | { readonly battle: true }
  | { readonly endOfTurn: number }
  | { readonly whileOnField: CardId }
  | { readonly permanent: true };

export interface StatusInstance {
  readonly status: Status;
  readonly until: Until;
  readonly burn?: { readonly amount: number; readonly tickAt: Seat };
}
export interface Modifier {
  readonly stat: 'hp' | 'atk' | 'block';
  readonly delta: number;
  readonly until: Until;
}
export interface GrantedKeyword {
  readonly kw: Keyword;
  readonly value?: number;
  readonly until: Until;
}
export interface RemovedKeyword {
  readonly kw: Keyword;
  readonly until: Until;
}

/** The state a card has while it is on the field (or is a Character); a card that leaves loses it. */
export interface FieldObject {
  readonly enteredTurn: number;
  readonly nPaid: number;
  readonly attacksThisTurn: number;
  readonly statuses: readonly StatusInstance[];
  readonly modifiers: readonly Modifier[];
  readonly grantedKeywords: readonly GrantedKeyword[];
  readonly removedKeywords: readonly RemovedKeyword[];
  readonly counters: Readonly<Record<string, number>>;
  /** Key `ability:<id>` or `skill:<id>`. */
  readonly cd: Readonly<Record<string, { readonly remaining: number; readonly lastUsedTurn: number }>>;
  readonly usedThisTurn: readonly string[];
}

export interface CardState {
  readonly id: CardId;
  readonly owner: Seat;
  readonly catalogId: string;
  readonly artId?: string;
  readonly zone: ZoneKey;
  readonly obj?: FieldObject;
  /** `oncePerGame` abilities used; kept when the card leaves the field (BB-R37). */
  readonly usedThisGame: readonly string[];
}

export interface DeckState {
  readonly top: readonly CardId[];
  readonly middle: readonly CardId[];
  readonly bottom: readonly CardId[];
}

export interface SpecialSlot {
  readonly capacity: number;
  readonly allowedTypes: readonly string[] | 'any';
}

export interface PlayerState {
  readonly seat: Seat;
  readonly name: string;
  readonly characterId?: CardId;
  readonly hp: number;
  readonly n: number;
  readonly counters: Readonly<Record<string, number>>;
  readonly turnsTaken: number;
  readonly playedFromHandThisTurn: number;
  readonly playedFromHandLastOwnTurn: number;
  readonly deckRegistered: boolean;
  readonly openingHandDrawn: boolean;
  readonly mulliganDone: boolean;
  readonly deck: DeckState;
  /** Every other list zone by its ZoneKey (hand, extraDeck, graveyard, slots, hosts, special slots, …). */
  readonly zones: Readonly<Record<ZoneKey, readonly CardId[]>>;
  readonly specialSlots: Readonly<Record<string, SpecialSlot>>;
}

export interface StackItem {
  readonly kind: 'card' | 'ability' | 'attack';
  readonly controller: Seat;
  readonly cardId: CardId;
  readonly abilityId?: string;
  /** The place a permanent card reserves (a ZoneKey); none for a oneShot card. */
  readonly destination?: ZoneKey;
  readonly nPaid?: number;
  readonly countsAsPlayed?: boolean;
}

export interface Battle {
  readonly attackerId: CardId;
  readonly attackingSeat: Seat;
  readonly using: string;
  readonly immediate: boolean;
  readonly sourceCardId?: CardId;
  readonly step: 'declared' | 'defend' | 'assign' | 'resolve';
  readonly damageDelta: number;
  readonly grantedPierce: boolean;
  readonly grantedCannotBePrevented: boolean;
  readonly declaredDefenders: boolean;
  readonly defenders: readonly CardId[];
  readonly fixedDamage?: number;
  readonly assignment?: { readonly shares: Readonly<Record<CardId, number>>; readonly toCharacter: number };
}

export type Stage = 'none' | 'decks' | 'firstPlayer' | 'gameStart' | 'hands' | 'mulligan' | 'playing' | 'ended';

export interface GameResult {
  readonly winner?: Seat;
  readonly draw?: true;
  readonly reason: 'hp' | 'deckOut' | 'concede';
}

export interface BfbState {
  readonly catalog: ReadonlyMap<string, BfbCard>;
  readonly config: { readonly cdCountsEveryTurn: boolean };
  readonly headerConfig: { readonly cdCountsEveryTurn: boolean };
  readonly stage: Stage;
  readonly result?: GameResult;
  readonly firstPlayer?: Seat;
  readonly turn: number;
  readonly turnPlayer?: Seat;
  readonly phase?: Phase;
  readonly drawnThisTurn: boolean;
  readonly handCheckDone: boolean;
  readonly stack: readonly StackItem[];
  readonly battle?: Battle;
  readonly players: Readonly<Record<Seat, PlayerState>>;
  /** Every bound card, in buckets (see `bucketOf`): an update copies one small bucket, not ~100 cards. */
  readonly cards: CardBuckets;
}

export type CardBuckets = Readonly<Record<string, Readonly<Record<CardId, CardState>>>>;

const BUCKETS = 16;

const BUCKET_KEYS = Array.from({ length: BUCKETS }, (_, i) => String(i));

/** The bucket of a card id: a small, stable hash of the id. */
export function bucketOf(id: CardId): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return BUCKET_KEYS[(h >>> 0) % BUCKETS]!;
}

/**
 * What the in-place fold keeps beside a state it owns (`ownState` builds it from the state, the rules
 * in place keep it current): never part of the state. It hangs on the owned state as a non-enumerable
 * symbol property, so copies, JSON, snapshots and equality do not see it, and a state without one
 * (any state `evolve` made) is read the slow way. Its flags stay true only if every writer keeps
 * them: a lasting `until` goes through `lasting()`, a Burn through `burning()` (mutate.ts).
 */
export interface FoldCache {
  /** Every bound card by id: one Map look-up instead of hashing the id into its bucket and probing that. */
  readonly cards: Map<CardId, CardState>;
  /**
   * The state's `cards` as buckets, or null when a card was bound or replaced since they were last
   * read (`putCard`): the owned state's `cards` is an accessor that builds them from `cards` then.
   * Binding ~120 cards a game into buckets nobody reads during a replay cost a twentieth of it.
   * The buckets and the Map hold the same card objects, so a card written in place is seen by both.
   */
  buckets: CardBuckets | null;
  /** False only while no status, modifier or keyword in play lasts for the battle: closing it then prunes nothing. */
  battleEffects: boolean;
  /** False only while nothing in play lasts while its source is on the field: a card leaving it then ends nothing. */
  sourceEffects: boolean;
  /** False only while no card has been put on a host: a card leaving the field then hosts none. */
  hosts: boolean;
  /** False only while no Burn status has been set: the end of a turn then has nothing to tick. */
  burns: boolean;
  /** Per seat, its field places (`fieldPlaces`), and the `zones` object they were read from. */
  readonly fieldPlaces: Record<Seat, { zones: object | null; keys: ZoneKey[] }>;
}

const FOLD_CACHE = Symbol('fold cache');

export const foldCacheOf = (state: BfbState): FoldCache | undefined => (state as { [FOLD_CACHE]?: FoldCache })[FOLD_CACHE];

export function attachFoldCache(state: BfbState, cache: FoldCache): void {
  Object.defineProperty(state, FOLD_CACHE, { value: cache });
}

/**
 * Makes `cards` of a state with a fold cache an enumerable accessor (last of its keys, as it was
 * declared) reading the cache's buckets, built again from its Map when stale: JSON, spreads, keys
 * and equality see the same buckets as a state `evolve` made. One getter for every state, so that
 * they all keep one shape.
 */
export function defineCardsFromCache(state: BfbState): void {
  Object.defineProperty(state, 'cards', { get: cachedBuckets, enumerable: true, configurable: true });
}

function cachedBuckets(this: BfbState): CardBuckets {
  const cache = foldCacheOf(this)!;
  return (cache.buckets ??= bucketsOf(cache.cards));
}

/** The buckets of the cards in `byId`, each bucket's ids in the order they were bound (as `putCard` made them). */
function bucketsOf(byId: ReadonlyMap<CardId, CardState>): CardBuckets {
  const buckets: Record<string, Record<CardId, CardState>> = {};
  for (const [id, card] of byId) {
    const key = bucketOf(id);
    (buckets[key] ??= Object.create(null) as Record<CardId, CardState>)[id] = card;
  }
  return buckets;
}

/**
 * The keys of a player's zones that are field places, in the order of `zones` (its keys' order): what
 * the walks over the field iterate instead of every zone. The fold cache keeps them while `zones` is
 * the same object (`zone()` in mutate.ts, which adds a key in place, adds a field place to them).
 */
export function fieldPlaces(state: BfbState, seat: Seat): readonly ZoneKey[] {
  const zones = state.players[seat].zones;
  const cache = foldCacheOf(state);
  if (cache === undefined) return fieldKeysOf(zones);
  const places = cache.fieldPlaces[seat];
  if (places.zones !== zones) {
    places.keys = fieldKeysOf(zones);
    places.zones = zones;
  }
  return places.keys;
}

function fieldKeysOf(zones: PlayerState['zones']): ZoneKey[] {
  const keys: ZoneKey[] = [];
  for (const zone in zones) if (isFieldKey(zone)) keys.push(zone);
  return keys;
}

/** Card ids are user input: only a bucket's own entries count (an id may be `constructor` or `__proto__`). */
export const cardOf = (state: BfbState, id: CardId): CardState | undefined => {
  const cache = foldCacheOf(state);
  if (cache !== undefined) return cache.cards.get(id);
  const bucket = state.cards[bucketOf(id)];
  if (bucket === undefined) return undefined;
  const card = bucket[id];
  // A bound card is stored under its own id; what a bucket inherits (`constructor`, `__proto__`, …) is not.
  return card !== undefined && card.id === id ? card : undefined;
};

export function allCards(state: BfbState): CardState[] {
  const out: CardState[] = [];
  for (const bucket of Object.values(state.cards)) for (const card of Object.values(bucket)) out.push(card);
  return out;
}

export function allCardIds(state: BfbState): CardId[] {
  const ids: CardId[] = [];
  for (const key in state.cards) for (const id in state.cards[key]) ids.push(id);
  return ids;
}

/** The buckets with `updated` put in place: one copy of the outer map and of each touched bucket. */
export function withCards(buckets: CardBuckets, updated: readonly CardState[]): CardBuckets {
  if (updated.length === 0) return buckets;
  const next: Record<string, Readonly<Record<CardId, CardState>>> = { ...buckets };
  const copied = new Set<string>();
  for (const card of updated) {
    const key = bucketOf(card.id);
    if (!copied.has(key)) {
      // A null-prototype copy: assigning a card id such as `__proto__` stores a card, not a prototype.
      next[key] = Object.assign(Object.create(null) as Record<CardId, CardState>, next[key]);
      copied.add(key);
    }
    (next[key] as Record<CardId, CardState>)[card.id] = card;
  }
  return next;
}

// ---- places ------------------------------------------------------------------------------------

export const SLOT_CAPACITY: Readonly<Record<string, number>> = { mercenary: 3, artifact: 2, skill: 2, item: 1, offHand: 1 };

export function isFieldKey(zone: ZoneKey): boolean {
  switch (zone) {
    case 'mercenary':
    case 'artifact':
    case 'skill':
    case 'item':
    case 'offHand':
    case 'extraZone':
      return true;
    case 'hand':
    case 'deck':
    case 'extraDeck':
    case 'graveyard':
    case 'removedFromGame':
    case 'sealed':
    case 'hideaway':
    case 'characterZone':
    case 'stack':
    case 'unplaced':
      return false;
    default:
      return zone in SLOT_CAPACITY || zone.startsWith('special:') || zone.startsWith('host:');
  }
}

export const posKey = (pos: string | { special: string } | { host: string } | { maintain: string }): ZoneKey =>
  typeof pos === 'string' ? pos : 'special' in pos ? `special:${pos.special}` : 'host' in pos ? `host:${pos.host}` : `maintain:${pos.maintain}`;

// ---- derived values (§12.4 "Derived, never stored") ---------------------------------------------

export const catalogOf = (state: BfbState, card: CardState): BfbCard => state.catalog.get(card.catalogId)!;

export const isCharacter = (state: BfbState, card: CardState): boolean => card.zone === 'characterZone' || catalogOf(state, card).type === 'Character';

export const onField = (card: CardState): boolean => isFieldKey(card.zone);

/** On the field or in the Character Zone: the cards that carry object state. */
export const inPlay = (card: CardState): boolean => card.zone === 'characterZone' || isFieldKey(card.zone);

export function hasStatus(card: CardState, status: Status): boolean {
  const statuses = card.obj?.statuses;
  if (statuses === undefined) return false;
  for (let i = 0; i < statuses.length; i++) if (statuses[i]!.status === status) return true;
  return false;
}

/** Printed (unless Silenced) plus granted, minus removed keywords, with their values (BB-R14). */
export function keywordEntries(state: BfbState, card: CardState): { kw: Keyword; value?: number }[] {
  const printed = hasStatus(card, 'silence') ? [] : (catalogOf(state, card).keywords ?? []);
  const granted = card.obj?.grantedKeywords ?? [];
  const removed = card.obj?.removedKeywords ?? [];
  const all: { kw: Keyword; value?: number }[] = [...printed, ...granted.map((g) => ({ kw: g.kw, ...(g.value !== undefined ? { value: g.value } : {}) }))];
  return removed.length === 0 ? all : all.filter((e) => !removed.some((r) => r.kw === e.kw));
}

/** Whether a list of keyword grants or removals names `kw` (a loop: a `some` callback is a closure per call). */
function names(list: readonly { readonly kw: Keyword }[], kw: Keyword): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]!.kw === kw) return true;
  return false;
}

/** `keywordEntries(…).some(e => e.kw === kw)`, without building the entries (asked on every attack). */
export function hasKeyword(state: BfbState, card: CardState, kw: Keyword): boolean {
  const o = card.obj;
  if (o !== undefined && o.removedKeywords.length > 0 && names(o.removedKeywords, kw)) return false;
  if (o !== undefined && o.grantedKeywords.length > 0 && names(o.grantedKeywords, kw)) return true;
  if (hasStatus(card, 'silence')) return false;
  const printed = catalogOf(state, card).keywords;
  if (printed === undefined) return false;
  for (let i = 0; i < printed.length; i++) if (printed[i]!.kw === kw) return true;
  return false;
}

function modifierSum(card: CardState, stat: Modifier['stat']): number {
  const modifiers = card.obj?.modifiers;
  if (modifiers === undefined) return 0;
  let sum = 0;
  for (let i = 0; i < modifiers.length; i++) if (modifiers[i]!.stat === stat) sum += modifiers[i]!.delta;
  return sum;
}

/** Current HP of a non-Character card; undefined when it prints none. */
export function currentHp(state: BfbState, card: CardState): number | undefined {
  return hpOf(catalogOf(state, card), card);
}

/** `currentHp` with the card's catalog entry already at hand. */
export function hpOf(entry: BfbCard, card: CardState): number | undefined {
  const printed = entry.hp;
  return printed === undefined ? undefined : printed + modifierSum(card, 'hp');
}

export const currentAtk = (state: BfbState, card: CardState): number => (catalogOf(state, card).atk ?? 0) + modifierSum(card, 'atk');

/** The Block values of `keywordEntries` summed, plus Block modifiers. */
export function block(state: BfbState, card: CardState): number {
  const o = card.obj;
  let sum = modifierSum(card, 'block');
  if (o !== undefined && o.removedKeywords.length > 0 && names(o.removedKeywords, 'Block')) return sum;
  if (!hasStatus(card, 'silence')) {
    const printed = catalogOf(state, card).keywords;
    if (printed !== undefined) for (let i = 0; i < printed.length; i++) if (printed[i]!.kw === 'Block') sum += printed[i]!.value ?? 0;
  }
  if (o !== undefined) for (let i = 0; i < o.grantedKeywords.length; i++) if (o.grantedKeywords[i]!.kw === 'Block') sum += o.grantedKeywords[i]!.value ?? 0;
  return sum;
}

/** The Character's own Block plus the printed Block of its controller's Items on the field (BB-R25). */
export function characterBlock(state: BfbState, seat: Seat): number {
  const player = state.players[seat];
  const character = player.characterId ? cardOf(state, player.characterId) : undefined;
  let total = character ? block(state, character) : 0;
  const zones = player.zones;
  const places = fieldPlaces(state, seat);
  for (let z = 0; z < places.length; z++) {
    const ids = zones[places[z]!]!;
    for (let i = 0; i < ids.length; i++) {
      const card = cardOf(state, ids[i]!)!;
      const entry = catalogOf(state, card);
      if (entry.type !== 'Item' || hasStatus(card, 'silence')) continue;
      if (card.obj !== undefined && names(card.obj.removedKeywords, 'Block')) continue;
      const printed = entry.keywords;
      if (printed !== undefined) for (let k = 0; k < printed.length; k++) if (printed[k]!.kw === 'Block') total += printed[k]!.value ?? 0;
    }
  }
  return total;
}

export function allowance(state: BfbState, card: CardState): number {
  if (hasKeyword(state, card, 'FivefoldAttack')) return 5;
  return hasKeyword(state, card, 'DoubleAttack') ? 2 : 1;
}

export function isSick(state: BfbState, card: CardState): boolean {
  if (card.zone === 'characterZone' || !card.obj || card.obj.enteredTurn !== state.turn) return false;
  return !(
    catalogOf(state, card).type === 'Artifact' ||
    hasKeyword(state, card, 'Assault') ||
    hasStatus(card, 'ready') ||
    hasStatus(card, 'playableThisTurn')
  );
}

export const lethal = (state: BfbState, card: CardState): number => (currentHp(state, card) ?? 0) + block(state, card);

export function combatSkill(state: BfbState, card: CardState, id: string): CombatSkill | undefined {
  const skills = catalogOf(state, card).combatSkills;
  if (skills !== undefined) for (let i = 0; i < skills.length; i++) if (skills[i]!.id === id) return skills[i];
  return undefined;
}

export function ability(state: BfbState, card: CardState, id: string): Ability | undefined {
  const abilities = catalogOf(state, card).abilities;
  if (abilities !== undefined) for (let i = 0; i < abilities.length; i++) if (abilities[i]!.id === id) return abilities[i];
  return undefined;
}

export function hasPierce(state: BfbState, battle: Battle): boolean {
  const attacker = cardOf(state, battle.attackerId);
  const skillPierce = attacker && battle.using !== 'atk' ? (combatSkill(state, attacker, battle.using)?.pierce ?? false) : false;
  return battle.grantedPierce || skillPierce || (attacker !== undefined && hasKeyword(state, attacker, 'Pierce'));
}

export function cannotBePrevented(state: BfbState, battle: Battle): boolean {
  const attacker = cardOf(state, battle.attackerId);
  const flag = attacker && battle.using !== 'atk' ? (combatSkill(state, attacker, battle.using)?.cannotBePrevented ?? false) : false;
  return battle.grantedCannotBePrevented || flag;
}

/** The battle's damage D: fixed once assigned, else following the current values (§9.2). */
export function battleDamage(state: BfbState, battle: Battle): number {
  if (battle.fixedDamage !== undefined) return battle.fixedDamage;
  const attacker = cardOf(state, battle.attackerId);
  if (!attacker) return 0;
  const skill = battle.using === 'atk' ? 0 : (combatSkill(state, attacker, battle.using)?.damage ?? 0);
  return Math.max(0, skill + currentAtk(state, attacker) + battle.damageDelta);
}

/** The priority holder is always the non-controller of the top stack item (§8.2). */
export function priorityHolder(state: BfbState): Seat | undefined {
  const top = state.stack[state.stack.length - 1];
  return top ? other(top.controller) : undefined;
}

export function fieldCardIds(player: PlayerState, into: CardId[] = []): CardId[] {
  const zones = player.zones;
  for (const zone in zones) {
    const cards = zones[zone]!;
    if (cards.length > 0 && isFieldKey(zone)) for (const id of cards) into.push(id);
  }
  return into;
}

export const deckSize = (deck: DeckState): number => deck.top.length + deck.middle.length + deck.bottom.length;

/** Capacity of a field place of a player; undefined when the place does not exist. */
export function capacity(state: BfbState, seat: Seat, zone: ZoneKey): number | undefined {
  if (zone in SLOT_CAPACITY) return SLOT_CAPACITY[zone];
  if (zone === 'extraZone') return Infinity;
  if (zone.startsWith('special:')) return state.players[seat].specialSlots[zone.slice(8)]?.capacity;
  if (zone.startsWith('host:')) {
    const host = cardOf(state, zone.slice(5));
    if (!host || host.owner !== seat || !onField(host)) return undefined;
    return catalogOf(state, host).fieldArtifact?.hostCapacity;
  }
  return undefined;
}

/** Cards in the place plus the places the player's stack items reserve there (§8.2 item 6). */
export function occupied(state: BfbState, seat: Seat, zone: ZoneKey): number {
  let reserved = 0;
  const stack = state.stack;
  for (let i = 0; i < stack.length; i++) {
    const item = stack[i]!;
    if (item.kind === 'card' && item.controller === seat && item.destination === zone) reserved++;
  }
  return (state.players[seat].zones[zone]?.length ?? 0) + reserved;
}

export const hasRoom = (state: BfbState, seat: Seat, zone: ZoneKey): boolean =>
  occupied(state, seat, zone) < (capacity(state, seat, zone) ?? 0);

/** Damage destroys a card when it reaches its current HP, unless Indestructible; it never lowers HP (BB-R9). */
export function survives(state: BfbState, card: CardState, received: number): boolean {
  const hp = currentHp(state, card);
  return hp === undefined || received < hp || hasKeyword(state, card, 'Indestructible');
}
