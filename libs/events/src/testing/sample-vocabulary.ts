import { z } from 'zod';
import { GameVocabulary } from '../document';
import { defineVocabulary } from '../log-event';

/** A two-event vocabulary for testing the format machinery without any real game. */
export const sampleVocabulary: GameVocabulary = {
  system: 'born-from-blood',
  events: defineVocabulary({
    Draw: { actor: 'required', payload: z.strictObject({ cardId: z.string() }) },
    GameEnded: {
      actor: 'none',
      derived: true,
      payload: z.strictObject({ winner: z.string().optional(), draw: z.boolean().optional(), reason: z.string() }),
    },
  }),
  config: z.strictObject({ openingHandSize: z.number().int().min(0).optional() }),
  card: z.strictObject({ id: z.string(), name: z.string() }),
};

export const sampleDocument = {
  format: 'cardlog/1',
  system: 'born-from-blood',
  rulesVersion: '1',
  game: { tournament: 'bkk-open-2026', round: 3, table: 12, gameNumber: 2, bestOf: 3, playedAt: '2026-11-28T14:05:00Z' },
  players: [
    { seat: 'p1', name: 'Ari', deck: { name: 'Red Hounds', archetype: 'aggro' } },
    { seat: 'p2', name: 'Bo' },
  ],
  catalog: 'demo-bfb@1',
  events: [
    { type: 'Draw', player: 'p1', payload: { cardId: 'p1-01' } },
    { seq: 2, type: 'Draw', player: 'p2', payload: { cardId: 'p2-01' } },
    { type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } },
  ],
};
