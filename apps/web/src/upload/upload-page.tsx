import { ChangeEvent, DragEvent, useState } from 'react';
import { session } from '../api/client';
import { keepRejectedDocument } from '../replay/prefix-store';
import { stepOfRejection } from '../replay/positions';
import { Link } from '../router';
import { useTitle } from '../ui/errors';
import { counted } from '../ui/words';

interface Rejection {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly index?: number | null;
  readonly type?: string;
  readonly validEvents?: number;
  readonly path?: string;
  /** Where in a tournament bundle: round number, table and game number. */
  readonly round?: number;
  readonly table?: number;
  readonly game?: number;
  /** The prefix viewer of a rule failure, when the document itself was readable. */
  readonly prefix?: string;
}

interface Line {
  readonly label: string;
  readonly status: 'created' | 'exists' | 'rejected';
  readonly id?: string;
  readonly events?: number;
  /** A tournament bundle's answer: the tournament with its rounds and games. */
  readonly tournament?: { readonly id: string; readonly rounds?: number; readonly games?: number; readonly fromRound?: number };
  readonly rejection?: Rejection;
}

interface FileResult {
  readonly name: string;
  readonly size: number;
  readonly progress: number;
  readonly state: 'waiting' | 'uploading' | 'done' | 'failed';
  readonly lines: Line[];
  readonly error?: Rejection;
}

/** POSTs with upload progress (fetch has none); resolves with the status and the parsed answer. */
function send(path: string, body: string, token: string, onProgress: (fraction: number) => void): Promise<{ status: number; body: any }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('content-type', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let parsed: any = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = { error: { code: `HTTP_${xhr.status}`, message: xhr.responseText } };
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => resolve({ status: 0, body: { error: { code: 'NETWORK', message: 'the server did not answer' } } });
    xhr.send(body);
  });
}

function rejectionOf(status: number, error: any, documentText?: string): Rejection {
  const r: Rejection = { status, code: error?.code ?? `HTTP_${status}`, message: error?.message ?? 'rejected', ...error };
  // A rule failure (422) has a valid prefix to look at; a document that did not parse has none.
  if (status === 422 && typeof r.index === 'number' && r.index >= 0 && documentText) return { ...r, prefix: `/upload/prefix/${keepRejectedDocument(documentText)}?step=${stepOfRejection(r)}&view=judge` };
  return r;
}

export const TOURNAMENT_FORMAT = 'cardlog-tournament/1';

/** A single JSON document whose `format` says it is a tournament bundle (else null). */
function asBundle(text: string): { tournament?: { id?: unknown }; rounds?: unknown[] } | null {
  try {
    const doc = JSON.parse(text);
    return doc && typeof doc === 'object' && doc.format === TOURNAMENT_FORMAT ? doc : null;
  } catch {
    return null;
  }
}

/** The game document a bundle rejection points into (`$.rounds[i].pairings[j].games[k]…`), as text. */
function gameOfBundle(bundle: any, path: string | undefined): string | undefined {
  const m = /^\$\.rounds\[(\d+)\]\.pairings\[(\d+)\]\.games\[(\d+)\]/.exec(path ?? '');
  const game = m ? bundle?.rounds?.[Number(m[1])]?.pairings?.[Number(m[2])]?.games?.[Number(m[3])] : undefined;
  return game ? JSON.stringify(game) : undefined;
}

/**
 * JSON Lines by its name (`.jsonl`, `.ndjson`), or a file of several lines whose first line is a JSON
 * value by itself (one game per line under another name). A document written over many lines, as
 * `cardlog simulate` and `cardlog export` write them, starts with a lone "{" and is one game.
 */
function isJsonLines(name: string, text: string): boolean {
  if (/\.(jsonl|ndjson)$/i.test(name)) return true;
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length <= 1) return false;
  try {
    JSON.parse(lines[0]!);
    return true;
  } catch {
    return false;
  }
}

/** `/upload`: files or JSON Lines bundles with a session-only token; per-file progress and results. */
export function UploadPage() {
  useTitle('Upload');
  const [token, setToken] = useState(session.token());
  const [files, setFiles] = useState<FileResult[]>([]);
  const [dragging, setDragging] = useState(false);
  const done = files.filter((f) => f.state === 'done' || f.state === 'failed').length;

  const update = (i: number, change: Partial<FileResult>) => setFiles((all) => all.map((f, k) => (k === i ? { ...f, ...change } : f)));

  const upload = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    session.setToken(token.trim());
    const start = files.length;
    setFiles((all) => [...all, ...chosen.map((f) => ({ name: f.name, size: f.size, progress: 0, state: 'waiting' as const, lines: [] }))]);
    for (const [k, file] of chosen.entries()) {
      const i = start + k;
      const text = await file.text();
      update(i, { state: 'uploading' });
      const bundle = asBundle(text);
      if (bundle) {
        await uploadBundle(i, file.name, text, bundle);
        continue;
      }
      const batch = isJsonLines(file.name, text);
      const { status, body } = await send(batch ? '/v1/games/batch' : '/v1/games', text, token.trim(), (p) => update(i, { progress: p }));
      if (status >= 200 && status < 300 && batch) {
        const lines = text.split('\n');
        update(i, {
          state: 'done',
          progress: 1,
          lines: body.results.map((r: any) =>
            r.status === 'rejected'
              ? { label: `line ${r.line}`, status: 'rejected', rejection: rejectionOf(typeof r.error?.index === 'number' ? 422 : 400, r.error, lines[r.line - 1]) }
              : { label: `line ${r.line}`, status: r.status, id: r.id, events: r.events },
          ),
        });
      } else if (status >= 200 && status < 300) {
        update(i, { state: 'done', progress: 1, lines: [{ label: file.name, status: status === 201 ? 'created' : 'exists', id: body.id, events: body.events }] });
      } else if (!batch && (status === 422 || status === 400)) {
        update(i, { state: 'done', progress: 1, lines: [{ label: file.name, status: 'rejected', rejection: rejectionOf(status, body?.error, text) }] });
      } else {
        update(i, { state: 'failed', progress: 1, error: rejectionOf(status, body?.error) });
      }
    }
  };

  /** A tournament bundle goes whole to POST /v1/tournaments: stored all or nothing. */
  const uploadBundle = async (i: number, name: string, text: string, bundle: any) => {
    const { status, body } = await send('/v1/tournaments', text, token.trim(), (p) => update(i, { progress: p }));
    if (status >= 200 && status < 300) {
      update(i, { state: 'done', progress: 1, lines: [{ label: name, status: status === 201 ? 'created' : 'exists', tournament: { id: body.id, rounds: body.rounds, games: body.games, fromRound: body.fromRound } }] });
    } else if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 413) {
      update(i, { state: 'done', progress: 1, lines: [{ label: name, status: 'rejected', rejection: rejectionOf(status, body?.error, gameOfBundle(bundle, body?.error?.path)) }] });
    } else {
      update(i, { state: 'failed', progress: 1, error: rejectionOf(status, body?.error) });
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void upload([...e.dataTransfer.files]);
  };
  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    void upload([...(e.target.files ?? [])]);
    e.target.value = '';
  };

  return (
    <section className="upload">
      <h1>Upload games</h1>
      <p>
        cardlog/1 documents (<code>.json</code>, one game each), JSON Lines (<code>.jsonl</code>, one game per line) or a tournament bundle (<code>cardlog-tournament/1</code>,
        one <code>.json</code> with the players, lists, rounds and games, stored all or nothing). A rejected game stores nothing; its valid prefix can still be replayed here.
      </p>
      <label className="token-field">
        Upload token <input type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder="kept for this tab only" />
      </label>
      <div
        className={`drop${dragging ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop files here, or</p>
        <label className="button-like">
          Choose files <input type="file" multiple accept=".json,.jsonl,.ndjson,application/json" onChange={onChoose} />
        </label>
      </div>
      {files.length ? (
        <>
          <label className="overall">
            Upload progress {done} of {counted(files.length, 'file')} <progress max={files.length} value={done} />
          </label>
          <ol className="results" aria-label="Upload results">
            {files.map((f, i) => (
              <li key={i} aria-label={f.name}>
                <div className="file-head">
                  <strong>{f.name}</strong> <span className="muted">({Math.ceil(f.size / 1024)} KiB)</span>{' '}
                  <progress max={1} value={f.progress} aria-label={`${f.name} progress`} /> <span>{f.state}</span>
                </div>
                {f.error ? <RejectionText rejection={f.error} /> : null}
                <ul>
                  {f.lines.map((l, k) => (
                    <li key={k} className={`line ${l.status}`}>
                      {l.tournament && l.status !== 'rejected' ? (
                        <>
                          <span className="status-word">✓ {l.status !== 'created' ? 'tournament already stored' : l.tournament.fromRound ? 'tournament grew' : 'tournament stored'}</span>{' '}
                          {l.tournament.rounds !== undefined ? `${roundsStored(l.tournament)}${l.tournament.games !== undefined ? `, ${counted(l.tournament.games, 'game')}` : ''} · ` : ''}
                          <Link href={`/tournaments/${encodeURIComponent(l.tournament.id)}`}>open the tournament</Link>
                        </>
                      ) : l.status === 'rejected' ? (
                        <>
                          <span className="status-word">✗ rejected</span> {l.label !== f.name ? `${l.label}: ` : ''}
                          <RejectionText rejection={l.rejection!} />
                        </>
                      ) : (
                        <>
                          <span className="status-word">✓ {l.status === 'created' ? 'stored' : 'already stored'}</span> {l.label !== f.name ? `${l.label}: ` : ''}
                          {l.events !== undefined ? `${counted(l.events, 'event')} · ` : ''}
                          <Link href={`/games/${l.id}?step=0`}>open the replay</Link>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

function RejectionText({ rejection: r }: { rejection: Rejection }) {
  return (
    <span className="rejection">
      {r.round !== undefined ? (
        <>
          round <strong>{r.round}</strong>
          {r.table !== undefined ? <>, table <strong>{r.table}</strong></> : null}
          {r.game !== undefined ? <>, game <strong>{r.game}</strong></> : null}
          {typeof r.index === 'number' && r.index >= 0 ? ', ' : ' '}
        </>
      ) : null}
      {typeof r.index === 'number' && r.index >= 0 ? (
        <>
          event <strong>{r.index}</strong>
          {r.type ? ` (${r.type})` : ''}{' '}
        </>
      ) : r.path ? (
        <>
          at <code>{r.path}</code>{' '}
        </>
      ) : null}
      <code>{r.code}</code>: {r.message}
      {r.status === 401 ? ' — enter a valid upload token' : r.status === 403 ? ' — this token may not record for that tournament' : ''}
      {r.prefix ? (
        <>
          {' '}
          · <Link href={r.prefix}>open the valid prefix in the replay viewer</Link>
        </>
      ) : null}
    </span>
  );
}

/** "5 rounds"; for a bundle that grew since it was recorded, the rounds it added: "rounds 4–5 added". */
function roundsStored(t: { readonly rounds?: number; readonly fromRound?: number }): string {
  const n = t.rounds ?? 0;
  if (!t.fromRound) return `${n} round${n === 1 ? '' : 's'}`;
  return n === 1 ? `round ${t.fromRound} added` : `rounds ${t.fromRound}–${t.fromRound + n - 1} added`;
}
