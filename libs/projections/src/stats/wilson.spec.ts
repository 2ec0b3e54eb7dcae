import { describeDistribution, differenceInterval, quantile, wilsonInterval } from './wilson';

const rounded = (i: { low: number; high: number } | null) => i && { low: Number(i.low.toFixed(4)), high: Number(i.high.toFixed(4)) };

describe('Wilson score interval at z = 1.96', () => {
  it.each([
    [7, 10, 0.3968, 0.8922],
    [10, 10, 0.7225, 1],
    [55, 100, 0.4524, 0.6439],
    [0, 10, 0, 0.2775],
    [0, 1, 0, 0.7935],
  ])('%s successes in %s games give [%s, %s]', (x, n, low, high) => {
    expect(rounded(wilsonInterval(x, n))).toEqual({ low, high });
  });

  it('no games at all leave the whole of [0, 1]', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('a draw counts as half a success: 3 wins and 1 draw in 10 games is 3.5/10', () => {
    expect(rounded(wilsonInterval(3.5, 10))).toEqual({ low: 0.1369, high: 0.6463 });
  });

  it('stays inside [0, 1] and contains the observed proportion', () => {
    for (const n of [1, 2, 5, 17, 400]) {
      for (let x = 0; x <= n; x++) {
        const { low, high } = wilsonInterval(x, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(x / n + 1e-12);
        expect(high).toBeGreaterThanOrEqual(x / n - 1e-12);
      }
    }
  });

  it('refuses impossible counts', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
  });
});

describe('interval of a difference of two proportions (Agresti–Caffo)', () => {
  it('6/10 against 3/10 is about [-0.1359, 0.6359]', () => {
    expect(rounded(differenceInterval(6, 10, 3, 10))).toEqual({ low: -0.1359, high: 0.6359 });
  });

  it('30/50 against 20/50 is about [0.0037, 0.3809]', () => {
    expect(rounded(differenceInterval(30, 50, 20, 50))).toEqual({ low: 0.0037, high: 0.3809 });
  });

  it('all wins against all losses keeps a width and is clipped to 1', () => {
    expect(rounded(differenceInterval(10, 10, 0, 10))).toEqual({ low: 0.6122, high: 1 });
  });

  it('is null when either side has no games', () => {
    expect(differenceInterval(0, 0, 3, 10)).toBeNull();
    expect(differenceInterval(3, 10, 0, 0)).toBeNull();
  });
});

describe('quantiles and distributions', () => {
  const sample = [
    { value: 3, count: 2 },
    { value: 7, count: 1 },
    { value: 1, count: 1 },
  ];

  it('interpolate between order statistics like percentile_cont: 1, 3, 3, 7', () => {
    expect(quantile(sample, 0)).toBe(1);
    expect(quantile(sample, 0.25)).toBe(2.5);
    expect(quantile(sample, 0.5)).toBe(3);
    expect(quantile(sample, 0.75)).toBe(4);
    expect(quantile(sample, 1)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([{ value: 9, count: 1 }], 0.25)).toBe(9);
  });

  it('describe min, quartiles, max, mean and a histogram of width-1 bins for a narrow range', () => {
    expect(describeDistribution(sample)).toEqual({
      count: 4,
      min: 1,
      p25: 2.5,
      median: 3,
      p75: 4,
      max: 7,
      mean: 3.5,
      histogram: [1, 2, 3, 4, 5, 6, 7].map((v) => ({ from: v, to: v, count: v === 1 || v === 7 ? 1 : v === 3 ? 2 : 0 })),
    });
  });

  it('use at most 20 bins of equal integer width', () => {
    const wide = describeDistribution([
      { value: 10, count: 1 },
      { value: 11, count: 2 },
      { value: 49, count: 3 },
      { value: 50, count: 4 },
    ]);
    expect(wide.histogram).toHaveLength(14);
    expect(wide.histogram[0]).toEqual({ from: 10, to: 12, count: 3 });
    expect(wide.histogram[13]).toEqual({ from: 49, to: 51, count: 7 });
    expect(wide.histogram.reduce((sum, b) => sum + b.count, 0)).toBe(10);
  });

  it('describe an empty sample with nulls', () => {
    expect(describeDistribution([])).toEqual({ count: 0, min: null, p25: null, median: null, p75: null, max: null, mean: null, histogram: [] });
  });
});
