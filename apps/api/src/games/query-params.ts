import { invalid } from '@cardlog/recording';

/** Query parameters as Express parses them: a string, or an array when a name repeats. */
export type RawQuery = Readonly<Record<string, unknown>>;

/** The page sizes of the paginated routes: one rule and one message for every `limit`. */
export const PAGE_LIMITS = {
  games: { fallback: 50, max: 200 },
  events: { fallback: 200, max: 1000 },
} as const;

const bad = (name: string, message: string) => invalid('BAD_QUERY', `${name} ${message}`, { path: name });

/**
 * The query of one route, checked the way the statistics routes check theirs: a name the route does
 * not take is a 400 listing the ones it does, a repeated name is a 400, each value is read once.
 */
export class QueryParams {
  constructor(
    private readonly raw: RawQuery,
    allowed: readonly string[],
  ) {
    for (const name of Object.keys(raw)) {
      if (raw[name] === undefined) continue;
      if (!allowed.includes(name)) {
        throw bad(name, `is not a parameter of this endpoint; ${allowed.length ? `it takes ${allowed.join(', ')}` : 'it takes none'}`);
      }
      if (Array.isArray(raw[name])) throw bad(name, 'is given more than once');
      if (typeof raw[name] !== 'string') throw bad(name, 'must be text');
    }
  }

  text(name: string): string | undefined {
    const value = this.raw[name] as string | undefined;
    if (value === undefined || value === '') return undefined;
    if (value.length > 200 || [...value].some((c) => c < ' ')) throw bad(name, 'must be at most 200 printable characters');
    return value;
  }

  /** A non-negative integer, or undefined when absent. */
  int(name: string, min = 0): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,9}$/.test(value) || Number(value) < min) throw bad(name, `must be an integer ≥ ${min}, got "${value}"`);
    return Number(value);
  }

  /** `limit`: an integer from 1 to the route's maximum; absent → the route's default. */
  limit(page: { fallback: number; max: number }): number {
    const value = this.text('limit');
    if (value === undefined) return page.fallback;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > page.max) throw bad('limit', `must be an integer from 1 to ${page.max}, got "${value}"`);
    return Number(value);
  }
}

/** A route that takes no query parameters refuses any, as the others refuse unknown ones. */
export function takesNoQuery(raw: RawQuery): void {
  void new QueryParams(raw, []);
}

/** One non-negative integer parameter (or path segment), undefined when absent. */
export function intParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) throw bad(name, `must be a non-negative integer, got "${value}"`);
  return Number(value);
}
