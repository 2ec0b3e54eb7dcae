import type { LogEvent } from '@cardlog/events';

/** JSON with object keys sorted, so equal data compares equal whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Two events are the same fact when type, actor and payload agree; `seq` is the store's numbering. */
export function sameEvent(a: LogEvent, b: LogEvent): boolean {
  return a.type === b.type && a.player === b.player && canonicalJson(a.payload) === canonicalJson(b.payload);
}
