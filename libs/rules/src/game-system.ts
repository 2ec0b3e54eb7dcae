import type { GameContext, GameDocument, LogEvent, PlayerEntry, SystemId } from '@cardlog/events';

/** Who is looking at the board: a seat, a spectator, a judge, or anyone after the game (full reveal). */
export type Viewer = `p${number}` | 'spectator' | 'judge' | 'reveal';

export function isViewer(value: string): value is Viewer {
  return /^p(?:[1-9]|1[0-2])$/.test(value) || value === 'spectator' || value === 'judge' || value === 'reveal';
}

export type Outcome =
  | { readonly result: 'win'; readonly winner: string; readonly reason: string }
  | { readonly result: 'draw'; readonly reason: string };

/** A resolved card catalog: the catalog's id and its cards as the game's card schema describes them. */
export interface Catalog<Card = unknown> {
  readonly id: string;
  readonly cards: readonly Card[];
}

/** Everything a game starts from: the document's header with its catalog resolved. */
export interface GameHeader<Card = unknown> {
  readonly system: SystemId;
  readonly rulesVersion: string;
  readonly game?: GameContext;
  readonly config: Readonly<Record<string, unknown>>;
  readonly players: readonly PlayerEntry[];
  readonly catalog: Catalog<Card>;
}

/**
 * One card game as a Decider. Pure: no clock, randomness, I/O or logging.
 *
 * - `initialState` builds the state before the first event from the header (throws RuleViolation
 *   when the header cannot start a game, e.g. the wrong number of players).
 * - `decide` validates one recorded action against the state and returns the events it produces:
 *   the action itself first, then every event the rules derive from it (log-format property 5).
 *   An illegal action throws a RuleViolation.
 * - `evolve` applies one event; it never throws — a stored event is a fact.
 */
export interface GameSystem<State = unknown, Card = unknown> {
  readonly id: SystemId;
  /** The ruling sets this engine applies; a document naming another is rejected. */
  readonly rulesVersions: readonly string[];
  /** Event types only the engine emits; an upload may carry them, and they must equal what it derives. */
  readonly derivedEventTypes: ReadonlySet<string>;
  /** Catalogs shipped with the rules (e.g. a demo catalog), by reference `name@version`. */
  readonly builtinCatalogs: Readonly<Record<string, Catalog<Card>>>;
  initialState(header: GameHeader<Card>): State;
  decide(state: State, action: LogEvent): readonly LogEvent[];
  evolve(state: State, event: LogEvent): State;
  isTerminal(state: State): boolean;
  outcome(state: State): Outcome | null;
  view(state: State, viewer: Viewer): unknown;
  /**
   * One readable line for `event`, read against the state before it. `stateAfter`, when given,
   * returns the state after the event: a caller that applies the event anyway passes it, so that a
   * line saying what the event did need not fold it a second time. It is called at most once and
   * after every read of `stateBefore`, which the caller may then have changed in place (the line is
   * the same either way).
   */
  describe(event: LogEvent, stateBefore: State, stateAfter?: () => State): string;
  /**
   * Optional: whether an uploaded derived event is the one the rules derived (`expected`, built by
   * this engine), answering exactly as `sameEvent` does. `replay` asks it of every uploaded derived
   * event; an engine that knows the shape of its own events can answer without the generic walk.
   */
  readonly sameDerived?: (expected: LogEvent, uploaded: LogEvent) => boolean;
  /**
   * Optional fast path for folds whose intermediate states nobody keeps (replay, fold, a live
   * batch). Same rules as `decide` and `evolve`, applied to a private copy in place instead of
   * copying the state per event; `replay` and `fold` use it when present.
   */
  readonly inPlace?: InPlaceFold<State>;
}

/**
 * Decide and evolve on a state the caller owns. `own` returns a copy that shares nothing mutable
 * with its argument (so the argument stays a value). `step` validates one action as `decide` does
 * and, when it is legal, applies it and every event the rules derive from it, returning those events
 * (the action first), or the action alone, not in a list, when the rules derive nothing from it (no
 * list to allocate for most events); an illegal action throws a RuleViolation and leaves the state
 * as it was. `apply` folds one stored event as `evolve` does. Still pure: no clock, randomness or I/O.
 */
export interface InPlaceFold<State> {
  own(state: State): State;
  step(state: State, action: LogEvent): LogEvent | readonly LogEvent[];
  apply(state: State, event: LogEvent): void;
}

export type AnyGameSystem = GameSystem<any, any>;

export type { GameDocument, LogEvent };
