import type { GameDocument, LogEvent } from '@cardlog/events';
import type { AnyGameSystem, Catalog, GameHeader, Outcome } from './game-system';
import { findSystem } from './registry';
import { RuleViolation, isRuleViolation } from './rule-violation';
import { canonicalJson, sameEvent } from './same-event';

/**
 * Where a log stopped being legal, in both position vocabularies (docs/positions.md): `index` is the
 * 0-based place of the event in the submitted `events` array (-1 for the header), `seq` the 1-based
 * number the event has, or would have had, in the stored game, engine-derived events counted.
 */
export interface ReplayFailure {
  readonly index: number;
  /** Absent for the header. */
  readonly seq?: number;
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export interface ReplayResult<S = unknown> {
  /** The state after the valid prefix (null when the header itself could not start a game). */
  readonly state: S | null;
  /**
   * Every event folded, including engine-derived ones the upload left out: `applied[i]` is the
   * event numbered `i + 1` (its seq), given without a `seq` field (the position is the number).
   */
  readonly applied: readonly LogEvent[];
  readonly outcome: Outcome | null;
  readonly failure?: ReplayFailure;
}

export interface ReplayOptions {
  /** Use this system instead of the registry's (tests, tools). */
  readonly system?: AnyGameSystem;
  /** Looks up a catalog reference the rules do not ship (e.g. one stored on the server). */
  readonly resolveCatalog?: (ref: string) => Catalog | undefined;
}

export const HEADER_INDEX = -1;

export function resolveHeader(document: GameDocument, system: AnyGameSystem, options: ReplayOptions = {}): GameHeader {
  if (!system.rulesVersions.includes(document.rulesVersion)) {
    throw new RuleViolation(
      'UNKNOWN_RULES_VERSION',
      `rulesVersion "${document.rulesVersion}" is not one ${system.id} knows (${system.rulesVersions.join(', ')})`,
      { rulesVersion: document.rulesVersion, known: system.rulesVersions },
    );
  }
  const catalog = resolveCatalog(document.catalog, system, options);
  return {
    system: document.system,
    rulesVersion: document.rulesVersion,
    ...(document.game ? { game: document.game } : {}),
    config: document.config ?? {},
    players: document.players,
    catalog,
  };
}

function resolveCatalog(ref: GameDocument['catalog'], system: AnyGameSystem, options: ReplayOptions): Catalog {
  if (typeof ref !== 'string') return { id: ref.id ?? 'inline', cards: ref.cards };
  const found = system.builtinCatalogs[ref] ?? options.resolveCatalog?.(ref);
  if (!found) throw new RuleViolation('UNKNOWN_CATALOG', `catalog "${ref}" is not known`, { catalog: ref });
  return found;
}

/**
 * Folds a whole document through its game's rules. Returns the state it reached and, when an event is
 * illegal, the first failure: a bad game still shows its valid prefix (scalachess's Replay).
 */
export function replay<S = unknown>(document: GameDocument, options: ReplayOptions = {}): ReplayResult<S> {
  const system = options.system ?? findSystem(document.system);
  if (!system) {
    return headerFailure('UNSUPPORTED_SYSTEM', `no rules engine for system "${document.system}" in this build`);
  }
  let state: S;
  try {
    state = system.initialState(resolveHeader(document, system, options));
  } catch (error) {
    if (isRuleViolation(error)) return headerFailure(error.code, error.message, error.details);
    throw error;
  }

  const applied: LogEvent[] = [];
  const inPlace = system.inPlace;
  if (inPlace) state = inPlace.own(state);
  // The derived events still due after the last action: applied[due, dueEnd).
  let due = 0;
  let dueEnd = 0;

  // The loop's variables are read by no closure (failures are built by `failureAt` from arguments):
  // a variable a closure reads lives in a context object, and every read and write of it in this
  // loop, several per event, was a memory access instead of a register.
  const events = document.events;
  const derived = derivedTypesOf(system);
  const sameDerived = system.sameDerived ?? sameEvent;
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    const type = event.type;
    const isDerived = derived.any && (typeof type === 'string' ? isOneOf(type, derived.byLength[type.length]) : derived.types.has(type));

    if (isDerived) {
      // Property 5: an uploaded derived event must be the next one the engine derived, at its position.
      const expected = due < dueEnd ? applied[due] : undefined;
      if (!expected || !sameDerived(expected, event)) {
        return finished(
          system,
          state,
          applied,
          failureAt(
            index,
            expected ? due + 1 : applied.length + 1,
            event,
            'DERIVED_MISMATCH',
            expected
              ? `${event.type} differs from what the rules derive here: ${canonicalJson(expected)}`
              : `${event.type} is derived by the rules and none is due here`,
            { expected: expected ?? null },
          ),
        );
      }
      if (event.seq !== undefined && event.seq !== due + 1) {
        return finished(system, state, applied, failureAt(index, due + 1, event, 'SEQ_MISMATCH', `seq is ${event.seq}; this event is number ${due + 1} of the game`, { expected: due + 1 }));
      }
      // The upload's own object takes the place of the rules' equal one, which then dies young: kept
      // in `applied` for the rest of the game, the rules' copies were copied by every scavenge and
      // promoted to the old generation (4.5% of a Devacurse replay, bench/README.md, twenty-fourth
      // round). One the upload numbered keeps the rules' copy, as `applied` holds no seq.
      if (event.seq === undefined) applied[due] = event;
      due++;
      continue;
    }

    const seq = applied.length + 1;
    if (event.seq !== undefined && event.seq !== seq) {
      return finished(system, state, applied, failureAt(index, seq, event, 'SEQ_MISMATCH', `seq is ${event.seq}; this event is number ${seq} of the game`, { expected: seq }));
    }
    let produced: LogEvent | readonly LogEvent[];
    try {
      produced = inPlace ? inPlace.step(state, stripSeq(event)) : system.decide(state, stripSeq(event));
    } catch (error) {
      if (isRuleViolation(error)) return finished(system, state, applied, failureAt(index, seq, event, error.code, error.message, error.details));
      throw error;
    }
    // The events are kept as the rules gave them, not copied with their seq (their place in
    // `applied` is their number): a copy of every event of the game was an eighth of the loop's
    // allocation, and 3% of a Devacurse replay (bench/README.md, twenty-fourth round).
    if (!Array.isArray(produced)) {
      // The action alone (InPlaceFold.step): nothing derived is due after it.
      applied.push(produced as LogEvent);
      due = dueEnd = applied.length;
      continue;
    }
    for (let i = 0; i < produced.length; i++) {
      const e = produced[i]!;
      if (!inPlace) state = system.evolve(state, e);
      applied.push(e);
    }
    due = applied.length - (produced.length - 1);
    dueEnd = applied.length;
  }
  return finished(system, state, applied);

  function headerFailure(code: string, message: string, details?: Readonly<Record<string, unknown>>): ReplayResult<S> {
    return {
      state: null,
      applied: [],
      outcome: null,
      failure: { index: HEADER_INDEX, type: 'header', code, message, ...(details ? { details } : {}) },
    };
  }
}

/** Validates and applies one live action: the events to append, and the state after them. */
export function record<S>(system: AnyGameSystem, state: S, action: LogEvent): { state: S; events: readonly LogEvent[] } {
  if (system.derivedEventTypes.has(action.type)) {
    throw new RuleViolation('DERIVED_EVENT', `${action.type} is derived by the rules; recorders do not send it`);
  }
  const events = system.decide(state, stripSeq(action));
  let next = state;
  for (const e of events) next = system.evolve(next, e);
  return { state: next, events };
}

export interface LiveBatchResult<S> {
  readonly state: S;
  /** The events to store: each action with what the engine derived from it. */
  readonly events: readonly LogEvent[];
  /** The first refused event: `index` in the batch, `seq` in the game. */
  readonly failure?: ReplayFailure;
}

/**
 * Records a batch of live events on top of a game stored up to `version`, as an upload would be
 * replayed: player actions are decided; a derived event the recorder sends (property 5) must equal
 * the next one the engine derived after the action before it and is not stored twice. `pending` are
 * the derived events that followed the last stored action, so a recorder may confirm them in a
 * later request (e.g. a final `GameEnded` after the move that ended the game).
 */
export function recordLive<S>(
  system: AnyGameSystem,
  state: S,
  version: number,
  batch: readonly LogEvent[],
  pending: readonly LogEvent[] = [],
): LiveBatchResult<S> {
  const events: LogEvent[] = [];
  let due = [...pending];
  for (const [index, event] of batch.entries()) {
    const nextSeq = version + events.length + 1;
    const fail = (seq: number, code: string, message: string, details?: Readonly<Record<string, unknown>>): LiveBatchResult<S> => ({
      state,
      events,
      failure: { index, seq, type: event.type, code, message, ...(details ? { details } : {}) },
    });
    if (system.derivedEventTypes.has(event.type)) {
      const expected = due[0];
      if (!expected || !sameEvent(stripSeq(expected), stripSeq(event))) {
        return fail(
          expected?.seq ?? nextSeq,
          'DERIVED_MISMATCH',
          expected
            ? `${event.type} differs from what the rules derived here: ${canonicalJson(stripSeq(expected))}`
            : `${event.type} is derived by the rules and none is due here`,
          { expected: expected ? stripSeq(expected) : null },
        );
      }
      if (event.seq !== undefined && event.seq !== expected.seq) {
        return fail(expected.seq!, 'SEQ_MISMATCH', `seq is ${event.seq}; this event is number ${expected.seq} of the game`, { expected: expected.seq });
      }
      due = due.slice(1);
      continue;
    }
    if (event.seq !== undefined && event.seq !== nextSeq) {
      return fail(nextSeq, 'SEQ_MISMATCH', `seq is ${event.seq}; this event is number ${nextSeq} of the game`, { expected: nextSeq });
    }
    let produced: readonly LogEvent[];
    try {
      produced = system.decide(state, stripSeq(event));
    } catch (error) {
      if (isRuleViolation(error)) return fail(nextSeq, error.code, error.message, error.details);
      throw error;
    }
    for (const e of produced) state = system.evolve(state, e);
    due = produced.slice(1).map((e, i) => withSeq(e, nextSeq + 1 + i));
    events.push(...produced);
  }
  return { state, events };
}

/** Folds already-validated events (from the store) without deciding again. */
export function fold<S>(system: AnyGameSystem, initial: S, events: Iterable<LogEvent>): S {
  const inPlace = system.inPlace;
  if (inPlace) {
    const state = inPlace.own(initial);
    for (const e of events) inPlace.apply(state, e);
    return state;
  }
  let state = initial;
  for (const e of events) state = system.evolve(state, e);
  return state;
}

function finished<S>(system: AnyGameSystem, state: S, applied: LogEvent[], failure?: ReplayFailure): ReplayResult<S> {
  return { state, applied, outcome: system.outcome(state), ...(failure ? { failure } : {}) };
}

/**
 * The failure of the event at `index`: `seq` is the number it has, or would have had, in the game
 * (for an uploaded derived event, that of the derived event it was compared with).
 */
function failureAt(index: number, seq: number, event: LogEvent, code: string, message: string, details?: Readonly<Record<string, unknown>>): ReplayFailure {
  return { index, seq, type: event.type, code, message, ...(details ? { details } : {}) };
}

interface DerivedTypes {
  readonly types: ReadonlySet<string>;
  readonly any: boolean;
  readonly byLength: readonly (readonly string[] | undefined)[];
}

const DERIVED_TYPES = new WeakMap<AnyGameSystem, DerivedTypes>();

/**
 * A system's derived types grouped by length, built once per system, not once per replay. A Set
 * probe per event showed in the profile, and so did keeping the previous event's answer
 * (comparing the parsed, uninterned type strings). Most types differ in length from every derived
 * one, and the rest (Devacurse's PassPriority has the length of BlessingLost) are compared with the
 * few of their length, which stops at the first differing character, where a Set probe hashed the
 * whole string first. A game that derives nothing asks nothing.
 */
function derivedTypesOf(system: AnyGameSystem): DerivedTypes {
  const known = DERIVED_TYPES.get(system);
  if (known !== undefined && known.types === system.derivedEventTypes) return known;
  const types = system.derivedEventTypes;
  const byLength: string[][] = [];
  for (const type of types) (byLength[type.length] ??= []).push(type);
  const made: DerivedTypes = { types, any: types.size > 0, byLength };
  DERIVED_TYPES.set(system, made);
  return made;
}

/** Whether `type` is one of `candidates` (the derived types of its length). */
function isOneOf(type: string, candidates: readonly string[] | undefined): boolean {
  if (candidates === undefined) return false;
  for (let i = 0; i < candidates.length; i++) if (candidates[i] === type) return true;
  return false;
}

function stripSeq(event: LogEvent): LogEvent {
  if (!('seq' in event)) return event;
  // A literal, not a rest spread: this runs once per uploaded event.
  return event.player === undefined ? { type: event.type, payload: event.payload } : { type: event.type, player: event.player, payload: event.payload };
}

function withSeq(event: LogEvent, seq: number): LogEvent {
  return event.player === undefined ? { seq, type: event.type, payload: event.payload } : { seq, type: event.type, player: event.player, payload: event.payload };
}
