import { z } from 'zod';
import { LOG_LIMITS } from './limits';
import { EventVocabulary, eventUnionFor, seatSchema } from './log-event';
import { SystemId } from './systems';
import { nameSchema } from './text-policy';

export const LOG_FORMAT = 'cardlog/1' as const;

/** Tournament and statistics context; every field optional (log-format spec, `game`). */
export const gameContextSchema = z.strictObject({
  id: nameSchema().optional(),
  tournament: nameSchema().optional(),
  round: z.number().int().min(0).optional(),
  table: z.number().int().min(0).optional(),
  match: nameSchema().optional(),
  gameNumber: z.number().int().min(1).optional(),
  bestOf: z.number().int().min(1).max(99).optional(),
  playedAt: z.iso.datetime({ offset: true }).optional(),
  recordedBy: nameSchema().optional(),
});

export const deckLabelSchema = z.strictObject({
  name: nameSchema().optional(),
  archetype: nameSchema().optional(),
});

export const playerSchema = z.strictObject({
  seat: seatSchema,
  name: nameSchema(),
  /** A stable identity across games (membership number, handle), for standings and statistics. */
  id: nameSchema().optional(),
  deck: deckLabelSchema.optional(),
});

/** `name@version`, e.g. `demo-bfb@1`: a catalog stored on the server or shipped with the rules. */
export const catalogRefSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]*@[A-Za-z0-9._-]+$/, 'a catalog reference is name@version, e.g. demo-bfb@1');

/** What each game contributes to the format: its events, its match config and its card entries. */
export interface GameVocabulary {
  readonly system: SystemId;
  readonly events: EventVocabulary;
  readonly config: z.ZodType;
  readonly card: z.ZodType;
}

export function documentSchemaFor(vocabulary: GameVocabulary) {
  return z
    .strictObject({
      format: z.literal(LOG_FORMAT),
      system: z.literal(vocabulary.system),
      rulesVersion: z.string().min(1).max(20),
      game: gameContextSchema.optional(),
      config: vocabulary.config.optional(),
      players: z.array(playerSchema).min(1).max(LOG_LIMITS.maxPlayers),
      catalog: z.union([
        catalogRefSchema,
        z.strictObject({
          id: catalogRefSchema.optional(),
          cards: z.array(vocabulary.card).max(LOG_LIMITS.maxInlineCatalogCards),
        }),
      ]),
      events: z.array(eventUnionFor(vocabulary.events)).max(LOG_LIMITS.maxEvents),
    })
    .describe(`A ${vocabulary.system} game in the ${LOG_FORMAT} log format`);
}

/** The schema of any cardlog/1 document, over the vocabularies given (discriminated by `system`). */
export function gameDocumentSchemaFor(vocabularies: readonly GameVocabulary[]) {
  const members = vocabularies.map(documentSchemaFor);
  if (members.length === 0) throw new Error('no game vocabulary registered');
  return z.discriminatedUnion('system', members as [(typeof members)[number], ...(typeof members)[number][]]);
}

/** A parsed document; event payloads are typed per game by the rules library. */
export interface GameDocument {
  format: typeof LOG_FORMAT;
  system: SystemId;
  rulesVersion: string;
  game?: z.infer<typeof gameContextSchema>;
  config?: Record<string, unknown>;
  players: z.infer<typeof playerSchema>[];
  catalog: string | { id?: string; cards: unknown[] };
  events: { seq?: number; type: string; player?: string; payload: unknown }[];
}

export type GameContext = z.infer<typeof gameContextSchema>;
export type PlayerEntry = z.infer<typeof playerSchema>;
