import { withOtherFields } from './other-fields';

describe('withOtherFields', () => {
  it('adds the fields the rebuilt entry lacks after its own, leaving its own values', () => {
    const out = withOtherFields({ id: 'a', cost: undefined as number | undefined }, { cost: 3, id: 'b', artist: 'X' });
    expect(Object.keys(out)).toEqual(['id', 'cost', 'artist']);
    expect(out).toEqual({ id: 'a', cost: undefined, artist: 'X' });
  });

  it('keeps a __proto__ key parsed from JSON as a plain field, never as the prototype', () => {
    const out = withOtherFields({ id: 'a' }, JSON.parse('{"id": "a", "__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('copies own fields only', () => {
    const source = Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 });
    expect(withOtherFields({}, source)).toEqual({ own: 2 });
  });
});
