import type { ApiConfig } from '../config';
import { AdmissionControl, RateLimiter, WriteSlots } from './admission';

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

describe('WriteSlots', () => {
  it('caps writes per key and in total, and a release frees the slot once', () => {
    const slots = new WriteSlots(3, 2);
    const a1 = slots.acquire('a');
    const a2 = slots.acquire('a');
    expect(slots.acquire('a')).toBe('key_full');
    const b1 = slots.acquire('b');
    expect(slots.acquire('c')).toBe('server_full');
    expect(slots.inFlight).toBe(3);
    if (typeof a1 === 'string' || typeof a2 === 'string' || typeof b1 === 'string') throw new Error('expected slots');
    a1.release();
    a1.release();
    expect(slots.inFlight).toBe(2);
    expect(typeof slots.acquire('c')).toBe('object');
    expect(slots.acquire('c')).toBe('server_full');
  });
});

describe('AdmissionControl', () => {
  const config = (overrides: Partial<ApiConfig>) =>
    ({ writeRate: 0, writeBurst: 1, maxConcurrentWrites: 2, maxConcurrentWritesPerToken: 1, writeRetryAfterSeconds: 3, ...overrides }) as ApiConfig;

  it('refuses a token over its concurrency with 429 TOKEN_BUSY and a full server with 503 SERVER_BUSY, both with a retry delay', () => {
    const control = new AdmissionControl(config({}));
    const first = control.admit('a');
    expect(first.admitted).toBe(true);
    expect(control.admit('a')).toMatchObject({ admitted: false, status: 429, code: 'TOKEN_BUSY', retryAfterSeconds: 3 });
    expect(control.admit('a')).toMatchObject({ message: 'this token already has 1 write in progress; wait for one to finish (retry after 3 s)' });
    expect(control.admit('b').admitted).toBe(true);
    expect(control.admit('c')).toMatchObject({ admitted: false, status: 503, code: 'SERVER_BUSY', retryAfterSeconds: 3 });
    if (first.admitted) first.release();
    expect(control.inFlight).toBe(1);
    expect(control.admit('c').admitted).toBe(true);
  });

  it('checks the rate before taking a slot: a rate-limited write holds none', () => {
    const control = new AdmissionControl(config({ writeRate: 1, writeBurst: 1, maxConcurrentWritesPerToken: 5, maxConcurrentWrites: 5 }));
    expect(control.admit('a').admitted).toBe(true);
    expect(control.admit('a')).toMatchObject({ admitted: false, status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(control.inFlight).toBe(1);
  });

  it('rate-limits anonymous writes but gives them no slot (they are answered 401 unread)', () => {
    const control = new AdmissionControl(config({ maxConcurrentWrites: 1, maxConcurrentWritesPerToken: 1 }));
    expect(control.admit('ip:1', false).admitted).toBe(true);
    expect(control.admit('ip:1', false).admitted).toBe(true);
    expect(control.inFlight).toBe(0);
  });
});
