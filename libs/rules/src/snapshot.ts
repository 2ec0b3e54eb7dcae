/**
 * Encodes a game state as JSON for read-model snapshots, and back. Maps and Sets survive the trip;
 * top-level fields still identical to the initial state (a catalog, say, carried along by every
 * `evolve`) are stored as a marker and restored from the initial state, so a snapshot holds only
 * what the game changed. The encoded value shares every part of the state that holds no Map or Set
 * (JSON.stringify writes those as they are): serialise it before the state is changed in place.
 */
const INITIAL = '$initial';
const MAP = '$map';
const SET = '$set';

export function encodeState(state: unknown, initial: unknown): unknown {
  if (!isPlainObject(state) || !isPlainObject(initial)) return encode(state);
  const out = record();
  for (const [key, value] of Object.entries(state)) {
    out[key] = value !== undefined && value === initial[key] && typeof value === 'object' ? { [INITIAL]: true } : encode(value);
  }
  return out;
}

export function decodeState<S>(encoded: unknown, initial: S): S {
  if (!isPlainObject(encoded) || !isPlainObject(initial)) return decode(encoded) as S;
  const out = record();
  for (const [key, value] of Object.entries(encoded)) {
    out[key] = isPlainObject(value) && value[INITIAL] === true ? (initial as Record<string, unknown>)[key] : decode(value);
  }
  return out as S;
}

/** Copies only the arrays and objects on the way to a Map or Set: a state is mostly plain JSON. */
function encode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Map) return { [MAP]: [...value.entries()].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { [SET]: [...value].map(encode) };
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const e = encode(v);
      if (e !== v) out ??= value.slice(0, i);
      if (out) out[i] = e;
    }
    return out ?? value;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const v = object[keys[i]!];
    const e = encode(v);
    if (e !== v && !out) {
      out = record();
      for (let j = 0; j < i; j++) if (object[keys[j]!] !== undefined) out[keys[j]!] = object[keys[j]!];
    }
    if (out && e !== undefined) out[keys[i]!] = e;
  }
  return out ?? object;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (isPlainObject(value)) {
    if (MAP in value && Object.keys(value).length === 1) return new Map((value[MAP] as [unknown, unknown][]).map(([k, v]) => [decode(k), decode(v)]));
    if (SET in value && Object.keys(value).length === 1) return new Set((value[SET] as unknown[]).map(decode));
    const out = record();
    for (const [k, v] of Object.entries(value)) out[k] = decode(v);
    return out;
  }
  return value;
}

/** Keys of encoded states are user input (card ids): a null-prototype record stores `__proto__` as a key. */
function record(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map) && !(value instanceof Set);
}
