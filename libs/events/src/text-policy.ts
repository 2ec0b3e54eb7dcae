import { z } from 'zod';
import { Visit, pathOf } from './walk-path';

/**
 * Cardlog's text policy, decided once for every string of every document and request body (keys
 * included):
 *
 * - refused everywhere: NUL and the other C0 controls but tab, line feed and carriage return;
 *   lone surrogates (not text, and PostgreSQL refuses them); the noncharacters U+FDD0–U+FDEF and
 *   U+xFFFE/U+xFFFF of every plane;
 * - refused in names (players, decks, archetypes, tournaments, matches, recorders): bidirectional
 *   controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) and invisible characters (zero
 *   widths U+200B–U+200D, U+2060, U+FEFF, soft hyphen), which make one name display as another.
 *
 * Invalid UTF-8 bytes never become text: a body that is not valid UTF-8 is refused where it is read.
 */
export interface TextProblem {
  readonly path: string;
  readonly message: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_ANYWHERE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufdd0-\ufdef\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ud83f\ud87f\ud8bf\ud8ff\ud93f\ud97f\ud9bf\ud9ff\uda3f\uda7f\udabf\udaff\udb3f\udb7f\udbbf\udbff][\udffe\udfff]/;
const SPOOFING = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff\u00ad]/;

function describe(ch: string): string {
  const code = ch.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0) return 'NUL (U+0000)';
  if (code >= 0xd800 && code <= 0xdfff) return `a lone surrogate (${hex})`;
  if (code < 0x20) return `a control character (${hex})`;
  return `a noncharacter (${hex})`;
}

/** Why this string breaks the policy for every string, or null. */
export function textProblem(value: string): string | null {
  const m = FORBIDDEN_ANYWHERE.exec(value);
  return m ? `contains ${describe(m[0])} at character ${m.index}, which Cardlog refuses in text` : null;
}

/** Why this name breaks the policy for names (display spoofing), or null. */
export function nameProblem(value: string): string | null {
  const plain = textProblem(value);
  if (plain) return plain;
  const m = SPOOFING.exec(value);
  if (!m) return null;
  const hex = `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `contains an invisible or direction-changing character (${hex}) at character ${m.index}, which names may not hold`;
}

/** A name: 1–200 characters under the name policy. */
export function nameSchema(max = 200) {
  return z
    .string()
    .min(1)
    .max(max)
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * The first string (value or key) anywhere in `value` that breaks the policy, with its JSONPath.
 * Iterative, so any depth is safe; stops at the first problem.
 */
export function findTextProblem(value: unknown): TextProblem | null {
  const stack: Visit[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { path: pathOf(visit, memberPath), message: problem };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) if (holdsText(v[i])) stack.push({ value: v[i], parent: visit, key: i });
      continue;
    }
    const keys = Object.keys(v);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k]!;
      const problem = textProblem(key);
      if (problem) return { path: memberPath(pathOf(visit, memberPath), key), message: `the key ${problem}` };
      const item = (v as Record<string, unknown>)[key];
      if (holdsText(item)) stack.push({ value: item, parent: visit, key });
    }
  }
  return null;
}

/** Strings, objects and arrays: what can break the policy. */
function holdsText(value: unknown): boolean {
  return typeof value === 'string' || (value !== null && typeof value === 'object');
}

function memberPath(path: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
