import { bornFromBloodVocabulary } from '@cardlog/events';
import type { GamePlugin } from '../game-plugin';
import { bornFromBlood } from '.';
import { bornFromBloodBoard } from './board';
import { bornFromBloodInsights } from './insights';
import { simulateGame } from './simulate/game';

/** Born from Blood as one registry entry. */
export const bornFromBloodPlugin: GamePlugin = {
  system: bornFromBlood,
  vocabulary: bornFromBloodVocabulary,
  insights: bornFromBloodInsights,
  simulator: {
    playerCounts: [2],
    simulate({ seed, maxEvents }) {
      const game = simulateGame(bornFromBlood, maxEvents === undefined ? { seed } : { seed, maxEvents });
      return { document: game.document, ending: game.ending, byWinCondition: game.ending !== 'concede' };
    },
  },
  textBoard: bornFromBloodBoard,
};
