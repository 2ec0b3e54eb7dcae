import type { DvCard, DvElement, GuardianCost } from '@cardlog/events';
import { DV_ELEMENTS } from '@cardlog/events';

export type Seat = string;
export type Mode = 'prompt' | 'rest';
/** Where a card is (§3). Lists are kept per Deva for the zones with a `ZONE_LISTS` entry. */
export type Zone = 'universe' | 'hand' | 'temple' | 'devayard' | 'soldierLine' | 'heroLine' | 'guardian' | 'cenotaph' | 'blackHole' | 'knot' | 'falling' | 'leftMatch';
export type ListZone = 'universe' | 'hand' | 'temple' | 'devayard' | 'soldierLine' | 'heroLine' | 'cenotaph' | 'blackHole';
export const LIST_ZONES: ReadonlySet<Zone> = new Set<Zone>(['universe', 'hand', 'temple', 'devayard', 'soldierLine', 'heroLine', 'cenotaph', 'blackHole']);
/**
 * Whether a zone has a list per Deva (`LIST_ZONES`). Compares, not a Set: every zone change asks it
 * twice, and a zone is most often one of the engine's own strings, so a compare is one of references.
 */
export function isListZone(zone: Zone): zone is ListZone {
  return (
    zone === 'hand' || zone === 'universe' || zone === 'soldierLine' || zone === 'heroLine' || zone === 'temple' || zone === 'devayard' || zone === 'cenotaph' || zone === 'blackHole'
  );
}
/**
 * The Arena (DV-R38): Devayard line with the Temple, and the Battlefield. Compares, not a Set: the
 * prompt loop asks it of every card each turn.
 */
export function inArena(zone: Zone): boolean {
  return zone === 'temple' || zone === 'devayard' || zone === 'soldierLine' || zone === 'heroLine';
}

export type Until = 'endOfPhase' | 'endOfTurn' | 'untilNextPromptLoop' | 'permanent';
export type BlessingKind = DvElement | 'colorless';
export const BLESSING_KINDS: readonly BlessingKind[] = [...DV_ELEMENTS, 'colorless'];
export type Pool = Readonly<Record<BlessingKind, number>>;
export const EMPTY_POOL: Pool = Object.freeze({ earth: 0, water: 0, wind: 0, fire: 0, wood: 0, metal: 0, colorless: 0 });

export interface StatMod {
  readonly stat: 'at' | 'df' | 'ap';
  readonly delta: number;
  readonly until: Until;
}

export interface Flag {
  readonly value: boolean | number;
  readonly until: Until;
}

/** One physical card; every zone change makes it a new object (`incarnation` + 1, DV-R40). */
export interface CardRow {
  readonly iid: string;
  readonly catalogId: string;
  readonly owner: Seat;
  /**
   * The Deva whose copy of the zone holds the card: its controller in the Arena, the destination
   * of a falling card. A zone change makes it the owner again unless the move names a Deva (DV-R40).
   */
  readonly controller: Seat;
  readonly zone: Zone;
  readonly faceUp: boolean;
  readonly mode: Mode;
  readonly incarnation: number;
  readonly damage: number;
  readonly turnCounters: number;
  /** Card-defined counter kinds other than damage and turn. */
  readonly counters: ReadonlyMap<string, number> | null;
  readonly level: 1 | 2;
  /** Heroes: the guardian cards stacked under it. */
  readonly guardians: readonly string[];
  /** Guardians: the hero they are stacked under. */
  readonly heroId: string | null;
  readonly enteredTurn: number;
  readonly mods: readonly StatMod[];
  readonly flags: ReadonlyMap<string, Flag> | null;
  /** Set by `AttachCard` (e.g. War equipment); no rule reads it. */
  readonly attachedTo: ObjectRef | null;
}

export interface PlayerState {
  readonly seat: Seat;
  readonly name: string;
  readonly faith: number;
  readonly eliminated: boolean;
  /** Set by Concede or an effect; the elimination itself is the next system event. */
  readonly leaving: 'concede' | 'effect' | null;
  readonly registered: boolean;
  readonly drewOpening: boolean;
  readonly drewThisTurn: boolean;
  readonly prayersPlaced: number;
  readonly pool: Pool;
  readonly flags: ReadonlyMap<string, Flag> | null;
  readonly universe: readonly string[];
  /** Universe cards an effect put at a known place (§12.00): from the top down, and above the very bottom. */
  readonly universeTop: readonly string[];
  readonly universeBottom: readonly string[];
  readonly hand: readonly string[];
  readonly temple: readonly string[];
  readonly devayard: readonly string[];
  readonly soldierLine: readonly string[];
  readonly heroLine: readonly string[];
  readonly cenotaph: readonly string[];
  readonly blackHole: readonly string[];
}

export interface ObjectRef {
  readonly iid: string;
  readonly incarnation: number;
}
export type TargetRef = { readonly card: ObjectRef } | { readonly player: Seat };

export interface KnotItem {
  readonly id: string;
  readonly kind: 'card' | 'hero' | 'upgrade' | 'skill' | 'ability';
  readonly controller: Seat;
  /** The card on the Knot zone (card, hero), or the hero to upgrade. */
  readonly card?: ObjectRef;
  /** The source of a skill or ability. */
  readonly source?: ObjectRef;
  readonly abilityId?: string;
  readonly targets: readonly TargetRef[];
  readonly x?: number;
}

export interface FallBatch {
  readonly id: string;
  /** Knot depth when the batch formed (§6.8). */
  readonly knotBase: number;
  readonly cards: readonly string[];
}

export type Loop = 'origin' | 'prompt' | 'draw' | 'construction' | 'assault' | 'refresh' | 'endTurn';
export type Part = 'blessMaking' | 'calling' | 'soldierCombat' | 'heroCombat';
export type Phase = 'preSoldierCalling' | 'soldierCalling' | 'postSoldierCalling' | 'preHeroCalling' | 'heroCalling' | 'postHeroCalling' | 'preCombat' | 'combat' | 'postCombat';
export type Step = 'declareAttackers' | 'afterAttack' | 'declareBlockers' | 'afterBlocks' | 'placeDamage' | 'beforeTakeEffect' | 'fallWindow' | 'afterHeroAttack' | 'endStep';
export const CALLING_PHASES: readonly Phase[] = ['preSoldierCalling', 'soldierCalling', 'postSoldierCalling', 'preHeroCalling', 'heroCalling', 'postHeroCalling'];

export interface Cursor {
  readonly loop: Loop;
  readonly part?: Part;
  readonly owner?: Seat;
  readonly phase?: Phase;
  readonly step?: Step;
}

/**
 * A state's cursor: every field present, undefined where the segment has none, so all cursors share
 * one hidden class and the spiral's reads of them (several per event) stay monomorphic. Payloads
 * keep only the fields given (`cursorOf`).
 */
export function cursorAt(loop: Loop, part?: Part, owner?: Seat, phase?: Phase, step?: Step): Cursor {
  return { loop, part, owner, phase, step };
}

/** A cursor of only the fields given (a PhaseAdvanced payload is one), built without spreads: it runs per phase. */
export function cursorOf(c: Cursor): Cursor {
  // The shapes the spiral uses, each as one literal (adding fields one by one grows the object).
  const { loop, part, owner, phase, step } = c;
  if (part && owner) {
    if (phase) return step ? { loop, part, owner, phase, step } : { loop, part, owner, phase };
    if (!step) return { loop, part, owner };
  } else if (!part && !owner && !phase && !step) return { loop };
  const out: { -readonly [K in keyof Cursor]: Cursor[K] } = { loop: c.loop };
  if (c.part) out.part = c.part;
  if (c.owner) out.owner = c.owner;
  if (c.phase) out.phase = c.phase;
  if (c.step) out.step = c.step;
  return out;
}

/** An open window: who holds priority, how many passed in a row, whose window it is. */
export interface Priority {
  readonly holder: Seat;
  readonly passes: number;
  readonly owner: Seat;
}

export type DueKind = 'ResolveKnotTop' | 'DeclareSoldierAttack' | 'DeclareBlockers' | 'PlaceCombatDamage' | 'DeclareHeroAttack';
export interface Due {
  readonly kind: DueKind;
  readonly player: Seat;
}

/** The system event the engine appends next, once no elimination comes first. */
export type Next = 'turnBegin' | 'promptApply' | 'refreshApply' | 'close' | 'placeBatch' | 'takeEffect' | 'turnEnd';

export interface Combat {
  readonly kind: 'soldier' | 'hero';
  readonly attacker: Seat;
  readonly declared: boolean;
  readonly defender: Seat | null;
  readonly attackers: readonly ObjectRef[];
  readonly blocks: readonly { readonly blocker: ObjectRef; readonly attacker: ObjectRef }[];
  readonly target: TargetRef | null;
  readonly placed: boolean;
  readonly pendingFaith: readonly { readonly player: Seat; readonly amount: number }[];
}

/** How a finished match ended, as its outcome's reason says it: one Deva left, or none (DV-R34's draw). */
export function endingOf(result: NonNullable<DvState['result']>): 'lastDevaStanding' | 'simultaneousElimination' {
  return result.winner ? 'lastDevaStanding' : 'simultaneousElimination';
}

export interface DvState {
  readonly status: 'origin' | 'playing' | 'ended';
  readonly result: { readonly winner?: Seat; readonly draw?: true } | null;
  readonly seats: readonly Seat[];
  readonly seatIndex: ReadonlyMap<Seat, number>;
  readonly catalog: ReadonlyMap<string, DvCard>;
  readonly players: readonly PlayerState[];
  readonly cards: readonly CardRow[];
  readonly cardIndex: ReadonlyMap<string, number>;
  readonly lotWinner: Seat | null;
  readonly orderHolder: Seat | null;
  readonly turn: number;
  readonly cursor: Cursor;
  readonly priority: Priority | null;
  readonly due: Due | null;
  readonly next: Next | null;
  readonly knot: readonly KnotItem[];
  readonly falling: readonly FallBatch[];
  readonly combat: Combat | null;
  /** Counter for Knot item and fall batch ids. */
  readonly serial: number;
  /**
   * False when no card or Deva carries a modifier or flag that ever expires, so a phase end need
   * not look at every card. Absent (a state from before this field) counts as true.
   */
  readonly timedEffects?: boolean;
}

// ---- reading helpers -------------------------------------------------------------------------

/**
 * Where `seat` sits in `seats` (and `players`), or -1: what `seatIndex` maps, found by a scan. A
 * table has at most 12 seats, and comparing a few short strings costs a third of a Map lookup;
 * seats are looked up several times per event.
 */
export function seatOf(state: DvState, seat: Seat): number {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) if (seats[i] === seat) return i;
  return -1;
}

export function playerOf(state: DvState, seat: Seat): PlayerState | undefined {
  const i = seatOf(state, seat);
  return i < 0 ? undefined : state.players[i];
}

export function cardOf(state: DvState, iid: string): CardRow | undefined {
  const i = state.cardIndex.get(iid);
  return i === undefined ? undefined : state.cards[i];
}

export function catalogCard(state: DvState, row: CardRow): DvCard {
  return state.catalog.get(row.catalogId)!;
}

export function living(state: DvState): Seat[] {
  return state.players.filter((p) => !p.eliminated).map((p) => p.seat);
}

export function isLiving(state: DvState, seat: Seat): boolean {
  const p = playerOf(state, seat);
  return p !== undefined && !p.eliminated;
}

/** The next living seat after `seat` in seat order (cyclic); `seat` itself when it is the only one. */
export function nextLiving(state: DvState, seat: Seat): Seat {
  const n = state.seats.length;
  const start = Math.max(0, seatOf(state, seat));
  for (let k = 1; k <= n; k++) {
    const p = state.players[(start + k) % n]!;
    if (!p.eliminated) return p.seat;
  }
  return seat;
}

/** The order holder, or the next living seat after it while it is eliminated (DV-R34). */
export function effectiveOrderHolder(state: DvState): Seat {
  const holder = state.orderHolder ?? state.seats[0]!;
  return isLiving(state, holder) ? holder : nextLiving(state, holder);
}

/** The living seat that plays a part after `seat` this turn, or null when the part's round is over. */
export function nextInPartOrder(state: DvState, seat: Seat): Seat | null {
  const n = state.seats.length;
  const base = Math.max(0, seatOf(state, state.orderHolder ?? state.seats[0]!));
  const pos = (Math.max(0, seatOf(state, seat)) - base + n) % n;
  for (let k = pos + 1; k < n; k++) {
    const p = state.players[(base + k) % n]!;
    if (!p.eliminated) return p.seat;
  }
  return null;
}

export function isGone(state: DvState, ref: ObjectRef): boolean {
  const card = cardOf(state, ref.iid);
  return !card || card.incarnation !== ref.incarnation || card.zone === 'leftMatch';
}

export function refOf(card: CardRow): ObjectRef {
  return { iid: card.iid, incarnation: card.incarnation };
}

export function isTargetGone(state: DvState, target: TargetRef): boolean {
  return 'card' in target ? isGone(state, target.card) : !isLiving(state, target.player);
}

function modsSum(card: CardRow, stat: 'at' | 'df' | 'ap'): number {
  let sum = 0;
  for (const m of card.mods) if (m.stat === stat) sum += m.delta;
  return sum;
}

export function currentAt(state: DvState, card: CardRow): number {
  const c = catalogCard(state, card);
  const base = card.level === 2 && c.lv2Stats?.at !== undefined ? c.lv2Stats.at : (c.at ?? 0);
  return Math.max(0, base + modsSum(card, 'at'));
}

export function currentDf(state: DvState, card: CardRow): number {
  return (catalogCard(state, card).df ?? 0) + modsSum(card, 'df');
}

export function currentAp(state: DvState, card: CardRow): number {
  const c = catalogCard(state, card);
  const base = card.level === 2 && c.lv2Stats?.ap !== undefined ? c.lv2Stats.ap : (c.ap ?? 0);
  return base + modsSum(card, 'ap');
}

/** DV-R19: a soldier dies when its damage exceeds its DF (strict). */
export function soldierDestroyed(damage: number, df: number): boolean {
  return damage > df;
}

/** DV-R19: a hero is destroyed when its damage reaches its AP, or its AP is 0 or less. */
export function heroDestroyed(damage: number, ap: number): boolean {
  return ap <= 0 || damage >= ap;
}

export function hasFlag(flags: ReadonlyMap<string, Flag> | null, name: string): boolean {
  const f = flags?.get(name);
  return f !== undefined && f.value !== false && f.value !== 0;
}

export function flagNumber(flags: ReadonlyMap<string, Flag> | null, name: string): number {
  const f = flags?.get(name);
  return typeof f?.value === 'number' ? f.value : f?.value === true ? 1 : 0;
}

export function gcCount(gc: GuardianCost | undefined): number {
  if (!gc) return 0;
  let n = gc.generic ?? 0;
  for (const e of DV_ELEMENTS) n += gc[e] ?? 0;
  return n;
}

/** DV-R16, DV-R39: guardians a hero needs at its level. */
export function requiredGuardians(state: DvState, hero: CardRow): number {
  const gc = catalogCard(state, hero).guardianCost;
  return gcCount(gc?.lv1) + (hero.level === 2 ? gcCount(gc?.lv2) : 0);
}

/** DV-R21: the elements of the hero's GC up to its current level. */
export function blackHoleElements(state: DvState, hero: CardRow): Set<DvElement> {
  const gc = catalogCard(state, hero).guardianCost;
  const out = new Set<DvElement>();
  for (const cost of hero.level === 2 ? [gc?.lv1, gc?.lv2] : [gc?.lv1]) {
    for (const e of DV_ELEMENTS) if ((cost?.[e] ?? 0) > 0) out.add(e);
  }
  return out;
}

/** Soldier cards (not events) on a Deva's Battlefield (DV-R26). */
export function soldiersOf(state: DvState, seat: Seat): CardRow[] {
  const p = playerOf(state, seat)!;
  return p.soldierLine.map((id) => cardOf(state, id)!).filter((c) => catalogCard(state, c).type === 'soldier');
}

export function heroesOf(state: DvState, seat: Seat): CardRow[] {
  return playerOf(state, seat)!.heroLine.map((id) => cardOf(state, id)!);
}

export function poolTotal(pool: Pool): number {
  // Every kind by name (BLESSING_KINDS): a loop over the kinds is a keyed lookup each, per phase end.
  return pool.earth + pool.water + pool.wind + pool.fire + pool.wood + pool.metal + pool.colorless;
}

export function isWindowOpen(state: DvState): boolean {
  return state.priority !== null && state.due === null && state.next === null;
}

/**
 * §6.4, §6.5: from the pass round that makes a hero call or upgrade resolve until its
 * `ResolveKnotTop`, "every zone is closed": nothing may be added to any zone, the Knot zone included.
 */
export function zonesClosed(state: DvState): boolean {
  const top = state.knot[state.knot.length - 1];
  return state.due?.kind === 'ResolveKnotTop' && top !== undefined && (top.kind === 'hero' || top.kind === 'upgrade');
}

/** §6.2: a resolved Soldier, or an Event that stays in the Battlefield, enters its caller's Soldier line. */
export function entersBattlefield(c: DvCard): boolean {
  return c.type === 'soldier' || c.eventPersistence === 'battlefield' || c.turnCount !== undefined;
}
