import type { SmCard } from '@cardlog/events';

export type Seat = 'p1' | 'p2';
export const SEATS: readonly Seat[] = ['p1', 'p2'];
export type CardId = string;
export type Kind = 'Seal' | 'Mystic';
export type Zone = 'SealDeck' | 'MysticDeck' | 'Hand' | 'Arena' | 'Shrine' | 'RemoveZone' | 'ReflectionZone' | 'Candidate';
export type Line = 'At' | 'Df';
export type Step = 'Unspecified' | 'CheckUp' | 'Draw' | 'Discard' | 'Interfere' | 'Main' | 'MpRefill' | 'EndOfSubturn' | 'Other';
export type Expiry = 'EndOfSubturn' | 'Never' | { readonly subturns: number };
export type Field = 'level' | 'mpCast' | 'mpAttack' | 'at' | 'df' | 'sp';

export function isSeat(value: unknown): value is Seat {
  return value === 'p1' || value === 'p2';
}
export function other(seat: Seat): Seat {
  return seat === 'p1' ? 'p2' : 'p1';
}

export type AttackGrant =
  | { readonly id: string; readonly kind: 'MultiAttackPayOnce'; readonly count: number; readonly used: boolean; readonly expires: Expiry }
  | {
      readonly id: string;
      readonly kind: 'ExtraAttack';
      readonly remaining: number;
      readonly free: boolean;
      readonly evenIfInactive: boolean;
      readonly expires: Expiry;
    };

/** An open multi-attack sequence (§7.3). */
export interface AttackSequence {
  readonly grantId: string;
  readonly total: number;
  readonly done: number;
  readonly attackMove: string | null;
}

/** One card instance. Seal runtime fields are meaningful only while a Seal is in the Arena. */
export interface CardState {
  readonly id: CardId;
  readonly owner: Seat;
  readonly controller: Seat;
  readonly catalogId: string;
  readonly kind: Kind;
  /** Normalised base name (SM-R14). */
  readonly name: string;
  readonly reflection: boolean;
  readonly zone: Zone;
  readonly line: Line | null;
  readonly active: boolean;
  readonly attacks: number;
  readonly grants: readonly AttackGrant[];
  readonly sequence: AttackSequence | null;
  readonly attachedTo: CardId | null;
}

export interface Modifier {
  readonly cardId: CardId;
  readonly field: Field;
  readonly op: 'set' | 'add';
  readonly value: number;
  readonly expires: Expiry;
}

export interface Subturn {
  readonly number: number;
  readonly owner: Seat;
  readonly step: Step;
  /** 401.3.2: the Draw step of each player's first own Subturn is skipped. */
  readonly drawSkipped: boolean;
  readonly drawEntered: boolean;
  /** 401.2.1, recorded by the engine when the Subturn begins. */
  readonly ownerHadSealAtStart: boolean;
  /** 401.9.8 (B); frozen once End of Subturn is entered. */
  readonly sealBroughtIn: boolean;
  readonly endEntered: boolean;
  readonly drawsByOwner: number;
  readonly normalDraws: number;
  readonly handAttackUsed: boolean;
}

export type GameResult = { readonly winner: Seat; readonly reason: string } | { readonly winner: null; readonly draw: true; readonly reason: string };

export interface SetupProgress {
  readonly decks: readonly Seat[];
  readonly shuffled: readonly Seat[];
  readonly placed: readonly Seat[];
  readonly hands: readonly Seat[];
}

export type Stage = 'none' | 'match' | 'setup' | 'playing' | 'ended';

export interface MatchConfig {
  readonly mpMax: number;
  readonly level: string | null;
  readonly shrineLevelLimit: number;
  readonly deckMinimum: { readonly seal: number; readonly mystic: number } | null;
  /** Banned `kind|name` keys. */
  readonly banned: ReadonlySet<string>;
  readonly firstSubturnAttacks: 'decree' | 'none';
}

/**
 * The state of one Summoner Master game. Readonly data; `evolve` copies only what an event touches.
 * Cards live in one array (their slot numbers in `slotOf`), so an event copies one array of
 * pointers and the one or two card records it changes.
 */
export interface SmState {
  readonly catalog: ReadonlyMap<string, SmCard>;
  readonly config: MatchConfig;
  readonly names: Readonly<Record<Seat, string>>;
  readonly headerGameNumber: number | null;
  readonly stage: Stage;
  readonly gameNumber: number;
  readonly previousGame: { readonly winner: Seat } | { readonly draw: true } | null;
  readonly setup: SetupProgress;
  readonly firstPlayer: Seat | null;
  readonly firstPlayerMethod: string | null;
  readonly slotOf: ReadonlyMap<CardId, number>;
  readonly cards: readonly CardState[];
  /** Per seat: Reflection cards in the Reflection Zone, by `kind|name` → catalog id. */
  readonly reflections: Readonly<Record<Seat, ReadonlyMap<string, string>>>;
  readonly modifiers: readonly Modifier[];
  readonly mp: Readonly<Record<Seat, number>>;
  readonly counters: Readonly<Record<Seat, ReadonlyMap<string, number>>>;
  /** The seat whose Mp may pay only for casting (102.6); cleared at the first SubturnEnded. */
  readonly mpCastingOnly: Seat | null;
  readonly ownSubturns: Readonly<Record<Seat, number>>;
  readonly subturn: Subturn | null;
  readonly currentAttack: { readonly attackerId: CardId; readonly mode: string; readonly grantId: string | null } | null;
  readonly pendingContinuation: CardId | null;
  readonly grantIds: ReadonlySet<string>;
  readonly pendingGameEnd: { readonly loser: Seat; readonly reason: 'NoSealInArena' } | null;
  readonly result: GameResult | null;
}

export function nameKey(kind: Kind, name: string): string {
  return `${kind}|${name}`;
}

/** Each Oracle entry's `nameKey`, built once per catalog (setup's oracleOf), not once per lookup. */
const ORACLE_KEYS = new WeakMap<SmCard, string>();

export function rememberOracleKey(entry: SmCard): void {
  ORACLE_KEYS.set(entry, nameKey(entry.kind, entry.name));
}

export function cardOf(state: SmState, id: unknown): CardState | undefined {
  if (typeof id !== 'string') return undefined;
  const slot = state.slotOf.get(id);
  return slot === undefined ? undefined : state.cards[slot];
}

export function sealInArena(state: SmState, seat: Seat): boolean {
  for (const c of state.cards) if (c.zone === 'Arena' && c.kind === 'Seal' && c.controller === seat) return true;
  return false;
}

export function sealInLine(state: SmState, seat: Seat): boolean {
  for (const c of state.cards) if (c.zone === 'Arena' && c.kind === 'Seal' && c.controller === seat && c.line !== null) return true;
  return false;
}

export function zoneCount(state: SmState, seat: Seat, zone: Zone): number {
  let n = 0;
  for (const c of state.cards) if (c.owner === seat && c.zone === zone) n++;
  return n;
}

export function cardsIn(state: SmState, seat: Seat, zone: Zone): CardState[] {
  return state.cards.filter((c) => c.owner === seat && c.zone === zone);
}

export function pileOf(kind: Kind): Zone {
  return kind === 'Seal' ? 'SealDeck' : 'MysticDeck';
}

/** The grants of a card that has none (shared: a card's grants are replaced, never changed). */
export const NO_GRANTS: readonly AttackGrant[] = [];

/** The record of a card a DeckRegistered binds: in its pile, or a Reflection `Candidate`. */
export function newCard(id: CardId, owner: Seat, catalogId: string, oracle: SmCard, zone: Zone | null): CardState {
  return {
    id,
    owner,
    controller: owner,
    catalogId,
    kind: oracle.kind,
    name: oracle.name,
    reflection: oracle.reflection === true,
    zone: zone ?? pileOf(oracle.kind),
    line: null,
    active: false,
    attacks: 0,
    grants: NO_GRANTS,
    sequence: null,
    attachedTo: null,
  };
}

/** The characteristics the engine computes with, after Reflection (§6.1) and recorded modifiers. */
export interface Characteristics {
  readonly catalogId: string;
  readonly name: string;
  readonly level: number;
  readonly mpCast: number;
  readonly mpAttack: number;
  readonly at: number;
  readonly df: number;
  readonly sp: number;
  readonly interfere: boolean;
  readonly reflected: boolean;
  readonly entry: SmCard | undefined;
}

/**
 * §6.1: layer 0 is the Oracle entry, replaced by the owner's Reflection card of the same kind and
 * name in every zone (SM-R10, [D 620.2, 620.4]); layer 1 applies recorded modifiers, `set` before
 * `add` [W2]. Costs below 0 count as 0.
 */
export function effective(state: SmState, card: CardState): Characteristics {
  const printed = state.catalog.get(card.catalogId);
  const reflections = state.reflections[card.owner];
  let reflectedId: string | undefined;
  if (card.zone !== 'ReflectionZone' && reflections.size > 0) {
    // A card's kind and name are its printed entry's (DeckRegistered), so that entry's key is the card's.
    reflectedId = reflections.get((printed && ORACLE_KEYS.get(printed)) ?? nameKey(card.kind, card.name));
  }
  const catalogId = reflectedId ?? card.catalogId;
  const entry = reflectedId === undefined ? printed : state.catalog.get(reflectedId);
  let level = entry?.level ?? 0;
  let mpCast = entry?.mpCast ?? 0;
  let mpAttack = entry?.mpAttack ?? 0;
  let at = entry?.at ?? 0;
  let df = entry?.df ?? 0;
  let sp = entry?.sp ?? 0;
  if (state.modifiers.length > 0) {
    const values = { level, mpCast, mpAttack, at, df, sp };
    for (const m of state.modifiers) if (m.cardId === card.id && m.op === 'set') values[m.field] = m.value;
    for (const m of state.modifiers) if (m.cardId === card.id && m.op === 'add') values[m.field] += m.value;
    ({ level, mpCast, mpAttack, at, df, sp } = values);
  }
  return {
    catalogId,
    name: card.name,
    level,
    mpCast: Math.max(0, mpCast),
    mpAttack: Math.max(0, mpAttack),
    at,
    df,
    sp,
    interfere: entry?.interfere === true,
    reflected: reflectedId !== undefined,
    entry,
  };
}

/** §5.4: the sum of the effective Levels of the Seals in a seat's Shrine [C 703.3]. */
export function shrineLevel(state: SmState, seat: Seat): number {
  let sum = 0;
  for (const c of state.cards) if (c.owner === seat && c.zone === 'Shrine' && c.kind === 'Seal') sum += effective(state, c).level;
  return sum;
}

/** §5.4 `drawOwed`. */
export function drawOwed(state: SmState): boolean {
  const s = state.subturn;
  return s !== null && !s.drawSkipped && (s.step === 'Draw' || s.step === 'Unspecified') && s.drawsByOwner === 0;
}
