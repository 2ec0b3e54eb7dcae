import type { Response } from 'express';

/**
 * Notes the code of the error a response answers with, wherever it is written (the exception
 * filter, the request gate, admission control), so /metrics counts refusals by code.
 */
export function noteErrorCode(res: Response, code: string): void {
  res.locals.errorCode = code;
}

/** The code noted for this response, if it answered with an error. */
export function errorCodeOf(res: Response): string | undefined {
  const code: unknown = res.locals?.errorCode;
  return typeof code === 'string' ? code : undefined;
}
