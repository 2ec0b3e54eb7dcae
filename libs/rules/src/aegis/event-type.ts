import { aegisEvents, type AegisEventType } from '@cardlog/events';

const TYPES: ReadonlyMap<string, AegisEventType> = new Map(Object.keys(aegisEvents).map((type) => [type, type as AegisEventType]));

/**
 * The engine's own copy of an event type's name, undefined for a type Aegis does not have. JSON.parse
 * keeps only strings of up to ten characters internalized: a longer type read from an upload
 * (`AdvanceStep`, half of a game's events) is a fresh string, which each `switch` on the type would
 * compare character by character where the engine's copy compares by reference. One look-up per event.
 */
export function ownType(type: string): AegisEventType | undefined {
  return TYPES.get(type);
}
