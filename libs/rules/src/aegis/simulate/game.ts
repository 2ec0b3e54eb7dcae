import type { AgCard, GameContext, GameDocument, LogEvent } from '@cardlog/events';
import type { GameHeader, GameSystem } from '../../game-system';
import { Prng } from '../../prng';
import { isRuleViolation } from '../../rule-violation';
import { AgDeckList, DEMO_CATALOG_ID, DEMO_DECKS, demoCatalog, registrationFor } from '../catalog';
import { AgState, Seat } from '../state';
import { TableMemory, followUps, nextAction } from './bot';

export const RULES_VERSION = '1';
/** Past this many events a game is conceded: the bots are stuck. */
export const DEFAULT_MAX_EVENTS = 4000;
export const OPENING_HAND_SIZE = 5;

export interface AgSimulateOptions {
  readonly seed: number;
  readonly decks?: Readonly<Record<Seat, AgDeckList>>;
  readonly maxEvents?: number;
  readonly names?: Readonly<Record<Seat, { readonly id?: string; readonly name: string }>>;
  readonly firstSeat?: Seat;
  readonly game?: GameContext;
  /** The match config; by default `openingHandSize` 5, and about one game in four tries a playtest variant. */
  readonly config?: Readonly<Record<string, unknown>>;
}

export interface AgSimulatedGame {
  readonly seed: number;
  readonly document: GameDocument;
  readonly final: AgState;
  readonly ending: 'aegis' | 'deckOut' | 'draw' | 'concede';
  /** Actions the bots proposed and the rules refused (should stay 0: the bots ask only for legal moves). */
  readonly refused: number;
}

const BOT_NAMES: Readonly<Record<Seat, string>> = { p1: 'Bot Ember', p2: 'Bot Tide' };

function variantConfig(prng: Prng): Record<string, unknown> {
  const config: Record<string, unknown> = { openingHandSize: OPENING_HAND_SIZE };
  if (prng.chance(0.25)) {
    if (prng.chance(0.5)) config['winRule'] = 'sixthBreak';
    if (prng.chance(0.5)) config['refreshScope'] = 'all';
    if (prng.chance(0.5)) config['tieRule'] = 'both';
  }
  return config;
}

/**
 * One seeded game between two bots: same seed, same game. The simulator is the table: it shuffles
 * and deals (the engine never does), and every draw and Aegis Break names its card in the event.
 */
export function simulateAegisGame(system: GameSystem<AgState, AgCard>, options: AgSimulateOptions): AgSimulatedGame {
  const prng = new Prng(options.seed);
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const decks = options.decks ?? { p1: prng.pick(DEMO_DECKS), p2: prng.pick(DEMO_DECKS) };
  const config = options.config ?? variantConfig(prng);
  const passive = prng.chance(1 / 50);
  const players = (['p1', 'p2'] as const).map((seat) => ({
    seat,
    ...(options.names?.[seat]?.id ? { id: options.names[seat].id } : {}),
    name: options.names?.[seat]?.name ?? BOT_NAMES[seat],
    deck: { name: decks[seat].name, archetype: decks[seat].archetype },
  }));
  const header: GameHeader<AgCard> = { system: 'aegis', rulesVersion: RULES_VERSION, config, players, catalog: demoCatalog };

  let state = system.initialState(header);
  const events: LogEvent[] = [];
  let refused = 0;
  const memory: TableMemory = { decks: { p1: [], p2: [] }, passive };
  const apply = (produced: readonly LogEvent[]) => {
    for (const e of produced) {
      state = system.evolve(state, e);
      events.push(e);
      forget(e);
    }
  };
  /** The table's deck order loses every card the engine drew. */
  const forget = (e: LogEvent) => {
    const payload = e.payload as { cardIds?: string[]; player?: Seat };
    const seat = e.type === 'DrawCards' ? payload.player : e.player;
    if ((e.type === 'DrawForTurn' || e.type === 'OpeningHandDrawn' || e.type === 'DrawCards') && seat) {
      const deck = memory.decks[seat as Seat];
      for (const id of payload.cardIds ?? []) deck.splice(deck.indexOf(id), 1);
    }
  };
  const record = (action: LogEvent) => apply(system.decide(state, action));

  record({ type: 'MatchCreated', payload: { players: ['p1', 'p2'], config } });
  const registrations = { p1: registrationFor(decks.p1, 'p1'), p2: registrationFor(decks.p2, 'p2') };
  for (const seat of ['p1', 'p2'] as const) record({ type: 'DeckRegistered', player: seat, payload: registrations[seat] });
  const first: Seat = options.firstSeat ?? (prng.chance(0.5) ? 'p1' : 'p2');
  record({ type: 'FirstPlayerChosen', payload: { firstPlayer: first, method: options.firstSeat ? 'agreement' : 'coin' } });
  record({ type: 'GameStarted', payload: {} });
  for (const seat of ['p1', 'p2'] as const) memory.decks[seat].push(...prng.shuffle(registrations[seat].main.map((e) => e.cardId)));
  for (const seat of ['p1', 'p2'] as const) record({ type: 'OpeningHandDrawn', player: seat, payload: { cardIds: memory.decks[seat].slice(0, OPENING_HAND_SIZE) } });

  while (!system.isTerminal(state)) {
    if (events.length >= maxEvents) {
      record({ type: 'Concede', player: state.turnPlayer ?? 'p1', payload: {} });
      break;
    }
    const action = nextAction(state, memory, prng);
    if (!action) {
      record({ type: 'Concede', player: state.turnPlayer ?? 'p1', payload: {} });
      break;
    }
    const before = state;
    try {
      record(action);
    } catch (error) {
      if (!isRuleViolation(error)) throw error;
      // A bot slip: pass the step instead, so the game goes on (counted, and tested to stay at 0).
      refused++;
      if (refused > 20) {
        record({ type: 'Concede', player: state.turnPlayer ?? 'p1', payload: {} });
        break;
      }
      continue;
    }
    for (const effect of followUps(before, action, state, memory)) {
      if (system.isTerminal(state)) break;
      record(effect);
    }
  }

  const result = state.result;
  const ending = !result ? 'concede' : result.draw ? 'draw' : result.reason === 'concede' ? 'concede' : result.reason;
  const document: GameDocument = {
    format: 'cardlog/1',
    system: 'aegis',
    rulesVersion: RULES_VERSION,
    ...(options.game ? { game: options.game } : {}),
    config: { ...config },
    players,
    catalog: DEMO_CATALOG_ID,
    events: events.map((e) => ({ type: e.type, ...(e.player ? { player: e.player } : {}), payload: e.payload })),
  };
  return { seed: options.seed, document, final: state, ending, refused };
}

export function simulateAegisGames(system: GameSystem<AgState, AgCard>, count: number, seed: number, options: Omit<AgSimulateOptions, 'seed'> = {}): AgSimulatedGame[] {
  return Array.from({ length: count }, (_, i) => simulateAegisGame(system, { ...options, seed: Prng.derive(seed, i) }));
}
