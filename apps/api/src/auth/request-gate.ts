import { Injectable, NestMiddleware } from '@nestjs/common';
import { LOG_LIMITS, decodeUtf8 } from '@cardlog/events';
import { Principal, TokenRepository } from '@cardlog/recording';
import type { NextFunction, Request, Response } from 'express';
import { noteErrorCode } from '../errors/error-code';
import { answerBeforeBody } from '../http/lingering-close';

/** A JSON Lines batch may hold many documents, each within the per-document limits. */
export const BATCH_LIMIT_BYTES = 256 * 1024 * 1024;

export type AuthedRequest = Request & { principal?: Principal | null };

export interface BodyLimits {
  /** Bytes a body may have on most routes. */
  readonly defaultBytes: number;
  /** Larger limits by path prefix (the JSON Lines batch). */
  readonly byPrefix: readonly { readonly prefix: string; readonly bytes: number }[];
  /**
   * POST routes whose body reaches the route as the bytes read (a Buffer): the uploads, decoded
   * and parsed by the log format's parser on a worker thread (same INVALID_UTF8 answer).
   */
  readonly rawPosts?: ReadonlySet<string>;
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The door every request passes, before any byte of its body is read:
 *
 * 1. An Authorization header must name a live token (401 otherwise: unknown, revoked or expired);
 *    without one the reader is anonymous.
 * 2. Requests that carry a body (POST, PUT, PATCH) are all writes and need a token: an anonymous
 *    one is refused without keeping its body.
 * 3. A declared Content-Length over the route's limit is refused at once (413); an undeclared or
 *    wrong one stops being kept at the limit. After such an answer the rest of the body is thrown
 *    away as it comes (see `refuse`).
 * 4. The body must be valid UTF-8 (never silently replaced); it reaches the routes as text, or as
 *    bytes on the upload routes, whose parser checks the same off the event loop.
 */
export function requestGate(tokens: TokenRepository, limits: BodyLimits) {
  return (req: AuthedRequest, res: Response, next: NextFunction): void => {
    void (async () => {
      const header = req.headers.authorization;
      let principal: Principal | null = null;
      if (header !== undefined) {
        const match = /^Bearer\s+(\S{1,512})$/i.exec(header);
        if (!match) return refuse(req, res, 401, 'UNAUTHORIZED', 'the Authorization header is "Bearer <token>"');
        principal = await tokens.authenticate(match[1]!);
        if (!principal) return refuse(req, res, 401, 'UNAUTHORIZED', 'the token is unknown, revoked or expired');
      }
      req.principal = principal;
      if (!WITH_BODY.has(req.method)) return next();
      if (!principal) return refuse(req, res, 401, 'UNAUTHORIZED', 'this route needs an Authorization: Bearer <token> header');
      const path = (req.originalUrl ?? req.url).split('?')[0]!;
      const limit = limits.byPrefix.find((l) => path.startsWith(l.prefix))?.bytes ?? limits.defaultBytes;
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > limit) {
        return refuse(req, res, 413, 'LIMIT_EXCEEDED', `the body is ${Number(declared)} bytes; the limit is ${limit} bytes`, { limit });
      }
      const bytes = await readAtMost(req, limit);
      if (bytes === null) return refuse(req, res, 413, 'LIMIT_EXCEEDED', `the body is over the limit of ${limit} bytes`, { limit });
      if (req.method === 'POST' && limits.rawPosts?.has(path.replace(/\/+$/, ''))) {
        req.body = bytes;
        return next();
      }
      const text = decodeUtf8(bytes);
      if (typeof text !== 'string') return refuse(req, res, 400, text.code, text.message, { line: text.line, column: text.column });
      req.body = text;
      next();
    })().catch(next);
  };
}

/** The body, or null as soon as it passes `limit` bytes (reading stops there). */
function readAtMost(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Answers before (or instead of) reading the rest of the body; see `answerBeforeBody`. */
function refuse(req: Request, res: Response, status: number, code: string, message: string, details: Record<string, unknown> = {}): void {
  answerBeforeBody(req, res, () => {
    noteErrorCode(res, code);
    res.status(status).json({ error: { code, message, ...details } });
  });
}

/** The gate as Nest middleware, after the request logger (so refused requests are logged too). */
@Injectable()
export class RequestGateMiddleware implements NestMiddleware {
  private readonly gate: ReturnType<typeof requestGate>;

  constructor(tokens: TokenRepository) {
    this.gate = requestGate(tokens, {
      defaultBytes: LOG_LIMITS.maxDocumentBytes,
      byPrefix: [{ prefix: '/v1/games/batch', bytes: BATCH_LIMIT_BYTES }],
      rawPosts: new Set(['/v1/games']),
    });
  }

  use(req: AuthedRequest, res: Response, next: NextFunction): void {
    this.gate(req, res, next);
  }
}
