import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SystemOverview, WinRate } from '../api/types';
import { pct } from '../ui/rate';
import { counted, turnInProse } from '../ui/words';

// Charts come from recharts, styled once here. Colour is never the only signal: small samples are
// paler *and* say "not enough games" in their label; the tables beside the charts hold every number.

const INK = '#7a1f2b';
const PALE = '#d9b8bd';

export interface RateBar {
  readonly label: string;
  readonly rate: WinRate;
}

/** Win rates as horizontal bars with their 95% intervals as error bars, and a line at 50%. */
export function WinRateChart({ rows, title }: { rows: readonly RateBar[]; title: string }) {
  const data = rows
    .filter((r) => r.rate.value !== null)
    .map((r) => ({
      name: `${r.label} (${r.rate.games})${r.rate.tooSmallToRank ? ' · not enough games' : ''}`,
      value: r.rate.value!,
      err: [r.rate.value! - r.rate.low, r.rate.high - r.rate.value!],
      small: r.rate.tooSmallToRank,
    }));
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={Math.max(120, 34 * data.length + 40)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
          <YAxis type="category" dataKey="name" width={190} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => pct(Number(v))} />
          <ReferenceLine x={0.5} stroke="#5e574f" strokeDasharray="4 2" />
          <Bar dataKey="value" isAnimationActive={false} name="win rate">
            {data.map((d) => (
              <Cell key={d.name} fill={d.small ? PALE : INK} />
            ))}
            <ErrorBar dataKey="err" direction="x" width={6} stroke="#1d1a17" strokeWidth={1.5} isAnimationActive={false} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Meta shares as bars. */
export function ShareChart({ rows, title }: { rows: readonly { label: string; value: number | null }[]; title: string }) {
  const data = rows.filter((r) => r.value !== null).map((r) => ({ name: r.label, value: r.value! }));
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={Math.max(120, 30 * data.length + 40)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
          <XAxis type="number" domain={[0, 'auto']} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
          <YAxis type="category" dataKey="name" width={190} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => pct(Number(v))} />
          <Bar dataKey="value" fill={INK} isAnimationActive={false} name="meta share" />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** The game-length histogram (turns, Subturns in Summoner Master) of the overview. */
export function LengthChart({ overview }: { overview: SystemOverview }) {
  const unit = `${turnInProse(overview.system)}s`;
  const data = overview.turns.histogram.map((b) => ({ name: b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`, games: b.count }));
  return (
    <figure className="chart" aria-label={`Game length in ${unit}`}>
      <figcaption>
        Game length in {unit} (median {overview.turns.median ?? '—'}, {counted(overview.turns.count, 'game')})
      </figcaption>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ left: 0, right: 16, top: 4, bottom: 4 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={32} />
          <Tooltip />
          <Bar dataKey="games" fill={INK} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
