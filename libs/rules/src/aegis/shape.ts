import type * as E from '@cardlog/events';
import { AegisEventType, LogEvent, aegisEvents, eventSchemaFor } from '@cardlog/events';
import type { z } from 'zod';
import { RuleViolation } from '../rule-violation';
import { fail } from './decide/guards';
import { isSeat } from './state';

const schemas = new Map<string, z.ZodType>();
function schemaOf(type: string): z.ZodType | undefined {
  const def = (aegisEvents as Record<string, E.EventDefinition>)[type];
  if (!def) return undefined;
  let schema = schemas.get(type);
  if (!schema) schemas.set(type, (schema = eventSchemaFor(type, def)));
  return schema;
}

// BAD_PAYLOAD: the schema of each event, with a hand-written check that accepts only what the schema
// accepts. A shape the check does not accept goes to zod, which accepts it or words the violation.

const isId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 100;
const isOptionalId = (v: unknown) => v === undefined || isId(v);
const isIdList = (v: unknown) => Array.isArray(v) && v.length <= 200 && all(v, isId);

/** `list.every(test)` as a loop: `every` with its callback was most of the check of a draw's payload. */
function all(list: readonly unknown[], test: (v: unknown) => boolean): boolean {
  for (let i = 0; i < list.length; i++) if (!test(list[i])) return false;
  return true;
}
const isSeatValue = (v: unknown) => v === 'p1' || v === 'p2';
const isInt = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isOptionalInt = (v: unknown, min: number, max: number) => v === undefined || isInt(v, min, max);
const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ELEMENT = /^[a-z][a-z0-9-]*$/;
const DURATIONS = new Set(['battle', 'turn', 'permanent', 'whileSourceInPlay']);
const FIRST_PLAYER_METHODS = new Set(['agreement', 'coin', 'die', 'other']);

/** How many enumerable keys `o` has (a strict object may have no others than the ones checked). */
function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

/** `o` has `required` keys (the caller checks which), plus `optional` if it is there, and no others. */
function keysAre(o: Record<string, unknown>, required: number, optional?: string): boolean {
  return keyCount(o) === (optional !== undefined && optional in o ? required + 1 : required);
}

/** As `keysAre`, with several optional keys. */
function keysAmong(o: Record<string, unknown>, required: number, optional: readonly string[]): boolean {
  let n = required;
  for (const k of optional) if (k in o) n++;
  return keyCount(o) === n;
}

const CONFIG_OPTIONAL = ['mainDeckSize', 'maxCopiesPerName', 'winRule', 'refreshScope', 'tieRule'] as const;

const isEntry = (e: unknown) => isObject(e) && keysAre(e, 2) && isId(e.cardId) && typeof e.catalogId === 'string' && e.catalogId.length > 0 && e.catalogId.length <= 200;
const isEntries = (v: unknown, max: number) => Array.isArray(v) && v.length <= max && all(v, isEntry);

/** agConfigSchema, by hand. */
export function isConfig(c: unknown): boolean {
  if (!isObject(c)) return false;
  if (!keysAmong(c, 1, CONFIG_OPTIONAL)) return false;
  return (
    isInt(c.openingHandSize, 0, 60) &&
    isOptionalInt(c.mainDeckSize, 1, 500) &&
    isOptionalInt(c.maxCopiesPerName, 1, 500) &&
    (c.winRule === undefined || c.winRule === 'emptyPileHit' || c.winRule === 'sixthBreak') &&
    (c.refreshScope === undefined || c.refreshScope === 'turnPlayer' || c.refreshScope === 'all') &&
    (c.tieRule === undefined || c.tieRule === 'none' || c.tieRule === 'both')
  );
}

/** The payload of an event by a seat (player actions). */
function actorPayload(p: Record<string, any>, type: AegisEventType): boolean {
  switch (type) {
    case 'AdvanceStep':
    case 'PassStep':
    case 'Concede':
      return keyCount(p) === 0;
    case 'ResolveBattle':
      return keysAre(p, 0, 'brokenAegisId') && isOptionalId(p.brokenAegisId);
    case 'DrawForTurn':
    case 'OpeningHandDrawn':
      return keysAre(p, 1) && isIdList(p.cardIds);
    case 'PlaySpell':
      return keysAre(p, 1) && isId(p.cardId);
    case 'DeclareBlocker':
      return keysAre(p, 1) && isId(p.blockerId);
    case 'ResolveAegis':
      return keysAre(p, 1) && isId(p.aegisCardId);
    case 'SummonUnit':
      return keysAre(p, 2) && isId(p.cardId) && isIdList(p.discardIds);
    case 'PlaySupport':
      return keysAre(p, 1, 'replaceCardId') && isId(p.cardId) && isOptionalId(p.replaceCardId);
    case 'DeclareAttack': {
      if (!keysAre(p, 2) || !isId(p.attackerId)) return false;
      const t = p.target;
      if (!isObject(t)) return false;
      return t.kind === 'aegis' ? keysAre(t, 1) : t.kind === 'unit' && keysAre(t, 2) && isId(t.cardId);
    }
    case 'DeckRegistered':
      return (
        keysAre(p, 3) &&
        Array.isArray(p.identity) &&
        p.identity.length <= 10 &&
        p.identity.every((e: unknown) => typeof e === 'string' && e.length > 0 && e.length <= 50 && ELEMENT.test(e)) &&
        isEntries(p.main, 500) &&
        isEntries(p.aegis, 20)
      );
    default:
      return false;
  }
}

/** The payload of an event no seat carries: setup, and the effect events the engine checks here. */
function systemPayload(p: Record<string, any>, type: AegisEventType): boolean {
  switch (type) {
    case 'MatchCreated':
      return keysAre(p, 2) && Array.isArray(p.players) && p.players.length === 2 && p.players[0] === 'p1' && p.players[1] === 'p2' && isConfig(p.config);
    case 'FirstPlayerChosen':
      return keysAre(p, 2) && isSeatValue(p.firstPlayer) && FIRST_PLAYER_METHODS.has(p.method);
    case 'GameStarted':
      return keyCount(p) === 0;
    case 'ModifyPower':
      return keysAre(p, 4) && isId(p.sourceCardId) && isId(p.cardId) && isInt(p.delta, -100, 100) && DURATIONS.has(p.duration);
    case 'DrawCards':
      return keysAre(p, 4) && isId(p.sourceCardId) && isSeatValue(p.player) && isInt(p.count, 0, 60) && isIdList(p.cardIds);
    case 'ChangeMana':
      return keysAre(p, 3) && isId(p.sourceCardId) && isSeatValue(p.player) && isInt(p.delta, -100, 100);
    case 'SetUnitReady':
      return keysAre(p, 3) && isId(p.sourceCardId) && isId(p.cardId) && typeof p.ready === 'boolean';
    case 'DestroyUnit':
      return keysAre(p, 2) && isId(p.sourceCardId) && isId(p.cardId);
    case 'NegateAttack':
      return keysAre(p, 1) && isId(p.sourceCardId);
    default:
      return false;
  }
}

/** `type` is the engine's copy of `event.type` (event-type.ts), undefined for an unknown type. */
export function fastShape(event: LogEvent, type: AegisEventType | undefined): boolean {
  const p = event.payload;
  if (type === undefined || !isObject(p)) return false;
  // `type` and `payload` are there; a seat's event has `player` too, and nothing else.
  if (event.player === undefined) return keyCount(event) === 2 && systemPayload(p, type);
  return keyCount(event) === 3 && isSeatValue(event.player) && actorPayload(p, type);
}

/** BAD_PAYLOAD from the schema: type, payload fields and who may carry `player`. `type` as for fastShape. */
export function shapeOf(action: LogEvent, type: AegisEventType | undefined): LogEvent {
  // An event the hand check accepts has no key but the schema's: no `seq` to strip either.
  if (fastShape(action, type)) return action;
  let event = action;
  if ('seq' in action) {
    const { seq: _seq, ...rest } = action;
    event = rest;
    if (fastShape(event, type)) return event;
  }
  const schema = schemaOf(event.type);
  if (!schema) throw new RuleViolation('BAD_PAYLOAD', `unknown event type "${event.type}"`, { type: event.type });
  const parsed = schema.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new RuleViolation('BAD_PAYLOAD', `${event.type}${path ? ` ${path}` : ''}: ${issue.message}`, { path });
  }
  if (!(event.player === undefined || isSeat(event.player))) fail('BAD_PAYLOAD', `Aegis has seats p1 and p2 only, not ${event.player}`);
  return event;
}
