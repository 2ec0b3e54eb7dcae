/**
 * Bounds on one cardlog/1 document (log-format property 8). Each is answered with LIMIT_EXCEEDED
 * naming the limit, so a recorder knows what to split or trim.
 */
export const LOG_LIMITS = {
  /** UTF-8 bytes of one document as uploaded. */
  maxDocumentBytes: 8 * 1024 * 1024,
  /** Events in one game, including engine-derived ones. */
  maxEvents: 20_000,
  /** Nesting depth of JSON objects and arrays, the document itself being depth 1. */
  maxDepth: 32,
  /** Players (seats) in one game. */
  maxPlayers: 12,
  /** Cards in an inline catalog. */
  maxInlineCatalogCards: 5_000,
} as const;

export type LogLimits = typeof LOG_LIMITS;
