import type { AgCard, AgConfig, AgDuration, AgSpellType } from '@cardlog/events';

export type Seat = 'p1' | 'p2';
export type CardId = string;
export const SEATS: readonly Seat[] = ['p1', 'p2'];
export const other = (seat: Seat): Seat => (seat === 'p1' ? 'p2' : 'p1');
export const isSeat = (value: unknown): value is Seat => value === 'p1' || value === 'p2';

/** Where a turn stands (§6): the Start Phase's three steps, then Draw, Main, Battle and End. */
export type Step = 'S1' | 'S2' | 'S3' | 'draw' | 'main' | 'battle' | 'end';
export const STEPS: readonly Step[] = ['S1', 'S2', 'S3', 'draw', 'main', 'battle', 'end'];
const NEXT_STEP = Object.fromEntries(STEPS.map((step, i) => [step, STEPS[i + 1] ?? step])) as Readonly<Record<Step, Step>>;
/** The step after this one in STEPS' order (the End Phase is left by the turn switch instead). */
export const nextStep = (step: Step): Step => NEXT_STEP[step];

export const UNIT_CAPACITY = 4;
export const SUPPORT_CAPACITY = 3;
export const FIELD_CAPACITY = 1;
export const MANA_CAP = 6;
export const AEGIS_PILE_SIZE = 6;

/** The match config with its defaults filled in (§5). */
export interface FullConfig {
  readonly openingHandSize: number;
  readonly mainDeckSize?: number;
  readonly maxCopiesPerName?: number;
  readonly winRule: 'emptyPileHit' | 'sixthBreak';
  readonly refreshScope: 'turnPlayer' | 'all';
  readonly tieRule: 'none' | 'both';
}

export function fullConfig(config: AgConfig): FullConfig {
  return {
    openingHandSize: config.openingHandSize,
    ...(config.mainDeckSize === undefined ? {} : { mainDeckSize: config.mainDeckSize }),
    ...(config.maxCopiesPerName === undefined ? {} : { maxCopiesPerName: config.maxCopiesPerName }),
    winRule: config.winRule ?? 'emptyPileHit',
    refreshScope: config.refreshScope ?? 'turnPlayer',
    tieRule: config.tieRule ?? 'none',
  };
}

export interface Modifier {
  readonly delta: number;
  readonly duration: AgDuration;
  /** For `whileSourceInPlay`: the card whose presence keeps the modifier alive (AG-R23). */
  readonly sourceId?: CardId;
}

/** A unit in a Unit Zone: Ready or Rested, with its power modifiers. Leaving U forgets both. */
export interface Unit {
  readonly id: CardId;
  readonly ready: boolean;
  readonly mods: readonly Modifier[];
}

export interface OpenAegis {
  readonly id: CardId;
  readonly state: 'Active' | 'Faded';
}

export type Quota = Readonly<Record<AgSpellType, boolean>>;
export const FRESH_QUOTA: Quota = { Attack: false, Defense: false, Utility: false, Field: false };

/**
 * One player's side of the table (§4). Zones are small arrays; the main deck is a set to the engine
 * (§12.0) plus the cards an effect put at a known place (`top` first-to-draw first, `bottom` last-to-draw last).
 */
export interface PlayerState {
  readonly seat: Seat;
  readonly name: string;
  readonly registered: boolean;
  readonly identity: readonly string[];
  readonly deck: readonly CardId[];
  readonly top: readonly CardId[];
  readonly bottom: readonly CardId[];
  readonly hand: readonly CardId[];
  readonly units: readonly Unit[];
  readonly support: readonly CardId[];
  readonly field: readonly CardId[];
  readonly drop: readonly CardId[];
  /** The Set Aegis: face down, in an order nobody knows (§12.0). */
  readonly aegisSet: readonly CardId[];
  /** Broken Aegis, face up, in arrival order. */
  readonly aegisOpen: readonly OpenAegis[];
  readonly mana: number;
  readonly quota: Quota;
  readonly openingHandDrawn: boolean;
  /** A loss condition met (§1.1); the derived GameEnded follows in the same decision. */
  readonly lost?: 'aegis' | 'deckOut' | 'concede';
}

export type AttackTarget = { readonly kind: 'unit'; readonly cardId: CardId } | { readonly kind: 'aegis' };
export type BattleStep = 'attackWindow' | 'blockStep' | 'defenseWindow' | 'resolve';
export const BATTLE_STEPS: readonly BattleStep[] = ['attackWindow', 'blockStep', 'defenseWindow', 'resolve'];

export interface Battle {
  readonly attackerId: CardId;
  readonly attacker: Seat;
  readonly target: AttackTarget;
  readonly blockerId?: CardId;
  readonly step: BattleStep;
  readonly negated: boolean;
}

export interface GameResult {
  readonly winner?: Seat;
  readonly draw?: true;
  readonly reason: 'aegis' | 'deckOut' | 'concede';
}

/** An instance bound by a deck registration: its owner and its catalog entry. */
export interface Instance {
  readonly owner: Seat;
  readonly card: AgCard;
}

export type Stage = 'none' | 'decks' | 'firstPlayer' | 'gameStart' | 'hands' | 'playing' | 'ended';

export interface AgState {
  /** Catalog entries by catalog id; fixed for the game. */
  readonly catalog: ReadonlyMap<string, AgCard>;
  /** The document's config, which `MatchCreated` must repeat. */
  readonly headerConfig: FullConfig;
  readonly config: FullConfig;
  readonly stage: Stage;
  /** Instance id → owner and card; grows only at DeckRegistered. */
  readonly cards: ReadonlyMap<CardId, Instance>;
  readonly players: Readonly<Record<Seat, PlayerState>>;
  readonly firstPlayer?: Seat;
  readonly turn: number;
  readonly turnPlayer?: Seat;
  readonly step?: Step;
  readonly drawnThisTurn: boolean;
  readonly battle: Battle | null;
  readonly result?: GameResult;
}

/**
 * The same state while one fold changes it in place (evolve.ts): the top level and each player are
 * writable, and so are a player's zones and the instance map. What the rules never change in place
 * stays readonly and is replaced instead: the catalog, card instances, config, the battle, units,
 * modifiers, quotas and the identity (shared with the DeckRegistered payload). A copy-on-write
 * draft still shares players and instances with the state it came from until it copies them.
 */
export type PlayerDraft = {
  -readonly [K in keyof PlayerState]: K extends 'identity' ? PlayerState[K] : PlayerState[K] extends readonly (infer T)[] ? T[] : PlayerState[K];
};
export type StateDraft = { -readonly [K in Exclude<keyof AgState, 'players' | 'cards'>]: AgState[K] } & {
  players: Record<Seat, PlayerDraft>;
  cards: Map<CardId, Instance>;
};

export function instanceOf(state: AgState, id: CardId): Instance | undefined {
  return state.cards.get(id);
}

export function unitOf(player: PlayerState, id: CardId): Unit | undefined {
  for (const u of player.units) if (u.id === id) return u;
  return undefined;
}

/** Where a card of this player is, or undefined. */
export function zoneOf(player: PlayerState, id: CardId): string | undefined {
  if (player.hand.includes(id)) return 'hand';
  if (unitOf(player, id)) return 'unit';
  if (player.support.includes(id)) return 'support';
  if (player.field.includes(id)) return 'field';
  if (player.drop.includes(id)) return 'drop';
  if (player.deck.includes(id)) return 'deck';
  if (player.aegisSet.includes(id)) return 'aegis';
  if (player.aegisOpen.some((a) => a.id === id)) return 'aegisArea';
  return undefined;
}

/** Printed power plus the modifiers in force (§9 step 5b). */
export function powerOf(state: AgState, owner: Seat, unit: Unit): number {
  let power = state.cards.get(unit.id)?.card.power ?? 0;
  for (const m of unit.mods) {
    if (m.duration === 'whileSourceInPlay' && !sourceInPlay(state, m.sourceId)) continue;
    power += m.delta;
  }
  void owner;
  return power;
}

function sourceInPlay(state: AgState, id: CardId | undefined): boolean {
  if (id === undefined) return false;
  const inst = state.cards.get(id);
  if (!inst) return false;
  const p = state.players[inst.owner];
  return unitOf(p, id) !== undefined || p.support.includes(id) || p.field.includes(id);
}

/** The seat whose decision the current battle step waits for (§9), or undefined at Resolve. */
export function decider(battle: Battle): Seat | undefined {
  if (battle.step === 'attackWindow') return battle.attacker;
  if (battle.step === 'resolve') return undefined;
  return other(battle.attacker);
}

const NEXT_BATTLE_STEP: Readonly<Record<BattleStep, BattleStep>> = { attackWindow: 'blockStep', blockStep: 'defenseWindow', defenseWindow: 'resolve', resolve: 'resolve' };

/** The step after this one; Resolve is the last (BATTLE_STEPS' order). */
export function nextBattleStep(step: BattleStep): BattleStep {
  return NEXT_BATTLE_STEP[step];
}

/** The battle with some of its fields changed (a battle is a value: replaced, never changed). */
export function battleWith(b: Battle, change: { readonly step?: BattleStep; readonly blockerId?: CardId; readonly negated?: boolean }): Battle {
  return {
    attackerId: b.attackerId,
    attacker: b.attacker,
    target: b.target,
    blockerId: change.blockerId ?? b.blockerId,
    step: change.step ?? b.step,
    negated: change.negated ?? b.negated,
  };
}

/** The result of `ResolveBattle` (§9 step 5), computed the same way by decide and evolve. */
export type BattleOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'clash'; readonly destroyed: readonly CardId[] }
  | { readonly kind: 'break' }
  | { readonly kind: 'emptyPile' };

export function battleOutcome(state: AgState, battle: Battle): BattleOutcome {
  const attacker = state.players[battle.attacker];
  const defender = state.players[other(battle.attacker)];
  const attackingUnit = unitOf(attacker, battle.attackerId);
  // AG-R19: the attacker left, or the attack was negated: no result.
  if (!attackingUnit || battle.negated) return { kind: 'none' };
  const opposingId = battle.blockerId ?? (battle.target.kind === 'unit' ? battle.target.cardId : undefined);
  if (opposingId !== undefined) {
    const opposing = unitOf(defender, opposingId);
    // AG-R19: the target or blocker left; never redirected to the Aegis.
    if (!opposing) return { kind: 'none' };
    const a = powerOf(state, battle.attacker, attackingUnit);
    const o = powerOf(state, defender.seat, opposing);
    if (a > o) return { kind: 'clash', destroyed: [opposing.id] };
    if (o > a) return { kind: 'clash', destroyed: [attackingUnit.id] };
    return { kind: 'clash', destroyed: state.config.tieRule === 'both' ? [attackingUnit.id, opposing.id] : [] };
  }
  return defender.aegisSet.length > 0 ? { kind: 'break' } : { kind: 'emptyPile' };
}

/** How many cards the Draw Phase draws (AG-R6). */
export function drawCount(state: AgState): number {
  return state.turn === 1 && state.turnPlayer === state.firstPlayer ? 2 : 1;
}
