import { memo, useEffect, useRef } from 'react';
import type { ReplayStep } from '../api/types';
import { turnName } from '../ui/words';
import { ReplayModel } from './use-replay';

/** The readable log: one line per event, the current one marked, every line a jump to its step. */
export function EventLog({ model }: { model: ReplayModel }) {
  const { step, go } = model;
  const steps = model.replay.data?.steps ?? [];
  const unit = turnName(model.game.data?.system);
  const box = useRef<HTMLOListElement>(null);

  // Keep the current line in view inside the log's own scroll area (not the page's).
  useEffect(() => {
    const list = box.current;
    const line = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !line) return;
    const top = line.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
  }, [step]);

  return (
    <section className="event-log" aria-labelledby="event-log-title">
      <h2 id="event-log-title">Event log</h2>
      <ol ref={box} aria-label="Events">
        <li>
          <button type="button" aria-current={step === 0 ? 'step' : undefined} onClick={() => go(0)}>
            <span className="seq">0</span> Before the first event
          </button>
        </li>
        {steps.map((s) => (
          <Line key={s.seq} line={s} unit={unit} current={s.seq === step} go={go} />
        ))}
      </ol>
    </section>
  );
}

/** One line; memoised, so moving one step re-renders two lines, not a thousand. `unit` is the game's word for a turn. */
const Line = memo(function Line({ line, unit, current, go }: { line: ReplayStep; unit: string; current: boolean; go: (step: number) => void }) {
  return (
    <li className={line.turnStart ? 'turn-start' : undefined}>
      <button type="button" aria-current={current ? 'step' : undefined} onClick={() => go(line.seq)}>
        <span className="seq">{line.seq}</span>
        {line.turnStart && line.turn !== null ? <span className="turn-badge">
            {unit} {line.turn}
          </span> : null} {line.description}
      </button>
    </li>
  );
});
