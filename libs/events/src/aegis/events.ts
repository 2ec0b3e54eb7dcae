import { z } from 'zod';
import { elementSchema } from './card';
import { agCardIdSchema, agDeckEntrySchema, agDurationSchema, agSeatSchema, agSourceSchema, agZoneSchema } from './primitives';

const int = z.number().int();
const cardIds = z.array(agCardIdSchema).max(200);
const source = { sourceCardId: agSourceSchema };

/**
 * The match config of an Aegis game (§5, §12.2). `openingHandSize` is required (AG-R7); the playtest
 * variants default to `winRule: 'emptyPileHit'`, `refreshScope: 'turnPlayer'`, `tieRule: 'none'`.
 */
export const agConfigSchema = z.strictObject({
  openingHandSize: z.number().int().min(0).max(60),
  mainDeckSize: z.number().int().min(1).max(500).optional(),
  maxCopiesPerName: z.number().int().min(1).max(500).optional(),
  winRule: z.enum(['emptyPileHit', 'sixthBreak']).optional(),
  refreshScope: z.enum(['turnPlayer', 'all']).optional(),
  tieRule: z.enum(['none', 'both']).optional(),
});
export type AgConfig = z.infer<typeof agConfigSchema>;

// ---- §12.2 core events -------------------------------------------------------------------------

export const agMatchCreatedPayload = z.strictObject({
  players: z.tuple([z.literal('p1'), z.literal('p2')]),
  config: agConfigSchema,
});
export const agDeckRegisteredPayload = z.strictObject({
  identity: z.array(elementSchema).max(10),
  main: z.array(agDeckEntrySchema).max(500),
  aegis: z.array(agDeckEntrySchema).max(20),
});
export const agFirstPlayerChosenPayload = z.strictObject({
  firstPlayer: agSeatSchema,
  method: z.enum(['agreement', 'coin', 'die', 'other']),
});
export const agOpeningHandDrawnPayload = z.strictObject({ cardIds });
export const agResolveAegisPayload = z.strictObject({ aegisCardId: agCardIdSchema });
export const agDrawForTurnPayload = z.strictObject({ cardIds });
export const agSummonUnitPayload = z.strictObject({ cardId: agCardIdSchema, discardIds: cardIds });
export const agPlaySupportPayload = z.strictObject({ cardId: agCardIdSchema, replaceCardId: agCardIdSchema.optional() });
export const agPlaySpellPayload = z.strictObject({ cardId: agCardIdSchema });
export const agAttackTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('unit'), cardId: agCardIdSchema }),
  z.strictObject({ kind: z.literal('aegis') }),
]);
export const agDeclareAttackPayload = z.strictObject({ attackerId: agCardIdSchema, target: agAttackTargetSchema });
export const agDeclareBlockerPayload = z.strictObject({ blockerId: agCardIdSchema });
export const agResolveBattlePayload = z.strictObject({ brokenAegisId: agCardIdSchema.optional() });
export const agGameEndedPayload = z.strictObject({
  winner: agSeatSchema.optional(),
  draw: z.literal(true).optional(),
  reason: z.enum(['aegis', 'deckOut', 'concede']),
});

// ---- §12.3 effect events (each carries sourceCardId) -------------------------------------------

export const agMoveCardPayload = z.strictObject({
  ...source,
  cardId: agCardIdSchema,
  from: agZoneSchema,
  to: agZoneSchema,
  position: z.enum(['top', 'bottom', 'any']).optional(),
  faceDown: z.boolean().optional(),
});
export const agDrawCardsPayload = z.strictObject({ ...source, player: agSeatSchema, count: int.min(0).max(60), cardIds });
export const agDestroyUnitPayload = z.strictObject({ ...source, cardId: agCardIdSchema });
export const agModifyPowerPayload = z.strictObject({ ...source, cardId: agCardIdSchema, delta: int.min(-100).max(100), duration: agDurationSchema });
export const agSetUnitReadyPayload = z.strictObject({ ...source, cardId: agCardIdSchema, ready: z.boolean() });
export const agChangeManaPayload = z.strictObject({ ...source, player: agSeatSchema, delta: int.min(-100).max(100) });
export const agBreakAegisPayload = z.strictObject({
  ...source,
  player: agSeatSchema,
  count: int.min(1).max(12),
  /** The Set Aegis turned face up, in order (§12.0): one per break applied. */
  aegisCardIds: cardIds,
});
export const agNegateAttackPayload = z.strictObject({ ...source });
export const agShuffleZonePayload = z.strictObject({ ...source, player: agSeatSchema, zone: z.enum(['deck', 'aegis']) });
export const agRevealCardsPayload = z.strictObject({ ...source, player: agSeatSchema, zone: agZoneSchema.optional(), cardIds: cardIds.optional() });
export const agNotePayload = z.strictObject({ sourceCardId: agSourceSchema.optional(), text: z.string().min(1).max(2000) });

type Payload<S extends z.ZodType> = z.infer<S>;
export type AgMatchCreated = Payload<typeof agMatchCreatedPayload>;
export type AgDeckRegistered = Payload<typeof agDeckRegisteredPayload>;
export type AgFirstPlayerChosen = Payload<typeof agFirstPlayerChosenPayload>;
export type AgOpeningHandDrawn = Payload<typeof agOpeningHandDrawnPayload>;
export type AgResolveAegis = Payload<typeof agResolveAegisPayload>;
export type AgDrawForTurn = Payload<typeof agDrawForTurnPayload>;
export type AgSummonUnit = Payload<typeof agSummonUnitPayload>;
export type AgPlaySupport = Payload<typeof agPlaySupportPayload>;
export type AgPlaySpell = Payload<typeof agPlaySpellPayload>;
export type AgAttackTarget = Payload<typeof agAttackTargetSchema>;
export type AgDeclareAttack = Payload<typeof agDeclareAttackPayload>;
export type AgDeclareBlocker = Payload<typeof agDeclareBlockerPayload>;
export type AgResolveBattle = Payload<typeof agResolveBattlePayload>;
export type AgGameEnded = Payload<typeof agGameEndedPayload>;
export type AgMoveCard = Payload<typeof agMoveCardPayload>;
export type AgDrawCards = Payload<typeof agDrawCardsPayload>;
export type AgDestroyUnit = Payload<typeof agDestroyUnitPayload>;
export type AgModifyPower = Payload<typeof agModifyPowerPayload>;
export type AgSetUnitReady = Payload<typeof agSetUnitReadyPayload>;
export type AgChangeMana = Payload<typeof agChangeManaPayload>;
export type AgBreakAegis = Payload<typeof agBreakAegisPayload>;
export type AgShuffleZone = Payload<typeof agShuffleZonePayload>;
export type AgRevealCards = Payload<typeof agRevealCardsPayload>;
export type AgNote = Payload<typeof agNotePayload>;
