import type { GameContext, GameDocument, LogEvent } from '@cardlog/events';
import { copyEvent } from '../../copy-event';
import { Prng } from '../../prng';
import { RuleViolation } from '../../rule-violation';
import type { GameSystem } from '../../game-system';
import { DEMO_CATALOG, DEMO_CATALOG_ID, DEMO_DECKS, DvDemoDeck } from '../catalog';
import { DvState, endingOf } from '../state';
import { BotContext, nextAction, topCards } from './bot';

export interface DvSimOptions {
  readonly seed: number;
  readonly players?: number;
  readonly maxEvents?: number;
  readonly seats?: readonly { readonly id: string; readonly name: string; readonly deck: string }[];
  readonly firstSeat?: string;
  readonly game?: GameContext;
}

export interface DvSimulated {
  readonly document: GameDocument;
  /** How the match ended: its outcome's reason, or `concede` when the bots conceded at the event cap. */
  readonly ending: ReturnType<typeof endingOf> | 'concede';
  readonly turns: number;
}

const NAMES = ['Agni', 'Varuna', 'Vayu', 'Prithvi', 'Soma', 'Surya', 'Ushas', 'Rudra', 'Indra', 'Mitra', 'Aditi', 'Savitr'];
export const DEFAULT_MAX_EVENTS = 15000;

/**
 * One seeded bot game. The simulator shuffles (outside the engine, §12.00) and names every card it
 * draws; each action goes through `decide`, so the document is legal by construction.
 */
export function simulateDevacurse(system: GameSystem<DvState>, options: DvSimOptions): DvSimulated {
  const rng = new Prng(options.seed);
  const count = options.seats?.length ?? options.players ?? 2;
  if (count < 2 || count > 12) throw new Error(`devacurse is simulated for 2 to 12 Devas, not ${count}`);
  const decks: DvDemoDeck[] = Array.from({ length: count }, (_, i) => {
    const named = options.seats?.[i]?.deck;
    if (named === undefined) return rng.pick(DEMO_DECKS);
    const deck = DEMO_DECKS.find((d) => d.name === named);
    if (!deck) throw new Error(`no devacurse demo deck named "${named}"`);
    return deck;
  });
  const seats = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  if (options.firstSeat !== undefined && !seats.includes(options.firstSeat)) throw new Error(`no seat ${options.firstSeat} in this devacurse game`);
  const players = seats.map((seat, i) => {
    const given = options.seats?.[i];
    return { seat, name: given?.name ?? NAMES[i]!, ...(given ? { id: given.id } : {}), deck: { name: decks[i]!.name, archetype: decks[i]!.archetype } };
  });
  const header = { system: 'devacurse' as const, rulesVersion: '1', config: {}, players, catalog: DEMO_CATALOG, ...(options.game ? { game: options.game } : {}) };
  let state: DvState = system.initialState(header);
  const ended = () => state.status === 'ended';
  const events: LogEvent[] = [];
  const order = new Map<string, string[]>();
  const play = (action: LogEvent) => {
    for (const e of system.decide(state, action)) {
      state = system.evolve(state, e);
      // The document keeps a copy, not the rules' own objects: V8 learns per allocation site whether
      // what it builds lives long, and a document kept (as the bench keeps 200) taught the sites of
      // the rules' derived events to build straight into the old generation, where a replay in the
      // same process then put every event it derived and threw away (its replay ran at half speed).
      events.push(copyEvent(e));
    }
  };
  seats.forEach((seat, i) => {
    const cards = decks[i]!.cards.flatMap(([catalogId, copies]) => Array.from({ length: copies }, () => catalogId)).map((catalogId, n) => ({ cardId: `${seat}-${String(n + 1).padStart(2, '0')}`, catalogId }));
    order.set(seat, rng.shuffle(cards.map((c) => c.cardId)));
    play({ type: 'UniverseRegistered', player: seat, payload: { cards } });
  });
  const winner = rng.pick(seats);
  play({ type: 'OrderLotDrawn', payload: { winner } });
  play({ type: 'FirstPlayerChosen', player: winner, payload: { firstPlayer: options.firstSeat ?? rng.pick(seats) } });
  const ctx: BotContext = { rng, order };
  for (const seat of seats) play({ type: 'DrawCards', player: seat, payload: { count: 5, cardIds: topCards(state, ctx, seat, 5) } });

  const cap = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  let capped = false;
  while (!ended()) {
    if (events.length >= cap) {
      // Past the cap every Deva but the one with the most Faith concedes.
      const standing = state.players.filter((p) => !p.eliminated).sort((a, b) => b.faith - a.faith);
      for (const p of standing.slice(1)) if (!ended()) play({ type: 'Concede', player: p.seat, payload: {} });
      capped = true;
      break;
    }
    const action = nextAction(state, ctx);
    try {
      play(action);
    } catch (error) {
      if (error instanceof RuleViolation) throw new Error(`devacurse bot chose an illegal ${action.type} (${error.code}: ${error.message}) at event ${events.length}`);
      throw error;
    }
  }
  const document: GameDocument = {
    format: 'cardlog/1',
    system: 'devacurse',
    rulesVersion: '1',
    ...(options.game ? { game: options.game } : {}),
    config: {},
    players,
    catalog: DEMO_CATALOG_ID,
    events,
  };
  return { document, ending: capped || !state.result ? 'concede' : endingOf(state.result), turns: state.turn };
}
