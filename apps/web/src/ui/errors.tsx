import { useEffect } from 'react';
import { ApiError } from '../api/client';
import { Link } from '../router';

/** The API's answer, said plainly: status, code and message (401/403 name the token). */
export function ErrorBox({ error, title }: { error: unknown; title?: string }) {
  const e = error instanceof ApiError ? error : null;
  const hint =
    e?.status === 401
      ? 'This view needs a token: enter one in the token box.'
      : e?.status === 403
        ? 'The token you entered is not allowed this view.'
        : e?.status === 0
          ? 'Check that the server is running.'
          : null;
  return (
    <div role="alert" className="error-box">
      <strong>{title ?? 'The server said no'}</strong>
      <p>
        {e ? (
          <>
            {e.status ? `${e.status} ` : ''}
            <code>{e.code}</code>: {e.message}
          </>
        ) : (
          String((error as Error)?.message ?? error)
        )}
      </p>
      {hint ? <p>{hint}</p> : null}
    </div>
  );
}

/**
 * A path no page answers, with where to go instead: a game's replay for a path under it (an API
 * route's shape, such as /games/ID/replay, typed as a page), else the lists to start from.
 */
export function NotFound({ path }: { path: string }) {
  useTitle('Not found');
  const game = /^\/games\/([^/]+)\/./.exec(path)?.[1];
  return (
    <section>
      <h1>Not found</h1>
      <p>There is no page at {path}.</p>
      {game ? (
        <p>
          The replay of game {game} is at <Link href={`/games/${game}`}>/games/{game}</Link>.
        </p>
      ) : (
        <p>
          Start from the <Link href="/games">games</Link>, the <Link href="/tournaments">tournaments</Link> or the <Link href="/meta">meta</Link>.
        </p>
      )}
    </section>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" aria-live="polite" className="loading">
      Loading {what}…
    </p>
  );
}

/** One title per page: "<page> · Cardlog". */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Cardlog`;
  }, [title]);
}
