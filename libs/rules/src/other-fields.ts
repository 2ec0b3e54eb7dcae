/**
 * `out` with every own field of `source` it does not have added after its own: a catalog entry
 * rebuilt in one shape keeps the fields its schema does not know (a catalog the schema did not
 * check). Defined, not assigned, so a `__proto__` key parsed from JSON stays a plain field.
 */
export function withOtherFields<T extends object>(out: T, source: object): T {
  for (const key of Object.keys(source)) {
    if (Object.prototype.hasOwnProperty.call(out, key)) continue;
    Object.defineProperty(out, key, { value: (source as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
  }
  return out;
}
