import type { LogEvent } from '@cardlog/events';

/** JSON with object keys sorted, so equal data compares equal whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Appended in place, without the entry arrays and joins: an upload hashes its whole document
  // (a third less time). Holes stay empty, as map and join left them (games.content_hash is kept).
  if (Array.isArray(value)) {
    let items = '';
    for (let i = 0; i < value.length; i++) items += `${i === 0 ? '' : ','}${i in value ? canonicalJson(value[i]) : ''}`;
    return `[${items}]`;
  }
  let members = '';
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) members += `${members === '' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `{${members}}`;
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
  return arrays ? sameArray(a as unknown[], b as unknown[]) : sameRecord(a as Record<string, unknown>, b as Record<string, unknown>);
}

function sameArray(x: readonly unknown[], y: readonly unknown[]): boolean | typeof UNSURE {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const xv = x[i];
    // Equal strings (most of a system event) need no further look.
    if (typeof xv === 'string' && xv === y[i]) continue;
    const same = sameData(xv, y[i]);
    if (same !== true) return same;
  }
  return true;
}

// `Object.hasOwn` is the same test, but V8 runs it as a call where it inlines `hasOwnProperty`:
// a derived event's payload compared with it took three times as long (every uploaded system event).
const hasOwn = Object.prototype.hasOwnProperty;

function sameRecord(x: Record<string, unknown>, y: Record<string, unknown>): boolean | typeof UNSURE {
  if (!isPlainProto(x) || !isPlainProto(y)) return UNSURE;
  let defined = 0;
  for (const key in x) {
    if (!hasOwn.call(x, key)) continue;
    const xv = x[key];
    if (xv === undefined) continue;
    defined++;
    if (!hasOwn.call(y, key)) return false;
    const yv = y[key];
    // Equal strings (most of a system event) need no further look.
    if (typeof xv === 'string' && xv === yv) continue;
    const same = sameData(xv, yv);
    if (same !== true) return same;
  }
  for (const key in y) if (hasOwn.call(y, key) && y[key] !== undefined) defined--;
  return defined === 0;
}

function isPlainScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'object' && isPlainObject(value));
}

function isPlainObject(value: unknown): boolean {
  return Array.isArray(value) || isPlainProto(value as object);
}

function isPlainProto(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
