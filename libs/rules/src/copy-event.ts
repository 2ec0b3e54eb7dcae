import type { LogEvent } from '@cardlog/events';

/**
 * A deep copy of an event the rules built, for a simulator's document to keep. Keeping the rules'
 * own objects teaches V8's allocation sites that what they build lives long, and they then build
 * straight into the old generation, the short-lived objects of a replay in the same process too
 * (Devacurse's replay ran at half speed after a simulation). Unlike `structuredClone`, the copy is
 * made in this realm, so its objects keep this realm's `Object.prototype` (as a test's sandbox
 * expects); an event is JSON data, and keys keep their order.
 */
export function copyEvent(event: LogEvent): LogEvent {
  return copy(event) as LogEvent;
}

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = copy((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}
