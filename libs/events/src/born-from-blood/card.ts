import { z } from 'zod';

/** Born from Blood card types (§2). Rarity is lore only and never a type. */
export const BFB_CARD_TYPES = ['Character', 'Mercenary', 'Skill', 'Item', 'Artifact'] as const;
export type BfbCardType = (typeof BFB_CARD_TYPES)[number];

/** Keywords a catalog entry may carry (§2); the first ten are read by the engine, the rest are informational. */
export const KEYWORDS = [
  'Infiltration',
  'Pierce',
  'Block',
  'Skybound',
  'AntiAir',
  'Assault',
  'DoubleAttack',
  'FivefoldAttack',
  'Rebound',
  'Indestructible',
  'Burn',
  'Evasion',
  'Parry',
  'Counter',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

/** Keywords whose entry must carry a number, and those that may (§2); every other keyword takes none. */
export const KEYWORDS_WITH_VALUE: ReadonlySet<Keyword> = new Set<Keyword>(['Block', 'Burn', 'Evasion', 'Parry']);
export const KEYWORDS_WITH_OPTIONAL_VALUE: ReadonlySet<Keyword> = new Set<Keyword>(['Counter']);

export const ABILITY_KINDS = ['order', 'endPhase', 'pray', 'triggered', 'continuous', 'other'] as const;
export type AbilityKind = (typeof ABILITY_KINDS)[number];

const id = z.string().min(1).max(200);
const nonNegativeInt = z.number().int().min(0);

export const keywordSchema = z.enum(KEYWORDS);

export const keywordEntrySchema = z
  .strictObject({ kw: keywordSchema, value: z.number().optional() })
  .superRefine((entry, ctx) => {
    if (KEYWORDS_WITH_VALUE.has(entry.kw) && entry.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${entry.kw} needs a value, e.g. {kw:'${entry.kw}', value: 100}` });
    }
    if (!KEYWORDS_WITH_VALUE.has(entry.kw) && !KEYWORDS_WITH_OPTIONAL_VALUE.has(entry.kw) && entry.value !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${entry.kw} takes no value` });
    }
  });
export type KeywordEntry = z.infer<typeof keywordEntrySchema>;

export const combatSkillSchema = z.strictObject({
  id,
  name: z.string().min(1).max(200),
  damage: z.number().int(),
  nCost: nonNegativeInt.optional(),
  cd: nonNegativeInt.optional(),
  pierce: z.boolean().optional(),
  cannotBePrevented: z.boolean().optional(),
});
export type CombatSkill = z.infer<typeof combatSkillSchema>;

export const abilitySchema = z.strictObject({
  id,
  kind: z.enum(ABILITY_KINDS),
  nCost: nonNegativeInt.optional(),
  cd: nonNegativeInt.optional(),
  limit: z.enum(['oncePerTurn', 'oncePerGame']).optional(),
});
export type Ability = z.infer<typeof abilitySchema>;

export const artVariantSchema = z.strictObject({ artId: id, special: z.boolean() });
export type ArtVariant = z.infer<typeof artVariantSchema>;

/** Colour names are catalog strings (`'red'`); `'any'` marks an Any Color card, legal in every deck (§3). */
export const colorsSchema = z.union([z.literal('any'), z.array(z.string().min(1).max(50))]);

/**
 * One Born from Blood catalog entry, exactly as §2 of the rules digest describes it. Strict: an
 * unknown field is an error, so a typo in a catalog never silently drops a rule.
 */
export const bfbCardSchema = z
  .strictObject({
    id,
    name: z.string().min(1).max(200),
    type: z.enum(BFB_CARD_TYPES),
    extra: z.boolean(),
    colors: colorsSchema,
    nCost: nonNegativeInt.optional(),
    hp: z.number().int().optional(),
    atk: z.number().int().optional(),
    combatSkills: z.array(combatSkillSchema).optional(),
    abilities: z.array(abilitySchema).optional(),
    keywords: z.array(keywordEntrySchema).optional(),
    pray: z.boolean(),
    oneShot: z.boolean().optional(),
    offHand: z.boolean().optional(),
    fieldArtifact: z.strictObject({ hostCapacity: nonNegativeInt }).optional(),
    worthless: z.boolean(),
    tags: z.array(z.string().min(1).max(100)).optional(),
    clan: z.string().min(1).max(200).optional(),
    rarity: z.string().min(1).max(100).optional(),
    artVariants: z.array(artVariantSchema).optional(),
    text: z.string().max(10_000),
  })
  .superRefine((card, ctx) => {
    // §2: every card but a Character prints an N cost.
    if (card.type !== 'Character' && card.nCost === undefined) {
      ctx.addIssue({ code: 'custom', path: ['nCost'], message: `a ${card.type} needs nCost` });
    }
    if (card.offHand !== undefined && card.type !== 'Item') {
      ctx.addIssue({ code: 'custom', path: ['offHand'], message: 'only an Item can be Off-Hand' });
    }
    if (card.fieldArtifact !== undefined && card.type !== 'Artifact') {
      ctx.addIssue({ code: 'custom', path: ['fieldArtifact'], message: 'only an Artifact can be a Field Artifact' });
    }
  })
  .describe('A Born from Blood catalog entry (rules digest §2)');

export type BfbCard = z.infer<typeof bfbCardSchema>;
