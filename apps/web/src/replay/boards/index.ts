import type { ComponentType } from 'react';
import type { GameState, GameSummary } from '../../api/types';
import { AegisBoard } from './aegis';
import { BornFromBloodBoard } from './born-from-blood';
import { DevacurseBoard } from './devacurse';
import { GenericBoard } from './generic';
import { SummonerMasterBoard } from './summoner-master';

export interface BoardProps<View = unknown> {
  /** The viewer's view of the board, exactly as the state API answered it. */
  readonly view: View;
  readonly state: GameState;
  readonly players: GameSummary['players'];
}

/** One board per game system, the same plug-in shape as libs/rules; a system without one gets the generic board. */
const BOARDS: Record<string, ComponentType<BoardProps<any>>> = {
  'born-from-blood': BornFromBloodBoard,
  aegis: AegisBoard,
  devacurse: DevacurseBoard,
  'summoner-master': SummonerMasterBoard,
};

export function boardFor(system: string): ComponentType<BoardProps<any>> {
  return BOARDS[system] ?? GenericBoard;
}
