import type * as E from '@cardlog/events';
import { AegisEventType, LogEvent } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import { decideDeclareAttack, decideDeclareBlocker, decidePassStep, decideResolveBattle } from './decide/battle';
import { decideEffect } from './decide/effects';
import { fail } from './decide/guards';
import { decidePlaySpell, decidePlaySupport, decideSummonUnit } from './decide/play';
import { decideDeckRegistered } from './decide/setup';
import { checkDraw, decideAdvanceStep, decideDrawForTurn, decideResolveAegis } from './decide/turn';
import { EventRules, eventRules } from './event-type';
import { applyEvent, evolve, seatDeck } from './evolve';
import { shapeOf } from './shape';
import { AgState, CardId, FullConfig, Instance, SEATS, Seat, StateDraft, fullConfig, other } from './state';

/**
 * Validates one recorded action (§12.1 check order) and returns it, followed by `GameEnded` when it
 * meets a loss condition. Throws RuleViolation for an illegal action. Leaves the state untouched.
 */
export function decide(state: AgState, action: LogEvent): LogEvent[] {
  const rules = eventRules(action.type);
  const event = validate(state, action, rules, null);
  if (!rules!.mayEnd) return [event];
  const ended = gameEnded(evolve(state, event));
  return ended ? [event, ended] : [event];
}

/**
 * `decide` on a state the caller owns (GameSystem.inPlace): the same checks, then the action and
 * what it derives applied to the state in place. An illegal action throws before anything changes.
 */
export function step(state: AgState, action: LogEvent): LogEvent | LogEvent[] {
  const rules = eventRules(action.type);
  const draft = state as StateDraft;
  const event = validate(state, action, rules, draft.cards);
  const type = rules!.type;
  // A deck's check bound its instances already.
  if (type === 'DeckRegistered') seatDeck(draft, null, event.player as Seat, event.payload as E.AgDeckRegistered);
  else applyEvent(draft, null, event, type);
  if (!rules!.mayEnd) return event;
  const ended = gameEnded(draft);
  if (!ended) return event;
  applyEvent(draft, null, ended, 'GameEnded');
  return [event, ended];
}

/**
 * Every check of one action, in §12.1's order; returns the action as the log holds it. `rules` are
 * `eventRules(action.type)`: an unknown type is refused by the shape check. A DeckRegistered binds
 * its instances in `cards` (decide/setup.ts), or in a copy of the state's when null.
 */
function validate(state: AgState, action: LogEvent, rules: EventRules | undefined, cards: Map<CardId, Instance> | null): LogEvent {
  if (!(state.stage !== 'ended')) fail('GAME_OVER', 'the game has ended', { result: state.result });
  const event = shapeOf(action, rules?.type);
  const type = rules!.type;
  const payload = event.payload as any;
  const actor = event.player as Seat;
  setupOrder(state, rules!, actor);
  knownCards(state, type, payload);

  switch (type) {
    case 'MatchCreated':
      if (!sameConfig(fullConfig((payload as E.AgMatchCreated).config), state.headerConfig)) fail('CONFIG_INVALID', "MatchCreated: config differs from the document's config");
      break;
    case 'DeckRegistered':
      decideDeckRegistered(state, actor, payload, cards ?? new Map(state.cards));
      break;
    case 'FirstPlayerChosen':
    case 'GameStarted':
      break;
    case 'OpeningHandDrawn':
      checkDraw(state.players[actor], (payload as E.AgOpeningHandDrawn).cardIds, state.config.openingHandSize, 'OpeningHandDrawn');
      break;
    case 'AdvanceStep':
      decideAdvanceStep(state, actor);
      break;
    case 'ResolveAegis':
      decideResolveAegis(state, actor, payload);
      break;
    case 'DrawForTurn':
      decideDrawForTurn(state, actor, payload);
      break;
    case 'SummonUnit':
      decideSummonUnit(state, actor, payload);
      break;
    case 'PlaySupport':
      decidePlaySupport(state, actor, payload);
      break;
    case 'PlaySpell':
      decidePlaySpell(state, actor, payload);
      break;
    case 'DeclareAttack':
      decideDeclareAttack(state, actor, payload);
      break;
    case 'PassStep':
      decidePassStep(state, actor);
      break;
    case 'DeclareBlocker':
      decideDeclareBlocker(state, actor, payload);
      break;
    case 'ResolveBattle':
      decideResolveBattle(state, actor, payload);
      break;
    case 'Concede':
      break;
    case 'GameEnded':
      throw new RuleViolation('DERIVED_MISMATCH', 'GameEnded is derived by the rules and none is due here');
    case 'MoveCard':
    case 'DrawCards':
    case 'DestroyUnit':
    case 'ModifyPower':
    case 'SetUnitReady':
    case 'ChangeMana':
    case 'BreakAegis':
    case 'NegateAttack':
    case 'ShuffleZone':
    case 'RevealCards':
    case 'LookAtCards':
    case 'Note':
      decideEffect(state, type, payload);
      break;
    default: {
      const unreachable: never = type;
      throw new RuleViolation('BAD_PAYLOAD', `unknown event type ${String(unreachable)}`);
    }
  }
  return event;
}

/** Two full configs are the same match config (every field is a number or a string). */
function sameConfig(a: FullConfig, b: FullConfig): boolean {
  return (
    a.openingHandSize === b.openingHandSize &&
    a.mainDeckSize === b.mainDeckSize &&
    a.maxCopiesPerName === b.maxCopiesPerName &&
    a.winRule === b.winRule &&
    a.refreshScope === b.refreshScope &&
    a.tieRule === b.tieRule
  );
}

/** GameEnded when a player met a loss condition (§1.1); both at once is a draw (AG-R5). */
function gameEnded(state: AgState): LogEvent | undefined {
  const losers = SEATS.filter((s) => state.players[s].lost);
  if (losers.length === 0) return undefined;
  const reason = state.players[losers[0]!].lost!;
  if (losers.length === 2) return { type: 'GameEnded', payload: { draw: true, reason } };
  return { type: 'GameEnded', payload: { winner: other(losers[0]!), reason } };
}

/** SETUP_ORDER: §5's order, then play; Concede is accepted at any time after MatchCreated. */
function setupOrder(state: AgState, rules: EventRules, actor: Seat): void {
  const type = rules.type;
  if (state.stage === 'none') return order(state, type === 'MatchCreated', type, 'the game starts with MatchCreated');
  if (type === 'Concede') return;
  const stage = rules.stage;
  if (stage === undefined) return order(state, state.stage === 'playing', type, 'turn 1 has not begun (both opening hands come first)');
  order(state, state.stage === stage, type, `expected in stage ${stage}`);
  if (type === 'DeckRegistered') if (state.players[actor].registered) fail('DUPLICATE', `${actor} has registered a deck`);
  if (type === 'OpeningHandDrawn') order(state, !state.players[actor].openingHandDrawn, type, `${actor} has drawn an opening hand`);
}

function order(state: AgState, ok: boolean, type: AegisEventType, message: string): void {
  if (!ok) fail('SETUP_ORDER', `${type}: ${message}`, { stage: state.stage });
}

/** UNKNOWN_CARD: every card a payload names must be bound by a DeckRegistered (log format property 2). */
function knownCards(state: AgState, type: AegisEventType, payload: any): void {
  // The shape is checked: each type names cards in these fields only (ids first, then lists, the target, the source).
  const cards = state.cards;
  switch (type) {
    case 'AdvanceStep':
    case 'PassStep':
      return;
    case 'OpeningHandDrawn':
    case 'DrawForTurn':
      return knownList(cards, payload.cardIds);
    case 'ResolveAegis':
      return known(cards, payload.aegisCardId);
    case 'SummonUnit':
      known(cards, payload.cardId);
      return knownList(cards, payload.discardIds);
    case 'PlaySupport':
      known(cards, payload.cardId);
      return known(cards, payload.replaceCardId);
    case 'PlaySpell':
      return known(cards, payload.cardId);
    case 'DeclareAttack':
      known(cards, payload.attackerId);
      if (payload.target.kind === 'unit') known(cards, payload.target.cardId);
      return;
    case 'DeclareBlocker':
      return known(cards, payload.blockerId);
    case 'ResolveBattle':
      return known(cards, payload.brokenAegisId);
    case 'MoveCard':
    case 'DestroyUnit':
    case 'ModifyPower':
    case 'SetUnitReady':
      known(cards, payload.cardId);
      return knownSource(cards, payload.sourceCardId);
    case 'DrawCards':
    case 'RevealCards':
    case 'LookAtCards':
      knownList(cards, payload.cardIds);
      return knownSource(cards, payload.sourceCardId);
    case 'BreakAegis':
      knownList(cards, payload.aegisCardIds);
      return knownSource(cards, payload.sourceCardId);
    case 'ChangeMana':
    case 'NegateAttack':
    case 'ShuffleZone':
    case 'Note':
      return knownSource(cards, payload.sourceCardId);
    case 'MatchCreated':
    case 'DeckRegistered':
    case 'FirstPlayerChosen':
    case 'GameStarted':
    case 'Concede':
    case 'GameEnded':
      // DeckRegistered binds its instances; the others name none.
      return;
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

function known(cards: AgState['cards'], id: unknown): void {
  if (typeof id === 'string' && !cards.has(id)) fail('UNKNOWN_CARD', `no card ${id} in this game`, { cardId: id });
}

function knownList(cards: AgState['cards'], list: readonly unknown[] | undefined): void {
  if (list !== undefined) for (let i = 0; i < list.length; i++) known(cards, list[i]);
}

function knownSource(cards: AgState['cards'], id: unknown): void {
  if (id !== undefined && id !== 'rule') known(cards, id);
}
