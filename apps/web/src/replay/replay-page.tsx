import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../api/client';
import { Link } from '../router';
import { tournamentHref, useRecordedTournaments } from '../tournaments/recorded';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { boardFor } from './boards';
import { Controls } from './controls';
import { EventLog } from './event-log';
import { nextTurn, previousTurn } from './positions';
import { isLocal } from './sources';
import { Timeline } from './timeline';
import { ReplayModel, useReplay } from './use-replay';
import { systemName } from '../ui/words';

/** `/games/:id?step=N&view=V`: the shared frame (board, controls, timeline, log) around each system's board. */
export function ReplayPage({ gameId }: { gameId: string }) {
  const model = useReplay(gameId);
  const { game, replay, state, step, total } = model;
  const players = game.data?.players ?? [];
  useTitle(players.length ? `Replay: ${players.map((p) => p.name).join(' vs ')} · step ${step}` : 'Replay');
  useKeyboard(model);

  if (game.isError) return <ErrorBox error={game.error} title="This game could not be opened" />;
  if (replay.isError) return <ErrorBox error={replay.error} title="This replay could not be read" />;
  if (!game.data || !replay.data) return <Loading what="the replay" />;

  const Board = boardFor(game.data.system);
  const shown = state.data;
  return (
    <div className="replay">
      <header className="replay-head">
        <h1>
          {players.map((p) => p.name).join(' vs ')} <span className="muted">· {systemName(game.data.system)}</span>
        </h1>
        <TournamentContext context={game.data.game} />
        <ViewerBar model={model} />
        {isLocal(gameId) ? (
          <p className="notice" role="note">
            The valid prefix of a rejected upload, replayed in this browser from your file: nothing was stored, and this link works only in this tab. Its last step, {total}, is the board just
            before the rejected event.
          </p>
        ) : null}
      </header>
      <section className="board-area" aria-label="Board" aria-busy={state.isFetching} data-step={shown?.step ?? ''} data-view={shown?.view ?? ''}>
        <p className="step-caption" aria-live="polite">
          Step {step} of {total}
          {shown && shown.step !== step ? <span className="muted"> (loading…)</span> : null}
          {replay.data.projected < total ? <span className="muted"> · log projected up to step {replay.data.projected}</span> : null}
        </p>
        {state.isError ? <ErrorBox error={state.error} title={`The ${model.view} view of step ${step} is not available`} /> : null}
        {shown && !state.isError ? <Board view={shown.state as any} state={shown} players={players} /> : null}
        {!shown && !state.isError ? <Loading what={`step ${step}`} /> : null}
      </section>
      <div className="replay-controls">
        <Controls model={model} />
        <Timeline model={model} />
      </div>
      <EventLog model={model} />
    </div>
  );
}

/** A game of a recorded tournament links back up to its match on the tournament page. */
function TournamentContext({ context }: { context: { tournament?: string; round?: number; table?: number; gameNumber?: number; bestOf?: number } | null | undefined }) {
  const recorded = useRecordedTournaments();
  if (!context?.tournament) return null;
  const { tournament, round, table, gameNumber, bestOf } = context;
  const name = recorded.get(tournament);
  const where = `${name ?? tournament}${round !== undefined ? ` · round ${round}` : ''}${table !== undefined ? ` · table ${table}` : ''}`;
  return (
    <nav className="breadcrumb" aria-label="Tournament">
      {name !== undefined ? <Link href={tournamentHref(tournament, round, table)}>{where}</Link> : where}
      {gameNumber !== undefined ? ` · game ${gameNumber}${bestOf ? ` of best of ${bestOf}` : ''}` : ''}
    </nav>
  );
}

/** ← → step, Shift+← → turn, Space play, Home/End; yields to text fields (and to focused controls that use the key). */
function useKeyboard(model: ReplayModel) {
  const { step, total, turns, go, togglePlay } = model;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      const tag = target?.tagName;
      if (target?.isContentEditable || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (tag === 'INPUT' && (target as HTMLInputElement).type !== 'range') return;
      if (tag === 'INPUT' && !e.shiftKey && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return; // the slider moves itself
      if (e.key === ' ' && (tag === 'BUTTON' || tag === 'A')) return; // Space presses the focused button
      const to =
        e.key === 'ArrowRight' ? (e.shiftKey ? nextTurn(turns, step, total) : step + 1)
        : e.key === 'ArrowLeft' ? (e.shiftKey ? previousTurn(turns, step) : step - 1)
        : e.key === 'Home' ? 0
        : e.key === 'End' ? total
        : null;
      if (to !== null) {
        e.preventDefault();
        go(to);
      } else if (e.key === ' ') {
        e.preventDefault();
        togglePlay();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, total, turns, go, togglePlay]);
}

function ViewerBar({ model }: { model: ReplayModel }) {
  const client = useQueryClient();
  const players = model.game.data?.players ?? [];
  const finished = model.game.data?.status === 'finished';
  // A rejected upload's prefix is the user's own file, replayed here: no token is involved.
  const local = isLocal(model.game.data?.id ?? '');
  const [token, setToken] = useState(session.token());
  const [copied, setCopied] = useState<string | null>(null);
  const viewers = [
    ...players.map((p) => ({ value: p.seat, label: `${p.name} (${p.seat})` })),
    { value: 'spectator', label: 'Spectator' },
    { value: 'judge', label: local ? 'Judge' : 'Judge (needs a token)' },
    ...(finished ? [{ value: 'reveal', label: 'Reveal (after the game)' }] : []),
  ];
  const applyToken = () => {
    session.setToken(token.trim());
    void client.invalidateQueries({ queryKey: ['state'] });
  };
  const copyLink = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link to this step copied');
    } catch {
      setCopied(`Copy this link: ${url}`);
    }
  };
  return (
    <div className="viewer-bar">
      <label>
        Viewer{' '}
        <select value={model.view} onChange={(e) => model.setView(e.target.value)}>
          {viewers.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
      </label>
      {local ? null : (
        <form
          className="token"
          onSubmit={(e) => {
            e.preventDefault();
            applyToken();
          }}
        >
          <label>
            Token <input type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder="for seat or judge views" />
          </label>
          <button type="submit">Use token</button>
        </form>
      )}
      <button type="button" onClick={copyLink}>
        Copy link to this step
      </button>
      <span role="status" className="muted">
        {copied}
      </span>
    </div>
  );
}
