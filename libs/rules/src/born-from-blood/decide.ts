import type * as E from '@cardlog/events';
import { BornFromBloodEventType, KEYWORDS_WITH_OPTIONAL_VALUE, KEYWORDS_WITH_VALUE, LogEvent, bornFromBloodEvents, eventSchemaFor } from '@cardlog/events';
import type { z } from 'zod';
import { RuleViolation } from '../rule-violation';
import { decideAssignDamage, decideDeclareAttack, decideDeclareDefenders, decideResolveBattle } from './decide/combat';
import { decideEffect } from './decide/effects';
import { check, refuse } from './decide/guards';
import { decideActivateAbility, decidePlayCard, decideSellCard } from './decide/play';
import { decideSetup } from './decide/setup';
import { decidePassPriority } from './decide/stack';
import { decideAdvancePhase, decideDiscardToHandLimit, decideDrawForTurn, decideEndTurn, drawForTurnPayloadFits } from './decide/turn';
import { applyEvent, evolveAndRemember } from './evolve';
import { inPlace } from './mutate';
import { BfbState, Seat, catalogOf, isSeat, cardOf } from './state';
import { deriveEvents, gameEnd, isInert, quietFor } from './state-check';
import { fitsShape } from './fast-shape';

const schemas = new Map<string, z.ZodType>();
function schemaOf(type: string): z.ZodType | undefined {
  const def = (bornFromBloodEvents as Record<string, E.EventDefinition>)[type];
  if (!def) return undefined;
  let schema = schemas.get(type);
  if (!schema) schemas.set(type, (schema = eventSchemaFor(type, def)));
  return schema;
}

// The per-event tables are Maps, not records: a look-up by an event's type string then hashes it
// instead of going through V8's shared cache of property look-ups, which a replay keeps evicting.
const SETUP_STAGE: ReadonlyMap<string, BfbState['stage']> = new Map([
  ['MatchCreated', 'none'],
  ['DeckRegistered', 'decks'],
  ['FirstPlayerChosen', 'firstPlayer'],
  ['GameStarted', 'gameStart'],
  ['OpeningHandDrawn', 'hands'],
  ['Mulligan', 'mulligan'],
]);

/**
 * Validates one recorded action against the state (§12.1 check order) and returns it followed by
 * the events the rules derive from it. Throws RuleViolation for an illegal action.
 */
export function decide(state: BfbState, action: LogEvent): LogEvent[] {
  const event = named(withoutSeq(action), validate(state, action).name);
  const quiet = quietFor(state, event);
  const events = [event];
  deriveEvents(evolveAndRemember(state, event), event, evolveAndRemember, quiet, events);
  return events;
}

/**
 * `decide` and then `evolve` of every event it returns, on a state the caller owns (`ownState`):
 * the same checks, then the same rules applied in place. An illegal action throws before anything
 * is written.
 */
export function step(state: BfbState, action: LogEvent): LogEvent | LogEvent[] {
  // The action itself is applied and handed back, not a copy naming its type with the rules' own
  // string (as `decide` returns): the rules are given that string beside it (one object less per event).
  const event = withoutSeq(action);
  const info = validate(state, event);
  const type = info.name;
  const quiet = quietFor(state, event, type, info.inert);
  const draft = inPlace(state);
  applyEvent(draft, event, type);
  // An action that wrote no card and no zone list leaves the state as cleared as it found it (§12.1):
  // then, unless it ends the game, nothing is derived from it, and the action goes back alone.
  const cleared = quiet || !draft.touched;
  if (cleared && gameEnd(state, event) === undefined) return event;
  const events = [event];
  deriveEvents(state, event, foldInPlace, cleared, events);
  // The state check's rounds were folded as they were found; GameEnded, last, is folded here.
  const last = events[events.length - 1]!;
  if (last.type === 'GameEnded') applyEvent(inPlace(state), last);
  return events;
}

const foldInPlace = (state: BfbState, event: LogEvent): BfbState => {
  applyEvent(inPlace(state), event);
  return state;
};

/** The checks of `decide` (§12.1 check order), reading the state only: what they know of the event's type. */
function validate(state: BfbState, action: LogEvent): TypeInfo {
  if (state.stage === 'ended') refuse('GAME_OVER', 'the game has ended', { result: state.result });
  const info = shapeOf(action);
  const type = info.name;
  const payload = action.payload as any;
  const actor = action.player as Seat;
  payloadFits(state, type, actor, payload);
  setupOrder(state, type, actor, info.stage);
  knownCards(state, type, payload);

  // The most frequent types first: a switch on strings compares them one case after another.
  switch (type) {
    case 'AdvancePhase':
      decideAdvancePhase(state, actor);
      break;
    case 'PassPriority':
      decidePassPriority(state, actor);
      break;
    case 'DeclareAttack':
      decideDeclareAttack(state, actor, payload);
      break;
    case 'DeclareDefenders':
      decideDeclareDefenders(state, actor, payload);
      break;
    case 'ResolveBattle':
      decideResolveBattle(state, actor);
      break;
    case 'PlayCard':
      decidePlayCard(state, actor, payload);
      break;
    case 'DrawForTurn':
      decideDrawForTurn(state, actor, payload);
      break;
    case 'AssignDamage':
      decideAssignDamage(state, actor, payload);
      break;
    case 'ActivateAbility':
      decideActivateAbility(state, actor, payload);
      break;
    case 'MatchCreated':
    case 'GameStarted':
      break;
    case 'DeckRegistered':
    case 'FirstPlayerChosen':
    case 'OpeningHandDrawn':
    case 'Mulligan':
      decideSetup(state, type, actor, payload);
      break;
    case 'SellCard':
      decideSellCard(state, actor, payload);
      break;
    case 'DiscardToHandLimit':
      decideDiscardToHandLimit(state, actor, payload);
      break;
    case 'EndTurn':
      decideEndTurn(state, actor);
      break;
    case 'Concede':
      break;
    case 'CardsPutInGraveyard':
    case 'GameEnded':
      throw new RuleViolation('DERIVED_MISMATCH', `${type} is derived by the rules and none is due here`);
    case 'MoveCard':
    case 'DealDamage':
    case 'ChangeHP':
    case 'ModifyStat':
    case 'ModifyBattleDamage':
    case 'GrantAttackProperty':
    case 'GrantKeyword':
    case 'RemoveKeyword':
    case 'SetStatus':
    case 'ClearStatus':
    case 'ChangeN':
    case 'ChangeCounter':
    case 'DrawCards':
    case 'DestroyCard':
    case 'NegateStackItem':
    case 'TransformCard':
    case 'CreateSpecialSlot':
    case 'RemoveSpecialSlot':
    case 'RecordAbilityUse':
    case 'RollDie':
    case 'RevealCards':
    case 'LookAtCards':
    case 'ShuffleZone':
    case 'Note':
      decideEffect(state, type, payload);
      break;
    default: {
      const unreachable: never = type;
      throw new RuleViolation('BAD_PAYLOAD', `unknown event type ${String(unreachable)}`);
    }
  }
  return info;
}

function withoutSeq(action: LogEvent): LogEvent {
  if (!('seq' in action)) return action;
  const { seq: _seq, ...event } = action;
  return event;
}

/** Events whose payload is `{}`; most of a log (AdvancePhase, PassPriority, …) is checked without zod. */
const EMPTY_PAYLOAD: ReadonlyMap<string, 'required' | 'none'> = new Map([
  ['GameStarted', 'none'],
  ['AdvancePhase', 'required'],
  ['PassPriority', 'required'],
  ['ResolveBattle', 'required'],
  ['EndTurn', 'required'],
  ['Concede', 'required'],
]);

function isBareEvent(event: LogEvent, actor: 'required' | 'none'): boolean {
  const p = event.payload;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return false;
  for (const _key in p) return false;
  for (const key in event) if (key !== 'type' && key !== 'player' && key !== 'payload') return false;
  return actor === 'required' ? isSeat(event.player) : !('player' in event);
}

/** What the checks need to know of an event type: the rules' own string for it and its rows of the tables above. */
interface TypeInfo {
  readonly name: BornFromBloodEventType;
  readonly bare: 'required' | 'none' | undefined;
  readonly stage: BfbState['stage'] | undefined;
  /** `quietFor`'s list: the type never gives the state check anything to find. */
  readonly inert: boolean;
}

// A parsed log's type strings are copies, and those over 10 characters are not interned: every
// switch case and table look-up by type then compared characters. One look-up here gives the rest
// the rules' own (interned) string, compared by identity (1.01–1.07× in three A/Bs), and the type's
// rows of the other tables (a Map or Set look-up each, even by an interned string, showed at 1% each).
const TYPE_INFO: ReadonlyMap<string, TypeInfo> = new Map(
  Object.keys(bornFromBloodEvents).map((t) => [
    t,
    { name: t as BornFromBloodEventType, bare: EMPTY_PAYLOAD.get(t), stage: SETUP_STAGE.get(t), inert: isInert(t) },
  ]),
);
/** For a type only zod's check knows what to make of (the rules then read it as `undefined`). */
const NO_INFO: TypeInfo = { name: undefined as unknown as BornFromBloodEventType, bare: undefined, stage: undefined, inert: false };

/** The event naming its type with the rules' own string `type`; schema-checked, so these are all its keys. */
function named(event: LogEvent, type: string): LogEvent {
  return 'player' in event ? { type, player: event.player, payload: event.payload } : { type, payload: event.payload };
}

/** BAD_PAYLOAD from the schema: type, payload fields and who may carry `player`. Returns what the rules know of the type. */
function shapeOf(action: LogEvent): TypeInfo {
  const event = withoutSeq(action);
  // One look-up by the parsed string; the tables after it are asked with the rules' own string,
  // whose hash is kept and whose key is found by identity.
  const info = TYPE_INFO.get(action.type);
  if (info !== undefined) {
    const bare = info.bare;
    if ((bare && isBareEvent(event, bare)) || fitsShape(event, info.name)) return info;
  }
  const schema = schemaOf(action.type);
  if (!schema) throw new RuleViolation('BAD_PAYLOAD', `unknown event type "${action.type}"`, { type: action.type });
  const parsed = schema.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new RuleViolation('BAD_PAYLOAD', `${action.type}${path ? ` ${path}` : ''}: ${issue.message}`, { path });
  }
  check(event.player === undefined || isSeat(event.player), 'BAD_PAYLOAD', `Born from Blood has seats p1 and p2 only, not ${event.player}`);
  return TYPE_INFO.get(event.type) ?? NO_INFO;
}

/**
 * The BAD_PAYLOAD conditions the schema cannot see (§12.1 code table). By type, so each branch reads
 * one payload shape (schemas are strict: only these four types carry a `duration`).
 */
function payloadFits(state: BfbState, type: BornFromBloodEventType, actor: Seat, payload: any): void {
  switch (type) {
    // The most frequent types, with nothing to check here, first: a switch on strings compares them in turn.
    case 'AdvancePhase':
    case 'PassPriority':
    case 'DeclareDefenders':
    case 'ResolveBattle':
    case 'PlayCard':
      return;
    case 'MatchCreated': {
      const config = (payload as E.MatchCreated).config;
      if ((config.cdCountsEveryTurn ?? false) !== state.headerConfig.cdCountsEveryTurn) bad(type, "config differs from the document's config (BB-R39)");
      return;
    }
    case 'DrawForTurn':
      if (state.stage === 'playing' && !drawForTurnPayloadFits(state, actor, payload)) {
        bad(type, payload.cardId === undefined ? 'name the card drawn (the deck is not empty)' : 'the deck is empty: name no card');
      }
      return;
    case 'DeclareAttack':
      if (payload.immediate && payload.sourceCardId === undefined) bad(type, 'an immediate attack names its sourceCardId');
      return;
    case 'ModifyStat':
      if (payload.stat === 'hp') {
        const card = cardOf(state, payload.cardId);
        if (card && catalogOf(state, card).type === 'Character') bad(type, "a Character's HP changes with ChangeHP");
      }
      return durationFits(state, type, payload.duration);
    case 'MoveCard':
      if (payload.position !== undefined && payload.to !== 'deck') bad(type, "position is only for a move to 'deck'");
      return;
    case 'RemoveKeyword':
      return durationFits(state, type, payload.duration);
    case 'CreateSpecialSlot':
      if (state.players[payload.player as Seat].specialSlots[payload.slotId]) bad(type, `Special Slot ${payload.slotId} exists`);
      return;
    case 'RemoveSpecialSlot':
      if (!state.players[payload.player as Seat].specialSlots[payload.slotId]) bad(type, `no Special Slot ${payload.slotId}`);
      return;
    case 'GrantKeyword': {
      durationFits(state, type, payload.duration);
      const g = payload as E.GrantKeyword;
      if (KEYWORDS_WITH_VALUE.has(g.keyword) && g.value === undefined) bad(type, `${g.keyword} needs a value`);
      if (!KEYWORDS_WITH_VALUE.has(g.keyword) && !KEYWORDS_WITH_OPTIONAL_VALUE.has(g.keyword) && g.value !== undefined) bad(type, `${g.keyword} takes no value`);
      return;
    }
    case 'SetStatus': {
      durationFits(state, type, payload.duration);
      const s = payload as E.SetStatus;
      if ((s.status === 'burn') !== (s.params !== undefined)) bad(type, 'params {amount, tickAt?} go with a burn status, and only with it');
      return;
    }
    default:
      return;
  }
}

function durationFits(state: BfbState, type: BornFromBloodEventType, duration: E.Duration): void {
  const current = typeof duration === 'object' && 'untilEndOfTurnOf' in duration ? duration.untilEndOfTurnOf : undefined;
  if (current && current.occurrence === 'current' && current.player !== state.turnPlayer) bad(type, `it is not ${current.player}'s turn`);
}

/** BAD_PAYLOAD, built only when refused (a closure per event showed as a tenth of the allocation). */
function bad(type: BornFromBloodEventType, message: string): never {
  refuse('BAD_PAYLOAD', `${type}: ${message}`);
}

/** SETUP_ORDER: §5's order, then play; Concede is accepted at any time after MatchCreated. */
function setupOrder(state: BfbState, type: BornFromBloodEventType, actor: Seat, stage: BfbState['stage'] | undefined): void {
  if (state.stage === 'none') {
    if (type !== 'MatchCreated') order(state, type, 'the game starts with MatchCreated');
    return;
  }
  if (type === 'Concede') return;
  if (stage === undefined) {
    if (state.stage !== 'playing') order(state, type, 'turn 1 has not begun');
    return;
  }
  if (state.stage !== stage) order(state, type, `expected in stage ${stage}`);
  if (type === 'DeckRegistered' && state.players[actor].deckRegistered) order(state, type, `${actor} has registered a deck`);
  if (type === 'OpeningHandDrawn' && state.players[actor].openingHandDrawn) order(state, type, `${actor} has drawn an opening hand`);
}

function order(state: BfbState, type: BornFromBloodEventType, message: string): never {
  refuse('SETUP_ORDER', `${type}: ${message}`, { stage: state.stage });
}

const ID_FIELDS = new Set(['cardId', 'attackerId', 'sourceCardId', 'host', 'maintain', 'card']);
const ID_LIST_FIELDS = new Set(['cardIds', 'drawnCardIds', 'defenderIds']);

/** UNKNOWN_CARD: every card a payload names must be bound by a DeckRegistered (§12.1 *Names*). */
function knownCards(state: BfbState, type: BornFromBloodEventType, payload: unknown): void {
  if (type === 'DeckRegistered' || namesKnown(state, type, payload as any)) return;
  visitNames(state, payload);
}

const isBound = (state: BfbState, id: string): boolean => cardOf(state, id) !== undefined;
const sourceKnown = (state: BfbState, id: string | undefined): boolean => id === undefined || id === 'rule' || isBound(state, id);

/**
 * For the most frequent actions (their shape checked), whether every card they name is bound, read
 * from the fields that name cards. `false` also for every other type: `visitNames` then walks the
 * payload and refuses the first unknown card in field order.
 */
function namesKnown(state: BfbState, type: BornFromBloodEventType, p: any): boolean {
  switch (type) {
    case 'AdvancePhase':
    case 'PassPriority':
    case 'ResolveBattle':
    case 'EndTurn':
      return true; // payload {}
    case 'DeclareAttack':
      return isBound(state, p.attackerId) && sourceKnown(state, p.sourceCardId);
    case 'DeclareDefenders': {
      const ids: string[] = p.defenderIds;
      for (let i = 0; i < ids.length; i++) if (!isBound(state, ids[i]!)) return false;
      return true;
    }
    case 'DrawForTurn':
      return p.cardId === undefined || isBound(state, p.cardId);
    case 'SellCard':
      return isBound(state, p.cardId);
    case 'PlayCard': {
      const destination = p.destination;
      const host = typeof destination === 'object' && 'host' in destination ? destination.host : undefined;
      return isBound(state, p.cardId) && (host === undefined || isBound(state, host)) && sourceKnown(state, p.costOverride?.sourceCardId);
    }
    case 'ActivateAbility':
      return isBound(state, p.cardId) && sourceKnown(state, p.costOverride?.sourceCardId);
    case 'AssignDamage': {
      const shares = p.shares;
      for (const id in shares) if (!isBound(state, id)) return false;
      return true;
    }
    // The most frequent effects: the fields visitNames would visit, and no other.
    case 'MoveCard':
      return sourceKnown(state, p.sourceCardId) && isBound(state, p.cardId) && placeKnown(state, p.from) && placeKnown(state, p.to);
    case 'ChangeCounter':
      return sourceKnown(state, p.sourceCardId) && (typeof p.owner !== 'object' || p.owner.card === undefined || isBound(state, p.owner.card));
    case 'ModifyStat':
    case 'GrantKeyword':
      return sourceKnown(state, p.sourceCardId) && isBound(state, p.cardId) && durationKnown(state, p.duration);
    default:
      return false;
  }
}

/** A MoveCard place: a zone name, `{ special }` (a slot id, not a card), `{ host }` or `{ maintain }`. */
function placeKnown(state: BfbState, place: unknown): boolean {
  if (typeof place !== 'object' || place === null) return true;
  const { host, maintain } = place as { host?: string; maintain?: string };
  return (host === undefined || isBound(state, host)) && (maintain === undefined || isBound(state, maintain));
}

/** A duration names a card only as `{ whileSourceOnField: { sourceCardId } }`. */
function durationKnown(state: BfbState, duration: unknown): boolean {
  if (typeof duration !== 'object' || duration === null) return true;
  const source = (duration as { whileSourceOnField?: { sourceCardId: string } }).whileSourceOnField;
  return source === undefined || sourceKnown(state, source.sourceCardId);
}

const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

function known(state: BfbState, id: string): void {
  if (cardOf(state, id) === undefined) refuse('UNKNOWN_CARD', `no card ${id} in this game`, { cardId: id });
}

/** Every card id in a payload, in the order of its fields (own enumerable keys, as `Object.entries`). */
function visitNames(state: BfbState, value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!hasOwn(record, key)) continue;
    const v = record[key];
    if (ID_FIELDS.has(key) && typeof v === 'string') {
      if (!(key === 'sourceCardId' && v === 'rule')) known(state, v);
    } else if (ID_LIST_FIELDS.has(key) && Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) known(state, v[i] as string);
    } else if (key === 'shares' && typeof v === 'object' && v) {
      for (const id of Object.keys(v)) known(state, id);
    } else {
      visitNames(state, v);
    }
  }
}
