import type { SystemId } from '@cardlog/events';
import { aegisPlugin } from './aegis/plugin';
import { bornFromBloodPlugin } from './born-from-blood/plugin';
import { devacursePlugin } from './devacurse/plugin';
import { summonerMasterPlugin } from './summoner-master/plugin';
import type { GamePlugin, GameSimulator } from './game-plugin';
import type { AnyGameSystem } from './game-system';
import type { GameInsights } from './insights';

/**
 * Every game whose rules this build enforces. This list is the only place that names every game:
 * adding a game is one entry here (and its vocabulary in libs/events).
 */
const GAMES: readonly GamePlugin[] = [aegisPlugin, bornFromBloodPlugin, devacursePlugin, summonerMasterPlugin];

const BY_ID: ReadonlyMap<string, GamePlugin> = new Map(GAMES.map((g) => [g.system.id, g]));

export function findGame(id: string): GamePlugin | undefined {
  return BY_ID.get(id);
}

export function findSystem(id: string): AnyGameSystem | undefined {
  return BY_ID.get(id)?.system;
}

export function findInsights(id: string): GameInsights<any> | undefined {
  return BY_ID.get(id)?.insights;
}

export function findSimulator(id: string): GameSimulator | undefined {
  return BY_ID.get(id)?.simulator;
}

export function registeredGames(): readonly GamePlugin[] {
  return GAMES;
}

export function registeredSystems(): AnyGameSystem[] {
  return GAMES.map((g) => g.system);
}

export function registeredSystemIds(): SystemId[] {
  return GAMES.map((g) => g.system.id);
}
