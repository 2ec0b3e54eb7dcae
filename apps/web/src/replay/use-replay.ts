import { useCallback, useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '../api/client';
import { setParams, useLocation } from '../router';
import { stepFromParam, turnStarts } from './positions';
import { sourceFor } from './sources';

export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

const stateKey = (gameId: string, step: number, view: string) => ['state', gameId, step, view, session.token()] as const;

/**
 * The replay's data and position. Step, viewer, playing and speed live in the URL, so a link lands
 * on the same moment; the board for a step is asked of the API as that viewer (it never receives
 * what that viewer may not see) and cached, with the next steps fetched ahead.
 */
export function useReplay(gameId: string) {
  const { params } = useLocation();
  const client = useQueryClient();
  const source = useMemo(() => sourceFor(gameId), [gameId]);
  const game = useQuery({ queryKey: ['game', gameId], queryFn: ({ signal }) => source.game(signal) });
  const replay = useQuery({ queryKey: ['replay', gameId], queryFn: ({ signal }) => source.replay(signal) });
  const total = replay.data?.total ?? game.data?.events ?? 0;
  const step = stepFromParam(params.get('step'), total);
  const view = params.get('view') ?? 'spectator';
  const speed = Number(params.get('speed')) || 1;
  const playing = params.get('play') === '1';
  const ready = replay.isSuccess;

  const state = useQuery({
    queryKey: stateKey(gameId, step, view),
    queryFn: ({ signal }) => source.state(step, view, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });

  const prefetch = useCallback(
    (s: number) => {
      if (s < 0 || s > total) return;
      void client.prefetchQuery({ queryKey: stateKey(gameId, s, view), queryFn: ({ signal }) => source.state(s, view, signal) });
    },
    [client, gameId, view, total, source],
  );

  // Ahead of the position (further while playing fast), and one behind for stepping back.
  useEffect(() => {
    if (!ready || state.isError) return;
    const ahead = playing ? Math.max(4, Math.ceil(speed * 3)) : 2;
    for (let k = 1; k <= ahead; k++) prefetch(step + k);
    prefetch(step - 1);
  }, [ready, step, playing, speed, prefetch, state.isError]);

  const go = useCallback((s: number) => setParams({ step: Math.max(0, Math.min(total, Math.round(s))) }), [total]);

  // A step parameter past the end (or malformed) is rewritten to the step actually shown.
  useEffect(() => {
    if (ready && (params.get('step') !== String(step) || !params.get('view'))) setParams({ step, view });
  }, [ready, params, step, view]);

  // Playback: advance once the current board has arrived, at 1 step per second × speed.
  useEffect(() => {
    if (!playing || !ready) return;
    if (step >= total) {
      setParams({ play: null });
      return;
    }
    if (state.isPlaceholderData || state.isFetching) return;
    const timer = window.setTimeout(() => go(step + 1), 1000 / speed);
    return () => window.clearTimeout(timer);
  }, [playing, ready, step, total, speed, go, state.isPlaceholderData, state.isFetching]);

  const turns = useMemo(() => turnStarts(replay.data?.steps ?? []), [replay.data]);

  return {
    game,
    replay,
    state,
    total,
    step,
    view,
    speed,
    playing,
    turns,
    go,
    setView: (v: string) => setParams({ view: v }),
    setSpeed: (s: number) => setParams({ speed: s === 1 ? null : s }),
    togglePlay: () => setParams({ play: playing ? null : step >= total ? null : '1' }),
  };
}

export type ReplayModel = ReturnType<typeof useReplay>;
