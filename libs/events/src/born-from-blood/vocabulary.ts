import { z } from 'zod';
import { GameVocabulary } from '../document';
import { defineVocabulary } from '../log-event';
import { bfbCardSchema } from './card';
import * as p from './events';

const player = 'required' as const;
const none = 'none' as const;
const empty = z.strictObject({});

/**
 * Every Born from Blood event (rules digest §12.2 core events, §12.3 effect events). Player actions
 * carry the acting seat; system, effect and engine-derived events carry none.
 */
export const bornFromBloodEvents = defineVocabulary({
  // setup (§5)
  MatchCreated: { actor: none, payload: p.matchCreatedPayload, description: 'The match exists: its seats and config' },
  DeckRegistered: { actor: player, payload: p.deckRegisteredPayload, description: 'A seat registers its deck (§3)' },
  FirstPlayerChosen: { actor: none, payload: p.firstPlayerChosenPayload, description: 'The first player, by agreement or dice' },
  GameStarted: { actor: none, payload: empty, description: 'Characters placed, HP 4000, N 0' },
  OpeningHandDrawn: { actor: player, payload: p.openingHandDrawnPayload, description: 'The seven cards a seat drew' },
  Mulligan: { actor: player, payload: p.mulliganPayload, description: 'Cards put under, and the cards drawn for them' },
  // turn (§6–§9)
  AdvancePhase: { actor: player, payload: empty, description: 'The turn player moves to the next phase' },
  DrawForTurn: { actor: player, payload: p.drawForTurnPayload, description: "The Draw Phase's draw; no card means deck-out" },
  PlayCard: { actor: player, payload: p.playCardPayload, description: 'A card played from hand' },
  ActivateAbility: { actor: player, payload: p.activateAbilityPayload, description: 'An ability of a card on the field or the Character' },
  PassPriority: { actor: player, payload: empty, description: 'The priority holder passes: the top item resolves' },
  SellCard: { actor: player, payload: p.sellCardPayload, description: 'A card sold back for half its N' },
  DeclareAttack: { actor: player, payload: p.declareAttackPayload, description: "An attack on the opponent's Character" },
  DeclareDefenders: { actor: player, payload: p.declareDefendersPayload, description: 'The defending Mercenaries (maybe none)' },
  AssignDamage: { actor: player, payload: p.assignDamagePayload, description: "The attacker splits the battle's damage" },
  ResolveBattle: { actor: player, payload: empty, description: 'Battle damage is dealt' },
  DiscardToHandLimit: { actor: player, payload: p.discardToHandLimitPayload, description: 'End Phase discard down to 8' },
  EndTurn: { actor: player, payload: empty, description: 'End-of-turn cleanup; the turn passes' },
  Concede: { actor: player, payload: empty, description: 'The actor concedes' },
  // engine-derived (§12.1)
  CardsPutInGraveyard: {
    actor: none,
    derived: true,
    payload: p.cardsPutInGraveyardPayload,
    description: 'State check: cards at HP ≤ 0 or whose host left go to the graveyard',
  },
  GameEnded: { actor: none, derived: true, payload: p.gameEndedPayload, description: 'The game is over' },
  // effect events (§12.3)
  MoveCard: { actor: none, payload: p.moveCardPayload },
  DealDamage: { actor: none, payload: p.dealDamagePayload },
  ChangeHP: { actor: none, payload: p.changeHpPayload },
  ModifyStat: { actor: none, payload: p.modifyStatPayload },
  ModifyBattleDamage: { actor: none, payload: p.modifyBattleDamagePayload },
  GrantAttackProperty: { actor: none, payload: p.grantAttackPropertyPayload },
  GrantKeyword: { actor: none, payload: p.grantKeywordPayload },
  RemoveKeyword: { actor: none, payload: p.removeKeywordPayload },
  SetStatus: { actor: none, payload: p.setStatusPayload },
  ClearStatus: { actor: none, payload: p.clearStatusPayload },
  ChangeN: { actor: none, payload: p.changeNPayload },
  ChangeCounter: { actor: none, payload: p.changeCounterPayload },
  DrawCards: { actor: none, payload: p.drawCardsPayload },
  DestroyCard: { actor: none, payload: p.destroyCardPayload },
  NegateStackItem: { actor: none, payload: p.negateStackItemPayload },
  TransformCard: { actor: none, payload: p.transformCardPayload },
  CreateSpecialSlot: { actor: none, payload: p.createSpecialSlotPayload },
  RemoveSpecialSlot: { actor: none, payload: p.removeSpecialSlotPayload },
  RecordAbilityUse: { actor: none, payload: p.recordAbilityUsePayload },
  RollDie: { actor: none, payload: p.rollDiePayload },
  RevealCards: { actor: none, payload: p.revealCardsPayload },
  LookAtCards: { actor: none, payload: p.revealCardsPayload },
  ShuffleZone: { actor: none, payload: p.shuffleZonePayload },
  Note: { actor: none, payload: p.notePayload },
});

export type BornFromBloodEventType = keyof typeof bornFromBloodEvents;

export const bornFromBloodVocabulary: GameVocabulary = {
  system: 'born-from-blood',
  events: bornFromBloodEvents,
  config: p.bfbConfigSchema,
  card: bfbCardSchema,
};
