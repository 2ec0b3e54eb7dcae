/**
 * A value met in a walk over a document, with how it was reached. Walks keep these instead of a
 * path per value: the JSONPath is written only for the value they report (most documents have none).
 */
export interface Visit {
  readonly value: unknown;
  readonly parent: Visit | null;
  readonly key: string | number;
}

/** The JSONPath of `visit`: array items as `[i]`, members as `member` writes them. */
export function pathOf(visit: Visit, member: (path: string, key: string) => string): string {
  const chain: Visit[] = [];
  for (let v: Visit = visit; v.parent !== null; v = v.parent) chain.push(v);
  let path = '$';
  for (let i = chain.length - 1; i >= 0; i--) {
    const { key } = chain[i]!;
    path = typeof key === 'number' ? `${path}[${key}]` : member(path, key);
  }
  return path;
}
