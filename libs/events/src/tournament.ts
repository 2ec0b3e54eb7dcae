import { z } from 'zod';
import { catalogRefSchema } from './document';
import { locateJsonSyntaxError } from './json-error';
import { LOG_SCHEMA_ID } from './json-schema';
import { LogFormatError, jsonPath } from './parse';

export const TOURNAMENT_FORMAT = 'cardlog-tournament/1' as const;
export const TOURNAMENT_SCHEMA_ID = 'https://cardlog.dev/schema/cardlog-tournament-1.schema.json';

/** Bounds on one bundle, so one upload stays one reasonable transaction. */
export const BUNDLE_LIMITS = {
  maxPlayers: 1024,
  maxRounds: 30,
  maxGamesPerMatch: 9,
  maxBundleBytes: 256 * 1024 * 1024,
} as const;

/** Tournament and player ids appear in URLs and stream ids: letters, digits, `.`, `_`, `-`. */
export const tournamentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'an id is 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit');

const playerIdSchema = z.string().min(1).max(200);
const isoDate = z.iso.date();

export const tournamentInfoSchema = z.strictObject({
  id: tournamentIdSchema,
  name: z.string().min(1).max(200),
  system: z.string().min(1).max(50),
  rulesVersion: z.string().min(1).max(20),
  startDate: isoDate,
  endDate: isoDate.optional(),
  format: z.strictObject({
    swissRounds: z.number().int().min(1).max(BUNDLE_LIMITS.maxRounds),
    /** Players who go on to the top cut after the Swiss rounds (e.g. 8); none when absent. */
    topCut: z.number().int().min(2).max(256).optional(),
  }),
  bestOf: z.union([z.literal(1), z.literal(3), z.literal(5)]),
  /** The organiser publishes the lists before the last round. */
  decksPublic: z.boolean().optional(),
});

/** A registered deck list: the system's `DeckRegistered` payload, checked by its construction rules. */
export const registeredDeckSchema = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  archetype: z.string().min(1).max(200).optional(),
  list: z.record(z.string(), z.unknown()),
});

export const tournamentPlayerSchema = z.strictObject({
  id: playerIdSchema,
  name: z.string().min(1).max(200),
  deck: registeredDeckSchema.optional(),
});

/** Games are cardlog/1 documents, each parsed on its own so errors point inside it. */
const gameItemSchema = z.record(z.string(), z.unknown()).describe('A cardlog/1 game document');

/** A result reported without logs: games won by each player, and drawn games. */
export const reportedResultSchema = z.strictObject({
  wins: z.record(playerIdSchema, z.number().int().min(0).max(BUNDLE_LIMITS.maxGamesPerMatch)),
  draws: z.number().int().min(0).max(BUNDLE_LIMITS.maxGamesPerMatch).optional(),
});

export const matchPairingSchema = z.strictObject({
  table: z.number().int().min(1),
  players: z.tuple([playerIdSchema, playerIdSchema]),
  /** The match's game logs, game 1 first. */
  games: z.array(gameItemSchema).min(1).max(BUNDLE_LIMITS.maxGamesPerMatch).optional(),
  /** The result, where no log exists (counts for standings, not for game statistics). */
  result: reportedResultSchema.optional(),
});

export const byePairingSchema = z.strictObject({ bye: playerIdSchema });

export const pairingSchema = z.union([matchPairingSchema, byePairingSchema]);

export const roundSchema = z.strictObject({
  number: z.number().int().min(1).max(BUNDLE_LIMITS.maxRounds),
  pairings: z.array(pairingSchema).min(1).max(BUNDLE_LIMITS.maxPlayers),
  /** Players who dropped after this round: they are paired no more. */
  drops: z.array(playerIdSchema).max(BUNDLE_LIMITS.maxPlayers).optional(),
});

export const tournamentBundleSchema = z
  .strictObject({
    format: z.literal(TOURNAMENT_FORMAT),
    tournament: tournamentInfoSchema,
    /** The card catalog the registered lists are checked against (`name@version`). */
    catalog: catalogRefSchema.optional(),
    players: z.array(tournamentPlayerSchema).min(2).max(BUNDLE_LIMITS.maxPlayers),
    rounds: z.array(roundSchema).max(BUNDLE_LIMITS.maxRounds),
  })
  .describe(`A whole tournament in the ${TOURNAMENT_FORMAT} bundle format: players, deck lists, rounds, pairings and game logs`);

export type TournamentBundle = z.infer<typeof tournamentBundleSchema>;
export type TournamentInfo = z.infer<typeof tournamentInfoSchema>;
export type TournamentPlayer = z.infer<typeof tournamentPlayerSchema>;
export type RegisteredDeck = z.infer<typeof registeredDeckSchema>;
export type TournamentRound = z.infer<typeof roundSchema>;
export type Pairing = z.infer<typeof pairingSchema>;
export type MatchPairing = z.infer<typeof matchPairingSchema>;
export type ByePairing = z.infer<typeof byePairingSchema>;
export type ReportedResult = z.infer<typeof reportedResultSchema>;

export function isBye(pairing: Pairing): pairing is ByePairing {
  return 'bye' in pairing;
}

/** The JSON Schema (draft 2020-12) of the bundle; its games refer to the log format's schema. */
export function tournamentJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(tournamentBundleSchema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema === gameItemSchema) {
        for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
        Object.assign(ctx.jsonSchema, { $ref: LOG_SCHEMA_ID });
      }
    },
  });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: TOURNAMENT_SCHEMA_ID,
    title: `Cardlog tournament bundle (${TOURNAMENT_FORMAT})`,
    ...generated,
  };
}

/** Stream of a tournament's own events (registration, rounds). */
export const tournamentStreamId = (tournamentId: string) => `tournament-${tournamentId}`;
export const isTournamentStream = (streamId: string) => streamId.startsWith('tournament-');

export const TOURNAMENT_REGISTERED = 'TournamentRegistered';
export const ROUND_RECORDED = 'RoundRecorded';

/** The first event of a tournament's stream: what it is, who plays, with which lists. */
export interface TournamentRegisteredData {
  readonly tournament: TournamentInfo;
  readonly catalog?: string;
  readonly players: readonly TournamentPlayer[];
}

/** One game of a recorded match, as standings and round pages need it. */
export interface RecordedGame {
  readonly gameId: string;
  readonly gameNumber: number;
  /** Player id of the winner; null for a draw or an unfinished game. */
  readonly winner: string | null;
  /** Player id of who went first, and how it was chosen (as the log records it). */
  readonly firstPlayer: string | null;
  readonly firstPlayerMethod: string | null;
  /**
   * The log's own words for how, where it has them (Summoner Master's `description` of its fair
   * method, "rock-paper-scissors"); absent otherwise and on games recorded before it was kept.
   */
  readonly firstPlayerDetail?: string;
  /** Player id of who chose the first player, where the log records a choice and no method (absent before it was kept). */
  readonly firstPlayerChosenBy?: string;
}

export interface RecordedMatch {
  readonly table: number;
  readonly players: readonly [string, string];
  /** Games won by each player id, and drawn games. */
  readonly wins: Readonly<Record<string, number>>;
  readonly draws: number;
  readonly resultOnly: boolean;
  readonly games: readonly RecordedGame[];
}

export interface RoundRecordedData {
  readonly round: number;
  readonly matches: readonly RecordedMatch[];
  readonly byes: readonly string[];
  readonly drops: readonly string[];
  /**
   * On the top cut's first round: its seeds, player ids from seed 1 on (the final Swiss standings,
   * with the organiser's order among players tied on every tiebreaker). Absent on other rounds and
   * on rounds recorded before seeds were kept.
   */
  readonly seeds?: readonly string[];
}

export type BundleParseResult = { ok: true; bundle: TournamentBundle } | { ok: false; error: LogFormatError };

/**
 * Parses a bundle's outer shape strictly (the games inside are parsed one by one by the recorder,
 * so their errors point into them). Every error names its JSONPath.
 */
export function parseTournamentBundle(input: string | Buffer | unknown): BundleParseResult {
  let value: unknown = input;
  if (typeof input === 'string' || Buffer.isBuffer(input)) {
    const text = typeof input === 'string' ? input : input.toString('utf8');
    if (Buffer.byteLength(text) > BUNDLE_LIMITS.maxBundleBytes) {
      return { ok: false, error: { code: 'LIMIT_EXCEEDED', message: `$: a bundle is at most ${BUNDLE_LIMITS.maxBundleBytes} bytes`, path: '$' } };
    }
    try {
      value = JSON.parse(text);
    } catch {
      const at = locateJsonSyntaxError(text);
      return { ok: false, error: { code: 'MALFORMED_JSON', message: `malformed JSON at line ${at.line}, column ${at.column}: unexpected ${at.found}` } };
    }
  }
  const parsed = tournamentBundleSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message }));
    const first = issues[0]!;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    return { ok: false, error: { code: 'SCHEMA_VIOLATION', message: `${first.path}: ${first.message}${more}`, path: first.path, issues } };
  }
  return { ok: true, bundle: parsed.data };
}
