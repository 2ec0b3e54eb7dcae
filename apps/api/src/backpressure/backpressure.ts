import { CallHandler, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Module, NestInterceptor } from '@nestjs/common';
import type { Principal } from '@cardlog/recording';
import type { Request, Response } from 'express';
import { Observable, defer, finalize } from 'rxjs';
import { API_CONFIG, ApiConfig } from '../config';

/**
 * How many writes (uploads, batches, live appends: parse, replay, store) run at once, in total and
 * per token. Each holds its document and its folded state in memory and takes turns on the event
 * loop, so without a cap 160 concurrent 8 MiB uploads took the heap to 3.7 GiB and /health to 60 s.
 * Over a cap the request is answered at once, before any work: 429 when this token already has its
 * share (the client should slow down), 503 when the server is full (try again soon), both with
 * Retry-After.
 */
@Injectable()
export class WriteSlots {
  private total = 0;
  private readonly byToken = new Map<string, number>();

  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  /** Takes a slot for `tokenId`, or says which cap is reached. The release function is idempotent. */
  acquire(tokenId: string): { release: () => void } | 'token_full' | 'server_full' {
    const mine = this.byToken.get(tokenId) ?? 0;
    if (mine >= this.config.maxConcurrentWritesPerToken) return 'token_full';
    if (this.total >= this.config.maxConcurrentWrites) return 'server_full';
    this.total++;
    this.byToken.set(tokenId, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.byToken.get(tokenId) ?? 1) - 1;
        if (left <= 0) this.byToken.delete(tokenId);
        else this.byToken.set(tokenId, left);
      },
    };
  }

  get inFlight(): number {
    return this.total;
  }
}

/** Put after BearerGuard on every write route: the slot is held until the response is decided. */
@Injectable()
export class WriteSlotInterceptor implements NestInterceptor {
  constructor(
    private readonly slots: WriteSlots,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { principal?: Principal }>();
    const res = http.getResponse<Response>();
    const tokenId = req.principal?.tokenId ?? 'anonymous';
    const slot = this.slots.acquire(tokenId);
    if (slot === 'token_full' || slot === 'server_full') {
      const retryAfter = this.config.writeRetryAfterSeconds;
      res.setHeader('Retry-After', String(retryAfter));
      throw slot === 'token_full'
        ? new HttpException(
            `this token already has ${this.config.maxConcurrentWritesPerToken} write(s) in progress; wait for one to finish (retry after ${retryAfter} s)`,
            HttpStatus.TOO_MANY_REQUESTS,
          )
        : new HttpException(
            `the server is busy with ${this.config.maxConcurrentWrites} writes; retry after ${retryAfter} s`,
            HttpStatus.SERVICE_UNAVAILABLE,
          );
    }
    return defer(() => next.handle()).pipe(finalize(() => slot.release()));
  }
}

@Module({
  providers: [WriteSlots, WriteSlotInterceptor],
  exports: [WriteSlots, WriteSlotInterceptor],
})
export class BackpressureModule {}
