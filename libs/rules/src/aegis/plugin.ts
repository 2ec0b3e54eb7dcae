import { aegisVocabulary } from '@cardlog/events';
import type { GamePlugin } from '../game-plugin';
import { aegis } from '.';
import { aegisBoard } from './board';
import { DEMO_DECKS } from './catalog';
import { aegisInsights } from './insights';
import { simulateAegisGame } from './simulate/game';

/** Aegis as one registry entry. */
export const aegisPlugin: GamePlugin = {
  system: aegis,
  vocabulary: aegisVocabulary,
  insights: aegisInsights,
  simulator: {
    playerCounts: [2],
    demoDecks: DEMO_DECKS.map((d) => ({ name: d.name, archetype: d.archetype })),
    simulate({ seed, players, maxEvents, seats, firstSeat, game: context }) {
      if ((players !== undefined && players !== 2) || (seats && seats.length !== 2)) throw new Error('aegis is played by exactly two players');
      const deckNamed = (name: string) => {
        const deck = DEMO_DECKS.find((d) => d.name === name);
        if (!deck) throw new Error(`no aegis demo deck named "${name}"`);
        return deck;
      };
      if (firstSeat !== undefined && firstSeat !== 'p1' && firstSeat !== 'p2') throw new Error(`no seat ${firstSeat} in aegis`);
      const played = simulateAegisGame(aegis, {
        seed,
        ...(maxEvents === undefined ? {} : { maxEvents }),
        ...(seats
          ? {
              decks: { p1: deckNamed(seats[0]!.deck), p2: deckNamed(seats[1]!.deck) },
              names: { p1: { id: seats[0]!.id, name: seats[0]!.name }, p2: { id: seats[1]!.id, name: seats[1]!.name } },
            }
          : {}),
        ...(firstSeat ? { firstSeat } : {}),
        ...(context ? { game: context } : {}),
      });
      return { document: played.document, ending: played.ending, byWinCondition: played.ending !== 'concede' };
    },
  },
  textBoard: aegisBoard,
};
