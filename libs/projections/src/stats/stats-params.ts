import { invalid } from '@cardlog/recording';

/** Query parameters as they arrive: strings, repeated strings, or numbers from code. */
export type RawStatsParams = Readonly<Record<string, unknown>>;

/** The filters every statistics endpoint takes. */
export interface StatsFilter {
  readonly system?: string;
  readonly rulesVersion?: string;
  readonly tournament?: string;
  /** Inclusive lower bound on played_at, as given. */
  readonly from?: string;
  /** Upper bound on played_at, as given: a date covers that whole day (UTC), a timestamp is inclusive. */
  readonly to?: string;
  readonly minGames?: number;
}

/** The bounds of `from`/`to` as the SQL uses them. */
export interface PlayedRange {
  readonly from?: string;
  readonly before?: string;
  readonly upTo?: string;
}

export const MAX_MIN_GAMES = 1_000_000;
const FILTER_PARAMS = ['system', 'rulesVersion', 'tournament', 'from', 'to', 'minGames'] as const;

const bad = (name: string, message: string) => invalid('BAD_QUERY', `${name} ${message}`, { path: name });

/** Reads and checks the parameters of one endpoint; anything unknown or malformed is a 400 naming it. */
export function readParams(raw: RawStatsParams, extra: readonly string[] = []): { filter: StatsFilter; range: PlayedRange; text: (name: string) => string | undefined } {
  const allowed = [...FILTER_PARAMS, ...extra];
  for (const name of Object.keys(raw)) {
    if (raw[name] !== undefined && !allowed.includes(name)) {
      throw bad(name, `is not a parameter of this endpoint; it takes ${allowed.join(', ')}`);
    }
  }
  const text = (name: string): string | undefined => {
    const value = raw[name];
    if (value === undefined || value === '') return undefined;
    if (Array.isArray(value)) throw bad(name, 'is given more than once');
    if (typeof value !== 'string') throw bad(name, 'must be text');
    if (value.length > 200 || [...value].some((c) => c < ' ')) throw bad(name, 'must be at most 200 printable characters');
    return value;
  };
  const minGames = readMinGames(raw.minGames);
  const from = text('from');
  const to = text('to');
  const range = playedRange(from, to);
  const filter: StatsFilter = {
    ...optional('system', text('system')),
    ...optional('rulesVersion', text('rulesVersion')),
    ...optional('tournament', text('tournament')),
    ...optional('from', from),
    ...optional('to', to),
    ...(minGames !== undefined ? { minGames } : {}),
  };
  return { filter, range, text };
}

/** One of a fixed set of values, or the default when absent. */
export function oneOf<T extends string>(name: string, value: string | undefined, values: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(values as readonly string[]).includes(value)) throw bad(name, `must be one of ${values.join(', ')}, got "${value}"`);
  return value as T;
}

const optional = <K extends string>(key: K, value: string | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, string>));

function readMinGames(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) throw bad('minGames', 'is given more than once');
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_MIN_GAMES) throw bad('minGames', `must be an integer from 0 to ${MAX_MIN_GAMES}, got "${String(value)}"`);
  return n;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch of a date (UTC midnight) or a timestamp with its offset; NaN if not one. */
function instant(value: string): { ms: number; dateOnly: boolean } {
  const date = DATE.exec(value);
  const stamp = date ? null : TIMESTAMP.exec(value);
  const parts = date ?? stamp;
  if (!parts) return { ms: NaN, dateOnly: false };
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) return { ms: NaN, dateOnly: false };
  if (date) return { ms: midnight.getTime(), dateOnly: true };
  const [hour, minute, second, offsetHour, offsetMinute] = [4, 5, 6, 7, 8].map((i) => Number(stamp![i] ?? 0));
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHour! > 23 || offsetMinute! > 59) return { ms: NaN, dateOnly: false };
  return { ms: Date.parse(value), dateOnly: false };
}

function playedRange(from: string | undefined, to: string | undefined): PlayedRange {
  const format = 'must be a date (2026-11-29) or a timestamp with its offset (2026-11-29T18:00:00Z)';
  const start = from === undefined ? undefined : instant(from);
  const end = to === undefined ? undefined : instant(to);
  if (start && Number.isNaN(start.ms)) throw bad('from', `${format}, got "${from}"`);
  if (end && Number.isNaN(end.ms)) throw bad('to', `${format}, got "${to}"`);
  const range: { from?: string; before?: string; upTo?: string } = {};
  if (start) range.from = start.dateOnly ? new Date(start.ms).toISOString() : from!;
  if (end?.dateOnly) range.before = new Date(end.ms + 86_400_000).toISOString();
  else if (end) range.upTo = to!;
  if (start && end && (end.dateOnly ? start.ms >= end.ms + 86_400_000 : start.ms > end.ms)) {
    throw bad('from', `(${from}) is after to (${to})`);
  }
  return range;
}
