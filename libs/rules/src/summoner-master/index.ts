import type { SmCard } from '@cardlog/events';
import type { GameSystem, Outcome } from '../game-system';
import { builtinCatalogs } from './catalog';
import { decide } from './decide';
import { describe } from './describe';
import { evolve, evolveInPlace, own, stepInPlace } from './evolve';
import { initialState } from './setup';
import type { SmState } from './state';
import { view } from './view';

export type { SmState } from './state';
export type { SmView } from './view';
export { effective as effectiveCharacteristics, shrineLevel as smShrineLevel } from './state';
export { checkMatchFirstPlayer } from './match';

function outcome(state: SmState): Outcome | null {
  const result = state.result;
  if (!result) return null;
  return result.winner ? { result: 'win', winner: result.winner, reason: result.reason } : { result: 'draw', reason: result.reason };
}

/** Summoner Master (rules digest revision 2) as a Decider. */
export const summonerMaster: GameSystem<SmState, SmCard> = {
  id: 'summoner-master',
  rulesVersions: ['1'],
  derivedEventTypes: new Set(),
  builtinCatalogs,
  initialState,
  decide,
  evolve,
  isTerminal: (state) => state.stage === 'ended',
  outcome,
  view,
  describe,
  // One rule book: `evolve` is the copy-on-write sibling of `evolveInPlace`, and `decide` only reads.
  inPlace: { own, step: stepInPlace, apply: evolveInPlace },
};
