import { z } from 'zod';

/** Who and what recorded an event; kept apart from the event's own data. */
export const eventMetadataSchema = z.strictObject({
  /** When the server stored it (ISO 8601); not when it happened at the table. */
  recordedAt: z.iso.datetime({ offset: true }),
  /** The recorder: a token name, a CLI user, `engine` for derived events. */
  actor: z.string().min(1).max(200).optional(),
  /** Ties together the events of one upload or one request. */
  correlation: z.string().min(1).max(200).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** The data of a game event as stored: the acting seat and the payload of the log event. */
export interface GameEventData<P = unknown> {
  player?: string;
  payload: P;
}

/** One stored event of a game's stream. `seq` is its 1-based position in the game. */
export interface EventEnvelope<D = GameEventData> {
  gameId: string;
  seq: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: D;
  metadata: EventMetadata;
}

export const eventEnvelopeSchema = z.strictObject({
  gameId: z.string().min(1),
  seq: z.number().int().positive(),
  eventId: z.uuid(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  data: z.unknown(),
  metadata: eventMetadataSchema,
});
