/** Where JSON text is wrong: a syntax error, or an object that names one key twice. */
export interface JsonTextProblem {
  readonly kind: 'syntax' | 'duplicate_key';
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** What was found at the offset (syntax), or the repeated key (duplicate_key). */
  readonly found: string;
  /** JSONPath of the object holding the duplicate key. */
  readonly path?: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

type Frame = { readonly kind: 'object'; readonly keys: Set<string>; readonly path: string } | { readonly kind: 'array'; index: number; readonly path: string };

/**
 * Scans JSON text without recursion (any nesting depth is safe), returning the first syntax error
 * or duplicated object key, or null when the text is valid JSON with unique keys. JSON.parse
 * silently keeps the last of two equal keys; Cardlog refuses such a document instead.
 */
export function findJsonTextProblem(text: string): JsonTextProblem | null {
  let i = 0;
  const n = text.length;
  const stack: Frame[] = [];
  const ws = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const at = (kind: JsonTextProblem['kind'], offset: number, found?: string, path?: string): JsonTextProblem => {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { kind, offset, line, column, found: found ?? (offset < n ? JSON.stringify(text[offset]) : 'end of input'), ...(path ? { path } : {}) };
  };
  /** Reads a string at i (on its opening quote); returns its end offset, or fails with a syntax offset. */
  const string = (): number | { error: number } => {
    let j = i + 1;
    for (;;) {
      if (j >= n) return { error: n };
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return { error: j };
      if (c === 0x5c) {
        const e = text[j + 1];
        if (e === 'u') {
          for (let k = 2; k <= 5; k++) if (!/[0-9a-fA-F]/.test(text[j + k] ?? '')) return { error: j + k };
          j += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j += 2;
        else return { error: j + 1 };
      } else j++;
    }
  };
  const pathOf = (frame: Frame | undefined, key: string | number) => {
    const base = frame?.path ?? '$';
    return typeof key === 'number' ? `${base}[${key}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
  };
  // `value`: a value is expected at i; `key`: an object key (or its end); `after`: a value just ended.
  let mode: 'value' | 'key' | 'after' = 'value';
  let childPath = '$';
  for (;;) {
    ws();
    if (mode === 'value') {
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        ws();
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) {
          i++;
          mode = 'after';
          continue;
        }
        if (c === '{') {
          stack.push({ kind: 'object', keys: new Set(), path: childPath });
          mode = 'key';
        } else {
          stack.push({ kind: 'array', index: 0, path: childPath });
          childPath = `${childPath}[0]`;
          mode = 'value';
        }
        continue;
      }
      if (c === '"') {
        const end = string();
        if (typeof end !== 'number') return at('syntax', end.error);
        i = end;
      } else if (c === 't' || c === 'f' || c === 'n') {
        const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
        for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) return at('syntax', i + k);
        i += word.length;
      } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
        NUMBER.lastIndex = i;
        const m = NUMBER.exec(text);
        if (!m) return at('syntax', c === '-' ? i + 1 : i);
        i += m[0].length;
      } else return at('syntax', i);
      mode = 'after';
      continue;
    }
    if (mode === 'key') {
      const frame = stack[stack.length - 1] as Extract<Frame, { kind: 'object' }>;
      if (text[i] !== '"') return at('syntax', i);
      const start = i;
      const end = string();
      if (typeof end !== 'number') return at('syntax', end.error);
      const raw = text.slice(start, end);
      const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      if (frame.keys.has(key)) return at('duplicate_key', start, key, frame.path);
      frame.keys.add(key);
      i = end;
      ws();
      if (text[i] !== ':') return at('syntax', i);
      i++;
      childPath = pathOf(frame, key);
      mode = 'value';
      continue;
    }
    // after a value
    const frame = stack[stack.length - 1];
    if (!frame) {
      if (i < n) return at('syntax', i);
      return null;
    }
    const c = text[i];
    if (c === ',') {
      i++;
      if (frame.kind === 'object') {
        ws();
        mode = 'key';
      } else {
        frame.index++;
        childPath = pathOf(frame, frame.index);
        mode = 'value';
      }
      continue;
    }
    if ((frame.kind === 'object' && c === '}') || (frame.kind === 'array' && c === ']')) {
      i++;
      stack.pop();
      continue;
    }
    return at('syntax', i);
  }
}

/**
 * Finds where JSON text stops being valid, for error messages: V8's own message lacks a position
 * for some errors on Node 20. Runs only after JSON.parse has failed.
 */
export function locateJsonSyntaxError(text: string): { offset: number; line: number; column: number; found: string } {
  const problem = findJsonTextProblem(text);
  if (problem && problem.kind === 'syntax') return { offset: problem.offset, line: problem.line, column: problem.column, found: problem.found };
  const end = text.length;
  const before = text;
  return { offset: end, line: before.split('\n').length, column: end - before.lastIndexOf('\n'), found: 'end of input' };
}
