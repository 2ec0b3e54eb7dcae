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
  if (a.type !== b.type || a.player !== b.player) return false;
  // Replay compares every uploaded system event: walk plain JSON data directly, and build the two
  // canonical texts only for values whose JSON text is not simply their structure (NaN, undefined
  // in an array, class instances…).
  const same = sameData(a.payload, b.payload);
  return same === UNSURE ? canonicalJson(a.payload) === canonicalJson(b.payload) : same;
}

const UNSURE = 2;

/** Whether `a` and `b` have the same canonicalJson, or UNSURE where plain JSON rules do not settle it. */
function sameData(a: unknown, b: unknown): boolean | typeof UNSURE {
  if (a === b) return typeof a !== 'number' || Number.isFinite(a) ? true : UNSURE;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return isPlainScalar(a) && isPlainScalar(b) ? false : UNSURE;
  }
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return isPlainObject(arrays ? b : a) ? false : UNSURE;
  if (arrays) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      const same = sameData(x[i], y[i]);
      if (same !== true) return same;
    }
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return UNSURE;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let defined = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || x[key] === undefined) continue;
    defined++;
    if (!Object.hasOwn(y, key)) return false;
    const same = sameData(x[key], y[key]);
    if (same !== true) return same;
  }
  for (const key in y) if (Object.hasOwn(y, key) && y[key] !== undefined) defined--;
  return defined === 0;
}

function isPlainScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'object' && isPlainObject(value));
}

function isPlainObject(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
