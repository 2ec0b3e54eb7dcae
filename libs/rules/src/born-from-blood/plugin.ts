import { BfbCard, bornFromBloodVocabulary } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import type { GamePlugin } from '../game-plugin';
import { bornFromBlood } from '.';
import { bornFromBloodBoard } from './board';
import { DeckRegistration, deckViolations } from './deck-validation';
import { DEMO_DECKS } from './catalog';
import { bornFromBloodInsights } from './insights';
import { simulateGame } from './simulate/game';

/** Born from Blood as one registry entry. */
export const bornFromBloodPlugin: GamePlugin = {
  system: bornFromBlood,
  vocabulary: bornFromBloodVocabulary,
  insights: bornFromBloodInsights,
  simulator: {
    playerCounts: [2],
    demoDecks: Object.values(DEMO_DECKS).map((d) => ({ name: d.name, archetype: d.archetype })),
    simulate({ seed, maxEvents, seats, firstSeat, game: context }) {
      if (seats && seats.length !== 2) throw new Error('born-from-blood is played by exactly two players');
      const deckNamed = (name: string) => {
        const deck = Object.values(DEMO_DECKS).find((d) => d.name === name);
        if (!deck) throw new Error(`no born-from-blood demo deck named "${name}"`);
        return deck;
      };
      if (firstSeat !== undefined && firstSeat !== 'p1' && firstSeat !== 'p2') throw new Error(`no seat ${firstSeat} in born-from-blood`);
      const game = simulateGame(bornFromBlood, {
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
      return { document: game.document, ending: game.ending, byWinCondition: game.ending !== 'concede', outcome: bornFromBlood.outcome(game.final) };
    },
  },
  textBoard: bornFromBloodBoard,
  validateDeck(list, catalog) {
    const registration = list as Partial<DeckRegistration> | null;
    if (!registration || typeof registration !== 'object' || !registration.character || !Array.isArray(registration.main) || !Array.isArray(registration.extra)) {
      return [new RuleViolation('DECK_SHAPE', 'a born-from-blood list is a DeckRegistered payload: { character, main: [...], extra: [...] }')];
    }
    return deckViolations(registration as DeckRegistration, new Map((catalog.cards as BfbCard[]).map((c) => [c.id, c])));
  },
  // Born from Blood has no rule for later games of a match: the first player is recorded and shown.
};
