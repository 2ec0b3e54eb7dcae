import type { GameContext, GameDocument, GameVocabulary } from '@cardlog/events';
import type { AnyGameSystem } from './game-system';
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
}
