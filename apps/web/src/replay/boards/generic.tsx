import type { BoardProps } from '.';

/**
 * A readable rendering of any view, for systems whose board has not been drawn yet: nested
 * fields as labelled lists, so the page is never blank and nothing is hidden that the API sent.
 */
export function GenericBoard({ view }: BoardProps) {
  return (
    <div className="generic-board">
      <p className="muted">This system has no board layout yet; here is its view as the API sent it.</p>
      <Value value={view} />
    </div>
  );
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>;
    return (
      <ol className="generic-list">
        {value.map((v, i) => (
          <li key={i}>
            <Value value={v} />
          </li>
        ))}
      </ol>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span className="muted">none</span>;
  return (
    <dl className="generic-fields">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            <Value value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
