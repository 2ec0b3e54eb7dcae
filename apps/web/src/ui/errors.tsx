import { useEffect } from 'react';
import { ApiError } from '../api/client';

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

export function NotFound({ what }: { what: string }) {
  useTitle('Not found');
  return (
    <section>
      <h1>Not found</h1>
      <p>There is no {what}.</p>
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
