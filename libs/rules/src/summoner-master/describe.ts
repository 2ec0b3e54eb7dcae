import type { LogEvent } from '@cardlog/events';
import { SUBTURN_STEPS, endingWords } from '../words';
import { SmState, cardOf } from './state';

function name(state: SmState, id: unknown): string {
  const c = cardOf(state, id);
  return c ? `${c.name} (${c.id})` : String(id);
}

/** A seat as its player's name, as the lines of the other games name players. */
function player(state: SmState, seat: unknown): string {
  return typeof seat === 'string' ? (state.names[seat as 'p1'] ?? seat) : String(seat);
}

/** The steps of a Subturn as the rules digest names them (§5), as the web app's board does. */
export const STEP_NAMES: Readonly<Record<string, string>> = Object.fromEntries(SUBTURN_STEPS);

/** One readable line per event, for replay step lists. */
export function describe(event: LogEvent, before: SmState): string {
  const p = (event.payload ?? {}) as Record<string, any>;
  const who = event.player ? (before.names[event.player as 'p1'] ?? event.player) : '';
  switch (event.type) {
    case 'MatchCreated':
      return `Match created: ${before.names.p1} vs ${before.names.p2}`;
    case 'GameCreated':
      return `Game ${p['gameNumber']}${p['previousGame'] ? ` (previous game: ${p['previousGame'].winner ? `${player(before, p['previousGame'].winner)} won` : 'drawn'})` : ''}`;
    case 'DeckRegistered':
      return `${who} registers a deck of ${p['deck']?.length ?? 0} cards and ${p['reflectionCards']?.length ?? 0} Reflection candidates`;
    case 'DeckShuffled':
      return `${who} shuffles and offers the deck${p['opponentShuffled'] ? '; the opponent shuffles too' : ''}`;
    case 'ReflectionCardsPlaced':
      return `${who} places ${(p['cardIds'] ?? []).map((id: string) => name(before, id)).join(', ') || 'no cards'} in the Reflection Zone`;
    case 'FirstPlayerDetermined':
      return `${player(before, p['firstPlayer'])} goes first (${p['description']})`;
    case 'FirstPlayerChosen':
      return `${who}, who lost the previous game, has ${p['firstPlayer'] === event.player ? 'themself' : player(before, p['firstPlayer'])} go first`;
    case 'OpeningHandDrawn':
      return `${who} draws the opening hand (5 Seal, 2 Mystic)`;
    case 'GameStarted':
      return `The game begins: ${player(before, before.firstPlayer)} has Mp 5 for casting only`;
    case 'StepEntered':
      return `${Object.hasOwn(STEP_NAMES, p['step']) ? STEP_NAMES[p['step']] : p['step']} step${p['drawWaived'] ? ` (draw waived: ${p['drawWaived']})` : ''}`;
    case 'SubturnEnded':
      return `End of Subturn ${before.subturn?.number ?? ''}`;
    case 'CardDrawn':
      return `${who} draws ${name(before, p['cardId'])} from the ${p['pile']} pile${p['byEffect'] ? ` (${p['byEffect']})` : ''}`;
    case 'CardCast':
      return `${who} casts ${name(before, p['cardId'])} for ${p['mpPaid']} Mp${p['line'] ? ` into the ${p['line']} Line` : ''}`;
    case 'CardMoved':
      return `${name(before, p['cardId'])}: ${p['from']} → ${p['to']} (${p['reason']})`;
    case 'MpChanged':
      return `${player(before, p['player'])}'s Mp ${p['setTo'] !== undefined ? `set to ${p['setTo']}` : `${p['delta'] >= 0 ? '+' : ''}${p['delta']}`} (${p['purpose']}: ${p['reason']})`;
    case 'SealLineChanged':
      return `${name(before, p['cardId'])} moves to the ${p['to']} Line`;
    case 'SealActivityChanged':
      return `${name(before, p['cardId'])} becomes ${p['to']} (${p['reason']})`;
    case 'AttackGrantAdded':
      return `${name(before, p['cardId'])} gains ${p['kind'] === 'MultiAttackPayOnce' ? `a ${p['count'] ?? 2}-attack move paid once` : `1 more attack${p['free'] ? ' without paying' : ''}${p['evenIfInactive'] ? ', even if Inactive' : ''}`}`;
    case 'AttackDeclared': {
      const t = p['target'];
      const target = t?.kind === 'Seal' ? name(before, t.cardId) : t?.kind === 'Hand' ? 'the hand' : 'all';
      return `${who}'s ${name(before, p['attackerId'])} attacks ${target} (${p['mode']}, ${p['mpPaid']} Mp)`;
    }
    case 'AttackResolved':
      return `Attack of ${name(before, p['attackerId'])}: ${p['outcome']?.description}`;
    case 'AttackSequenceEnded':
      return `${name(before, p['attackerId'])} stops its multi-attack (${p['reason']})`;
    case 'EffectResolved':
      return `Effect${p['sourceCardId'] ? ` of ${name(before, p['sourceCardId'])}` : ''}: ${p['description']}`;
    case 'SpecialActionDeclared':
      return `${who} declares ${p['kind']}: ${p['description']}`;
    case 'PlayerCounterChanged':
      return `${player(before, p['player'])}'s ${p['counter']} ${p['delta'] >= 0 ? '+' : ''}${p['delta']} (${p['reason']})`;
    case 'GameEnded':
      // The reason is a rules key (`ShrineLevel`): said as the rulebook names the ending, as the boards and the web app say it.
      return p['winner'] ? `${player(before, p['winner'])} wins (${endingWords(String(p['reason']), 'summoner-master')})` : `The game is drawn (${endingWords(String(p['reason']), 'summoner-master')})`;
    default:
      return event.type;
  }
}
