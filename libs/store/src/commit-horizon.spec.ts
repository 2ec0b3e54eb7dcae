import { commitHorizon } from './event-store';

const SPAN = 2 ** 32;

describe('commitHorizon', () => {
  it('is the snapshot xmax when no events writer is in flight', () => {
    expect(commitHorizon('1000', [])).toBe('1000');
  });

  it('is the oldest writer below xmax', () => {
    expect(commitHorizon('1000', ['990', '995'])).toBe('990');
  });

  it('stays at xmax for a writer above it (xmax is one past the newest completed id, not the next id)', () => {
    expect(commitHorizon('1000', ['1001'])).toBe('1000');
    expect(commitHorizon('1000', ['1003', '998'])).toBe('998');
  });

  it('widens 32-bit writer ids across an epoch boundary, both ways', () => {
    const next = SPAN + 5; // epoch 1, low bits 5
    expect(commitHorizon(String(next), [String(SPAN - 3)])).toBe(String(SPAN - 3));
    expect(commitHorizon(String(SPAN - 2), ['1'])).toBe(String(SPAN - 2));
    expect(commitHorizon(String(3 * SPAN + 7), [String(SPAN - 1)])).toBe(String(3 * SPAN - 1));
  });

  it('never answers a negative horizon', () => {
    expect(() => commitHorizon('10', [String(SPAN - 100)])).toThrow(/cannot be widened/);
  });
});
