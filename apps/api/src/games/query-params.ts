import { invalid } from '@cardlog/recording';

/** An optional integer query parameter; a present but malformed one is a 400 naming it. */
export function intParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw invalid('BAD_QUERY', `${name} must be a non-negative integer, got "${value}"`, { path: name });
  return Number(value);
}
