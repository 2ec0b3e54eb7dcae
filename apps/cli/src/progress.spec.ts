import { Progress, formatSeconds, progressBar } from './progress';
import { captureIo } from './testing';

/** A capture Io that also has a terminal status line, as on a TTY. */
function terminalIo() {
  const io = captureIo();
  const frames: string[] = [];
  let cleared = 0;
  return { io: { ...io, status: { update: (line: string) => void frames.push(line), clear: () => void cleared++ } }, frames, cleared: () => cleared, stderr: io.stderr };
}

describe('upload progress', () => {
  it('draws a bar with the share done, the count, the rate and the time left', () => {
    expect(progressBar(120, 285, 40, 'games')).toBe('[██████████░░░░░░░░░░░░░░]  42% 120/285 3.0 games/s ETA 55s');
    expect(progressBar(285, 285, 95, 'games')).toBe('[████████████████████████] 100% 285/285 3.0 games/s ETA 0s');
    expect(progressBar(0, 10, 1, 'games')).toMatch(/^\[░{24}\] {3}0% 0\/10 0\.0 games\/s ETA \?$/);
  });

  it('on a terminal rewrites the bar at most ten times a second, always draws the end, and clears it', () => {
    let now = 0;
    const t = terminalIo();
    const progress = new Progress(t.io, 100, 'games', () => now);
    for (let done = 1; done <= 100; done++) {
      now += 10; // 100 updates over one second
      progress.update(done);
    }
    expect(t.frames.length).toBeGreaterThanOrEqual(10);
    expect(t.frames.length).toBeLessThanOrEqual(12);
    expect(t.frames.at(-1)).toMatch(/^\[█{24}\] 100% 100\/100 100\.0 games\/s ETA 0s$/);
    expect(t.stderr).toEqual([]);
    progress.finish();
    expect(t.cleared()).toBe(1);
  });

  it('without a terminal prints a plain line every five seconds and at the end', () => {
    let now = 0;
    const io = captureIo();
    const progress = new Progress(io, 20, 'games', () => now);
    for (let done = 1; done <= 20; done++) {
      now += 1000;
      progress.update(done);
    }
    expect(io.stderr).toEqual([
      'progress 1/20 1.0 games/s ETA 19s',
      'progress 6/20 1.0 games/s ETA 14s',
      'progress 11/20 1.0 games/s ETA 9s',
      'progress 16/20 1.0 games/s ETA 4s',
      'progress 20/20 1.0 games/s ETA 0s',
    ]);
  });

  it('formats times left in seconds, minutes or hours', () => {
    expect([formatSeconds(9.6), formatSeconds(125), formatSeconds(7260), formatSeconds(Infinity)]).toEqual(['10s', '2m05s', '2h01m', '?']);
  });
});
