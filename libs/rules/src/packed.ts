/**
 * `items.map(f)` as an array V8 always gives the same hidden class: packed elements, grown by push
 * from a literal. `Array.prototype.map` builds its result one way in the interpreter and another
 * once the caller is optimised (a holey array, or a different map for the same elements kind), so
 * a per-game builder such as `initialState` changed the class of the state's lists after a
 * thousand games or so, and every hot function that had only seen the first class was deoptimised
 * at once: a Devacurse replay round ran at a quarter of its speed while V8 re-learnt both classes.
 */
export function packedMap<T, U>(items: readonly T[], f: (item: T) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) out.push(f(items[i]!));
  return out;
}
