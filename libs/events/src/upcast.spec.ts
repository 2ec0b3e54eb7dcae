import { UpcasterChain } from './upcast';

describe('UpcasterChain', () => {
  const chain = new UpcasterChain([
    // v1 → v2: `amount` became `damage`; v2 → v3: damage gained a `kind`.
    { type: 'DealDamage', fromVersion: 1, upcast: (d) => ({ damage: (d as { amount: number }).amount }) },
    { type: 'DealDamage', fromVersion: 2, upcast: (d) => ({ ...(d as object), kind: 'normal' }) },
  ]);

  it('upcasts an old event step by step to the current version without touching the original', () => {
    const old = { type: 'DealDamage', schemaVersion: 1, data: { amount: 300 } };
    expect(chain.upcast(old)).toEqual({ type: 'DealDamage', schemaVersion: 3, data: { damage: 300, kind: 'normal' } });
    expect(old.data).toEqual({ amount: 300 });
  });

  it('returns a current event as it is', () => {
    const current = { type: 'DealDamage', schemaVersion: 3, data: { damage: 1, kind: 'x' } };
    expect(chain.upcast(current)).toBe(current);
    expect(chain.upcast({ type: 'Other', schemaVersion: 1, data: {} }).schemaVersion).toBe(1);
  });

  it('refuses an event newer than this build and a gap in the chain', () => {
    expect(() => chain.upcast({ type: 'DealDamage', schemaVersion: 4, data: {} })).toThrow(/newer than this build/);
    const gappy = new UpcasterChain([{ type: 'X', fromVersion: 2, upcast: (d) => d }]);
    expect(() => gappy.upcast({ type: 'X', schemaVersion: 1, data: {} })).toThrow(/no upcaster for X from version 1/);
    expect(() => new UpcasterChain([{ type: 'X', fromVersion: 1, upcast: (d) => d }, { type: 'X', fromVersion: 1, upcast: (d) => d }])).toThrow(/two upcasters/);
  });
});
