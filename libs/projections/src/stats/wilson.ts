// The statistics' arithmetic: intervals for proportions and their differences, and the summary of
// a distribution. Pure functions; docs/stats.md states every formula in words.

/** The normal quantile of a two-sided 95% interval. */
export const Z_95 = 1.96;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

const clamp = (x: number, low: number, high: number) => Math.min(high, Math.max(low, x));

function checkCount(successes: number, n: number): void {
  if (!(n >= 0) || !(successes >= 0) || successes > n || !Number.isFinite(n)) {
    throw new RangeError(`a proportion needs 0 ≤ successes ≤ n, got ${successes}/${n}`);
  }
}

/**
 * The Wilson score interval of `successes / n`. `successes` may be fractional (a draw counts half a
 * win). With no observations nothing is known, and the interval is all of [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): Interval {
  checkCount(successes, n);
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: clamp(centre - half, 0, 1), high: clamp(centre + half, 0, 1) };
}

/**
 * An interval for p1 − p2 of two independent proportions: the normal approximation of the
 * difference after adding one success and one failure to each sample (Agresti & Caffo, 2000), so
 * that a sample of all wins or all losses does not collapse the interval to a point. Null when
 * either sample is empty.
 */
export function differenceInterval(successes1: number, n1: number, successes2: number, n2: number, z: number = Z_95): Interval | null {
  checkCount(successes1, n1);
  checkCount(successes2, n2);
  if (n1 === 0 || n2 === 0) return null;
  const p1 = (successes1 + 1) / (n1 + 2);
  const p2 = (successes2 + 1) / (n2 + 2);
  const centre = p1 - p2;
  const se = Math.sqrt((p1 * (1 - p1)) / (n1 + 2) + (p2 * (1 - p2)) / (n2 + 2));
  return { low: clamp(centre - z * se, -1, 1), high: clamp(centre + z * se, -1, 1) };
}

/** How often each value occurs: the compact form in which distributions leave the database. */
export interface Frequency {
  readonly value: number;
  readonly count: number;
}

/**
 * The q-quantile (0 ≤ q ≤ 1) of the observations described by `frequencies`, interpolating
 * linearly between the two nearest order statistics (Hyndman & Fan type 7, as PostgreSQL's
 * percentile_cont and NumPy's default). Null when there are no observations.
 */
export function quantile(frequencies: readonly Frequency[], q: number): number | null {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`a quantile is between 0 and 1, got ${q}`);
  const sorted = sortFrequencies(frequencies);
  const total = sorted.reduce((sum, f) => sum + f.count, 0);
  if (total === 0) return null;
  const h = (total - 1) * q;
  const below = Math.floor(h);
  const lower = orderStatistic(sorted, below);
  const upper = orderStatistic(sorted, Math.min(below + 1, total - 1));
  return lower + (h - below) * (upper - lower);
}

/** The k-th smallest observation, counting from 0. */
function orderStatistic(sorted: readonly Frequency[], k: number): number {
  let seen = 0;
  for (const f of sorted) {
    seen += f.count;
    if (k < seen) return f.value;
  }
  throw new RangeError(`order statistic ${k} is past the last of ${seen} observations`);
}

function sortFrequencies(frequencies: readonly Frequency[]): Frequency[] {
  for (const f of frequencies) {
    if (!Number.isFinite(f.value) || !Number.isInteger(f.count) || f.count < 0) {
      throw new RangeError(`a frequency is a finite value with a count ≥ 0, got ${f.value} × ${f.count}`);
    }
  }
  return frequencies.filter((f) => f.count > 0).sort((a, b) => a.value - b.value);
}

/** The most bins a histogram gets; bins are integer ranges of equal width. */
export const HISTOGRAM_BINS = 20;

export interface HistogramBin {
  /** First value in the bin (inclusive). */
  readonly from: number;
  /** Last value in the bin (inclusive). */
  readonly to: number;
  readonly count: number;
}

export interface Distribution {
  readonly count: number;
  readonly min: number | null;
  readonly p25: number | null;
  readonly median: number | null;
  readonly p75: number | null;
  readonly max: number | null;
  readonly mean: number | null;
  readonly histogram: HistogramBin[];
}

/**
 * Summary of integer-valued observations (turns, events): quantiles as `quantile` computes them,
 * and a histogram of at most `maxBins` bins of equal integer width covering min..max.
 */
export function describeDistribution(frequencies: readonly Frequency[], maxBins: number = HISTOGRAM_BINS): Distribution {
  const sorted = sortFrequencies(frequencies);
  const count = sorted.reduce((sum, f) => sum + f.count, 0);
  if (count === 0) return { count: 0, min: null, p25: null, median: null, p75: null, max: null, mean: null, histogram: [] };
  const min = sorted[0]!.value;
  const max = sorted[sorted.length - 1]!.value;
  const mean = sorted.reduce((sum, f) => sum + f.value * f.count, 0) / count;
  return {
    count,
    min,
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    max,
    mean,
    histogram: histogram(sorted, min, max, maxBins),
  };
}

function histogram(sorted: readonly Frequency[], min: number, max: number, maxBins: number): HistogramBin[] {
  if (!Number.isInteger(min) || !Number.isInteger(max)) throw new RangeError('a histogram is drawn over integer values');
  const width = Math.max(1, Math.ceil((max - min + 1) / maxBins));
  const bins = Math.ceil((max - min + 1) / width);
  const counts = new Array<number>(bins).fill(0);
  for (const f of sorted) counts[Math.floor((f.value - min) / width)]! += f.count;
  return counts.map((count, i) => ({ from: min + i * width, to: min + (i + 1) * width - 1, count }));
}
