import { Io } from './io';

/**
 * Progress of a long command on stderr: on a terminal, one bar rewritten in place (at most ten times a
 * second) with the rate and the time left; otherwise a plain line every few seconds and at the end,
 * so logs and CI output stay readable.
 */
export class Progress {
  private readonly started: number;
  private lastDrawn = -Infinity;

  constructor(
    private readonly io: Io,
    private readonly total: number,
    private readonly unit: string,
    private readonly now: () => number = Date.now,
    private readonly plainEveryMs = 5000,
  ) {
    this.started = now();
  }

  /** Reports that `done` of the total are done. */
  update(done: number): void {
    const at = this.now();
    const last = done >= this.total;
    if (this.io.status) {
      if (!last && at - this.lastDrawn < 100) return;
      this.lastDrawn = at;
      this.io.status.update(progressBar(done, this.total, (at - this.started) / 1000, this.unit));
    } else if (last || at - this.lastDrawn >= this.plainEveryMs) {
      this.lastDrawn = at;
      const { rate, eta } = speed(done, this.total, (at - this.started) / 1000);
      this.io.err(`progress ${done}/${this.total} ${rate.toFixed(1)} ${this.unit}/s ETA ${formatSeconds(eta)}`);
    }
  }

  /** Clears the bar (the summary that follows replaces it). */
  finish(): void {
    this.io.status?.clear();
  }
}

/** `[██████████░░░░░░░░░░░░░░]  42% 120/285 3.4 games/s ETA 48s` */
export function progressBar(done: number, total: number, seconds: number, unit: string, width = 24): string {
  const fraction = total > 0 ? Math.min(done / total, 1) : 1;
  const filled = Math.round(fraction * width);
  const { rate, eta } = speed(done, total, seconds);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${percent} ${done}/${total} ${rate.toFixed(1)} ${unit}/s ETA ${formatSeconds(eta)}`;
}

function speed(done: number, total: number, seconds: number): { rate: number; eta: number } {
  const rate = done / Math.max(seconds, 0.001);
  return { rate, eta: done >= total ? 0 : rate > 0 ? (total - done) / rate : Infinity };
}

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
