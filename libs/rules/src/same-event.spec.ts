import type { LogEvent } from '@cardlog/events';
import { canonicalJson, sameEvent } from './same-event';

// sameEvent walks payloads instead of printing them; it must still say exactly what comparing the
// two canonical texts says, for plain JSON and for the values JSON prints oddly.

const values: unknown[] = [
  null, undefined, true, false, 0, -0, 1, 1.5, NaN, Infinity, '', 'a', 'p1', '1',
  [], [null], [undefined], [1, 2], [2, 1], [[1], 2], [{}], {}, { a: 1 }, { a: 1, b: undefined }, { b: 2, a: 1 }, { a: 1, b: 2 },
  { a: '1' }, { a: [1] }, { a: { b: null } }, { a: { b: undefined } }, { a: { b: NaN } }, { a: NaN }, { a: null },
  Object.create(null), Object.assign(Object.create(null), { a: 1 }), new Map(), new Date(0), [NaN], [Infinity],
];

describe('sameEvent', () => {
  it('agrees with comparing canonical JSON for every pair of payloads', () => {
    for (const a of values) {
      for (const b of values) {
        const x: LogEvent = { type: 'T', payload: a as Record<string, unknown> };
        const y: LogEvent = { type: 'T', payload: b as Record<string, unknown> };
        expect([a, b, sameEvent(x, y)]).toEqual([a, b, canonicalJson(a) === canonicalJson(b)]);
      }
    }
  });

  it('writes canonical JSON as it always has (stored games are found again by its hash)', () => {
    const holed = [];
    holed[1] = 1;
    const value = { zeta: [3, { b: undefined, a: 'x"y' }, holed, [undefined, NaN, -0, Infinity, null]], é: { Z: true, a: false }, alpha: { nested: { c: 1.5, b: [] } }, '': 'empty' };
    expect(canonicalJson(value)).toBe('{"":"empty","alpha":{"nested":{"b":[],"c":1.5}},"zeta":[3,{"a":"x\\"y"},[,1],[null,null,0,null,null]],"é":{"Z":true,"a":false}}');
  });

  it('tells events apart by type and actor', () => {
    expect(sameEvent({ type: 'A', payload: {} }, { type: 'B', payload: {} })).toBe(false);
    expect(sameEvent({ type: 'A', player: 'p1', payload: {} }, { type: 'A', player: 'p2', payload: {} })).toBe(false);
    expect(sameEvent({ type: 'A', player: 'p1', payload: { x: [1, { y: 'z' }] } }, { type: 'A', player: 'p1', payload: { x: [1, { y: 'z' }] } })).toBe(true);
  });
});
