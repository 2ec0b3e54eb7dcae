import type { ReactNode } from 'react';
import { outcomeWords } from '../../ui/words';

// Pieces the Aegis, Devacurse and Summoner Master boards share. They keep the labels the Born from
// Blood board uses (`<seat> resources`, `<seat> <zone>`, "face-down card"), so one browser test reads
// every board the same way.

/** One labelled number of a player (life, a resource, a zone's size). */
export function Stat({ term, value, note }: { term: string; value: number | string; note?: string }) {
  return (
    <div className="stat" title={note}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function Stats({ seat, children }: { seat: string; children: ReactNode }) {
  return (
    <dl className="life" aria-label={`${seat} resources`}>
      {children}
    </dl>
  );
}

/** A player's side: their name, the badges that say what they are doing, their numbers, their zones. */
export function Side({
  seat,
  name,
  badges,
  className = '',
  stats,
  children,
}: {
  seat: string;
  name: string;
  badges: readonly (string | false | null | undefined)[];
  className?: string;
  stats: ReactNode;
  children: ReactNode;
}) {
  const shown = badges.filter((b): b is string => Boolean(b));
  return (
    <section className={`board-side ${className}`} aria-label={`${name} (${seat})`}>
      <header className="side-head">
        <h2>
          {name} <span className="muted">({seat})</span>
          {shown.map((b) => (
            <span key={b} className="badge">
              {b}
            </span>
          ))}
        </h2>
        <Stats seat={seat}>{stats}</Stats>
      </header>
      {children}
    </section>
  );
}

/** A zone drawn face up: a heading (with its capacity when it has one) and its cards. */
export function Zone<C>({
  seat,
  label,
  cards,
  capacity,
  className = '',
  children,
}: {
  seat: string;
  label: string;
  cards: readonly C[];
  capacity?: number;
  className?: string;
  children: (card: C, index: number) => ReactNode;
}) {
  return (
    <div className={`zone ${className}`}>
      <h3>
        {label}
        {capacity !== undefined ? (
          <span className="muted">
            {' '}
            {cards.length}/{capacity}
          </span>
        ) : null}
      </h3>
      {cards.length === 0 ? (
        <p className="muted empty">—</p>
      ) : (
        <ul aria-label={`${seat} ${label}`}>{cards.map((c, i) => <li key={i}>{children(c, i)}</li>)}</ul>
      )}
    </div>
  );
}

/** Cards this viewer may not see: backs and their count; the API sent nothing more. A `stacked` pile overlaps them. */
export function FaceDown({ seat, label, count, what = 'face down', stacked = false }: { seat: string; label: string; count: number; what?: string; stacked?: boolean }) {
  return (
    <div className="zone">
      <h3>
        {label} <span className="muted">({count} {what})</span>
      </h3>
      {count === 0 ? (
        <p className="muted empty">—</p>
      ) : (
        <ul aria-label={`${seat} ${label}`} className={stacked ? 'backs stacked' : 'backs'}>
          {Array.from({ length: count }, (_, i) => (
            <li key={i} className="card back" aria-label="face-down card" />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A public pile (graveyard, drop, shrine…): its count, its cards in arrival order on request. */
export function Pile({ seat, label, cards }: { seat: string; label: string; cards: readonly { name: string }[] }) {
  return (
    <details className="zone pile">
      <summary>
        {label} ({cards.length})
      </summary>
      {cards.length ? (
        <ul aria-label={`${seat} ${label}`}>
          {cards.map((c, i) => (
            <li key={i}>{c.name}</li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}

/**
 * A card face up: its name, then short lines of stats and state. `turned` tilts it (rested); `role`
 * says what it does in the fight under way ("attacking", "blocking").
 */
export function Card({
  id,
  name,
  lines,
  turned = false,
  faceDown = false,
  role,
}: {
  id: string;
  name: string;
  lines: readonly (ReactNode | false | null | undefined)[];
  turned?: boolean;
  faceDown?: boolean;
  role?: string | undefined;
}) {
  return (
    <div className={`card${turned ? ' turned' : ''}${faceDown ? ' own-face-down' : ''}${role ? ' in-fight' : ''}`} data-card-id={id}>
      <span className="card-name">{name}</span>
      {role ? <span className="card-role">⚔ {role}</span> : null}
      {lines.filter((l) => l !== false && l !== null && l !== undefined && l !== '').map((l, i) => (
        <span key={i} className="card-line">
          {l}
        </span>
      ))}
    </div>
  );
}

/** The steps of a turn as a row, the current one marked in words as well as in colour. */
export function StepTrack({ label, steps, current }: { label: string; steps: readonly (readonly [string, string])[]; current: string | undefined }) {
  return (
    <ol className="step-track" aria-label={label}>
      {steps.map(([key, text]) => (
        <li key={key} aria-current={key === current ? 'step' : undefined}>
          {text}
          {key === current ? <span className="sr-only"> (current)</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** "Game over: Alice won (Aegis exhausted)" or "Game over: draw (…)", the reason as `system`'s rulebook names the ending. */
export function resultLine(
  result: { winner?: string | null; reason?: string } | null | undefined,
  name: (seat: string) => string,
  system: string,
  over = 'Game over',
): string | null {
  return result ? `${over}: ${outcomeWords(result, name, system)}` : null;
}
