import { findSystem, registeredSystemIds } from './registry';
import { resolveHeader } from './replay';
import { simulateDocuments } from './simulate';
import { decodeState, encodeState, encodeStateText } from './snapshot';

/** JSON with Maps and Sets spelled out, in the key order the value has: equal text, equal shape and order. */
const exact = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v));
const roundTrip = (state: unknown, initial: unknown) => decodeState(JSON.parse(JSON.stringify(encodeState(state, initial))), initial);

describe('snapshot encoding', () => {
  it.each(registeredSystemIds())('restores every %s state of simulated games exactly, key order included', (id) => {
    const system = findSystem(id)!;
    for (const { document } of simulateDocuments(id, 3, 5)) {
      const header = resolveHeader(document, system);
      const initial = system.initialState(header);
      let state = initial;
      document.events.forEach((event, i) => {
        state = system.evolve(state, event);
        if (i % 11 !== 0 && i !== document.events.length - 1) return;
        const restored = roundTrip(state, initial);
        expect(restored).toEqual(state);
        expect(exact(restored)).toBe(exact(state));
      });
    }
  });

  it('writes objects without their keys: a born-from-blood state takes well under the bytes of its plain JSON', () => {
    const system = findSystem('born-from-blood')!;
    const [{ document }] = simulateDocuments('born-from-blood', 1, 9);
    const header = resolveHeader(document!, system);
    const initial = system.initialState(header);
    const state = document!.events.slice(0, 150).reduce((s, e) => system.evolve(s, e), initial);
    const plain = JSON.stringify(state, (key, v: unknown) => (key === 'catalog' ? undefined : v));
    expect(JSON.stringify(encodeState(state, initial)).length).toBeLessThan(plain.length * 0.7);
  });

  it('tells arrays from objects whatever they hold', () => {
    const initial = { n: 0 };
    const state = {
      n: 1,
      numbers: [1, 2, 3],
      escaped: ['$a', 'b'],
      mixed: [[0, 'x'], { a: 1 }, null, 'z'],
      empty: { list: [], object: {}, nested: [[]] },
      holes: [undefined, 1, undefined],
      strings: ['$map', '$set', '$initial', '$shapes'],
      lookalikes: { $map: 1, $set: [2], $initial: false },
    };
    const restored = roundTrip(state, initial);
    expect(restored).toEqual({ ...state, holes: [null, 1, null] });
    expect(exact(restored)).toBe(exact({ ...state, holes: [null, 1, null] }));
  });

  it('leaves out keys that hold undefined, as JSON does', () => {
    const initial = { a: 1 };
    const state = { a: 1, card: { id: 'x', artId: undefined, zone: 'deck' }, gone: undefined };
    expect(exact(roundTrip(state, initial))).toBe(exact({ a: 1, card: { id: 'x', zone: 'deck' } }));
  });

  it('keeps user keys like __proto__ and constructor as plain keys', () => {
    const initial = { cards: {} };
    const cards = Object.create(null) as Record<string, unknown>;
    cards['__proto__'] = { id: '__proto__' };
    cards['constructor'] = { id: 'constructor' };
    cards['toString'] = { id: 'toString', zone: 'hand' };
    const restored = roundTrip({ cards }, initial) as { cards: Record<string, { id: string }> };
    expect(Object.keys(restored.cards)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getOwnPropertyDescriptor(restored.cards, '__proto__')!.value).toEqual({ id: '__proto__' });
    expect(restored.cards['constructor']!.id).toBe('constructor');
  });

  it('encodes a state that is not an object, and Maps with any keys', () => {
    const state = new Map<unknown, unknown>([
      [1, { deep: new Set([[1, 2]]) }],
      ['k', [{ a: 1 }]],
    ]);
    expect(roundTrip(state, undefined)).toEqual(state);
    expect(roundTrip([3, 'x'], { a: 1 })).toEqual([3, 'x']);
    expect(roundTrip('text', undefined)).toBe('text');
  });

  it('still reads snapshots written before shapes (objects as objects)', () => {
    const initial = { fixed: new Map([['a', 1]]), n: 0 };
    // What encodeState wrote for { ...initial, n: 2, seen: Set(x), nested: { m: Map(1 → { deep }) }, list: [1, 2] }.
    const legacy = { fixed: { $initial: true }, n: 2, seen: { $set: ['x'] }, nested: { m: { $map: [[1, { deep: true }]] } }, list: [1, 2] };
    const restored = decodeState(legacy, initial) as Record<string, unknown>;
    expect(restored).toEqual({ fixed: initial.fixed, n: 2, seen: new Set(['x']), nested: { m: new Map([[1, { deep: true }]]) }, list: [1, 2] });
    expect(restored['fixed']).toBe(initial.fixed);
  });

  describe('as text in one pass', () => {
    const text = (state: unknown, initial: unknown) => JSON.stringify(encodeState(state, initial));

    it.each(registeredSystemIds())('writes every %s state of simulated games byte for byte as encodeState and JSON.stringify do', (id) => {
      const system = findSystem(id)!;
      for (const { document } of simulateDocuments(id, 3, 7)) {
        const header = resolveHeader(document, system);
        const initial = system.initialState(header);
        let state = initial;
        document.events.forEach((event, i) => {
          state = system.evolve(state, event);
          if (i % 7 !== 0 && i !== document.events.length - 1) return;
          expect(encodeStateText(state, initial)).toBe(text(state, initial));
        });
      }
    });

    it('writes what JSON writes for odd values, keys and states', () => {
      const fn = () => 1;
      const sym = Symbol('s');
      const odd = {
        n: 1,
        numbers: [1, -0, NaN, Infinity, 2.5e-7, 1e21],
        escaped: ['$a', 'b'],
        startsWithA: [['$a'], '$a'],
        mixed: [[0, 'x'], { a: 1 }, null, 'z'],
        empty: { list: [], object: {}, nested: [[]] },
        holes: [undefined, 1, undefined],
        // eslint-disable-next-line no-sparse-arrays
        sparse: ['a', , 'b'],
        plainWithOdd: ['a', fn, true, null, 3],
        functions: { f: fn, s: sym, u: undefined, kept: 'k' },
        firstUndefined: [undefined, { a: 1 }],
        strings: ['$map', '$set', '$initial', '$shapes', 'quote " back \\ \u0001 \ud800 é'],
        keys: { 'we"ird': 1, '\n': 2, 10: 'ten', 2: 'two', __proto__x: 3 },
        lookalikes: { $map: 1, $set: [2], $initial: false },
        maps: new Map<unknown, unknown>([[1, { a: undefined, b: 2 }], ['k', new Set([fn, 'x', { c: 1 }])], [undefined, fn]]),
        date: new Date(0),
        shared: [{ a: 1, b: 2 }, { b: 1, a: 2 }, { a: 3, b: 4 }],
        topFn: fn,
        topUndefined: undefined,
      };
      const initial = { n: 0, shared: odd.shared };
      expect(encodeStateText(odd, initial)).toBe(text(odd, initial));
      expect(encodeStateText({ ...odd, shared: [...odd.shared] }, initial)).toBe(text({ ...odd, shared: [...odd.shared] }, initial));
      for (const other of [null, 3, 'x', [1, { a: 1 }], new Map([[1, 2]]), undefined, fn, { 1: 'index', b: 2 }, { $shapes: 1, a: 2 }]) {
        expect(encodeStateText(other, initial)).toBe(text(other, initial));
        expect(encodeStateText(other, null)).toBe(text(other, null));
      }
      expect(encodeStateText(odd, null)).toBe(text(odd, null));
    });
  });
});
