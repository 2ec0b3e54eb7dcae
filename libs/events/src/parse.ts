import { z } from 'zod';
import { GameDocument, GameVocabulary, documentSchemaFor } from './document';
import { compileUnionArray } from './fast-check';
import { findJsonTextProblem } from './json-error';
import { LOG_LIMITS, LogLimits } from './limits';
import { SYSTEM_IDS, isSystemId } from './systems';
import { findTextProblem } from './text-policy';
import { Visit, pathOf } from './walk-path';
import { GAME_VOCABULARIES } from './vocabularies';

export type LogFormatErrorCode = 'MALFORMED_JSON' | 'DUPLICATE_KEY' | 'INVALID_TEXT' | 'INVALID_UTF8' | 'SCHEMA_VIOLATION' | 'LIMIT_EXCEEDED' | 'UNSUPPORTED_SYSTEM';

export interface SchemaIssue {
  /** JSONPath of the offending value, e.g. `$.events[12].payload.cardId`. */
  path: string;
  message: string;
}

export interface LogFormatError {
  code: LogFormatErrorCode;
  message: string;
  path?: string;
  issues?: SchemaIssue[];
  /** Where in the text (1-based), for MALFORMED_JSON, DUPLICATE_KEY and INVALID_UTF8. */
  line?: number;
  column?: number;
}

export type ParseResult = { ok: true; document: GameDocument } | { ok: false; error: LogFormatError };

export interface ParseOptions {
  limits?: Partial<LogLimits>;
  vocabularies?: readonly GameVocabulary[];
}

/** Renders a zod issue path as JSONPath: `$.events[3].payload`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `${acc}.${name}` : `${acc}[${JSON.stringify(name)}]`;
  }, '$');
}

/** Depth of nested arrays/objects, stopping as soon as `limit` is passed. Iterative: no stack overflow. */
export function exceedsDepth(value: unknown, limit: number): string | null {
  // Only objects and arrays are visited: nothing else can be too deep.
  if (value === null || typeof value !== 'object') return null;
  const stack: (Visit & { depth: number })[] = [{ value, parent: null, key: '', depth: 1 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (visit.depth > limit) return pathOf(visit, (path, key) => `${path}.${key}`);
    const v = visit.value as object;
    const depth = visit.depth + 1;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (item !== null && typeof item === 'object') stack.push({ value: item, parent: visit, key: i, depth });
      }
    } else {
      for (const key of Object.keys(v)) {
        const item = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push({ value: item, parent: visit, key, depth });
      }
    }
  }
  return null;
}

/**
 * Parses one cardlog/1 document strictly: size and depth limits, then the schema of the game it
 * names. Unknown fields and unknown event types are errors; every error names its JSONPath.
 */
export function parseGameDocument(input: string | Buffer | unknown, options: ParseOptions = {}): ParseResult {
  const limits = { ...LOG_LIMITS, ...options.limits };
  let value: unknown = input;
  // A value parsed here is owned: its events may be handed on as they are (see `checkFast`).
  const owned = typeof input === 'string' || Buffer.isBuffer(input);
  if (owned) {
    const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
    if (bytes > limits.maxDocumentBytes) {
      return fail('LIMIT_EXCEEDED', `document is ${bytes} bytes; the limit is ${limits.maxDocumentBytes} bytes`, '$');
    }
    const text = typeof input === 'string' ? input : decodeUtf8(input);
    if (typeof text !== 'string') return { ok: false, error: text };
    const parsed = parseJsonText(text);
    if (!parsed.ok) return parsed;
    value = parsed.value;
  }
  const deepPath = exceedsDepth(value, limits.maxDepth);
  if (deepPath) return fail('LIMIT_EXCEEDED', `nesting deeper than ${limits.maxDepth} levels`, deepPath);
  const text = findTextProblem(value);
  if (text) return fail('INVALID_TEXT', text.message, text.path);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail('SCHEMA_VIOLATION', 'a cardlog document is a JSON object', '$');
  }
  const doc = value as Record<string, unknown>;
  if (Array.isArray(doc.events) && doc.events.length > limits.maxEvents) {
    return fail('LIMIT_EXCEEDED', `${doc.events.length} events; the limit is ${limits.maxEvents} per game`, '$.events');
  }
  if (doc.format !== 'cardlog/1') {
    return fail('SCHEMA_VIOLATION', `format must be "cardlog/1", got ${JSON.stringify(doc.format)}`, '$.format');
  }
  if (!isSystemId(doc.system)) {
    return fail('SCHEMA_VIOLATION', `system must be one of ${SYSTEM_IDS.join(', ')}, got ${JSON.stringify(doc.system)}`, '$.system');
  }
  const vocabulary = (options.vocabularies ?? GAME_VOCABULARIES).find((v) => v.system === doc.system);
  if (!vocabulary) {
    return fail('UNSUPPORTED_SYSTEM', `system "${doc.system}" is not supported by this version of Cardlog yet`, '$.system');
  }
  const schemas = schemasFor(vocabulary);
  const fast = owned ? checkFast(schemas, doc) : null;
  if (fast) return { ok: true, document: fast };
  const parsed = schemas.document.safeParse(value);
  if (!parsed.success) return { ok: false, error: schemaError(parsed.error) };
  return { ok: true, document: parsed.data as GameDocument };
}

interface DocumentSchemas {
  readonly document: z.ZodType;
  /** The events' check compiled from their schema (see fast-check.ts), or null when it could not be. */
  readonly events: ((value: unknown) => unknown[] | null) | null;
}

const schemaCache = new WeakMap<GameVocabulary, DocumentSchemas>();
function schemasFor(vocabulary: GameVocabulary): DocumentSchemas {
  let schemas = schemaCache.get(vocabulary);
  if (!schemas) {
    const document = documentSchemaFor(vocabulary);
    schemaCache.set(vocabulary, (schemas = { document, events: compileUnionArray(document.shape.events) }));
  }
  return schemas;
}

/**
 * The document as zod's parse returns it, for the common case of a valid one, at a fraction of
 * its cost: zod checks everything but the events (with none), and the events pass the check
 * compiled from their schema, which answers yes only where zod would accept them unchanged. Null
 * when either says no: zod then parses the whole document and words the refusal, as it always did.
 * The events are handed on as parsed (zod would copy them, its keys in the schema's order; the
 * store writes jsonb, and the content hash sorts keys), so this runs only on a value parsed here.
 */
function checkFast(schemas: DocumentSchemas, doc: Record<string, unknown>): GameDocument | null {
  if (!schemas.events || !Array.isArray(doc.events)) return null;
  const events = schemas.events(doc.events);
  if (!events) return null;
  const rest = schemas.document.safeParse({ ...doc, events: [] });
  if (!rest.success) return null;
  return { ...(rest.data as GameDocument), events: events as GameDocument['events'] };
}

function schemaError(error: z.ZodError): LogFormatError {
  const issues = error.issues.map((issue) => ({ path: jsonPath(issue.path), message: describeIssue(issue) }));
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return { code: 'SCHEMA_VIOLATION', message: `${first.path}: ${first.message}${more}`, path: first.path, issues };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
    return `unknown ${String(issue.discriminator ?? 'type')}: ${issue.message}`;
  }
  return issue.message;
}

/**
 * Parses JSON text as Cardlog reads every body: a syntax error names its line and column, and an
 * object naming one key twice is refused (JSON.parse would silently keep the last).
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; error: LogFormatError } {
  let value: unknown;
  let syntaxOk = true;
  try {
    value = JSON.parse(text);
  } catch {
    syntaxOk = false;
  }
  // Valid text names every key once when its parse holds as many keys as the text has key
  // separators: the full scan, three times as slow as JSON.parse, then only runs to say where not.
  if (syntaxOk && keySeparators(text) === keysIn(value)) return { ok: true, value };
  const problem = findJsonTextProblem(text);
  if (!syntaxOk || problem) {
    if (!problem || problem.kind === 'syntax') {
      const at = problem ?? { line: 1, column: text.length + 1, found: 'end of input' };
      return { ok: false, error: { code: 'MALFORMED_JSON', message: `malformed JSON at line ${at.line}, column ${at.column}: unexpected ${at.found}`, line: at.line, column: at.column } };
    }
    const key = problem.found.length > 64 ? `${problem.found.slice(0, 64)}…` : problem.found;
    return {
      ok: false,
      error: {
        code: 'DUPLICATE_KEY',
        message: `${problem.path}: the key ${JSON.stringify(key)} appears twice (line ${problem.line}, column ${problem.column}); each key may appear once`,
        path: problem.path!,
        line: problem.line,
        column: problem.column,
      },
    };
  }
  return { ok: true, value };
}

/** Colons outside strings: in valid JSON, one per object member. */
function keySeparators(text: string): number {
  let colons = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) colons++;
    else if (c === 0x22) i = stringEnd(text, i);
  }
  return colons;
}

/** The offset of the quote closing the string opened at `start`: the next one not escaped. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** Own keys of every object in a parsed value. Iterative: any depth is safe. */
function keysIn(value: unknown): number {
  let keys = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    for (const key in v) {
      keys++;
      const item = (v as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return keys;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes as text, refusing invalid UTF-8 rather than replacing it with U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string | LogFormatError {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const before = Buffer.from(bytes.subarray(0, offset)).toString('utf8');
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return { code: 'INVALID_UTF8', message: `the body is not valid UTF-8: byte ${offset} (line ${line}, column ${column}) starts no character`, line, column };
  }
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let lo = 0;
  let hi = bytes.length;
  // The longest valid prefix, by bisection over whole-prefix decodes (a few dozen decodes at most).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}

function fail(code: LogFormatErrorCode, message: string, path?: string): ParseResult {
  return { ok: false, error: { code, message: path ? `${path}: ${message}` : message, ...(path ? { path } : {}) } };
}
