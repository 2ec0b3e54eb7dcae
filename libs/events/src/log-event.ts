import { z } from 'zod';
import { SEAT_PATTERN } from './systems';

export const seatSchema = z.string().regex(SEAT_PATTERN, 'a seat is p1…p12');

/** One event as it stands in a cardlog/1 document: `{ seq?, type, player?, payload }`. */
export interface LogEvent<T extends string = string, P = unknown> {
  seq?: number;
  type: T;
  player?: string;
  payload: P;
}

/**
 * A stored event as the rules take it: the store keeps `{ player?, payload }` as an event's data
 * and its type beside it (envelope.ts).
 */
export function toLogEvent(stored: { type: string; data: unknown }): LogEvent {
  const data = stored.data as { player?: string; payload: unknown };
  return data.player === undefined ? { type: stored.type, payload: data.payload } : { type: stored.type, player: data.player, payload: data.payload };
}

/** Who may carry `player` on an event type: the acting seat, nobody (engine-derived), or either. */
export type ActorRule = 'required' | 'none' | 'optional';

export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  readonly payload: P;
  readonly actor: ActorRule;
  /** Emitted by the engine (log-format property 5); an upload may include it, and it must then match. */
  readonly derived?: boolean;
  /** Current schema version of the payload; older ones reach it through upcasters. */
  readonly schemaVersion?: number;
  readonly description?: string;
}

/** A game's whole action vocabulary: every event type it accepts, by name. */
export type EventVocabulary = Readonly<Record<string, EventDefinition>>;

export function defineVocabulary<V extends Record<string, EventDefinition>>(vocabulary: V): V {
  return vocabulary;
}

/** The zod schema of one event of the vocabulary, strict: unknown fields are errors. */
export function eventSchemaFor(type: string, def: EventDefinition) {
  const player =
    def.actor === 'required' ? { player: seatSchema } : def.actor === 'optional' ? { player: seatSchema.optional() } : {};
  return z
    .strictObject({
      seq: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('the event’s number in the game, 1..n with engine-derived events counted (docs/positions.md); optional in an upload, checked when given'),
      type: z.literal(type),
      ...player,
      payload: def.payload,
    })
    .describe(def.description ?? type);
}

/** A discriminated union over every event type of a vocabulary. */
export function eventUnionFor(vocabulary: EventVocabulary) {
  const members = Object.entries(vocabulary).map(([type, def]) => eventSchemaFor(type, def));
  if (members.length === 0) throw new Error('an event vocabulary needs at least one event type');
  return z.discriminatedUnion('type', members as [(typeof members)[number], ...(typeof members)[number][]]);
}
