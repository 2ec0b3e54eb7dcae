// Shared helpers for the benchmarks: median of repeated timings, and a result table.
import { performance } from 'node:perf_hooks';

export function flag(name, fallback) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

/** Runs `fn` `rounds` times after one warm-up; returns the median duration in ms. */
export async function median(fn, rounds = 5) {
  await fn();
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function report(rows) {
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}

export const perSecond = (count, ms) => Math.round((count / ms) * 1000);
