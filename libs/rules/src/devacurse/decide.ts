import type { EventDefinition, LogEvent } from '@cardlog/events';
import { devacurseEvents, eventSchemaFor } from '@cardlog/events';
import type { z } from 'zod';
import { RuleViolation } from '../rule-violation';
import { decideSoldierAttack, decideBlockers, decideEndHeroAttacks, decideHeroAttack, decidePlaceDamage } from './decide/assault';
import { decideAddGuardian, decideCallCard, decideCallHero, decideDeclareUpgrade, decideEndBlessMaking, decidePlacePrayer, decideProduceBlessing } from './decide/construction';
import { check, fail } from './decide/guards';
import { decideApplyEffects, decidePass, decideResolveKnotTop, decideTriggerAbility, decideUseSkill } from './decide/knot';
import { decideOrigin } from './decide/origin';
import { decideDiscardToHandLimit, decideDraw, decideEndTurn, decideSkipDraw } from './decide/turn';
import { nextSystemEvent } from './derive';
import { evolveAndRemember } from './evolve';
import { passesByHand } from './shapes';
import { DvState, playerOf } from './state';

const DEFINITIONS = devacurseEvents as Readonly<Record<string, EventDefinition>>;
const schemas = new Map<string, z.ZodType>();
const DEFINITION_OF = new Map<string, EventDefinition>(Object.entries(DEFINITIONS));

/** The system events (§12 kind S) only the engine appends. */
export const SYSTEM_EVENT_TYPES: ReadonlySet<string> = new Set(Object.entries(DEFINITIONS).filter(([, d]) => d.derived).map(([t]) => t));

const ORIGIN = new Set(['UniverseRegistered', 'OrderLotDrawn', 'FirstPlayerChosen']);
/** At most this many system events follow one action (a safety net against a loop in the rules). */
export const MAX_DERIVED = 500;

function shapeOf(event: LogEvent): LogEvent {
  const def = DEFINITION_OF.get(event.type);
  if (!def) fail('MALFORMED_EVENT', `"${event.type}" is not a Devacurse event`, { type: event.type });
  // The commonest actions are checked by hand, not by the schema (the same rules, much faster).
  if (passesByHand(event)) return event;
  let schema = schemas.get(event.type);
  if (!schema) schemas.set(event.type, (schema = eventSchemaFor(event.type, def)));
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

/** Every rule an action must pass before it applies (§12.0 check order); reads the state only. */
export function checkAction(state: DvState, action: LogEvent): void {
  // Runs for every action of a replay: messages and details are built only on failure.
  if (state.status === 'ended') fail('MATCH_ENDED', 'the match has ended', { result: state.result });
  const event = shapeOf(action);
  if (SYSTEM_EVENT_TYPES.has(event.type)) fail('SYSTEM_EVENT_FROM_CLIENT', `${event.type} is appended by the rules, not recorded`);
  const type = event.type;
  const actor = event.player ?? '';
  const p = event.payload as any;
  if (event.player !== undefined) {
    const me = playerOf(state, actor);
    if (!me) fail('UNKNOWN_PLAYER', `${actor} is not seated in this match`, { player: actor });
    if (me.eliminated) fail('PLAYER_ELIMINATED', `${actor} has left the game`);
  }
  if (type === 'OrderLotDrawn') check(playerOf(state, p.winner), 'UNKNOWN_PLAYER', `winner: ${p.winner} is not seated`);
  if (type === 'FirstPlayerChosen') check(playerOf(state, p.firstPlayer), 'UNKNOWN_PLAYER', `firstPlayer: ${p.firstPlayer} is not seated`);
  if (ORIGIN.has(type) || (type === 'DrawCards' && state.status === 'origin')) decideOrigin(state, type, actor, p);
  else if (state.status === 'origin' && type !== 'Concede') fail('WRONG_SEGMENT', `${type} waits for Turn Origin to finish (Universes, lot, first order, opening hands)`);
  else decideInTurn(state, type, actor, p);
}

function decideInTurn(state: DvState, type: string, actor: string, p: any): void {
  switch (type) {
    case 'Concede':
      return;
    case 'PassPriority':
      return decidePass(state, actor);
    case 'DrawCards':
      return decideDraw(state, actor, p);
    case 'SkipDraw':
      return decideSkipDraw(state, actor, p);
    case 'PlacePrayer':
      return decidePlacePrayer(state, actor, p);
    case 'EndBlessMaking':
      return decideEndBlessMaking(state, actor);
    case 'ProduceBlessing':
      return decideProduceBlessing(state, actor, p);
    case 'CallCard':
      return decideCallCard(state, actor, p);
    case 'CallHero':
      return decideCallHero(state, actor, p);
    case 'DeclareUpgrade':
      return decideDeclareUpgrade(state, actor, p);
    case 'AddGuardianFromPrayer':
      return decideAddGuardian(state, actor, p);
    case 'UseSkill':
      return decideUseSkill(state, actor, p);
    case 'TriggerAbility':
      return decideTriggerAbility(state, actor, p);
    case 'ResolveKnotTop':
      return decideResolveKnotTop(state, actor, p);
    case 'ApplyEffects':
      return decideApplyEffects(state, p);
    case 'DeclareSoldierAttack':
      return decideSoldierAttack(state, actor, p);
    case 'DeclareBlockers':
      return decideBlockers(state, actor, p);
    case 'PlaceCombatDamage':
      return decidePlaceDamage(state, actor, p);
    case 'DeclareHeroAttack':
      return decideHeroAttack(state, actor, p);
    case 'EndHeroAttacks':
      return decideEndHeroAttacks(state, actor);
    case 'DiscardToHandLimit':
      return decideDiscardToHandLimit(state, actor, p);
    case 'EndTurn':
      return decideEndTurn(state, actor);
    default:
      throw new RuleViolation('MALFORMED_EVENT', `${type} is not an action`);
  }
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
