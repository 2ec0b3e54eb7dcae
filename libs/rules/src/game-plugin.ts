import type { GameContext, GameDocument, GameVocabulary, LogEvent } from '@cardlog/events';
import type { AnyGameSystem, Catalog, Outcome } from './game-system';
import type { RuleViolation } from './rule-violation';
import type { GameInsights } from './insights';

/** What a simulator is asked for: one seeded game. */
export interface SimulatorOptions {
  readonly seed: number;
  /** Seats at the table, for games that allow more than two; the game's default otherwise. */
  readonly players?: number;
  /** Past this many events the bots concede. */
  readonly maxEvents?: number;
  /**
   * Who sits where, for tournament games: seat i gets `seats[i]` (its length sets the player count).
   * `deck` names one of the simulator's `demoDecks`; random demo decks and bot names otherwise.
   */
  readonly seats?: readonly SimulatedSeat[];
  /** The seat (`p1`, `p2`, …) that goes first, for later games of a match; chosen by the game's own method otherwise. */
  readonly firstSeat?: string;
  /** Tournament context written into the document's `game`. */
  readonly game?: GameContext;
}

export interface SimulatedSeat {
  /** The player's stable id (`players[].id`). */
  readonly id: string;
  readonly name: string;
  /** The name of one of the simulator's demo decks. */
  readonly deck: string;
}

/** A deck the simulator can play, as players would register it. */
export interface DemoDeck {
  readonly name: string;
  readonly archetype: string;
}

/** One simulated game: the document, and how it ended. */
export interface SimulatedDocument {
  readonly document: GameDocument;
  /** A short word for the ending (e.g. `hp`, `deckOut`, `aegis`, `concede`). */
  readonly ending: string;
  /** True when a rule of the game ended it (not a concession at the event cap). */
  readonly byWinCondition: boolean;
  /** How the game ended, when the simulator knows it without a replay. */
  readonly outcome?: Outcome | null;
}

/** Seeded bot games for a system: same seed, same game. */
export interface GameSimulator {
  /** Player counts the simulator supports; the first is the default. */
  readonly playerCounts: readonly number[];
  /** The decks it plays, by name; `SimulatorOptions.seats[].deck` picks one. */
  readonly demoDecks: readonly DemoDeck[];
  simulate(options: SimulatorOptions): SimulatedDocument;
}

/**
 * Everything Cardlog knows about one card game, as one registry entry: its Decider, its event
 * vocabulary, its read-model insights, its simulator and its terminal board.
 */
export interface GamePlugin {
  readonly system: AnyGameSystem;
  readonly vocabulary: GameVocabulary;
  /** Read-model facts; a game without them still gets replays, without card statistics. */
  readonly insights?: GameInsights<any>;
  readonly simulator?: GameSimulator;
  /** A plain-text board of `view(state, viewer)`, for `cardlog replay`; JSON when absent. */
  readonly textBoard?: (view: any) => string;
  /**
   * The event type whose payload registers a seat's list (`DeckRegistered` when absent): a
   * tournament's registered list is such a payload, and DECK_MISMATCH compares it with the game's.
   */
  readonly deckRegistration?: string;
  /**
   * Every deck-construction violation of a registered list (the game's `deckRegistration` payload)
   * against a catalog, in the rules' order; empty when the list is legal. The Decider stops at the
   * first; organisers checking a list want them all.
   */
  readonly validateDeck?: (list: unknown, catalog: Catalog) => readonly RuleViolation[];
  /** How the games of one match relate; "recorded, with the choice shown" when absent. */
  readonly matchRules?: MatchRules;
}

/** What a first-player check across a match's games is given: game N's result and game N+1. */
export interface NextGameContext {
  /** Game N+1's number in the match (2, 3, …). */
  readonly gameNumber: number;
  /** Player ids: who won and lost game N (null for a draw), and who went first in it. */
  readonly previous: { readonly winner: string | null; readonly loser: string | null; readonly firstPlayer: string | null };
  /** Who went first in game N+1 (player id), and game N+1's events, to read how it was chosen. */
  readonly firstPlayer: string | null;
  readonly events: readonly LogEvent[];
  /** Seat of a player id in game N+1. */
  readonly seatOf: (playerId: string) => string | undefined;
  /** Both documents and game N's outcome, for rules that read the games themselves (seats as each document has them). */
  readonly previousDocument: GameDocument;
  readonly previousOutcome: Outcome;
  readonly document: GameDocument;
}

export interface MatchRules {
  /** Lists may change between games of a match (sideboarding): DECK_MISMATCH is not checked. */
  readonly sideboarding?: boolean;
  /** A violation when game N+1's first player was not chosen as the rules require (e.g. SM-R5/R6), else null. */
  readonly checkNextFirstPlayer?: (context: NextGameContext) => RuleViolation | null;
}

/** The event type that registers a seat's list in this game (see `GamePlugin.deckRegistration`). */
export function deckRegistrationOf(plugin: GamePlugin): string {
  return plugin.deckRegistration ?? 'DeckRegistered';
}
