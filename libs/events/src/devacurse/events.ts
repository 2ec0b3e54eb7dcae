import { z } from 'zod';
import { dvElementSchema } from './card';
import { seatSchema } from '../log-event';

/** A card instance id, bound by `UniverseRegistered` (e.g. `p1-07`). */
export const dvCardIdSchema = z.string().min(1).max(100);
const cardIds = z.array(dvCardIdSchema).max(200);
const count = z.number().int();
const text = z.string().max(2000);

/** A declared target: one card (by instance) or one Deva. */
export const dvTargetSchema = z.union([z.strictObject({ card: dvCardIdSchema }), z.strictObject({ player: seatSchema })]);

/** One blessing point of a payment: the cost slot it pays, and the blessing used (§12.5). */
export const paymentSchema = z.array(z.strictObject({ slot: z.union([dvElementSchema, z.literal('generic')]), with: z.union([dvElementSchema, z.literal('colorless')]) })).max(100);

export const blessingKindSchema = z.union([dvElementSchema, z.literal('colorless')]);
export const dvZoneNameSchema = z.enum(['hand', 'universe', 'cenotaph', 'blackHole', 'temple', 'devayard', 'heroLine', 'soldierLine', 'knot', 'falling']);
const until = z.enum(['endOfPhase', 'endOfTurn', 'untilNextPromptLoop', 'permanent']);
/** A zone of one Deva; without `player`, the card owner's (or, for a guardian to a Cenotaph, the hero controller's). */
const destination = z.strictObject({ zone: dvZoneNameSchema, player: seatSchema.optional() });

// Effect events (§12.4): generic records of card text, inside ResolveKnotTop.effects or ApplyEffects.
const effect = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...shape });
export const dvEffectSchema = z.discriminatedUnion('type', [
  effect('MoveCard', { cardId: dvCardIdSchema, to: destination, faceUp: z.boolean().optional(), position: z.enum(['top', 'bottom', 'random']).optional() }),
  effect('DestroyCard', { cardId: dvCardIdSchema }),
  effect('PlaceCounters', { cardId: dvCardIdSchema, kind: z.string().min(1).max(50), n: count }),
  effect('RemoveCounters', { cardId: dvCardIdSchema, kind: z.string().min(1).max(50), n: count }),
  effect('ChangeFaith', { player: seatSchema, delta: count }),
  effect('SetMode', { cardId: dvCardIdSchema, mode: z.enum(['prompt', 'rest']) }),
  effect('ModifyStat', { cardId: dvCardIdSchema, stat: z.enum(['at', 'df', 'ap']), delta: count, until }),
  effect('SetFlag', { target: dvTargetSchema, flag: z.string().min(1).max(50), value: z.union([z.boolean(), z.number()]), until }),
  effect('DrawCards', { player: seatSchema, count, cardIds }),
  effect('DiscardCards', { player: seatSchema, cardIds }),
  effect('ShuffleUniverse', { player: seatSchema }),
  effect('RevealCards', { player: seatSchema, cardIds }),
  effect('AddBlessing', { player: seatSchema, kind: blessingKindSchema, n: count }),
  effect('AttachGuardian', { heroId: dvCardIdSchema, cardId: dvCardIdSchema }),
  effect('DetachGuardian', { heroId: dvCardIdSchema, cardId: dvCardIdSchema, to: destination.optional() }),
  effect('AttachCard', { cardId: dvCardIdSchema, to: dvCardIdSchema }),
  effect('DetachCard', { cardId: dvCardIdSchema }),
  effect('ChangeController', { cardId: dvCardIdSchema, player: seatSchema }),
  effect('CancelKnotItem', { knotId: z.string().min(1).max(100) }),
  effect('EliminatePlayer', { player: seatSchema }),
  effect('DeclareWinner', { player: seatSchema }),
  effect('Note', { text }),
]);
export type DvEffect = z.infer<typeof dvEffectSchema>;
const effects = z.array(dvEffectSchema).max(100);

const loopSchema = z.enum(['origin', 'prompt', 'draw', 'construction', 'assault', 'refresh', 'endTurn']);
const partSchema = z.enum(['blessMaking', 'calling', 'soldierCombat', 'heroCombat']);
const phaseSchema = z.enum(['preSoldierCalling', 'soldierCalling', 'postSoldierCalling', 'preHeroCalling', 'heroCalling', 'postHeroCalling', 'preCombat', 'combat', 'postCombat']);
const stepSchema = z.enum(['declareAttackers', 'afterAttack', 'declareBlockers', 'afterBlocks', 'placeDamage', 'beforeTakeEffect', 'fallWindow', 'afterHeroAttack']);

export const dvPayloads = {
  // setup: Turn Origin (§4, §12.1)
  universeRegistered: z.strictObject({ cards: z.array(z.strictObject({ cardId: dvCardIdSchema, catalogId: z.string().min(1).max(100) })).min(1).max(200) }),
  orderLotDrawn: z.strictObject({ winner: seatSchema }),
  firstPlayerChosen: z.strictObject({ firstPlayer: seatSchema }),
  drawCards: z.strictObject({ count, cardIds }),
  // turn flow (§5, §12.1)
  turnBegan: z.strictObject({ turn: z.number().int().min(1), orderHolder: seatSchema }),
  promptLoopApplied: z.strictObject({ expired: cardIds, ticked: cardIds, keptRested: cardIds }),
  skipDraw: z.strictObject({ reason: z.enum(['effect', 'universeEmpty']) }),
  phaseAdvanced: z.strictObject({
    loop: loopSchema,
    part: partSchema.optional(),
    owner: seatSchema.optional(),
    phase: phaseSchema.optional(),
    step: stepSchema.optional(),
    skipped: z.literal('eliminated').optional(),
  }),
  blessingLost: z.strictObject({ amounts: z.array(z.strictObject({ player: seatSchema, kind: blessingKindSchema, n: z.number().int().min(1) })).max(100) }),
  refreshApplied: z.strictObject({ clearedSoldiers: cardIds, destroyedHeroes: cardIds, healedHeroes: cardIds }),
  fallBatchPlaced: z.strictObject({ batchId: z.string().min(1).max(100), placed: z.array(z.strictObject({ cardId: dvCardIdSchema, to: z.enum(['cenotaph', 'blackHole']), player: seatSchema })).max(200) }),
  discardToHandLimit: z.strictObject({ cardIds }),
  turnEnded: z.strictObject({ nextOrderHolder: seatSchema, automatic: z.literal(true).optional() }),
  playerEliminated: z.strictObject({ player: seatSchema, cause: z.enum(['faith', 'effect', 'concede']) }),
  matchEnded: z.strictObject({ winner: seatSchema.optional(), draw: z.literal(true).optional() }),
  // construction (§5.3, §12.2)
  placePrayer: z.strictObject({ cardId: dvCardIdSchema, faceUp: z.boolean() }),
  produceBlessing: z.strictObject({ prayerId: dvCardIdSchema, element: dvElementSchema.optional() }),
  callCard: z.strictObject({
    cardId: dvCardIdSchema,
    from: z.enum(['hand', 'temple']),
    targets: z.array(dvTargetSchema).max(10).optional(),
    choice: z.string().min(1).max(100).optional(),
    x: z.number().int().min(0).max(99).optional(),
    payment: paymentSchema,
    /** Costs printed besides the blessing cost (discard, sacrifice, Faith…), paid at declaration (§6.2). */
    additionalCosts: effects.optional(),
  }),
  callHero: z.strictObject({ cardId: dvCardIdSchema }),
  declareUpgrade: z.strictObject({ heroId: dvCardIdSchema }),
  addGuardianFromPrayer: z.strictObject({ heroId: dvCardIdSchema, prayerId: dvCardIdSchema }),
  useSkill: z.strictObject({ sourceId: dvCardIdSchema, skillId: z.string().min(1).max(100), targets: z.array(dvTargetSchema).max(10).optional(), payment: paymentSchema.optional() }),
  triggerAbility: z.strictObject({ sourceId: dvCardIdSchema, abilityId: z.string().min(1).max(100), targets: z.array(dvTargetSchema).max(10).optional() }),
  resolveKnotTop: z.strictObject({
    outcome: z.enum(['resolve', 'cancel']).optional(),
    cancelReason: z.enum(['guardians', 'condition']).optional(),
    guardians: cardIds.optional(),
    effects: effects.optional(),
  }),
  applyEffects: z.strictObject({ cause: z.strictObject({ static: dvCardIdSchema }), effects: effects.min(1) }),
  // assault (§8, §12.3)
  declareSoldierAttack: z.strictObject({ defender: seatSchema, attackers: cardIds }),
  declareBlockers: z.strictObject({ blocks: z.array(z.strictObject({ blockerId: dvCardIdSchema, attackerId: dvCardIdSchema })).max(100) }),
  placeCombatDamage: z.strictObject({
    divisions: z.array(z.strictObject({ attackerId: dvCardIdSchema, blockerId: dvCardIdSchema, amount: z.number().int() })).max(100).optional(),
  }),
  combatDamageTookEffect: z.strictObject({ fpLoss: z.array(z.strictObject({ player: seatSchema, amount: z.number().int().min(1) })).max(12), destroyed: cardIds }),
  declareHeroAttack: z.strictObject({ heroId: dvCardIdSchema, target: dvTargetSchema }),
  empty: z.strictObject({}),
};

export const dvConfigSchema = z.strictObject({});
