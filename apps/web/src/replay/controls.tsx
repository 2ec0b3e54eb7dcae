import { nextTurn, previousTurn } from './positions';
import { ReplayModel, SPEEDS } from './use-replay';

/** First / previous turn / previous / play / next / next turn / last, and the playback speed. */
export function Controls({ model }: { model: ReplayModel }) {
  const { step, total, turns, go, playing, speed } = model;
  const atStart = step <= 0;
  const atEnd = step >= total;
  return (
    <div className="controls" role="toolbar" aria-label="Replay controls">
      <button type="button" onClick={() => go(0)} disabled={atStart} aria-label="First step" title="First step (Home)">
        |◀
      </button>
      <button type="button" onClick={() => go(previousTurn(turns, step))} disabled={atStart} aria-label="Previous turn" title="Previous turn (Shift+←)">
        ◀◀
      </button>
      <button type="button" onClick={() => go(step - 1)} disabled={atStart} aria-label="Previous step" title="Previous step (←)">
        ◀
      </button>
      <button type="button" className="play" onClick={model.togglePlay} disabled={atEnd && !playing} aria-label={playing ? 'Pause' : 'Play'} aria-pressed={playing} title="Play / pause (Space)">
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <button type="button" onClick={() => go(step + 1)} disabled={atEnd} aria-label="Next step" title="Next step (→)">
        ▶
      </button>
      <button type="button" onClick={() => go(nextTurn(turns, step, total))} disabled={atEnd} aria-label="Next turn" title="Next turn (Shift+→)">
        ▶▶
      </button>
      <button type="button" onClick={() => go(total)} disabled={atEnd} aria-label="Last step" title="Last step (End)">
        ▶|
      </button>
      <label className="speed">
        Speed{' '}
        <select value={speed} onChange={(e) => model.setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
