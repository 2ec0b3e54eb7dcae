import type { BfbCard } from '@cardlog/events';
import type { GameSystem, Outcome } from '../game-system';
import { builtinCatalogs } from './catalog';
import { decide, step } from './decide';
import { describe } from './describe';
import { applyEvent, evolve } from './evolve';
import { inPlace, ownState } from './mutate';
import { initialState } from './setup';
import { BfbState } from './state';
import { view } from './view';

export type { BfbState } from './state';
export type { BfbView } from './view';

function outcome(state: BfbState): Outcome | null {
  const result = state.result;
  if (!result) return null;
  return result.winner ? { result: 'win', winner: result.winner, reason: result.reason } : { result: 'draw', reason: result.reason };
}

/** Born from Blood (rules digest revision 2) as a Decider. */
export const bornFromBlood: GameSystem<BfbState, BfbCard> = {
  id: 'born-from-blood',
  rulesVersions: ['1'],
  derivedEventTypes: new Set(['CardsPutInGraveyard', 'GameEnded']),
  builtinCatalogs,
  initialState,
  decide,
  evolve,
  isTerminal: (state) => state.stage === 'ended',
  outcome,
  view,
  describe,
  inPlace: {
    own: ownState,
    step,
    apply: (state, event) => applyEvent(inPlace(state), event),
  },
};
