/**
 * Why a recording request was refused. `kind` says which HTTP status the API answers with;
 * `code` is the stable machine-readable reason; `details` carries the facts (paths, indexes).
 */
export type RecordingErrorKind = 'invalid' | 'illegal' | 'not_found' | 'forbidden' | 'conflict' | 'too_large' | 'unauthorized';

export class RecordingError extends Error {
  override readonly name = 'RecordingError';

  constructor(
    readonly kind: RecordingErrorKind,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export const invalid = (code: string, message: string, details?: Record<string, unknown>) => new RecordingError('invalid', code, message, details);
export const notFound = (code: string, message: string, details?: Record<string, unknown>) => new RecordingError('not_found', code, message, details);
export const forbidden = (code: string, message: string, details?: Record<string, unknown>) => new RecordingError('forbidden', code, message, details);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) => new RecordingError('conflict', code, message, details);
