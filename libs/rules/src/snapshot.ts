/**
 * Encodes a game state as JSON for read-model snapshots, and back. Maps and Sets survive the trip;
 * top-level fields still identical to the initial state (a catalog, say, carried along by every
 * `evolve`) are stored as a marker and restored from the initial state, so a snapshot holds only
 * what the game changed.
 *
 * Objects are written without their keys: each distinct list of keys (a "shape": every card of a
 * state has one of a few) is listed once in `$shapes`, and an object is written as an array of its
 * shape's index and its values. A card's keys were most of a snapshot's bytes, and every byte is
 * serialised, sent, checked and compressed by the server, and read back by a seek. The encoded value
 * shares the state's arrays that hold only strings and numbers (lists of card ids, mostly) and starts
 * with a string: serialise it before the state is changed in place.
 *
 * The format, as JSON:
 *   - `{ "$shapes": [[key, …], …], field: value, … }` for a state that is an object, a field
 *     identical to the initial state's being `{ "$initial": true }`; any other state is
 *     `{ "$shapes": […], "$value": value }`;
 *   - a value: a string, number, boolean or null as itself; an object with keys as `[shape, v1, …]`
 *     (its values in its shape's key order; keys holding undefined are left out, as JSON does); `{}`
 *     as itself; a Map as `{ "$map": [[k, v], …] }`, a Set as `{ "$set": [v, …] }`; an array as
 *     itself, unless it starts with a number or with "$a": then as `["$a", …]`.
 * States written before shapes (no `$shapes` key: objects as objects) still decode.
 */
const INITIAL = '$initial';
const MAP = '$map';
const SET = '$set';
const SHAPES = '$shapes';
const VALUE = '$value';
const ARRAY = '$a';

export function encodeState(state: unknown, initial: unknown): unknown {
  const shapes = new Shapes();
  if (!isPlainObject(state) || !isPlainObject(initial)) {
    const value = shapes.encode(state);
    return { [SHAPES]: shapes.list, [VALUE]: value };
  }
  const out = record();
  out[SHAPES] = shapes.list;
  for (const key of Object.keys(state)) {
    const value = state[key];
    if (value === undefined) continue;
    out[key] = value === initial[key] && typeof value === 'object' ? { [INITIAL]: true } : shapes.encode(value);
  }
  return out;
}

/**
 * `JSON.stringify(encodeState(state, initial))`, byte for byte, written in one pass: no encoded copy
 * is built to be serialised after. The projector writes a snapshot every 100 events and a head's
 * facts per game and batch; the encoded copies' arrays were about a third of what it allocated.
 *
 * The text is gathered as pieces in one array and joined once. Shape indexes are given in the order
 * encodeState gives them (an object's after its values'), so an object's first piece is a slot
 * filled in after its values are written. A state with a top-level key JSON would order differently
 * (an array index, or `$shapes` itself) goes the long way.
 */
export function encodeStateText(state: unknown, initial: unknown): string {
  const writer = new ShapeWriter(pieces);
  writer.put('{"$shapes":');
  writer.put('');
  if (!isPlainObject(state) || !isPlainObject(initial)) {
    const at = writer.n;
    writer.put(`,"${VALUE}":`);
    // A value JSON leaves out (undefined, a function) leaves out the key too.
    if (!writer.write(state)) writer.n = at;
  } else {
    for (const key of Object.keys(state)) {
      if (key === SHAPES || isArrayIndex(key)) return JSON.stringify(encodeState(state, initial));
      const value = state[key];
      if (value === undefined) continue;
      const at = writer.n;
      writer.put(`,${quoted(key)}:`);
      if (value === initial[key] && typeof value === 'object') writer.put(INITIAL_TEXT);
      else if (!writer.write(value)) writer.n = at;
    }
  }
  pieces[1] = JSON.stringify(writer.shapes.list);
  writer.put('}');
  // Cut to this state's pieces: the array keeps its room for the next state unless this one used
  // far less of it (an array cut to length 0 would let go of it, and grow again piece by piece).
  pieces.length = writer.n;
  return pieces.join('');
}

/** The pieces of the text being written, reused from state to state (a snapshot has thousands). */
const pieces: string[] = [];

export function decodeState<S>(encoded: unknown, initial: S): S {
  if (isPlainObject(encoded) && Array.isArray(encoded[SHAPES])) {
    const decoder = new ShapeDecoder(encoded[SHAPES] as string[][]);
    if (VALUE in encoded) return decoder.decode(encoded[VALUE]) as S;
    const out = record();
    for (const key of Object.keys(encoded)) {
      if (key === SHAPES) continue;
      const value = encoded[key];
      out[key] = isPlainObject(value) && value[INITIAL] === true ? (initial as Record<string, unknown>)[key] : decoder.decode(value);
    }
    return out as S;
  }
  // Written before shapes: objects as objects.
  if (!isPlainObject(encoded) || !isPlainObject(initial)) return decodeLegacy(encoded) as S;
  const out = record();
  for (const [key, value] of Object.entries(encoded)) {
    out[key] = isPlainObject(value) && value[INITIAL] === true ? (initial as Record<string, unknown>)[key] : decodeLegacy(value);
  }
  return out as S;
}

/** The shapes met while encoding one state, each with its index in `list`. */
class Shapes {
  readonly list: string[][] = [];
  /** Shapes by their first key: objects of a state have few shapes, so a short scan finds one. */
  private readonly byFirst = new Map<string, number[]>();

  encode(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      const n = value.length;
      if (n === 0) return value;
      const first: unknown = value[0];
      // Most arrays of a state are lists of ids: written as they are (shared, not copied).
      if (isIdList(value)) return value;
      const head = this.encode(first);
      const out: unknown[] = typeof head === 'number' || head === ARRAY ? [ARRAY, head] : [head];
      // JSON writes undefined in an array as null.
      for (let i = 1; i < n; i++) out.push(value[i] === undefined ? null : this.encode(value[i]));
      return out;
    }
    if (value instanceof Map) return { [MAP]: [...value.entries()].map(([k, v]) => [this.encode(k), this.encode(v)]) };
    if (value instanceof Set) return { [SET]: [...value].map((v) => this.encode(v)) };
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    const out: unknown[] = [0];
    // The keys that hold a value, when some hold undefined (JSON leaves those out).
    let kept: string[] | undefined;
    for (let i = 0; i < keys.length; i++) {
      const v = object[keys[i]!];
      if (v === undefined) {
        kept ??= keys.slice(0, i);
        continue;
      }
      if (kept) kept.push(keys[i]!);
      out.push(this.encode(v));
    }
    const shape = kept ?? keys;
    if (shape.length === 0) return {};
    out[0] = this.shapeOf(shape);
    return out;
  }

  shapeOf(keys: string[]): number {
    const candidates = this.byFirst.get(keys[0]!);
    if (candidates) {
      for (let c = 0; c < candidates.length; c++) {
        const shape = this.list[candidates[c]!]!;
        if (shape.length !== keys.length) continue;
        let same = true;
        for (let i = 1; i < keys.length; i++) {
          if (shape[i] !== keys[i]) {
            same = false;
            break;
          }
        }
        if (same) return candidates[c]!;
      }
    }
    const index = this.list.length;
    this.list.push(keys);
    if (candidates) candidates.push(index);
    else this.byFirst.set(keys[0]!, [index]);
    return index;
  }
}

const INITIAL_TEXT = `{"${INITIAL}":true}`;

/**
 * Writes values as Shapes.encode encodes them, as JSON text pieces into `parts`. `write` returns
 * false, having written nothing, for a value JSON leaves out of an object (undefined, a function, a
 * symbol); an array or Map holds null in its place.
 */
class ShapeWriter {
  readonly shapes = new Shapes();
  /** How many pieces are written. */
  n = 0;

  constructor(private readonly parts: string[]) {}

  put(piece: string): void {
    this.parts[this.n++] = piece;
  }

  write(value: unknown): boolean {
    switch (typeof value) {
      case 'string':
        this.put(quoted(value));
        return true;
      case 'number':
        this.put(value >= 0 && value < SMALL && Number.isInteger(value) ? smallIntegers[value]! : Number.isFinite(value) ? String(value) : 'null');
        return true;
      case 'boolean':
        this.put(value ? 'true' : 'false');
        return true;
      case 'object':
        break;
      default:
        return false;
    }
    if (value === null) this.put('null');
    else if (Array.isArray(value)) this.array(value);
    else if (value instanceof Map) {
      this.put('{"$map":[');
      let first = true;
      for (const [k, v] of value) {
        this.put(first ? '[' : ',[');
        first = false;
        this.item(k);
        this.put(',');
        this.item(v);
        this.put(']');
      }
      this.put(']}');
    } else if (value instanceof Set) {
      this.put('{"$set":[');
      let first = true;
      for (const v of value) {
        if (!first) this.put(',');
        first = false;
        this.item(v);
      }
      this.put(']}');
    } else this.object(value as Record<string, unknown>);
    return true;
  }

  /** A value in an array: null where JSON leaves one out. */
  private item(value: unknown): void {
    if (!this.write(value)) this.put('null');
  }

  private object(object: Record<string, unknown>): void {
    // Objects that JSON would ask for their own text (a Date, say) are encoded by their keys, as
    // encodeState does: none has any, so they are written as {}.
    const keys = Object.keys(object);
    // The slot of "[shape": its index is known once the values are written.
    const slot = this.n;
    this.put('');
    let kept: string[] | undefined;
    for (let i = 0; i < keys.length; i++) {
      const v = object[keys[i]!];
      if (v === undefined) {
        kept ??= keys.slice(0, i);
        continue;
      }
      if (kept) kept.push(keys[i]!);
      this.put(',');
      this.item(v);
    }
    const shape = kept ?? keys;
    if (shape.length === 0) {
      this.parts[slot] = '{}';
      return;
    }
    const index = this.shapes.shapeOf(shape);
    this.parts[slot] = index < SMALL ? shapeOpenings[index]! : `[${index}`;
    this.put(']');
  }

  private array(value: unknown[]): void {
    const n = value.length;
    if (n === 0) {
      this.put('[]');
      return;
    }
    const first: unknown = value[0];
    // A list of ids, as encode shares it: JSON's own writer.
    if (isIdList(value)) {
      this.put(JSON.stringify(value));
      return;
    }
    // encode marks an array whose first value encodes to a number (an object's shape index would
    // be read so) or to "$a".
    this.put(typeof first === 'number' || first === ARRAY ? `["${ARRAY}",` : '[');
    this.item(first);
    for (let i = 1; i < n; i++) {
      this.put(',');
      this.item(value[i]);
    }
    this.put(']');
  }
}

const SMALL = 1024;
/** The text of small integers (counts, hit points, turns) and of "[" and a small shape index. */
const smallIntegers = Array.from({ length: SMALL }, (_, i) => String(i));
const shapeOpenings = smallIntegers.map((n) => `[${n}`);

/**
 * A string as JSON text, from a cache: a state's strings are mostly card ids, zones and phases,
 * the same few hundred in every snapshot of a game.
 */
function quoted(value: string): string {
  let text = quotes.get(value);
  if (text === undefined) {
    if (quotes.size >= 4096) quotes.clear();
    text = JSON.stringify(value);
    if (value.length <= 64) quotes.set(value, text);
  }
  return text;
}
const quotes = new Map<string, string>();

/**
 * A non-empty array that starts with a string other than the array mark and holds no object or
 * undefined: a list of ids, which the encoding keeps as it is (`Shapes.encode`, `ShapeWriter`).
 */
function isIdList(value: readonly unknown[]): boolean {
  const first: unknown = value[0];
  if (typeof first !== 'string' || first === ARRAY) return false;
  for (let i = 1; i < value.length; i++) {
    const v: unknown = value[i];
    if (typeof v === 'object' || v === undefined) return false;
  }
  return true;
}

/** A key that objects order before all others (JSON writes them so). */
function isArrayIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57 && String(Number(key) >>> 0) === key && Number(key) !== 4294967295;
}

class ShapeDecoder {
  /** Per shape, whether its objects need a null prototype (a key `__proto__`, which is user input). */
  private readonly bare: boolean[];

  constructor(private readonly shapes: readonly string[][]) {
    this.bare = shapes.map((keys) => keys.includes('__proto__'));
  }

  decode(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      const n = value.length;
      if (n === 0) return [];
      const head: unknown = value[0];
      if (typeof head === 'number') {
        const keys = this.shapes[head];
        if (!keys || keys.length !== n - 1) throw new Error(`snapshot: an object of shape ${head} does not match its ${n - 1} values`);
        const out: Record<string, unknown> = this.bare[head] ? record() : {};
        for (let i = 0; i < keys.length; i++) out[keys[i]!] = this.decode(value[i + 1]);
        return out;
      }
      const start = head === ARRAY ? 1 : 0;
      const out = new Array<unknown>(n - start);
      for (let i = start; i < n; i++) out[i - start] = this.decode(value[i]);
      return out;
    }
    const object = value as Record<string, unknown>;
    if (MAP in object) return new Map((object[MAP] as [unknown, unknown][]).map(([k, v]) => [this.decode(k), this.decode(v)]));
    if (SET in object) return new Set((object[SET] as unknown[]).map((v) => this.decode(v)));
    return {};
  }
}

function decodeLegacy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeLegacy);
  if (isPlainObject(value)) {
    if (MAP in value && Object.keys(value).length === 1) return new Map((value[MAP] as [unknown, unknown][]).map(([k, v]) => [decodeLegacy(k), decodeLegacy(v)]));
    if (SET in value && Object.keys(value).length === 1) return new Set((value[SET] as unknown[]).map(decodeLegacy));
    const out = record();
    for (const [k, v] of Object.entries(value)) out[k] = decodeLegacy(v);
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
