import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows a burst, then one write per refill interval, telling how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 3, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    now += 500; // half a second refills one token at 2/s
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  it('keeps each key to its own bucket', () => {
    const limiter = new RateLimiter(1, 1, () => 0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
  });

  it('forgets the least recently used key past its bound instead of growing', () => {
    const limiter = new RateLimiter(1, 1, () => 0, 2);
    limiter.take('a');
    limiter.take('b');
    limiter.take('c'); // evicts a
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('c')).toBe(1);
  });
});
