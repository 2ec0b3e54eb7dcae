import type { LogEvent } from '@cardlog/events';
import type { GameHeader } from './game-system';

/** One deck as statistics see it: its archetype label, an id for the exact list, and its cards. */
export interface DeckFacts {
  /** The uploaded archetype, else the game's default label (e.g. Character + colours). */
  readonly archetype: string;
  /** Identifies the exact list (same cards, same counts → same hash). */
  readonly listHash: string;
  /** Main-deck cards by catalog id. */
  readonly cards: Readonly<Record<string, { readonly name: string; readonly copies: number }>>;
}

/** What a seat saw of its own deck: catalog ids, each listed once. */
export interface SeatSightings {
  readonly openingHand: readonly string[];
  readonly drawn: readonly string[];
  readonly played: readonly string[];
}

/** Facts about one game that statistics need, folded from its events. JSON-safe. */
export interface GameFacts {
  readonly firstPlayer: string | null;
  readonly decks: Readonly<Record<string, DeckFacts>>;
  readonly sightings: Readonly<Record<string, SeatSightings>>;
  /** Working data of the fold (e.g. instance → catalog id, hands being dealt). */
  readonly scratch: Readonly<Record<string, unknown>>;
}

/** Where a game stands, for replay step lists. */
export interface Position {
  readonly turn: number | null;
  readonly phase: string | null;
  readonly turnPlayer: string | null;
}

/** A game's view for read models: pure, like its Decider. */
export interface GameInsights<State = unknown> {
  initialFacts(header: GameHeader): GameFacts;
  evolveFacts(facts: GameFacts, event: LogEvent, header: GameHeader): GameFacts;
  position(state: State): Position;
}

export function emptyFacts(): GameFacts {
  return { firstPlayer: null, decks: {}, sightings: {}, scratch: {} };
}

export { stableHash } from './stable-hash';
