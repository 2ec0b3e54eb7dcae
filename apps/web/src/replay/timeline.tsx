import { turnInProse, turnName } from '../ui/words';
import { ReplayModel } from './use-replay';

/** The scrubber: a slider over every step, with each turn's start (a Subturn's, in Summoner Master) marked and clickable. */
export function Timeline({ model }: { model: ReplayModel }) {
  const { step, total, turns, go } = model;
  const at = (s: number) => `${total ? (s / total) * 100 : 0}%`;
  const current = [...turns].reverse().find((t) => t.step <= step);
  const unit = turnName(model.game.data?.system);
  const name = (seat: string | null) => model.game.data?.players.find((p) => p.seat === seat)?.name ?? seat ?? '';
  return (
    <div className="timeline">
      <div className="track">
        <input
          type="range"
          min={0}
          max={total}
          value={step}
          onChange={(e) => go(Number(e.target.value))}
          aria-label="Step"
          aria-valuetext={`step ${step} of ${total}${current ? `, ${turnInProse(model.game.data?.system)} ${current.turn}` : ''}`}
        />
        <div className="ticks" aria-hidden="true">
          {turns.map((t) => (
            <span key={t.step} className="tick" style={{ left: at(t.step) }} />
          ))}
        </div>
      </div>
      <ol className="turns" aria-label={`${unit}s`}>
        {turns.map((t) => (
          <li key={t.step}>
            <button
              type="button"
              onClick={() => go(t.step)}
              aria-current={current?.step === t.step ? 'true' : undefined}
              aria-label={`${unit} ${t.turn}, ${name(t.player)}, step ${t.step}`}
              title={`${unit} ${t.turn} (${name(t.player)}) at step ${t.step}`}
            >
              {t.turn}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
