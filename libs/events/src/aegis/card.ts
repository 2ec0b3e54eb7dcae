import { z } from 'zod';

/** Aegis card types (digest §2). Field is a Spell with `spellType: 'Field'` (AG-R13). */
export const AG_CARD_TYPES = ['Unit', 'Spell', 'Support', 'Aegis'] as const;
export type AgCardType = (typeof AG_CARD_TYPES)[number];

export const AG_SPELL_TYPES = ['Attack', 'Defense', 'Utility', 'Field'] as const;
export type AgSpellType = (typeof AG_SPELL_TYPES)[number];

/** An element is a catalog string (`fire`, `water`, …); `neutral` is the ⭐ pip and never an element (AG-R15). */
export const elementSchema = z.string().min(1).max(50).regex(/^[a-z][a-z0-9-]*$/, 'an element is a lower-case word, e.g. fire');
export const pipSchema = z.string().min(1).max(50);

const id = z.string().min(1).max(200);

/**
 * One Aegis catalog entry, as §2 of the rules digest describes it. Strict, so a typo never silently
 * drops a rule. The printed ranges of §2.1 (power 0–8, unit cost 1–6, …) are checked when a game
 * loads the catalog (`CAT_*` codes), not here, so a bad entry gets its rule code.
 */
export const agCardSchema = z
  .strictObject({
    id,
    name: z.string().min(1).max(200),
    type: z.enum(AG_CARD_TYPES),
    spellType: z.enum(AG_SPELL_TYPES).optional(),
    colors: z.array(elementSchema).max(10),
    runePips: z.array(pipSchema).max(10).optional(),
    runeCost: z.number().int().optional(),
    colorReq: z.record(elementSchema, z.number().int().min(0).max(10)).optional(),
    power: z.number().int().optional(),
    manaCost: z.number().int().optional(),
    cost: z.number().int().min(0).optional(),
    hasStartOfTurnEffect: z.boolean().optional(),
    text: z.string().max(10_000).optional(),
  })
  .superRefine((card, ctx) => {
    if (card.type === 'Spell' && card.spellType === undefined) ctx.addIssue({ code: 'custom', path: ['spellType'], message: 'a Spell needs spellType' });
    if (card.type !== 'Spell' && card.spellType !== undefined) ctx.addIssue({ code: 'custom', path: ['spellType'], message: 'only a Spell has spellType' });
    if (card.type === 'Unit' && (card.runeCost === undefined || card.power === undefined)) {
      ctx.addIssue({ code: 'custom', path: [card.runeCost === undefined ? 'runeCost' : 'power'], message: 'a Unit needs runeCost and power' });
    }
    if (card.type === 'Spell' && card.manaCost === undefined) ctx.addIssue({ code: 'custom', path: ['manaCost'], message: 'a Spell needs manaCost' });
    if (card.type === 'Support' && card.cost === undefined) ctx.addIssue({ code: 'custom', path: ['cost'], message: 'a Support card needs cost (Mana, AG-R12)' });
  })
  .describe('An Aegis catalog entry (rules digest §2)');

export type AgCard = z.infer<typeof agCardSchema>;
