import { createHash } from 'node:crypto';
import { counted } from '@cardlog/rules';
import { Inject, Injectable, Module } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { API_CONFIG, ApiConfig } from '../config';
import { noteErrorCode } from '../errors/error-code';
import { answerBeforeBody } from '../http/lingering-close';

/**
 * Admission control for writes: one decision, taken before a write's body is read, from two
 * limits on the same key (the bearer token, or the client address without one).
 * - Rate: token buckets, `writeRate` per second with bursts of `writeBurst` (0 turns it off), so
 *   one client cannot flood the server with cheap requests. Over it: 429 RATE_LIMITED.
 * - Concurrency: at most `maxConcurrentWrites` writes in progress in total and
 *   `maxConcurrentWritesPerToken` per key. Each write holds its document and folded state in
 *   memory and takes turns on the event loop: without a cap 160 concurrent 8 MiB uploads took the
 *   heap to 3.7 GiB and /health to 60 s. Over it: 429 TOKEN_BUSY (this client should wait for its
 *   own writes) or 503 SERVER_BUSY (the server is full; try again soon).
 * Every refusal carries Retry-After; reads are never limited here.
 */

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

/** Counts writes in progress, in total and per key. */
export class WriteSlots {
  private total = 0;
  private readonly byKey = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly maxPerKey: number,
  ) {}

  /** Takes a slot for `key`, or says which cap is reached. The release function is idempotent. */
  acquire(key: string): { release: () => void } | 'key_full' | 'server_full' {
    const mine = this.byKey.get(key) ?? 0;
    if (mine >= this.maxPerKey) return 'key_full';
    if (this.total >= this.max) return 'server_full';
    this.total++;
    this.byKey.set(key, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.byKey.get(key) ?? 1) - 1;
        if (left <= 0) this.byKey.delete(key);
        else this.byKey.set(key, left);
      },
    };
  }

  get inFlight(): number {
    return this.total;
  }
}

export interface Refusal {
  readonly status: 429 | 503;
  readonly code: 'RATE_LIMITED' | 'TOKEN_BUSY' | 'SERVER_BUSY';
  readonly message: string;
  readonly retryAfterSeconds: number;
}

export type Admission = { readonly admitted: true; release(): void } | ({ readonly admitted: false } & Refusal);

@Injectable()
export class AdmissionControl {
  private readonly rate: RateLimiter | null;
  private readonly slots: WriteSlots;
  private readonly retryAfterSeconds: number;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.rate = config.writeRate > 0 ? new RateLimiter(config.writeRate, config.writeBurst) : null;
    this.slots = new WriteSlots(config.maxConcurrentWrites, config.maxConcurrentWritesPerToken);
    this.retryAfterSeconds = config.writeRetryAfterSeconds;
  }

  /**
   * The decision for one write by `key`: admitted (release when its answer is out), or why not.
   * Anonymous writes (`concurrent: false`) are only rate-limited: the request gate answers them 401
   * without reading their body, so they hold no memory worth a slot.
   */
  admit(key: string, concurrent = true): Admission {
    const wait = this.rate?.take(key) ?? 0;
    if (wait > 0) {
      const rate = this.rate!;
      return refuse(429, 'RATE_LIMITED', `too many writes for this token: at most ${rate.perSecond}/s (bursts of ${rate.burst}); retry after ${wait} s`, wait);
    }
    if (!concurrent) return { admitted: true, release: () => undefined };
    const slot = this.slots.acquire(key);
    const retry = this.retryAfterSeconds;
    if (slot === 'key_full') {
      return refuse(429, 'TOKEN_BUSY', `this token already has ${counted(this.slots.maxPerKey, 'write')} in progress; wait for one to finish (retry after ${retry} s)`, retry);
    }
    if (slot === 'server_full') return refuse(503, 'SERVER_BUSY', `the server is busy with ${this.slots.max} writes; retry after ${retry} s`, retry);
    return { admitted: true, release: slot.release };
  }

  /** Writes admitted and not yet answered. */
  get inFlight(): number {
    return this.slots.inFlight;
  }
}

function refuse(status: Refusal['status'], code: Refusal['code'], message: string, retryAfterSeconds: number): Admission {
  return { admitted: false, status, code, message, retryAfterSeconds };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The key a write is counted under: its bearer token (hashed; never kept), else the client address. */
export function admissionKey(req: Request): { key: string; bearer: boolean } {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return bearer ? { key: `t:${createHash('sha256').update(bearer).digest('base64url')}`, bearer: true } : { key: `ip:${req.socket.remoteAddress ?? '?'}`, bearer: false };
}

/**
 * Express middleware, installed before the request gate reads any body: a refused write is
 * answered at once, and what the client still sends of its body is read into nothing, within the
 * lingering close's bounds (`answerBeforeBody`). An admitted one holds its slot until its response
 * is finished or its connection closed.
 */
export function admitWrites(control: AdmissionControl) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const { key, bearer } = admissionKey(req);
    const admission = control.admit(key, bearer);
    if (admission.admitted) {
      res.once('close', admission.release);
      return next();
    }
    answerBeforeBody(req, res, () => {
      res.setHeader('Retry-After', String(admission.retryAfterSeconds));
      noteErrorCode(res, admission.code);
      res.status(admission.status).json({ error: { code: admission.code, message: admission.message, retryAfterSeconds: admission.retryAfterSeconds } });
    });
  };
}

@Module({ providers: [AdmissionControl], exports: [AdmissionControl] })
export class AdmissionModule {}
