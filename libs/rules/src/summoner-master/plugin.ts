import { summonerMasterVocabulary } from '@cardlog/events';
import type { GamePlugin } from '../game-plugin';
import { summonerMaster } from '.';
import { summonerMasterBoard } from './board';
import { SM_DEMO_DECKS } from './catalog';
import { summonerMasterInsights } from './insights';
import { simulateSmGame } from './simulate/game';

/** Summoner Master as one registry entry. */
export const summonerMasterPlugin: GamePlugin = {
  system: summonerMaster,
  vocabulary: summonerMasterVocabulary,
  insights: summonerMasterInsights,
  simulator: {
    playerCounts: [2],
    demoDecks: SM_DEMO_DECKS.map((d) => ({ name: d.name, archetype: d.archetype })),
    simulate({ seed, maxEvents, seats, firstSeat, game }) {
      if (seats && seats.length !== 2) throw new Error('summoner-master is played by exactly two players');
      if (firstSeat !== undefined && firstSeat !== 'p1' && firstSeat !== 'p2') throw new Error(`no seat ${firstSeat} in summoner-master`);
      const deckNamed = (name: string) => {
        const deck = SM_DEMO_DECKS.find((d) => d.name === name);
        if (!deck) throw new Error(`no summoner-master demo deck named "${name}"`);
        return deck;
      };
      const played = simulateSmGame({
        seed,
        ...(maxEvents === undefined ? {} : { maxEvents }),
        ...(seats
          ? {
              decks: { p1: deckNamed(seats[0]!.deck), p2: deckNamed(seats[1]!.deck) },
              names: { p1: { id: seats[0]!.id, name: seats[0]!.name }, p2: { id: seats[1]!.id, name: seats[1]!.name } },
            }
          : {}),
        ...(firstSeat ? { firstSeat } : {}),
        ...(game ? { game } : {}),
      });
      return { document: played.document, ending: played.ending, byWinCondition: played.ending !== 'concede' };
    },
  },
  textBoard: summonerMasterBoard,
};
