import type { RateDifference, Share, WinRate } from '../api/types';
import { Link } from '../router';
import { counted } from './words';

/** A proportion as a percentage with one decimal ("—" when there is nothing to divide). */
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

/** Signed percentage points, for differences such as IWD. */
export const pp = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v >= 0 ? '+' : '−'}${Math.abs(v * 100).toFixed(1)} pp`);

/** The 95% interval includes one half: the data cannot tell this rate from a coin flip. */
export const coinFlip = (r: { low: number | null; high: number | null; value: number | null }) => r.value !== null && r.low !== null && r.high !== null && r.low <= 0.5 && r.high >= 0.5;

/** Where each figure is defined: anchors of the definitions page (docs/stats.md). */
export const DEFINITIONS = {
  winRate: 'win-rate-and-how-draws-count',
  interval: 'the-wilson-95-interval',
  floor: 'the-floor-toosmalltorank',
  decks: 'decks-v1statsdecks',
  matchups: 'matchups-v1statsmatchups',
  expected: 'expected-win-rate-against-the-field',
  cards: 'cards-v1statscards',
  iwd: 'interval-of-iwd',
  overview: 'overview-v1statsoverview',
  filters: 'filters',
} as const;

export function Defined({ term, label }: { term: keyof typeof DEFINITIONS; label: string }) {
  return (
    <Link href={`/meta/definitions#${DEFINITIONS[term]}`} className="defined" aria-label={`Definition of ${label}`} title={`What “${label}” means`}>
      ?
    </Link>
  );
}

/** A win rate with its interval and sample size; small samples say so in words, not only in colour. */
export function Rate({ rate, compact = false }: { rate: WinRate; compact?: boolean }) {
  if (rate.value === null) return <span className="muted">no games</span>;
  return (
    <span className={`rate${rate.tooSmallToRank ? ' small' : ''}`}>
      <strong>{pct(rate.value)}</strong>
      <span className="interval">
        {' '}
        [{pct(rate.low)}–{pct(rate.high)}]
      </span>
      {compact ? null : <span className="games"> · {counted(rate.games, 'game')}</span>}
      {rate.tooSmallToRank ? <span className="flag"> · not enough games</span> : coinFlip(rate) ? <span className="flag soft"> · not distinguishable from 50%</span> : null}
    </span>
  );
}

export function ShareText({ share }: { share: Share }) {
  return (
    <span>
      <strong>{pct(share.value)}</strong>
      <span className="interval">
        {' '}
        [{pct(share.low)}–{pct(share.high)}]
      </span>{' '}
      <span className="games">
        ({share.count} of {share.of})
      </span>
    </span>
  );
}

export function DifferenceText({ diff }: { diff: RateDifference }) {
  if (diff.value === null) return <span className="muted">—</span>;
  return (
    <span className={diff.tooSmallToRank ? 'rate small' : 'rate'}>
      <strong>{pp(diff.value)}</strong>
      <span className="interval">
        {' '}
        [{pp(diff.low)}, {pp(diff.high)}]
      </span>
      {diff.tooSmallToRank ? <span className="flag"> · not enough games</span> : null}
    </span>
  );
}
