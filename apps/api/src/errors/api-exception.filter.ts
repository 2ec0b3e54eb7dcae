import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { RecordingError, RecordingErrorKind } from '@cardlog/recording';
import { WrongExpectedVersionError } from '@cardlog/store';
import type { Response } from 'express';
import { UploadQueueFull } from '../recording/upload-workers';
import { noteErrorCode } from './error-code';

const STATUS: Record<RecordingErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  illegal: HttpStatus.UNPROCESSABLE_ENTITY,
};

export interface ApiErrorBody {
  error: { code: string; message: string; [detail: string]: unknown };
}

/** Every error leaves as `{ error: { code, message, …details } }`, with the status its kind implies. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.describe(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE) res.setHeader('Retry-After', String(exception instanceof UploadQueueFull ? exception.retryAfterSeconds : DATABASE_RETRY_SECONDS));
    if (status > 503 || status === 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    else if (status >= 500) this.logger.warn(`answered ${status}: ${exception instanceof Error ? exception.message : String(exception)}`);
    noteErrorCode(res, body.error.code);
    res.status(status).json(bounded(body));
  }

  private describe(exception: unknown): [number, ApiErrorBody] {
    if (exception instanceof RecordingError) {
      return [STATUS[exception.kind], { error: { code: exception.code, message: exception.message, ...exception.details } }];
    }
    if (exception instanceof UploadQueueFull) {
      return [HttpStatus.SERVICE_UNAVAILABLE, { error: { code: 'SERVER_BUSY', message: exception.message, retryAfterSeconds: exception.retryAfterSeconds } }];
    }
    if (exception instanceof WrongExpectedVersionError) {
      return [
        HttpStatus.CONFLICT,
        { error: { code: 'WRONG_EXPECTED_VERSION', message: exception.message, actualVersion: exception.actual } },
      ];
    }
    const bodyParser = exception as { type?: string; status?: number; limit?: number; length?: number };
    if (bodyParser.type === 'entity.too.large') {
      return [
        HttpStatus.PAYLOAD_TOO_LARGE,
        { error: { code: 'LIMIT_EXCEEDED', message: `the body is ${bodyParser.length} bytes; the limit is ${bodyParser.limit} bytes`, limit: bodyParser.limit } },
      ];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = status === 404 ? 'NOT_FOUND' : (HttpStatus[status] ?? 'HTTP_ERROR');
      return [status, { error: { code, message: exception.message } }];
    }
    if (typeof bodyParser.status === 'number' && bodyParser.status >= 400 && bodyParser.status < 500) {
      return [bodyParser.status, { error: { code: 'BAD_REQUEST', message: (exception as Error).message } }];
    }
    if (databaseUnavailable(exception)) {
      return [
        HttpStatus.SERVICE_UNAVAILABLE,
        { error: { code: 'DATABASE_UNAVAILABLE', message: 'the database is not answering; nothing was stored — retry shortly', retryAfterSeconds: DATABASE_RETRY_SECONDS } },
      ];
    }
    return [HttpStatus.INTERNAL_SERVER_ERROR, { error: { code: 'INTERNAL', message: 'an unexpected error occurred; it has been logged' } }];
  }
}

const DATABASE_RETRY_SECONDS = 2;

/**
 * The database is down or restarting (connection refused or lost, the server shutting down or
 * still starting): the request did not commit, so the client may retry — a 503, not a 500.
 */
export function databaseUnavailable(exception: unknown): boolean {
  const e = exception as { code?: string; errno?: string } | null;
  const code = e?.code ?? e?.errno;
  return (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003', '08004'].includes(code)
  );
}

/** Longest string an error answer carries; what a client sent is never echoed back whole. */
export const MAX_ERROR_TEXT = 500;
const MAX_ERROR_ITEMS = 20;

/** The error body with every string cut to MAX_ERROR_TEXT characters and every list to 20 items. */
export function bounded<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (value.length > MAX_ERROR_TEXT ? `${value.slice(0, MAX_ERROR_TEXT)}… (${value.length} characters)` : value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '…' as T;
  if (Array.isArray(value)) return value.slice(0, MAX_ERROR_ITEMS).map((v) => bounded(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, 40)) out[bounded(k)] = bounded(v, depth + 1);
  return out as T;
}
