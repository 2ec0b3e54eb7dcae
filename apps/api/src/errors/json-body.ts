import { findTextProblem, parseJsonText } from '@cardlog/events';
import { formatError, invalid } from '@cardlog/recording';

/**
 * Bodies arrive as text (see the request gate); JSON routes parse them here, with the log format's
 * own reader: malformed JSON names its line and column (as fields too), duplicate keys and text
 * outside Cardlog's text policy (libs/events text-policy.ts) are refused.
 */
export function parseJsonBody(body: unknown): unknown {
  const text = typeof body === 'string' ? body : '';
  if (text.trim() === '') throw invalid('EMPTY_BODY', 'the request body is empty; send a JSON document');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw formatError(parsed.error);
  const problem = findTextProblem(parsed.value);
  if (problem) throw invalid('INVALID_TEXT', `${problem.path}: ${problem.message}`, { path: problem.path });
  return parsed.value;
}

export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : '';
}

/** An upload route's body: the bytes as read (see the request gate's `rawPosts`), or text. */
export function bodyBytes(body: unknown): string | Buffer {
  return Buffer.isBuffer(body) ? body : bodyText(body);
}
