import { locateJsonSyntaxError } from '@cardlog/events';
import { invalid } from '@cardlog/recording';

/** Bodies arrive as text (see bootstrap); JSON routes parse them here, with a located error. */
export function parseJsonBody(body: unknown): unknown {
  const text = typeof body === 'string' ? body : '';
  if (text.trim() === '') throw invalid('EMPTY_BODY', 'the request body is empty; send a JSON document');
  try {
    return JSON.parse(text);
  } catch {
    const at = locateJsonSyntaxError(text);
    throw invalid('MALFORMED_JSON', `malformed JSON at line ${at.line}, column ${at.column}: unexpected ${at.found}`, {
      line: at.line,
      column: at.column,
    });
  }
}

export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : '';
}
