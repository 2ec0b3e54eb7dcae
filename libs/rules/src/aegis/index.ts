import type { AgCard } from '@cardlog/events';
import type { GameSystem, Outcome } from '../game-system';
import { builtinCatalogs } from './catalog';
import { decide, step } from './decide';
import { describe } from './describe';
import { ownType } from './event-type';
import { applyEvent, evolve, own } from './evolve';
import { initialState } from './setup';
import { AgState, StateDraft } from './state';
import { view } from './view';

export type { AgState } from './state';
export type { AgView } from './view';
export { validateCatalog } from './catalog-validation';
export type { CatalogIssue } from './catalog-validation';

function outcome(state: AgState): Outcome | null {
  const result = state.result;
  if (!result) return null;
  return result.winner ? { result: 'win', winner: result.winner, reason: result.reason } : { result: 'draw', reason: result.reason };
}

/** Aegis (Core Rulebook v0.2, digest revision 2.1) as a Decider. */
export const aegis: GameSystem<AgState, AgCard> = {
  id: 'aegis',
  rulesVersions: ['1'],
  derivedEventTypes: new Set(['GameEnded']),
  builtinCatalogs,
  initialState,
  decide,
  evolve,
  isTerminal: (state) => state.stage === 'ended',
  outcome,
  view,
  describe,
  // The same rule book on a state the fold owns: no copy per event (evolve.ts, decide.ts `step`).
  inPlace: {
    own,
    step,
    apply: (state, event) => applyEvent(state as StateDraft, null, event, ownType(event.type)),
  },
};
