import { z } from 'zod';

/**
 * A yes-or-don't-know check compiled from a zod schema: `true` only for a value the schema accepts
 * unchanged (its output would be a copy of the value, with the same keys, in the schema's order).
 * Anything it cannot tell, or that the schema would change (defaults, transforms, refinements,
 * stripped keys), answers `false`, and the caller asks zod, which then also writes the messages:
 * the check never decides what a refusal says, so every message stays zod's.
 */
export type FastCheck = (value: unknown) => boolean;

type Def = { readonly type: string; readonly [key: string]: unknown };
type CheckDef = { readonly check: string; readonly [key: string]: unknown };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);
const hasOwn = Object.prototype.hasOwnProperty;
/** zod's own condition on its length checks (run on values that have a length): ours check the type first. */
const LENGTH_WHEN = checksOf(defOf(z.string().min(1)))[0]!.when;
const customWhen = (c: CheckDef) => c.when !== undefined && c.when !== LENGTH_WHEN;

/** The check for `schema`, or null when it uses something this compiler does not know. */
export function compileFastCheck(schema: z.ZodType): FastCheck | null {
  return compile(defOf(schema));
}

function compile(def: Def): FastCheck | null {
  switch (def.type) {
    case 'string':
      return stringCheck(def);
    case 'number':
      return numberCheck(def);
    case 'boolean':
      return plain(def) ? (v) => typeof v === 'boolean' : null;
    case 'literal': {
      if (!plain(def)) return null;
      const values = def.values as readonly unknown[];
      return (v) => v !== undefined && values.includes(v);
    }
    case 'enum': {
      if (!plain(def)) return null;
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((x) => typeof x === 'string')) return null;
      return (v) => typeof v === 'string' && values.includes(v);
    }
    case 'unknown':
    case 'any':
      return plain(def) ? (v) => v !== undefined : null;
    case 'optional': {
      const inner = plain(def) ? compile(defOf(def.innerType)) : null;
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = plain(def) ? compile(defOf(def.innerType)) : null;
      return inner && ((v) => v === null || inner(v));
    }
    case 'array':
      return arrayCheck(def);
    case 'tuple':
      return tupleCheck(def);
    case 'object':
      return objectCheck(def);
    case 'record':
      return recordCheck(def);
    case 'union':
      return unionCheck(def);
    default:
      return null; // default, transform, pipe, catch, lazy…: zod decides
  }
}

/** No checks beyond the type itself. */
function plain(def: Def): boolean {
  return checksOf(def).length === 0 && def.check === undefined;
}

function stringCheck(def: Def): FastCheck | null {
  if (def.check !== undefined || def.coerce) return null;
  const patterns: RegExp[] = [];
  const bounds = lengthBounds(def, (c) => {
    if (c.check !== 'string_format' || c.format !== 'regex') return false;
    patterns.push(c.pattern as RegExp);
    return true;
  });
  if (bounds === null) return null;
  const { min, max } = bounds;
  const test = (p: RegExp, v: string) => {
    p.lastIndex = 0;
    return p.test(v);
  };
  if (patterns.length === 0) return (v) => typeof v === 'string' && v.length >= min && v.length <= max;
  if (patterns.length === 1) {
    const p = patterns[0]!;
    return (v) => typeof v === 'string' && v.length >= min && v.length <= max && test(p, v);
  }
  return (v) => typeof v === 'string' && v.length >= min && v.length <= max && patterns.every((p) => test(p, v));
}

function numberCheck(def: Def): FastCheck | null {
  if (def.coerce) return null;
  let integer = false;
  let low = -Infinity;
  let lowInclusive = true;
  let high = Infinity;
  let highInclusive = true;
  const own = def.check === undefined ? [] : [def as unknown as CheckDef];
  for (const c of [...own, ...checksOf(def)]) {
    if (customWhen(c)) return null;
    if (c.check === 'number_format' && c.format === 'safeint') integer = true;
    else if (c.check === 'greater_than') {
      const value = c.value as number;
      if (value > low || (value === low && !c.inclusive)) {
        low = value;
        lowInclusive = c.inclusive as boolean;
      }
    } else if (c.check === 'less_than') {
      const value = c.value as number;
      if (value < high || (value === high && !c.inclusive)) {
        high = value;
        highInclusive = c.inclusive as boolean;
      }
    } else return null;
  }
  return (v) =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    (!integer || Number.isSafeInteger(v)) &&
    (lowInclusive ? v >= low : v > low) &&
    (highInclusive ? v <= high : v < high);
}

/** A string's or array's length checks as bounds; `other` takes the checks it knows (a string's patterns). */
function lengthBounds(def: Def, other: (c: CheckDef) => boolean = () => false): { min: number; max: number } | null {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(def)) {
    if (customWhen(c)) return null;
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
    else if (c.check === 'length_equals') {
      min = Math.max(min, c.length as number);
      max = Math.min(max, c.length as number);
    }
    else if (!other(c)) return null;
  }
  return { min, max };
}

function arrayCheck(def: Def): FastCheck | null {
  const bounds = lengthBounds(def);
  const element = compile(defOf(def.element));
  if (!bounds || !element) return null;
  const { min, max } = bounds;
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return false;
    for (let i = 0; i < v.length; i++) if (!(i in v) || !element(v[i])) return false;
    return true;
  };
}

function tupleCheck(def: Def): FastCheck | null {
  if (def.rest !== null && def.rest !== undefined) return null;
  if (checksOf(def).length > 0) return null;
  const items = (def.items as unknown[]).map((item) => (defOf(item).type === 'optional' ? null : compile(defOf(item))));
  if (items.some((i) => i === null)) return null;
  const checks = items as FastCheck[];
  return (v) => Array.isArray(v) && v.length === checks.length && checks.every((check, i) => i in v && check(v[i]));
}

function objectCheck(def: Def): FastCheck | null {
  if (!plain(def)) return null;
  const catchall = def.catchall === undefined ? null : defOf(def.catchall);
  // Strict (unknown keys refused) or plain (stripped): either way only known keys pass unchanged.
  if (catchall !== null && catchall.type !== 'never') return null;
  const shape = def.shape as Record<string, unknown>;
  const keys = Object.keys(shape);
  const checks: FastCheck[] = [];
  for (const key of keys) {
    const check = compile(defOf(shape[key]));
    if (!check) return null;
    checks.push(check);
  }
  const known = new Set(keys);
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    if (Object.getPrototypeOf(o) !== Object.prototype) return false;
    for (const key in o) if (!hasOwn.call(o, key) || !known.has(key)) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (!checks[i]!(hasOwn.call(o, key) ? o[key] : undefined)) return false;
    }
    return true;
  };
}

function recordCheck(def: Def): FastCheck | null {
  if (!plain(def)) return null;
  // Only string keys: a record over an enum is exhaustive in zod 4, which this does not model.
  const keyDef = defOf(def.keyType);
  if (keyDef.type !== 'string') return null;
  const key = stringCheck(keyDef);
  const value = compile(defOf(def.valueType));
  if (!key || !value) return null;
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    if (Object.getPrototypeOf(o) !== Object.prototype) return false;
    for (const k in o) if (!hasOwn.call(o, k) || k === '__proto__' || !key(k) || !value(o[k])) return false;
    return true;
  };
}

function unionCheck(def: Def): FastCheck | null {
  if (!plain(def)) return null;
  if (typeof def.discriminator === 'string') return discriminatedCheck(def);
  // Exclusive (z.xor: exactly one option may match) is not modelled.
  if (def.inclusive === false) return null;
  const options = (def.options as unknown[]).map((o) => compile(defOf(o)));
  if (options.some((o) => o === null)) return null;
  const checks = options as FastCheck[];
  return (v) => checks.some((check) => check(v));
}

/**
 * A discriminated union as zod parses it: the option named by the discriminator's value, and no
 * other, decides. Only options that are objects with a literal discriminator are compiled; zod's
 * fallback to trying every option (`unionFallback`) is left to zod.
 */
function discriminatedCheck(def: Def): FastCheck | null {
  if (def.unionFallback) return null;
  const options = optionsByTag(def.options as z.ZodType[], def.discriminator as string);
  if (!options) return null;
  const discriminator = def.discriminator as string;
  const byTag = new Map<unknown, FastCheck>();
  for (const [tag, option] of options) {
    if (typeof option !== 'function') return null;
    byTag.set(tag, option);
  }
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const check = byTag.get((v as Record<string, unknown>)[discriminator]);
    return check !== undefined && check(v);
  };
}

/**
 * The options of a discriminated union by their discriminator's value, each compiled or, where it
 * cannot be, its zod schema; null when an option is not an object with a literal discriminator, or
 * two options share a value.
 */
function optionsByTag(options: readonly z.ZodType[], discriminator: string): Map<unknown, FastCheck | z.ZodType> | null {
  const members = new Map<unknown, FastCheck | z.ZodType>();
  for (const option of options) {
    const optionDef = defOf(option);
    if (optionDef.type !== 'object') return null;
    const tag = defOf((optionDef.shape as Record<string, unknown>)[discriminator]);
    if (tag.type !== 'literal') return null;
    const check = compile(optionDef);
    for (const value of tag.values as unknown[]) {
      if (members.has(value)) return null;
      members.set(value, check ?? option);
    }
  }
  return members;
}

/**
 * An array of a discriminated union (a document's events), checked member by member: each member
 * compiled, or left to its zod schema when it cannot be. Returns the elements as zod would (the
 * same values where the check passed), or null where zod must look at the whole array.
 */
export function compileUnionArray(array: z.ZodType): ((value: unknown) => unknown[] | null) | null {
  const def = defOf(array);
  if (def.type !== 'array') return null;
  const bounds = lengthBounds(def);
  const union = defOf(def.element);
  if (!bounds || union.type !== 'union' || typeof union.discriminator !== 'string' || !plain(union)) return null;
  const discriminator = union.discriminator;
  const members = optionsByTag(union.options as z.ZodType[], discriminator);
  if (!members) return null;
  const { min, max } = bounds;
  return (value) => {
    if (!Array.isArray(value) || value.length < min || value.length > max) return null;
    let out: unknown[] = value;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || typeof item !== 'object' || !(i in value)) return null;
      const member = members.get((item as Record<string, unknown>)[discriminator]);
      if (member === undefined) return null;
      if (typeof member === 'function') {
        if (!member(item)) return null;
        continue;
      }
      const parsed = member.safeParse(item);
      if (!parsed.success) return null;
      if (out === value) out = value.slice();
      out[i] = parsed.data;
    }
    return out;
  };
}
