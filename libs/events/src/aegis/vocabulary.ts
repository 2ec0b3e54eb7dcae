import { z } from 'zod';
import { GameVocabulary } from '../document';
import { defineVocabulary } from '../log-event';
import { agCardSchema } from './card';
import * as p from './events';

const player = 'required' as const;
const none = 'none' as const;
const empty = z.strictObject({});

/**
 * Every Aegis event (rules digest §12.2 core events, §12.3 effect events, §12.0 hidden cards as
 * data). Player actions carry the acting seat; system, effect and engine-derived events carry none.
 */
export const aegisEvents = defineVocabulary({
  // setup (§5)
  MatchCreated: { actor: none, payload: p.agMatchCreatedPayload, description: 'The match exists: its seats and config' },
  DeckRegistered: { actor: player, payload: p.agDeckRegisteredPayload, description: 'A seat registers its identity, main deck and 6 Aegis (§3)' },
  FirstPlayerChosen: { actor: none, payload: p.agFirstPlayerChosenPayload, description: 'The first player and how they were chosen (AG-R24)' },
  GameStarted: { actor: none, payload: empty, description: 'Aegis piles set, Mana 6 each' },
  OpeningHandDrawn: { actor: player, payload: p.agOpeningHandDrawnPayload, description: 'The opening hand a seat drew (§12.0)' },
  // turn (§6–§9)
  AdvanceStep: { actor: player, payload: empty, description: 'The turn player moves to the next step or phase' },
  ResolveAegis: { actor: player, payload: p.agResolveAegisPayload, description: 'An Active Aegis takes effect and becomes Faded (S2)' },
  DrawForTurn: { actor: player, payload: p.agDrawForTurnPayload, description: "The Draw Phase's draw, naming the cards drawn" },
  SummonUnit: { actor: player, payload: p.agSummonUnitPayload, description: 'A unit summoned, paid in Rune by discarding cards' },
  PlaySupport: { actor: player, payload: p.agPlaySupportPayload, description: 'A Support card played for Mana' },
  PlaySpell: { actor: player, payload: p.agPlaySpellPayload, description: 'A spell played for Mana in its window' },
  DeclareAttack: { actor: player, payload: p.agDeclareAttackPayload, description: "An attack on a unit or on the opponent's Aegis" },
  PassStep: { actor: player, payload: empty, description: 'The deciding player passes the battle step' },
  DeclareBlocker: { actor: player, payload: p.agDeclareBlockerPayload, description: 'The defender blocks with a Ready unit' },
  ResolveBattle: { actor: player, payload: p.agResolveBattlePayload, description: 'The battle resolves; an Aegis Break names its card' },
  Concede: { actor: player, payload: empty, description: 'The actor concedes' },
  // engine-derived
  GameEnded: { actor: none, derived: true, payload: p.agGameEndedPayload, description: 'The game is over' },
  // effect events (§12.3)
  MoveCard: { actor: none, payload: p.agMoveCardPayload },
  DrawCards: { actor: none, payload: p.agDrawCardsPayload },
  DestroyUnit: { actor: none, payload: p.agDestroyUnitPayload },
  ModifyPower: { actor: none, payload: p.agModifyPowerPayload },
  SetUnitReady: { actor: none, payload: p.agSetUnitReadyPayload },
  ChangeMana: { actor: none, payload: p.agChangeManaPayload },
  BreakAegis: { actor: none, payload: p.agBreakAegisPayload },
  NegateAttack: { actor: none, payload: p.agNegateAttackPayload },
  ShuffleZone: { actor: none, payload: p.agShuffleZonePayload },
  RevealCards: { actor: none, payload: p.agRevealCardsPayload },
  LookAtCards: { actor: none, payload: p.agRevealCardsPayload },
  Note: { actor: none, payload: p.agNotePayload },
});

export type AegisEventType = keyof typeof aegisEvents;

export const aegisVocabulary: GameVocabulary = {
  system: 'aegis',
  events: aegisEvents,
  config: p.agConfigSchema,
  card: agCardSchema,
};
