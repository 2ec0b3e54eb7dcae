import { z } from 'zod';

/** Aegis is a two-player game: payload fields naming a seat accept only these. */
export const agSeatSchema = z.enum(['p1', 'p2']);
export type AgSeat = z.infer<typeof agSeatSchema>;

/** A card instance id bound by `DeckRegistered` (e.g. `p1-07`). */
export const agCardIdSchema = z.string().min(1).max(100);

/** The card an effect comes from, or `'rule'` when a core rule is the source (§12.1). */
export const agSourceSchema = z.string().min(1).max(100);

/** A player's zones (§4), as effect events name them. `aegis` is the Set pile, `aegisArea` the opened Aegis. */
export const AG_ZONES = ['deck', 'hand', 'unit', 'support', 'field', 'drop', 'aegis', 'aegisArea'] as const;
export const agZoneSchema = z.enum(AG_ZONES);
export type AgZone = z.infer<typeof agZoneSchema>;

/** How long a power modifier lasts (§10, AG-R23). */
export const agDurationSchema = z.enum(['battle', 'turn', 'permanent', 'whileSourceInPlay']);
export type AgDuration = z.infer<typeof agDurationSchema>;

export const agDeckEntrySchema = z.strictObject({
  cardId: agCardIdSchema,
  catalogId: z.string().min(1).max(200),
});
export type AgDeckEntry = z.infer<typeof agDeckEntrySchema>;
