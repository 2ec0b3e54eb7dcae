import type { EventDefinition, LogEvent } from '@cardlog/events';
import { devacurseEvents, eventSchemaFor } from '@cardlog/events';
import type { z } from 'zod';
import { RuleViolation } from '../rule-violation';
import { decideSoldierAttack, decideBlockers, decideEndHeroAttacks, decideHeroAttack, decidePlaceDamage } from './decide/assault';
import { decideAddGuardian, decideCallCard, decideCallHero, decideDeclareUpgrade, decideEndBlessMaking, decidePlacePrayer, decideProduceBlessing } from './decide/construction';
import { fail } from './decide/guards';
import { decideApplyEffects, decidePass, decideResolveKnotTop, decideTriggerAbility, decideUseSkill } from './decide/knot';
import { decideOrigin } from './decide/origin';
import { decideDiscardToHandLimit, decideDraw, decideEndTurn, decideSkipDraw } from './decide/turn';
import { nextSystemEvent } from './derive';
import { Apply, evolveAndRemember, ruleOf } from './evolve';
import { HandCheck, handCheckOf, passesWith } from './shapes';
import { DvState, playerOf } from './state';
import { isNoCallSegment } from './decide/window';

const DEFINITIONS = devacurseEvents as Readonly<Record<string, EventDefinition>>;
const schemas = new Map<string, z.ZodType>();

/** The system events (§12 kind S) only the engine appends. */
export const SYSTEM_EVENT_TYPES: ReadonlySet<string> = new Set(Object.entries(DEFINITIONS).filter(([, d]) => d.derived).map(([t]) => t));

const ORIGIN = new Set(['UniverseRegistered', 'OrderLotDrawn', 'FirstPlayerChosen']);
/** At most this many system events follow one action (a safety net against a loop in the rules). */
export const MAX_DERIVED = 500;

type DecideInTurn = (state: DvState, actor: string, p: any) => void;

/** Conceding is always allowed: nothing to check. */
const anyTime: DecideInTurn = () => undefined;

/** The rules of each action inside a turn (after Turn Origin). */
const IN_TURN: Readonly<Record<string, DecideInTurn>> = {
  Concede: anyTime,
  PassPriority: (state, actor) => decidePass(state, actor),
  DrawCards: decideDraw,
  SkipDraw: decideSkipDraw,
  PlacePrayer: decidePlacePrayer,
  EndBlessMaking: (state, actor) => decideEndBlessMaking(state, actor),
  ProduceBlessing: decideProduceBlessing,
  CallCard: decideCallCard,
  CallHero: decideCallHero,
  DeclareUpgrade: decideDeclareUpgrade,
  AddGuardianFromPrayer: decideAddGuardian,
  UseSkill: decideUseSkill,
  TriggerAbility: decideTriggerAbility,
  ResolveKnotTop: decideResolveKnotTop,
  ApplyEffects: (state, _actor, p) => decideApplyEffects(state, p),
  DeclareSoldierAttack: decideSoldierAttack,
  DeclareBlockers: decideBlockers,
  PlaceCombatDamage: decidePlaceDamage,
  DeclareHeroAttack: decideHeroAttack,
  EndHeroAttacks: (state, actor) => decideEndHeroAttacks(state, actor),
  DiscardToHandLimit: decideDiscardToHandLimit,
  EndTurn: (state, actor) => decideEndTurn(state, actor),
};

/** What `checkAction` needs of an event type, found with one lookup per action instead of one per question. */
interface EventKind {
  readonly type: string;
  readonly definition: EventDefinition;
  /** The shape check by hand (shapes.ts), when the type has one. */
  readonly byHand: HandCheck | undefined;
  readonly actorless: boolean;
  readonly system: boolean;
  /** Recorded only at Turn Origin (DrawCards is too, but not only then). */
  readonly origin: boolean;
  readonly inTurn: DecideInTurn | undefined;
  /** How `evolve` applies it: the in-place fold gets it from `checkAction` and looks the type up once. */
  readonly apply: Apply | undefined;
}

/** The commonest actions of a game, in that order: each is first among the types of its length. */
const COMMONEST = ['PassPriority', 'ProduceBlessing', 'ResolveKnotTop', 'CallCard', 'DrawCards'];

/**
 * The kinds grouped by the length of their type, the commonest first (`kindOf`). An uploaded type is
 * a string `JSON.parse` made and did not intern: a Map look-up hashed all its characters, while a
 * compare with the few types of its length stops at the first character that differs.
 */
const KINDS_BY_LENGTH: (readonly EventKind[] | undefined)[] = [];
for (const type of Object.keys(DEFINITIONS).sort((a, b) => rank(a) - rank(b))) {
  const definition = DEFINITIONS[type]!;
  const kind: EventKind = {
    type,
    definition,
    byHand: handCheckOf(type),
    actorless: definition.actor === 'none',
    system: SYSTEM_EVENT_TYPES.has(type),
    origin: ORIGIN.has(type),
    inTurn: Object.hasOwn(IN_TURN, type) ? IN_TURN[type] : undefined,
    apply: ruleOf(type),
  };
  KINDS_BY_LENGTH[type.length] = [...(KINDS_BY_LENGTH[type.length] ?? []), kind];
}

function rank(type: string): number {
  const i = COMMONEST.indexOf(type);
  return i < 0 ? COMMONEST.length : i;
}

/** What the rules know of an event type, or undefined for a type that is not Devacurse's. */
function kindOf(type: unknown): EventKind | undefined {
  if (typeof type !== 'string') return undefined;
  const kinds = KINDS_BY_LENGTH[type.length];
  if (kinds === undefined) return undefined;
  for (let i = 0; i < kinds.length; i++) if (kinds[i]!.type === type) return kinds[i];
  return undefined;
}

function shapeOf(event: LogEvent, kind: EventKind | undefined): LogEvent {
  if (!kind) fail('MALFORMED_EVENT', `"${event.type}" is not a Devacurse event`, { type: event.type });
  // The commonest actions are checked by hand, not by the schema (the same rules, much faster).
  if (kind.byHand !== undefined && passesWith(event, kind.byHand, kind.actorless)) return event;
  let schema = schemas.get(event.type);
  if (!schema) schemas.set(event.type, (schema = eventSchemaFor(event.type, kind.definition)));
  const parsed = schema.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail('MALFORMED_EVENT', `${event.type}: ${issue.path.join('.') || '(event)'}: ${issue.message}`, { path: issue.path.map(String) });
  }
  return parsed.data as LogEvent;
}

/**
 * Validates one recorded action (§12.0 check order) and returns it followed by every system event
 * the rules append after it. Throws RuleViolation for an illegal action; the state is untouched.
 */
export function decide(state: DvState, action: LogEvent): LogEvent[] {
  checkAction(state, action);
  return [action, ...derive(evolveAndRemember(state, action))];
}

/** Every rule an action must pass before it applies (§12.0 check order); reads the state only. Returns the action's rule (`applyEvent`). */
export function checkAction(state: DvState, action: LogEvent): Apply | undefined {
  // Runs for every action of a replay: messages and details are built only on failure.
  if (state.status === 'ended') fail('MATCH_ENDED', 'the match has ended', { result: state.result });
  const kind = kindOf(action.type);
  const event = shapeOf(action, kind);
  if (kind!.system) fail('SYSTEM_EVENT_FROM_CLIENT', `${event.type} is appended by the rules, not recorded`);
  const type = event.type;
  const actor = event.player ?? '';
  const p = event.payload as any;
  if (event.player !== undefined) {
    const me = playerOf(state, actor);
    if (!me) fail('UNKNOWN_PLAYER', `${actor} is not seated in this match`, { player: actor });
    if (me.eliminated) fail('PLAYER_ELIMINATED', `${actor} has left the game`);
  }
  if (kind!.origin) {
    if (type === 'OrderLotDrawn' && !playerOf(state, p.winner)) fail('UNKNOWN_PLAYER', `winner: ${p.winner} is not seated`);
    if (type === 'FirstPlayerChosen' && !playerOf(state, p.firstPlayer)) fail('UNKNOWN_PLAYER', `firstPlayer: ${p.firstPlayer} is not seated`);
    decideOrigin(state, type, actor, p);
  } else if (state.status === 'origin') {
    if (type === 'DrawCards') decideOrigin(state, type, actor, p);
    else if (type !== 'Concede') fail('WRONG_SEGMENT', `${type} waits for Turn Origin to finish (Universes, lot, first order, opening hands)`);
  } else {
    const inTurn = kind!.inTurn;
    if (inTurn === undefined) throw new RuleViolation('MALFORMED_EVENT', `${type} is not an action`);
    inTurn(state, actor, p);
  }
  return kind!.apply;
}

const PASS_SHAPE = handCheckOf('PassPriority')!;
const PASS_RULE = ruleOf('PassPriority')!;

/**
 * `checkAction` for a PassPriority, more than half of a game's actions: the rule of a pass when
 * `action` is one that `checkAction` accepts, found with the pass's own checks in one function
 * (no look-up of its kind, no call through the rule table, the segment checked once), else
 * undefined, and `checkAction` decides (undefined is not "illegal": that path gives the failure).
 */
export function passRule(state: DvState, action: LogEvent): Apply | undefined {
  if (state.status !== 'playing' || action.type !== 'PassPriority' || !passesWith(action, PASS_SHAPE, false)) return undefined;
  const actor = action.player!;
  const me = playerOf(state, actor);
  if (me === undefined || me.eliminated || isNoCallSegment(state)) return undefined;
  const window = state.priority;
  return state.due === null && state.next === null && window !== null && window.holder === actor ? PASS_RULE : undefined;
}

/** The system events that follow, up to the point where a living Deva must act. */
export function derive(state: DvState): LogEvent[] {
  const out: LogEvent[] = [];
  let s = state;
  for (let i = 0; i < MAX_DERIVED; i++) {
    const next = nextSystemEvent(s);
    if (!next) return out;
    out.push(next);
    s = evolveAndRemember(s, next);
  }
  throw runaway();
}

export function runaway(): Error {
  return new Error('devacurse: the rules kept appending system events (a bug in the engine)');
}
