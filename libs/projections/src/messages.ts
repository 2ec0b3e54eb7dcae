import { streamKey } from '@cardlog/events';
import type { StoredEvent } from '@cardlog/store';

/** The topic every event travels on, keyed by game id. */
export const EVENTS_TOPIC = 'cardlog.events';

/** Kafka message headers (all strings), so consumers can route without parsing the value. */
export interface EventHeaders {
  'event-id': string;
  'event-type': string;
  'stream-id': string;
  'game-position': string;
  'schema-version': string;
  'global-position': string;
}

export function messageKey(event: StoredEvent): string {
  return streamKey(event.streamId);
}

export function messageHeaders(event: StoredEvent): EventHeaders {
  return {
    'event-id': event.eventId,
    'event-type': event.type,
    'stream-id': event.streamId,
    'game-position': String(event.streamPosition),
    'schema-version': String(event.schemaVersion),
    'global-position': String(event.globalPosition),
  };
}

/** The message value: the stored event, dates as ISO strings. */
export function encodeEvent(event: StoredEvent): string {
  return JSON.stringify(event);
}

export function decodeEvent(value: Buffer | string): StoredEvent {
  // The parsed object is new and ours: set its date in place rather than copying every event.
  const parsed = JSON.parse(typeof value === 'string' ? value : value.toString('utf8')) as Omit<StoredEvent, 'recordedAt'> & { recordedAt: string | Date };
  parsed.recordedAt = new Date(parsed.recordedAt);
  return parsed as StoredEvent;
}
