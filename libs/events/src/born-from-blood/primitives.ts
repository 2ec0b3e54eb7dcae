import { z } from 'zod';
import { BFB_CARD_TYPES } from './card';

/** Born from Blood is a two-player game: payload fields naming a seat accept only these. */
export const bfbSeatSchema = z.enum(['p1', 'p2']);

/** A card instance id bound by `DeckRegistered` (e.g. `p1-07`). */
export const cardIdSchema = z.string().min(1).max(100);

/** The card an effect comes from, or `'rule'` when a core rule is the source (§12.1). */
export const sourceCardIdSchema = z.string().min(1).max(100);

export const cardTypeSchema = z.enum(BFB_CARD_TYPES);

export const STATUSES = ['stun', 'silence', 'burn', 'deep', 'flipped', 'ready', 'playableThisTurn'] as const;
export const statusSchema = z.enum(STATUSES);

export const SLOT_KINDS = ['mercenary', 'artifact', 'skill', 'item', 'offHand'] as const;

/** A place on the field (§12.4 `FieldPos`). */
export const fieldPosSchema = z.union([
  z.enum([...SLOT_KINDS, 'extraZone']),
  z.strictObject({ special: z.string().min(1).max(100) }),
  z.strictObject({ host: cardIdSchema }),
]);

/** Where `MoveCard` may take a card from or to (§12.4 `Zone`). */
export const zoneSchema = z.union([
  z.enum([...SLOT_KINDS, 'extraZone', 'hand', 'deck', 'extraDeck', 'graveyard', 'removedFromGame', 'sealed', 'hideaway']),
  z.strictObject({ special: z.string().min(1).max(100) }),
  z.strictObject({ host: cardIdSchema }),
  z.strictObject({ maintain: cardIdSchema }),
]);

/** How long an effect lasts, as written in events (§8.3). */
export const durationSchema = z.union([
  z.enum(['thisBattle', 'thisTurn', 'permanent']),
  z.strictObject({ untilEndOfTurnOf: z.strictObject({ player: bfbSeatSchema, occurrence: z.enum(['current', 'next']) }) }),
  z.strictObject({ whileSourceOnField: z.strictObject({ sourceCardId: cardIdSchema }) }),
]);

export const costOverrideSchema = z.strictObject({ amount: z.number().int().min(0), sourceCardId: sourceCardIdSchema });

export const deckEntrySchema = z.strictObject({
  cardId: cardIdSchema,
  catalogId: z.string().min(1).max(100),
  artId: z.string().min(1).max(100).optional(),
});

export type BfbSeat = z.infer<typeof bfbSeatSchema>;
export type Status = z.infer<typeof statusSchema>;
export type SlotKind = (typeof SLOT_KINDS)[number];
export type FieldPos = z.infer<typeof fieldPosSchema>;
export type Zone = z.infer<typeof zoneSchema>;
export type Duration = z.infer<typeof durationSchema>;
export type DeckEntry = z.infer<typeof deckEntrySchema>;
