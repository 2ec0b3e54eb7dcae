import { api } from '../api/client';
import type { GameReplay, GameState, GameSummary } from '../api/types';

/** Where a replay's game, steps and boards come from: the API, or a rejected upload's prefix in this tab. */
export interface ReplaySource {
  game(signal?: AbortSignal): Promise<GameSummary>;
  replay(signal?: AbortSignal): Promise<GameReplay>;
  state(step: number, view: string, signal?: AbortSignal): Promise<GameState>;
}

export const isLocal = (gameId: string) => gameId.startsWith('local:');

export function sourceFor(gameId: string): ReplaySource {
  if (isLocal(gameId)) {
    const key = gameId.slice('local:'.length);
    // Loaded on demand, so the rules engine is only downloaded by the prefix viewer.
    const local = () => import('./local-source').then((m) => m.localGame(key));
    return {
      game: () => local().then((l) => l.summary),
      replay: () => local().then((l) => l.replay),
      state: (step, view) => local().then((l) => l.state(step, view)),
    };
  }
  return {
    game: (signal) => api.game(gameId, signal),
    replay: (signal) => api.replay(gameId, signal),
    state: (step, view, signal) => api.state(gameId, step, view, signal),
  };
}
