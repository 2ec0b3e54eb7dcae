import { z } from 'zod';

/** The six elements (§2.1); a card with none is colourless. */
export const DV_ELEMENTS = ['earth', 'water', 'wind', 'fire', 'wood', 'metal'] as const;
export type DvElement = (typeof DV_ELEMENTS)[number];
export const dvElementSchema = z.enum(DV_ELEMENTS);

export const DV_CARD_TYPES = ['soldier', 'hero', 'event'] as const;
export type DvCardType = (typeof DV_CARD_TYPES)[number];

const amount = z.number().int().min(0).max(99);
const elementAmounts = {
  earth: amount.optional(),
  water: amount.optional(),
  wind: amount.optional(),
  fire: amount.optional(),
  wood: amount.optional(),
  metal: amount.optional(),
};

/** A blessing cost (§2.2): element icons need their element, the printed number any blessing. */
export const blessingCostSchema = z.strictObject({ generic: amount, x: z.boolean().optional(), ...elementAmounts });
/** A guardian cost for one level: cards of the own Cenotaph by element, plus any cards for `generic`. */
export const guardianCostSchema = z.strictObject({ generic: amount.optional(), ...elementAmounts });

const id = z.string().min(1).max(100);
const stat = z.number().int().min(0).max(999);

export const dvCardSchema = z
  .strictObject({
    id,
    name: z.string().min(1).max(200),
    type: z.enum(DV_CARD_TYPES),
    eventKind: z.enum(['incantation', 'invention']).optional(),
    subtypes: z.array(z.string().min(1).max(100)).max(10).default([]),
    elements: z.array(dvElementSchema).max(6),
    flash: z.boolean().default(false),
    blessingCost: blessingCostSchema.optional(),
    at: stat.optional(),
    df: stat.optional(),
    ap: stat.optional(),
    guardianCost: z.strictObject({ lv1: guardianCostSchema, lv2: guardianCostSchema }).optional(),
    lv2Stats: z.strictObject({ at: stat.optional(), ap: stat.optional() }).optional(),
    eventPersistence: z.enum(['instant', 'battlefield']).optional(),
    turnCount: z.number().int().min(1).max(99).optional(),
    targetCount: z.number().int().min(0).max(10).optional(),
    skills: z
      .array(
        z.strictObject({
          id,
          text: z.string().max(2000),
          deplete: z.boolean().optional(),
          cost: blessingCostSchema.optional(),
          /** Zones besides the Battlefield the skill is used from (§2.2), in its user's copy. */
          zones: z.array(z.enum(['hand', 'universe', 'cenotaph', 'blackHole', 'devayard', 'heroLine', 'soldierLine'])).max(7).optional(),
        }),
      )
      .max(10)
      .optional(),
    abilities: z
      .array(z.strictObject({ id, text: z.string().max(2000), trigger: z.enum(['entersBattlefield', 'fallsToCenotaph', 'reachesLv2', 'other']).optional() }))
      .max(10)
      .optional(),
    text: z.string().max(4000).default(''),
  })
  .superRefine((card, ctx) => {
    for (const problem of catalogEntryProblems(card)) ctx.addIssue({ code: 'custom', message: `CATALOG_ENTRY_INVALID: ${problem}` });
  });

export type DvCard = z.infer<typeof dvCardSchema>;
export type BlessingCost = z.infer<typeof blessingCostSchema>;
export type GuardianCost = z.infer<typeof guardianCostSchema>;

/** What breaks §2.2 in one catalog entry (empty when it is valid). */
export function catalogEntryProblems(card: {
  type: DvCardType;
  blessingCost?: unknown;
  at?: number;
  df?: number;
  ap?: number;
  guardianCost?: unknown;
  eventKind?: unknown;
  turnCount?: number;
}): string[] {
  const problems: string[] = [];
  if (card.type === 'soldier' && (card.blessingCost === undefined || card.at === undefined || card.df === undefined)) {
    problems.push('a soldier needs blessingCost, at and df');
  }
  if (card.type === 'hero' && (card.at === undefined || card.ap === undefined || card.guardianCost === undefined)) {
    problems.push('a hero needs at, ap and guardianCost (lv1 and lv2)');
  }
  if (card.type === 'event' && (card.eventKind === undefined || card.blessingCost === undefined)) {
    problems.push('an event needs eventKind and blessingCost');
  }
  if (card.turnCount !== undefined && card.type !== 'event') problems.push('turnCount is allowed only on events');
  return problems;
}
