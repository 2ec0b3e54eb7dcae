import type { LogEvent } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import { decideAttackDeclared, decideAttackGrantAdded, decideAttackResolved, decideAttackSequenceEnded, decideSpecial } from './decide/attack';
import { continuationPlayer, fail, knownCard, payloadFail, seatField, str } from './decide/guards';
import {
  decideDeckRegistered,
  decideDeckShuffled,
  decideFirstPlayer,
  decideGameCreated,
  decideGameStarted,
  decideMatchCreated,
  decideOpeningHand,
  decideReflectionCardsPlaced,
} from './decide/setup';
import { arenaSeal, decideCardCast, decideCardDrawn, decideCardMoved, decideMpChanged, decideStepEntered, decideSubturnEnded } from './decide/turn';
import { CardId, CardState, SmState, Seat, drawOwed, effective, other, shrineLevel, zoneCount } from './state';

type P = Record<string, any>;

/** Who acts on each event type: `player` is required on these and absent on every other. */
const ACTED = new Set([
  'DeckRegistered',
  'DeckShuffled',
  'ReflectionCardsPlaced',
  'FirstPlayerChosen',
  'OpeningHandDrawn',
  'CardDrawn',
  'CardCast',
  'AttackDeclared',
  'SpecialActionDeclared',
]);
const SETUP = new Set(['MatchCreated', 'GameCreated', 'DeckRegistered', 'DeckShuffled', 'ReflectionCardsPlaced', 'FirstPlayerDetermined', 'FirstPlayerChosen', 'OpeningHandDrawn', 'GameStarted']);
const IN_GAME = new Set([
  'StepEntered',
  'SubturnEnded',
  'CardDrawn',
  'CardCast',
  'CardMoved',
  'MpChanged',
  'SealLineChanged',
  'SealActivityChanged',
  'AttackGrantAdded',
  'AttackDeclared',
  'AttackResolved',
  'AttackSequenceEnded',
  'EffectResolved',
  'SpecialActionDeclared',
  'PlayerCounterChanged',
  'GameEnded',
]);
const MODIFIED_FIELDS: readonly string[] = ['level', 'mpCast', 'mpAttack', 'at', 'df', 'sp'];
const END_REASONS: readonly string[] = ['NoSealInArena', 'ShrineLevel', 'DeckOut', 'Concession', 'Other'];
/** §5.3: what is still accepted once End of Subturn is entered. */
const AFTER_END = new Set(['SubturnEnded', 'GameEnded', 'CardMoved', 'MpChanged', 'EffectResolved', 'PlayerCounterChanged', 'SealActivityChanged', 'AttackGrantAdded']);

/**
 * The sets above per event type, found with one lookup per event. `type` is the engine's own copy of
 * the name: JSON.parse leaves longer strings uninternalized, and comparing those to each case of a
 * switch compares characters, where the engine's copy compares by reference.
 */
export interface EventRules {
  readonly type: string;
  readonly acted: boolean;
  readonly inGame: boolean;
  readonly afterEnd: boolean;
}
const EVENTS: ReadonlyMap<string, EventRules> = new Map(
  [...SETUP, ...IN_GAME].map((type) => [type, { type, acted: ACTED.has(type), inGame: IN_GAME.has(type), afterEnd: AFTER_END.has(type) }]),
);

/**
 * Validates one recorded event (§9, common checks first) and returns it: Summoner Master derives no
 * events, the one automatic loss (401.9.8) is a pending end that only the matching GameEnded clears.
 */
export function decide(state: SmState, action: LogEvent): LogEvent[] {
  check(state, action, eventRules(action.type), null);
  return [action];
}

/** The rules of an event type, undefined for a type Summoner Master does not have. */
export function eventRules(type: string): EventRules | undefined {
  return EVENTS.get(type);
}

/**
 * `decide`'s checks, given `eventRules(action.type)`. A DeckRegistered's cards are bound in `slots`
 * as they are checked (the state's own slot map in an in-place step, a copy when null) and their
 * records returned.
 */
export function check(state: SmState, action: LogEvent, rules: EventRules | undefined, slots: Map<CardId, number> | null): readonly CardState[] | undefined {
  const payload = action.payload as P;
  if (!rules) fail('UNKNOWN_EVENT', `"${action.type}" is not a Summoner Master event`);
  const type = rules.type;
  if (!(typeof payload === 'object' && payload !== null && !Array.isArray(payload))) payloadFail(type, '', 'must be an object');
  if (rules.acted) seatField(action.player, type, 'player');
  else if (action.player !== undefined) fail('UNKNOWN_PLAYER', `${type} carries no acting player`);
  const actor = action.player as Seat;

  if (type !== 'MatchCreated' && state.stage === 'none') fail('NO_MATCH', `${type} before MatchCreated`);
  if (type !== 'MatchCreated' && type !== 'GameCreated' && state.stage === 'match') fail('NO_GAME', `${type} before GameCreated`);
  if (rules.inGame) {
    if (type === 'CardMoved' && state.stage === 'setup') throw new RuleViolation('SETUP_ORDER', 'no card moves during setup (SM-R7: no mulligan)');
    if (state.stage !== 'playing') fail('GAME_NOT_IN_PROGRESS', state.stage === 'ended' ? 'the game has ended' : `${type} before GameStarted`);
    if (state.pendingGameEnd) {
      if (type !== 'GameEnded') fail('GAME_END_PENDING', `${state.pendingGameEnd.loser} lost at the end of the Subturn (401.9.8); only that GameEnded may follow`, { ...state.pendingGameEnd });
    }
    if (state.subturn!.endEntered && !rules.afterEnd && !str(payload['byEffect'])) {
      if (type !== 'CardCast' && type !== 'CardDrawn') throw new RuleViolation('STEP_ORDER', `${type} is not allowed after End of Subturn began (§5.3)`);
    }
  } else if (state.stage === 'ended') {
    throw new RuleViolation('GAME_NOT_IN_PROGRESS', 'the game has ended');
  }

  switch (type) {
    case 'MatchCreated':
      decideMatchCreated(state, payload);
      break;
    case 'GameCreated':
      decideGameCreated(state, payload);
      break;
    case 'DeckRegistered':
      return decideDeckRegistered(state, actor, payload, slots ?? new Map(state.slotOf));
    case 'DeckShuffled':
      decideDeckShuffled(state, actor, payload);
      break;
    case 'ReflectionCardsPlaced':
      decideReflectionCardsPlaced(state, actor, payload);
      break;
    case 'FirstPlayerDetermined':
    case 'FirstPlayerChosen':
      decideFirstPlayer(state, type, actor, payload);
      break;
    case 'OpeningHandDrawn':
      decideOpeningHand(state, actor, payload);
      break;
    case 'GameStarted':
      decideGameStarted(state, state.config.mpMax, payload);
      break;
    case 'StepEntered':
      decideStepEntered(state, payload);
      break;
    case 'SubturnEnded':
      decideSubturnEnded(state, payload);
      break;
    case 'CardDrawn':
      decideCardDrawn(state, actor, payload);
      break;
    case 'CardCast':
      decideCardCast(state, actor, payload);
      break;
    case 'CardMoved':
      decideCardMoved(state, payload);
      break;
    case 'MpChanged':
      seatField(payload['player'], type, 'payload.player');
      decideMpChanged(state, payload);
      break;
    case 'SealLineChanged': {
      const seal = arenaSeal(state, payload['cardId'], type);
      if (!(payload['to'] === 'At' || payload['to'] === 'Df')) payloadFail(type, 'to', 'must be At or Df');
      if (seal.line === payload['to']) fail('LINE_UNCHANGED', `${seal.id} is already in the ${payload['to']} Line (516.2)`);
      if (!str(payload['byEffect']) && continuationPlayer(state) === seal.controller) fail('ATTACK_SEQUENCE_PENDING', `the multi-attack of ${state.pendingContinuation} must continue first (§7.3)`);
      break;
    }
    case 'SealActivityChanged':
      arenaSeal(state, payload['cardId'], type);
      if (!(payload['to'] === 'Active' || payload['to'] === 'Inactive')) payloadFail(type, 'to', 'must be Active or Inactive');
      break;
    case 'AttackGrantAdded':
      decideAttackGrantAdded(state, payload);
      break;
    case 'AttackDeclared':
      decideAttackDeclared(state, actor, payload);
      break;
    case 'AttackResolved':
      decideAttackResolved(state, payload);
      break;
    case 'AttackSequenceEnded':
      decideAttackSequenceEnded(state, payload);
      break;
    case 'EffectResolved':
      decideEffectResolved(state, payload);
      break;
    case 'SpecialActionDeclared':
      if (!Array.isArray(payload['cardIds'])) payloadFail(type, 'cardIds', 'must be a list');
      decideSpecial(state, actor, payload);
      break;
    case 'PlayerCounterChanged':
      seatField(payload['player'], type, 'payload.player');
      if (!(str(payload['counter']) && Number.isInteger(payload['delta']))) payloadFail(type, 'counter', 'and delta are required');
      break;
    case 'GameEnded':
      decideGameEnded(state, payload);
      break;
  }
  return undefined;
}

function decideEffectResolved(state: SmState, payload: P): void {
  const targets = payload['targets'];
  if (!Array.isArray(targets)) payloadFail('EffectResolved', 'targets', 'must be a list of card ids');
  if (!str(payload['description'])) payloadFail('EffectResolved', 'description', 'must describe the Effect');
  const cards = targets.map((id: unknown, i: number) => knownCard(state, id, 'EffectResolved', `targets[${i}]`));
  const reference = payload['reference'];
  if (reference?.kind === 'SelfByName') {
    if (!(targets.length === 1 && targets[0] === payload['sourceCardId'])) fail('SELF_REFERENCE_TARGETS', 'a card naming itself means only that card (200.2.2, 201.2.2)');
  } else if (reference?.kind === 'AllWithName') {
    for (const c of cards) if (effective(state, c).name !== reference.name) fail('TARGET_NAME_MISMATCH', `${c.id} is "${c.name}", not "${reference.name}" (201.2.3)`, { cardId: c.id });
  }
  for (const [i, m] of (payload['modifiers'] ?? []).entries()) {
    knownCard(state, m?.cardId, 'EffectResolved', `modifiers[${i}].cardId`);
    if (!(MODIFIED_FIELDS.includes(m.field) && (m.op === 'set' || m.op === 'add') && Number.isInteger(m.value))) payloadFail('EffectResolved', `modifiers[${i}]`, 'is {cardId, field, op, value, expires}');
  }
  for (const [i, change] of (payload['controlChanges'] ?? []).entries()) {
    const card = knownCard(state, change?.cardId, 'EffectResolved', `controlChanges[${i}].cardId`);
    seatField(change.to, 'EffectResolved', `controlChanges[${i}].to`);
    if (card.zone !== 'Arena') fail('CARD_NOT_IN_ZONE', `${card.id} is not in the Arena; only control of Arena cards changes`);
  }
}

function decideGameEnded(state: SmState, payload: P): void {
  const reason = payload['reason'];
  const winner = payload['winner'];
  const draw = payload['draw'] === true;
  if ((winner === 'p1' || winner === 'p2') === draw) payloadFail('GameEnded', 'winner', 'or draw: true, exactly one');
  if (!END_REASONS.includes(reason)) payloadFail('GameEnded', 'reason', 'must be NoSealInArena, ShrineLevel, DeckOut, Concession or Other');
  const pending = state.pendingGameEnd;
  if (pending) {
    if (!(reason === 'NoSealInArena' && winner === other(pending.loser))) fail('GAME_END_PENDING', `${pending.loser} lost (401.9.8): GameEnded{winner: ${other(pending.loser)}, reason: NoSealInArena}`);
    return;
  }
  const s = state.subturn!;
  switch (reason) {
    case 'NoSealInArena':
      throw new RuleViolation('GAME_END_CONDITION_FALSE', 'the no-Seal loss (401.9.8) is decided at SubturnEnded, and it did not happen');
    case 'ShrineLevel': {
      const limit = state.config.shrineLevelLimit;
      const reached = { p1: shrineLevel(state, 'p1') >= limit, p2: shrineLevel(state, 'p2') >= limit };
      if (draw) {
        if (!(reached.p1 && reached.p2)) fail('GAME_END_CONDITION_FALSE', `a Shrine-Level draw needs both Shrines at ${limit} or more`, reached);
      } else if (!(reached[other(winner)] && !reached[winner as Seat])) fail('GAME_END_CONDITION_FALSE', `the loser's Shrine Level must reach ${limit} and the winner's not (SM-R24 b)`, reached);
      break;
    }
    case 'DeckOut': {
      const owner = s.owner;
      const empty = zoneCount(state, owner, 'SealDeck') === 0 && zoneCount(state, owner, 'MysticDeck') === 0;
      if (!(!draw && winner === other(owner) && drawOwed(state) && empty)) fail('GAME_END_CONDITION_FALSE', `a deck-out loss is the Subturn owner's, owing a draw with both piles empty (SM-R24 c)`);
      break;
    }
  }
}
