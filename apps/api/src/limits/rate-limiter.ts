import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Token buckets, one per key: `burst` writes at once, refilled at `perSecond`. Keys are bounded:
 * past `maxKeys` the least recently used bucket is forgotten (a forgotten key starts full again,
 * which errs on the side of serving).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the seconds until one is free. */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    this.buckets.delete(key);
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Express middleware limiting writes per bearer token (per client address without one), before
 * the body is read: 429 `RATE_LIMITED` with `Retry-After`. Reads are not limited here.
 */
export function rateLimitWrites(limiter: RateLimiter) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const key = bearer ? `t:${createHash('sha256').update(bearer).digest('base64url')}` : `ip:${req.socket.remoteAddress ?? '?'}`;
    const wait = limiter.take(key);
    if (wait === 0) return next();
    // The body is not parsed; Node discards what the client still sends once the answer is out.
    res.setHeader('Retry-After', String(wait));
    res.status(429).json({
      error: {
        code: 'RATE_LIMITED',
        message: `too many writes for this token: at most ${limiter.perSecond}/s (bursts of ${limiter.burst}); retry after ${wait} s`,
        retryAfterSeconds: wait,
      },
    });
  };
}
