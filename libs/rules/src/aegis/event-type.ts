import { aegisEvents, type AegisEventType } from '@cardlog/events';
import type { Stage } from './state';

/** What the rules need to know of an event type before its own checks, found with one look-up per event. */
export interface EventRules {
  /** The engine's own copy of the name (see `eventRules`). */
  readonly type: AegisEventType;
  /** The setup stage the event belongs to (§5), undefined for the events of play. */
  readonly stage: Stage | undefined;
  /** A loss can follow it (AG-R1, AG-R5, concession): only then is GameEnded derived. */
  readonly mayEnd: boolean;
}

const SETUP_STAGES: Readonly<Partial<Record<AegisEventType, Stage>>> = {
  MatchCreated: 'none',
  DeckRegistered: 'decks',
  FirstPlayerChosen: 'firstPlayer',
  GameStarted: 'gameStart',
  OpeningHandDrawn: 'hands',
};
const MAY_END: readonly AegisEventType[] = ['OpeningHandDrawn', 'DrawForTurn', 'DrawCards', 'ResolveBattle', 'BreakAegis', 'Concede'];

const RULES: ReadonlyMap<string, EventRules> = new Map(
  (Object.keys(aegisEvents) as AegisEventType[]).map((type) => [type, { type, stage: SETUP_STAGES[type], mayEnd: MAY_END.includes(type) }]),
);

/**
 * The rules of an event type, undefined for a type Aegis does not have. Their `type` is the engine's
 * own copy of the name: JSON.parse keeps only strings of up to ten characters internalized, so a
 * longer type read from an upload (`AdvanceStep`, half of a game's events) is a fresh string, which
 * each `switch` on the type would compare character by character where the engine's copy compares
 * by reference.
 */
export function eventRules(type: string): EventRules | undefined {
  return RULES.get(type);
}

/** `eventRules(type)?.type`. */
export function ownType(type: string): AegisEventType | undefined {
  return RULES.get(type)?.type;
}
