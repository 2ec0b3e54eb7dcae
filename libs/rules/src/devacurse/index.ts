import type { DvCard } from '@cardlog/events';
import type { GameSystem, Outcome } from '../game-system';
import { builtinCatalogs } from './catalog';
import { SYSTEM_EVENT_TYPES, decide } from './decide';
import { describe } from './describe';
import { sameDerived } from './same-derived';
import { evolve } from './evolve';
import { devacurseInPlace } from './in-place';
import { initialState } from './setup';
import { DvState, endingOf } from './state';
import { view } from './view';

export type { DvState } from './state';
export type { DvView } from './view';

function outcome(state: DvState): Outcome | null {
  const result = state.result;
  if (!result) return null;
  const reason = endingOf(result);
  return result.winner ? { result: 'win', winner: result.winner, reason } : { result: 'draw', reason };
}

/** Devacurse (rules digest revision 2.1, 2–4 Devas and more) as a Decider. */
export const devacurse: GameSystem<DvState, DvCard> = {
  id: 'devacurse',
  rulesVersions: ['1'],
  derivedEventTypes: SYSTEM_EVENT_TYPES,
  builtinCatalogs,
  initialState,
  decide,
  evolve,
  isTerminal: (state) => state.status === 'ended',
  outcome,
  view,
  describe,
  inPlace: devacurseInPlace,
  sameDerived,
};
