import { z } from 'zod';

/** The two kinds of Summoner Master card (digest §2): Seals (creatures) and Mystics (spells). */
export const SM_KINDS = ['Seal', 'Mystic'] as const;
export type SmKind = (typeof SM_KINDS)[number];

export const MYSTIC_TYPES = ['Tarot', 'Relic', 'Place', 'Devas', 'Revelation'] as const;

const text = z.string().min(1).max(2000);
const label = z.string().min(1).max(200);
const count = z.number().int().min(0).max(99);

/**
 * The attack texts of the decree's glossary (§7.3, §7.4), as a catalog entry states them. The engine
 * reads them only through recorded `AttackGrantAdded` events; the simulator grants them on cast.
 */
export const attackTextSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('MultiAttackPayOnce'), count: z.number().int().min(2).max(9).optional() }),
  z.strictObject({ kind: z.literal('ExtraAttack'), free: z.boolean(), evenIfInactive: z.boolean() }),
]);

/**
 * One Oracle entry (§2): a catalog card. `name` is the base name, before any Reflection symbol; a
 * card printed with the symbol sets `reflection: true` and is a separate entry (oracle key
 * kind|name|R). Every characteristic is optional data; the engine computes only with costs,
 * level and power values.
 */
export const smCardSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.enum(SM_KINDS),
  name: label,
  reflection: z.boolean().optional(),
  level: count.optional(),
  mpCast: z.number().int().min(-99).max(99).optional(),
  mpAttack: z.number().int().min(-99).max(99).optional(),
  at: z.number().int().min(-999).max(999).optional(),
  df: z.number().int().min(-999).max(999).optional(),
  sp: z.number().int().min(-999).max(999).optional(),
  sealTypes: z.array(label).max(10).optional(),
  element: label.optional(),
  naming: z.array(label).max(10).optional(),
  attackMoves: z.array(label).max(10).optional(),
  attackTexts: z.array(attackTextSchema).max(4).optional(),
  mysticType: z.enum(MYSTIC_TYPES).optional(),
  pasteType: z.enum(['PS', 'PM', 'PA']).optional(),
  interfere: z.boolean().optional(),
  duration: count.optional(),
  setSymbol: label.optional(),
  rarity: label.optional(),
  text: text.optional(),
});
export type SmCard = z.infer<typeof smCardSchema>;

/** SM-R14: names compare after NFC normalisation, trimming and collapsing inner whitespace; case-sensitive. */
export function normaliseCardName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}
