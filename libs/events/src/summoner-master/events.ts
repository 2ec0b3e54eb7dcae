import { z } from 'zod';
import { SM_KINDS } from './card';

/** Summoner Master is a two-player game: payload fields naming a seat accept only these. */
export const smSeatSchema = z.enum(['p1', 'p2']);
export const smCardIdSchema = z.string().min(1).max(100);

const cardIds = z.array(smCardIdSchema).max(400);
const note = z.string().min(1).max(1000);
const mp = z.number().int().min(0).max(999);

export const SM_ZONES = ['SealDeck', 'MysticDeck', 'Hand', 'Arena', 'Shrine', 'RemoveZone', 'ReflectionZone'] as const;
export const smZoneSchema = z.enum(SM_ZONES);
export const SM_STEPS = ['CheckUp', 'Draw', 'Discard', 'Interfere', 'Main', 'MpRefill', 'EndOfSubturn', 'Other'] as const;
export const smLineSchema = z.enum(['At', 'Df']);
export const expirySchema = z.union([z.enum(['EndOfSubturn', 'Never']), z.strictObject({ subturns: z.number().int().min(1).max(99) })]);

/** Match config (§4.1, SM-R2, SM-R8, SM-R9): the document's `config`. `mpMax` is required. */
export const smConfigSchema = z.strictObject({
  mpMax: z.number().int().min(0).max(99),
  level: z.string().min(1).max(100).optional(),
  shrineLevelLimit: z.number().int().min(1).max(999).optional(),
  deckMinimum: z.strictObject({ seal: z.number().int().min(0).max(200), mystic: z.number().int().min(0).max(200) }).nullable().optional(),
  banList: z.array(z.strictObject({ kind: z.enum(SM_KINDS), name: z.string().min(1).max(200) })).max(500).optional(),
  firstSubturnAttacks: z.enum(['decree', 'none']).optional(),
});
export type SmConfig = z.infer<typeof smConfigSchema>;

const gameResult = z.union([z.strictObject({ winner: smSeatSchema }), z.strictObject({ draw: z.literal(true) })]);
const cardSpec = z.strictObject({ id: smCardIdSchema, card: z.string().min(1).max(200) });

export const smPayloads = {
  MatchCreated: z.strictObject({ players: z.tuple([z.literal('p1'), z.literal('p2')]) }),
  GameCreated: z.strictObject({ gameNumber: z.number().int().min(1).max(99), previousGame: gameResult.optional() }),
  DeckRegistered: z.strictObject({ deck: z.array(cardSpec).max(400), reflectionCards: z.array(cardSpec).max(100) }),
  DeckShuffled: z.strictObject({ ownerShuffled: z.boolean(), offeredToOpponent: z.boolean(), opponentShuffled: z.boolean() }),
  ReflectionCardsPlaced: z.strictObject({ cardIds: z.array(smCardIdSchema).max(100) }),
  FirstPlayerDetermined: z.strictObject({ method: z.literal('fair'), description: note, firstPlayer: smSeatSchema }),
  FirstPlayerChosen: z.strictObject({ firstPlayer: smSeatSchema }),
  OpeningHandDrawn: z.strictObject({ cardIds: z.array(smCardIdSchema).max(20) }),
  GameStarted: z.strictObject({ mp: z.strictObject({ p1: mp, p2: mp }).optional() }),
  StepEntered: z.strictObject({ step: z.enum(SM_STEPS), drawWaived: note.optional() }),
  SubturnEnded: z.strictObject({ drawWaived: note.optional() }),
  CardDrawn: z.strictObject({ pile: z.enum(SM_KINDS), cardId: smCardIdSchema, byEffect: note.optional() }),
  CardCast: z.strictObject({
    cardId: smCardIdSchema,
    mpPaid: mp,
    line: smLineSchema.optional(),
    attachTo: smCardIdSchema.optional(),
    growth: z.boolean().optional(),
    byEffect: note.optional(),
    costNote: note.optional(),
  }),
  CardMoved: z.strictObject({
    cardId: smCardIdSchema,
    from: smZoneSchema,
    to: smZoneSchema,
    reason: note,
    line: smLineSchema.nullable().optional(),
    byEffect: note.optional(),
  }),
  MpChanged: z.strictObject({
    player: smSeatSchema,
    delta: z.number().int().min(-999).max(999).optional(),
    setTo: mp.optional(),
    purpose: z.enum(['cast', 'attack', 'skill', 'combination', 'otherCost', 'refill', 'effect', 'other']),
    reason: note,
  }),
  SealLineChanged: z.strictObject({ cardId: smCardIdSchema, to: smLineSchema, byEffect: note.optional() }),
  SealActivityChanged: z.strictObject({ cardId: smCardIdSchema, to: z.enum(['Active', 'Inactive']), reason: note }),
  AttackGrantAdded: z.strictObject({
    cardId: smCardIdSchema,
    grantId: z.string().min(1).max(100),
    kind: z.enum(['MultiAttackPayOnce', 'ExtraAttack']),
    count: z.number().int().min(2).max(9).optional(),
    free: z.boolean().optional(),
    evenIfInactive: z.boolean().optional(),
    expires: expirySchema.optional(),
    sourceCardId: smCardIdSchema.optional(),
  }),
  AttackDeclared: z.strictObject({
    attackerId: smCardIdSchema,
    target: z.union([
      z.strictObject({ kind: z.literal('Seal'), cardId: smCardIdSchema }),
      z.strictObject({ kind: z.literal('Hand') }),
      z.strictObject({ kind: z.literal('All') }),
    ]),
    mode: z.enum(['Normal', 'Multi', 'Continuation', 'Extra']),
    grantId: z.string().min(1).max(100).optional(),
    attackMove: z.string().min(1).max(200).optional(),
    mpPaid: mp,
    viaSpecialAbility: z.boolean().optional(),
    orderedBySkill: z.boolean().optional(),
    costNote: note.optional(),
  }),
  AttackResolved: z.strictObject({
    attackerId: smCardIdSchema,
    outcome: z.strictObject({ description: note, destroyed: cardIds.optional() }),
  }),
  AttackSequenceEnded: z.strictObject({ attackerId: smCardIdSchema, reason: note }),
  EffectResolved: z.strictObject({
    sourceCardId: smCardIdSchema.optional(),
    description: note,
    reference: z
      .union([z.strictObject({ kind: z.literal('SelfByName') }), z.strictObject({ kind: z.literal('AllWithName'), name: z.string().min(1).max(200) })])
      .optional(),
    targets: cardIds,
    modifiers: z
      .array(
        z.strictObject({
          cardId: smCardIdSchema,
          field: z.enum(['level', 'mpCast', 'mpAttack', 'at', 'df', 'sp']),
          op: z.enum(['set', 'add']),
          value: z.number().int().min(-999).max(999),
          expires: expirySchema,
        }),
      )
      .max(100)
      .optional(),
    controlChanges: z.array(z.strictObject({ cardId: smCardIdSchema, to: smSeatSchema })).max(100).optional(),
  }),
  SpecialActionDeclared: z.strictObject({
    kind: z.enum(['Growth', 'Progress', 'Regeneration', 'Combination', 'BreakCombination', 'Skill', 'Other']),
    cardIds,
    description: note,
  }),
  PlayerCounterChanged: z.strictObject({ player: smSeatSchema, counter: z.string().min(1).max(100), delta: z.number().int().min(-999).max(999), reason: note }),
  GameEnded: z.strictObject({
    winner: smSeatSchema.optional(),
    draw: z.literal(true).optional(),
    reason: z.enum(['NoSealInArena', 'ShrineLevel', 'DeckOut', 'Concession', 'Other']),
    detail: note.optional(),
  }),
} as const;
