import type { EventVocabulary, LogEvent } from '@cardlog/events';
import { DV_ELEMENTS, devacurseEvents } from '@cardlog/events';

// The commonest actions' shapes checked by hand, as their schemas in libs/events say: each check
// accepts only what the schema accepts (a subset is enough), and anything else goes to the schema,
// which then gives the message. The same rules as zod, without its cost on every action of a replay.

type Payload = Readonly<Record<string, unknown>>;

const ELEMENTS: ReadonlySet<unknown> = new Set(DV_ELEMENTS);
const SKIP_REASONS: ReadonlySet<unknown> = new Set(['effect', 'universeEmpty']);
const SLOTS: ReadonlySet<unknown> = new Set([...DV_ELEMENTS, 'generic']);
const BLESSINGS: ReadonlySet<unknown> = new Set([...DV_ELEMENTS, 'colorless']);
const FROM: ReadonlySet<unknown> = new Set(['hand', 'temple']);
const OUTCOMES: ReadonlySet<unknown> = new Set(['resolve', 'cancel']);
const CANCEL_REASONS: ReadonlySet<unknown> = new Set(['guardians', 'condition']);
const MODES: ReadonlySet<unknown> = new Set(['prompt', 'rest']);
const STATS: ReadonlySet<unknown> = new Set(['at', 'df', 'ap']);
const ZONES: ReadonlySet<unknown> = new Set(['hand', 'universe', 'cenotaph', 'blackHole', 'temple', 'devayard', 'heroLine', 'soldierLine', 'knot', 'falling']);
const POSITIONS: ReadonlySet<unknown> = new Set(['top', 'bottom', 'random']);
const UNTIL: ReadonlySet<unknown> = new Set(['endOfPhase', 'endOfTurn', 'untilNextPromptLoop', 'permanent']);

/**
 * The seats seatSchema's pattern allows, p1…p12, read by character: every action names one, and a
 * Set lookup of the string (what this was) took twice as long as the rest of a pass's shape check.
 */
function isSeat(v: unknown): boolean {
  if (typeof v !== 'string' || v.charCodeAt(0) !== 0x70 /* p */) return false;
  const d1 = v.charCodeAt(1);
  if (v.length === 2) return d1 >= 0x31 && d1 <= 0x39; // p1…p9
  const d2 = v.charCodeAt(2);
  return v.length === 3 && d1 === 0x31 && d2 >= 0x30 && d2 <= 0x32; // p10…p12
}
/** dvCardIdSchema: a string of 1 to 100 characters. */
const isId = (v: unknown): boolean => typeof v === 'string' && v.length >= 1 && v.length <= 100;
/** z.number().int(), kept to the safe range. */
const isInt = (v: unknown): boolean => Number.isSafeInteger(v);
const isRecord = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A strict object's keys: exactly `n` own keys, every one among those named. */
function keys(p: Payload, n: number, a: string, b?: string, c?: string): boolean {
  let k = 0;
  for (const key in p) {
    if (key !== a && key !== b && key !== c) return false;
    k++;
  }
  return k === n;
}

function isIds(v: unknown, max: number): boolean {
  if (!Array.isArray(v) || v.length > max) return false;
  for (let i = 0; i < v.length; i++) if (!isId(v[i])) return false;
  return true;
}

function isList(v: unknown, max: number, item: (x: Payload) => boolean): boolean {
  if (!Array.isArray(v) || v.length > max) return false;
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!isRecord(x) || !item(x)) return false;
  }
  return true;
}

/** Every own key of `p` is one of `allowed` (optional keys; the value checks say which are required). */
function keysAmong(p: Payload, allowed: ReadonlySet<string>): boolean {
  for (const key in p) if (!allowed.has(key)) return false;
  return true;
}

/** dvTargetSchema: `{card}` or `{player}`. */
const isTarget = (t: Payload): boolean => (keys(t, 1, 'card') ? isId(t['card']) : keys(t, 1, 'player') && isSeat(t['player']));
/** paymentSchema. */
const isPayment = (v: unknown): boolean => isList(v, 100, (x) => keys(x, 2, 'slot', 'with') && SLOTS.has(x['slot']) && BLESSINGS.has(x['with']));
const optional = (v: unknown, ok: (v: unknown) => boolean): boolean => v === undefined || ok(v);
const isName = (max: number) => (v: unknown): boolean => typeof v === 'string' && v.length >= 1 && v.length <= max;

/** A strict object with exactly the keys of `allowed` that are present, every one required by `required`. */
const shaped = (e: Payload, allowed: ReadonlySet<string>, required: number): boolean => keysAmong(e, allowed) && countKeys(e) >= required;
const isDestination = (v: unknown): boolean => isRecord(v) && keysAmong(v, DESTINATION) && ZONES.has(v['zone']) && optional(v['player'], isSeat);
const isKind = isName(50);
const isCounters = (e: Payload): boolean => shaped(e, COUNTERS, 4) && isId(e['cardId']) && isKind(e['kind']) && isInt(e['n']);
const DESTINATION: ReadonlySet<string> = new Set(['zone', 'player']);
const COUNTERS: ReadonlySet<string> = new Set(['type', 'cardId', 'kind', 'n']);
const DRAW: ReadonlySet<string> = new Set(['type', 'player', 'count', 'cardIds']);
const DETACH_GUARDIAN: ReadonlySet<string> = new Set(['type', 'heroId', 'cardId', 'to']);
const MOVE_CARD: ReadonlySet<string> = new Set(['type', 'cardId', 'to', 'faceUp', 'position']);

/** The effects the simulated games record most; any other effect goes to the schema. */
const EFFECTS: Readonly<Record<string, (e: Payload) => boolean>> = {
  AttachCard: (e) => keys(e, 3, 'type', 'cardId', 'to') && isId(e['cardId']) && isId(e['to']),
  DetachCard: (e) => keys(e, 2, 'type', 'cardId') && isId(e['cardId']),
  DestroyCard: (e) => keys(e, 2, 'type', 'cardId') && isId(e['cardId']),
  SetMode: (e) => keys(e, 3, 'type', 'cardId', 'mode') && isId(e['cardId']) && MODES.has(e['mode']),
  ChangeFaith: (e) => keys(e, 3, 'type', 'player', 'delta') && isSeat(e['player']) && isInt(e['delta']),
  PlaceCounters: isCounters,
  RemoveCounters: isCounters,
  DrawCards: (e) => shaped(e, DRAW, 4) && isSeat(e['player']) && isInt(e['count']) && isIds(e['cardIds'], 200),
  DiscardCards: (e) => keys(e, 3, 'type', 'player', 'cardIds') && isSeat(e['player']) && isIds(e['cardIds'], 200),
  AttachGuardian: (e) => keys(e, 3, 'type', 'heroId', 'cardId') && isId(e['heroId']) && isId(e['cardId']),
  DetachGuardian: (e) => shaped(e, DETACH_GUARDIAN, 3) && isId(e['heroId']) && isId(e['cardId']) && optional(e['to'], isDestination),
  MoveCard: (e) => shaped(e, MOVE_CARD, 3) && isId(e['cardId']) && isDestination(e['to']) && optional(e['faceUp'], (f) => typeof f === 'boolean') && optional(e['position'], (x) => POSITIONS.has(x)),
  ChangeController: (e) => keys(e, 3, 'type', 'cardId', 'player') && isId(e['cardId']) && isSeat(e['player']),
  ModifyStat: (e) => keysAmong(e, MODIFY_STAT) && countKeys(e) === 5 && isId(e['cardId']) && STATS.has(e['stat']) && isInt(e['delta']) && UNTIL.has(e['until']),
};
const MODIFY_STAT: ReadonlySet<string> = new Set(['type', 'cardId', 'stat', 'delta', 'until']);

function countKeys(p: Payload): number {
  let n = 0;
  for (const _ in p) n++;
  return n;
}

const isEffects = (v: unknown): boolean =>
  isList(v, 100, (e) => {
    const type = e['type'];
    const check = typeof type === 'string' && Object.hasOwn(EFFECTS, type) ? EFFECTS[type] : undefined;
    return check !== undefined && check(e);
  });

const CALL_CARD: ReadonlySet<string> = new Set(['cardId', 'from', 'targets', 'choice', 'x', 'payment', 'additionalCosts']);
const RESOLVE_KNOT_TOP: ReadonlySet<string> = new Set(['outcome', 'cancelReason', 'guardians', 'effects']);

const PAYLOADS = new Map<string, (p: Payload) => boolean>(Object.entries({
  PassPriority: (p) => keys(p, 0, ''),
  UniverseRegistered: (p) => {
    const cards = p['cards'];
    return keys(p, 1, 'cards') && Array.isArray(cards) && cards.length >= 1 && isList(cards, 200, (c) => keys(c, 2, 'cardId', 'catalogId') && isId(c['cardId']) && isId(c['catalogId']));
  },
  OrderLotDrawn: (p) => keys(p, 1, 'winner') && isSeat(p['winner']),
  FirstPlayerChosen: (p) => keys(p, 1, 'firstPlayer') && isSeat(p['firstPlayer']),
  EndTurn: (p) => keys(p, 0, ''),
  EndBlessMaking: (p) => keys(p, 0, ''),
  EndHeroAttacks: (p) => keys(p, 0, ''),
  Concede: (p) => keys(p, 0, ''),
  ProduceBlessing: (p) => isId(p['prayerId']) && (p['element'] === undefined ? keys(p, 1, 'prayerId') : ELEMENTS.has(p['element']) && keys(p, 2, 'prayerId', 'element')),
  PlacePrayer: (p) => keys(p, 2, 'cardId', 'faceUp') && isId(p['cardId']) && typeof p['faceUp'] === 'boolean',
  DrawCards: (p) => keys(p, 2, 'count', 'cardIds') && isInt(p['count']) && isIds(p['cardIds'], 200),
  SkipDraw: (p) => keys(p, 1, 'reason') && SKIP_REASONS.has(p['reason']),
  DiscardToHandLimit: (p) => keys(p, 1, 'cardIds') && isIds(p['cardIds'], 200),
  CallHero: (p) => keys(p, 1, 'cardId') && isId(p['cardId']),
  DeclareUpgrade: (p) => keys(p, 1, 'heroId') && isId(p['heroId']),
  AddGuardianFromPrayer: (p) => keys(p, 2, 'heroId', 'prayerId') && isId(p['heroId']) && isId(p['prayerId']),
  DeclareSoldierAttack: (p) => keys(p, 2, 'defender', 'attackers') && isSeat(p['defender']) && isIds(p['attackers'], 200),
  DeclareBlockers: (p) => keys(p, 1, 'blocks') && isList(p['blocks'], 100, (b) => keys(b, 2, 'blockerId', 'attackerId') && isId(b['blockerId']) && isId(b['attackerId'])),
  PlaceCombatDamage: (p) =>
    keys(p, 0, '') ||
    (keys(p, 1, 'divisions') && isList(p['divisions'], 100, (d) => keys(d, 3, 'attackerId', 'blockerId', 'amount') && isId(d['attackerId']) && isId(d['blockerId']) && isInt(d['amount']))),
  DeclareHeroAttack: (p) => {
    const t = p['target'];
    return keys(p, 2, 'heroId', 'target') && isId(p['heroId']) && isRecord(t) && isTarget(t);
  },
  CallCard: (p) =>
    keysAmong(p, CALL_CARD) &&
    isId(p['cardId']) &&
    FROM.has(p['from']) &&
    optional(p['targets'], (t) => isList(t, 10, isTarget)) &&
    optional(p['choice'], isName(100)) &&
    optional(p['x'], (x) => isInt(x) && (x as number) >= 0 && (x as number) <= 99) &&
    isPayment(p['payment']) &&
    optional(p['additionalCosts'], isEffects),
  ResolveKnotTop: (p) =>
    keysAmong(p, RESOLVE_KNOT_TOP) &&
    optional(p['outcome'], (o) => OUTCOMES.has(o)) &&
    optional(p['cancelReason'], (r) => CANCEL_REASONS.has(r)) &&
    optional(p['guardians'], (g) => isIds(g, 200)) &&
    optional(p['effects'], isEffects),
} satisfies Record<string, (p: Payload) => boolean>));

/** A payload shape checked by hand: true when the payload certainly passes the type's schema. */
export type HandCheck = (p: Payload) => boolean;

/** The hand check of an event type, or undefined when only its schema checks it. */
export function handCheckOf(type: string): HandCheck | undefined {
  return PAYLOADS.get(type);
}

/** Types recorded without an actor (OrderLotDrawn): their events have no `player` key at all. */
const ACTORLESS: ReadonlySet<string> = new Set(Object.entries(devacurseEvents as EventVocabulary).filter(([, d]) => d.actor === 'none').map(([t]) => t));

/**
 * True when `event` certainly passes its schema: `{type, player, payload}` with a seat as actor (or
 * `{type, payload}` for a type without one) and a payload of the type's shape. False means "ask the
 * schema", not "malformed".
 */
export function passesByHand(event: LogEvent): boolean {
  const check = PAYLOADS.get(event.type);
  return check !== undefined && passesWith(event, check, ACTORLESS.has(event.type));
}

/** `passesByHand` with the type's check, and whether it has no actor, already looked up. */
export function passesWith(event: LogEvent, check: HandCheck, actorless: boolean): boolean {
  const p = event.payload;
  if (!isRecord(p)) return false;
  for (const key in event) if (key !== 'type' && key !== 'player' && key !== 'payload') return false;
  return (actorless ? !('player' in event) : isSeat(event.player)) && check(p);
}
