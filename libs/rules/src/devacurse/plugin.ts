import { devacurseVocabulary } from '@cardlog/events';
import type { GamePlugin } from '../game-plugin';
import { devacurse } from '.';
import { devacurseBoard } from './board';
import { DEMO_DECKS } from './catalog';
import { devacurseInsights } from './insights';
import { simulateDevacurse } from './simulate/game';
import { universeViolations } from './universe';

/** Devacurse as one registry entry. */
export const devacursePlugin: GamePlugin = {
  system: devacurse,
  vocabulary: devacurseVocabulary,
  insights: devacurseInsights,
  simulator: {
    playerCounts: [2, 3, 4],
    demoDecks: DEMO_DECKS.map((d) => ({ name: d.name, archetype: d.archetype })),
    simulate(options) {
      const played = simulateDevacurse(devacurse, options);
      return { document: played.document, ending: played.ending, byWinCondition: played.ending !== 'concede' };
    },
  },
  textBoard: devacurseBoard,
  // A Deva's deck is its Universe: a tournament registers a UniverseRegistered payload.
  deckRegistration: 'UniverseRegistered',
  validateDeck: universeViolations,
};
