import { z } from 'zod';
import { keywordSchema } from './card';
import {
  bfbSeatSchema,
  cardIdSchema,
  cardTypeSchema,
  costOverrideSchema,
  deckEntrySchema,
  durationSchema,
  fieldPosSchema,
  sourceCardIdSchema,
  statusSchema,
  zoneSchema,
} from './primitives';

const int = z.number().int();
const cardIds = z.array(cardIdSchema).max(200);
const source = { sourceCardId: sourceCardIdSchema };

/** The match config of a Born from Blood game (§12.1); `cdCountsEveryTurn` defaults to false (BB-R15). */
export const bfbConfigSchema = z.strictObject({ cdCountsEveryTurn: z.boolean().optional() });
export type BfbConfig = z.infer<typeof bfbConfigSchema>;

// ---- §12.2 core events -------------------------------------------------------------------------

export const matchCreatedPayload = z.strictObject({
  players: z.tuple([z.literal('p1'), z.literal('p2')]),
  config: bfbConfigSchema,
});
export const deckRegisteredPayload = z.strictObject({
  character: deckEntrySchema,
  main: z.array(deckEntrySchema).max(500),
  extra: z.array(deckEntrySchema).max(500),
  specialArtOwnership: z.strictObject({ counts: z.record(z.string().min(1).max(300), z.number().int().min(0)) }).optional(),
});
export const firstPlayerChosenPayload = z.strictObject({
  firstPlayer: bfbSeatSchema,
  method: z.enum(['dieRoll', 'agreement', 'other']),
  rolls: z.array(z.strictObject({ player: bfbSeatSchema, result: int })).max(20).optional(),
});
export const openingHandDrawnPayload = z.strictObject({ cardIds });
export const mulliganPayload = z.strictObject({ cardIds, drawnCardIds: cardIds });
export const drawForTurnPayload = z.strictObject({ cardId: cardIdSchema.optional() });
export const playCardPayload = z.strictObject({
  cardId: cardIdSchema,
  destination: fieldPosSchema.optional(),
  costOverride: costOverrideSchema.optional(),
});
export const activateAbilityPayload = z.strictObject({
  cardId: cardIdSchema,
  abilityId: z.string().min(1).max(200),
  costOverride: costOverrideSchema.optional(),
});
export const sellCardPayload = z.strictObject({ cardId: cardIdSchema });
export const declareAttackPayload = z.strictObject({
  attackerId: cardIdSchema,
  using: z.string().min(1).max(200),
  immediate: z.literal(true).optional(),
  sourceCardId: cardIdSchema.optional(),
});
export const declareDefendersPayload = z.strictObject({ defenderIds: cardIds });
export const assignDamagePayload = z.strictObject({ shares: z.record(cardIdSchema, int), toCharacter: int });
export const discardToHandLimitPayload = z.strictObject({ cardIds });
export const cardsPutInGraveyardPayload = z.strictObject({
  cards: z.array(z.strictObject({ cardId: cardIdSchema, reason: z.enum(['hpZero', 'hostLeft']) })).min(1),
});
export const gameEndedPayload = z.strictObject({
  winner: bfbSeatSchema.optional(),
  draw: z.literal(true).optional(),
  reason: z.enum(['hp', 'deckOut', 'concede']),
});

// ---- §12.3 effect events (every one carries sourceCardId) --------------------------------------

const characterTarget = z.strictObject({ character: bfbSeatSchema });
const cardTarget = z.strictObject({ card: cardIdSchema });

export const moveCardPayload = z.strictObject({
  ...source,
  cardId: cardIdSchema,
  from: zoneSchema,
  to: zoneSchema,
  position: z.enum(['top', 'bottom']).optional(),
});
export const dealDamagePayload = z.strictObject({
  ...source,
  target: z.union([characterTarget, cardTarget]),
  amount: int.min(0),
  ignoreBlock: z.boolean().optional(),
});
export const changeHpPayload = z.strictObject({ ...source, player: bfbSeatSchema, delta: int });
export const modifyStatPayload = z.strictObject({
  ...source,
  cardId: cardIdSchema,
  stat: z.enum(['hp', 'atk', 'block']),
  delta: int,
  duration: durationSchema,
});
export const modifyBattleDamagePayload = z.strictObject({ ...source, delta: int });
export const grantAttackPropertyPayload = z.strictObject({ ...source, property: z.enum(['pierce', 'cannotBePrevented']) });
export const grantKeywordPayload = z.strictObject({
  ...source,
  cardId: cardIdSchema,
  keyword: keywordSchema,
  value: z.number().int().optional(),
  duration: durationSchema,
});
export const removeKeywordPayload = z.strictObject({ ...source, cardId: cardIdSchema, keyword: keywordSchema, duration: durationSchema });
export const setStatusPayload = z.strictObject({
  ...source,
  cardId: cardIdSchema,
  status: statusSchema,
  params: z.strictObject({ amount: int.min(0), tickAt: bfbSeatSchema.optional() }).optional(),
  duration: durationSchema,
});
export const clearStatusPayload = z.strictObject({ ...source, cardId: cardIdSchema, status: statusSchema });
export const changeNPayload = z.strictObject({ ...source, player: bfbSeatSchema, delta: int });
export const changeCounterPayload = z.strictObject({
  ...source,
  owner: z.union([z.strictObject({ player: bfbSeatSchema }), cardTarget]),
  counter: z.string().min(1).max(100),
  delta: int,
});
export const drawCardsPayload = z.strictObject({ ...source, player: bfbSeatSchema, count: int.min(0), cardIds });
export const destroyCardPayload = z.strictObject({ ...source, cardId: cardIdSchema, cause: z.enum(['damage', 'destroy', 'other']) });
export const negateStackItemPayload = z.strictObject({ ...source, cardId: cardIdSchema });
export const transformCardPayload = z.strictObject({ ...source, cardId: cardIdSchema, intoCatalogId: z.string().min(1).max(200) });
export const createSpecialSlotPayload = z.strictObject({
  ...source,
  player: bfbSeatSchema,
  slotId: z.string().min(1).max(100),
  capacity: int.min(0),
  allowedTypes: z.union([z.literal('any'), z.array(cardTypeSchema).min(1)]),
});
export const removeSpecialSlotPayload = z.strictObject({ ...source, player: bfbSeatSchema, slotId: z.string().min(1).max(100) });
export const recordAbilityUsePayload = z.strictObject({ ...source, cardId: cardIdSchema, abilityId: z.string().min(1).max(200) });
export const rollDiePayload = z.strictObject({
  ...source,
  player: bfbSeatSchema,
  sides: z.literal(6),
  result: int,
  purpose: z.string().min(1).max(200),
});
export const revealCardsPayload = z.strictObject({ ...source, player: bfbSeatSchema, cardIds });
export const shuffleZonePayload = z.strictObject({ ...source, player: bfbSeatSchema, zone: z.enum(['deck', 'extraDeck']) });
export const notePayload = z.strictObject({ ...source, text: z.string().min(1).max(2000) });

type Payload<S extends z.ZodType> = z.infer<S>;
export type MatchCreated = Payload<typeof matchCreatedPayload>;
export type DeckRegistered = Payload<typeof deckRegisteredPayload>;
export type FirstPlayerChosen = Payload<typeof firstPlayerChosenPayload>;
export type OpeningHandDrawn = Payload<typeof openingHandDrawnPayload>;
export type Mulligan = Payload<typeof mulliganPayload>;
export type DrawForTurn = Payload<typeof drawForTurnPayload>;
export type PlayCard = Payload<typeof playCardPayload>;
export type ActivateAbility = Payload<typeof activateAbilityPayload>;
export type SellCard = Payload<typeof sellCardPayload>;
export type DeclareAttack = Payload<typeof declareAttackPayload>;
export type DeclareDefenders = Payload<typeof declareDefendersPayload>;
export type AssignDamage = Payload<typeof assignDamagePayload>;
export type DiscardToHandLimit = Payload<typeof discardToHandLimitPayload>;
export type CardsPutInGraveyard = Payload<typeof cardsPutInGraveyardPayload>;
export type GameEnded = Payload<typeof gameEndedPayload>;
export type MoveCard = Payload<typeof moveCardPayload>;
export type DealDamage = Payload<typeof dealDamagePayload>;
export type ChangeHP = Payload<typeof changeHpPayload>;
export type ModifyStat = Payload<typeof modifyStatPayload>;
export type ModifyBattleDamage = Payload<typeof modifyBattleDamagePayload>;
export type GrantAttackProperty = Payload<typeof grantAttackPropertyPayload>;
export type GrantKeyword = Payload<typeof grantKeywordPayload>;
export type RemoveKeyword = Payload<typeof removeKeywordPayload>;
export type SetStatus = Payload<typeof setStatusPayload>;
export type ClearStatus = Payload<typeof clearStatusPayload>;
export type ChangeN = Payload<typeof changeNPayload>;
export type ChangeCounter = Payload<typeof changeCounterPayload>;
export type DrawCards = Payload<typeof drawCardsPayload>;
export type DestroyCard = Payload<typeof destroyCardPayload>;
export type NegateStackItem = Payload<typeof negateStackItemPayload>;
export type TransformCard = Payload<typeof transformCardPayload>;
export type CreateSpecialSlot = Payload<typeof createSpecialSlotPayload>;
export type RemoveSpecialSlot = Payload<typeof removeSpecialSlotPayload>;
export type RecordAbilityUse = Payload<typeof recordAbilityUsePayload>;
export type RollDie = Payload<typeof rollDiePayload>;
export type RevealCards = Payload<typeof revealCardsPayload>;
export type ShuffleZone = Payload<typeof shuffleZonePayload>;
export type Note = Payload<typeof notePayload>;
