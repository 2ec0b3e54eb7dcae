import type { BfbCard, GameContext, GameDocument, LogEvent } from '@cardlog/events';
import type { GameHeader, GameSystem } from '../../game-system';
import { isRuleViolation } from '../../rule-violation';
import { DEMO_CATALOG_ID, DEMO_DECKS, DeckList, demoCatalog, registrationFor } from '../catalog';
import { BfbState, Seat, deckSize, other, cardOf } from '../state';
import { ATTACKS_ON_PLAY, BotMemory, Candidate, candidates } from './bot';
import { followUps } from './effects';
import { copyEvent } from '../../copy-event';
import { Prng } from '../../prng';

export const RULES_VERSION = '1';
/** Past this many events a game is conceded: the bot is stuck or the decks are too slow. */
export const DEFAULT_MAX_EVENTS = 3000;

export interface SimulateOptions {
  readonly seed: number;
  /** The deck of each seat; random demo decks by default. */
  readonly decks?: Readonly<Record<Seat, DeckList>>;
  readonly maxEvents?: number;
  /**
   * Bots that never attack, so the game ends by deck-out. By default about 1 game in 40 is played
   * this way, so every run also covers deck-outs, full hands and long games.
   */
  readonly passive?: boolean;
  /** Player ids and names per seat (bot names otherwise). */
  readonly names?: Readonly<Record<Seat, { readonly id?: string; readonly name: string }>>;
  /** The seat that goes first, recorded as agreed (a match's later game); a die roll otherwise. */
  readonly firstSeat?: Seat;
  /** Tournament context for the document's `game`. */
  readonly game?: GameContext;
}

export interface SimulatedGame {
  readonly seed: number;
  readonly document: GameDocument;
  /** The state after each event: `states[i]` follows `document.events[i]`. Kept only when asked. */
  readonly states?: readonly BfbState[];
  readonly final: BfbState;
  /** How the game ended: a real win condition, or a concession at the event cap. */
  readonly ending: 'hp' | 'deckOut' | 'draw' | 'concede';
  /** `decide` calls that threw a RuleViolation: candidates the bot tried and the rules refused. */
  readonly refused: number;
}

const BOT_NAMES: Readonly<Record<Seat, string>> = { p1: 'Bot Ash', p2: 'Bot Brine' };

/**
 * Plays one game between two bots, seeded: same seed, same game. The simulator is the table: it
 * shuffles and deals (the engine never does), and every draw names its card in the event.
 */
export function simulateGame(
  system: GameSystem<BfbState, BfbCard>,
  options: SimulateOptions,
  keepStates = false,
): SimulatedGame {
  const prng = new Prng(options.seed);
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const passive = options.passive ?? prng.chance(1 / 40);
  const colours = Object.keys(DEMO_DECKS) as (keyof typeof DEMO_DECKS)[];
  const decks = options.decks ?? { p1: DEMO_DECKS[prng.pick(colours)], p2: DEMO_DECKS[prng.pick(colours)] };
  const players = (['p1', 'p2'] as const).map((seat) => ({
    seat,
    ...(options.names?.[seat]?.id ? { id: options.names[seat].id } : {}),
    name: options.names?.[seat]?.name ?? BOT_NAMES[seat],
    deck: { name: decks[seat].name, archetype: decks[seat].archetype },
  }));
  const header: GameHeader<BfbCard> = {
    system: 'born-from-blood',
    rulesVersion: RULES_VERSION,
    config: {},
    players,
    catalog: demoCatalog,
  };

  // The game is folded in place on a state the simulator owns, as a replay folds it, unless every
  // state is kept (they must stay values). `evolve` made copies of the state whose objects taught
  // V8's caches shapes a replay never meets, and the rules bench simulates its games in the process
  // that then times their replay. `step` refuses an illegal action before it writes anything, so
  // the bot still tries its candidates on the live state.
  const fold = keepStates ? undefined : system.inPlace;
  let state = system.initialState(header);
  if (fold) state = fold.own(state);
  const events: LogEvent[] = [];
  const states: BfbState[] = [];
  let refused = 0;
  /** Validates and applies one action and what the rules derive from it; throws a RuleViolation for an illegal one. */
  const record = (action: LogEvent) => {
    if (fold) {
      const produced = fold.step(state, action);
      // A copy, not the rules' own object: see copyEvent.
      if (!Array.isArray(produced)) events.push(copyEvent(produced as LogEvent));
      else for (const e of produced) events.push(copyEvent(e));
      return;
    }
    for (const e of system.decide(state, action)) {
      state = system.evolve(state, e);
      events.push(copyEvent(e));
      if (keepStates) states.push(state);
    }
  };

  // Setup (§5): registration, first player by die roll, Characters, shuffled decks, hands, mulligans.
  record({ type: 'MatchCreated', payload: { players: ['p1', 'p2'], config: {} } });
  const registrations = { p1: registrationFor(decks.p1, 'p1'), p2: registrationFor(decks.p2, 'p2') };
  for (const seat of ['p1', 'p2'] as const) record({ type: 'DeckRegistered', player: seat, payload: registrations[seat] });
  const rolls: { player: Seat; result: number }[] = [];
  let first: Seat | undefined = options.firstSeat;
  while (!first) {
    const a = prng.between(1, 6);
    const b = prng.between(1, 6);
    rolls.push({ player: 'p1', result: a }, { player: 'p2', result: b });
    if (a !== b) first = a > b ? 'p1' : 'p2';
  }
  record({ type: 'FirstPlayerChosen', payload: options.firstSeat ? { firstPlayer: first, method: 'agreement' } : { firstPlayer: first, method: 'dieRoll', rolls } });
  record({ type: 'GameStarted', payload: {} });
  const memory: BotMemory = {
    passive,
    decks: {
      p1: prng.shuffle(registrations.p1.main.map((e) => e.cardId)),
      p2: prng.shuffle(registrations.p2.main.map((e) => e.cardId)),
    },
  };
  const hands: Record<Seat, string[]> = { p1: [], p2: [] };
  for (const seat of ['p1', 'p2'] as const) {
    hands[seat] = memory.decks[seat].splice(0, 7);
    record({ type: 'OpeningHandDrawn', player: seat, payload: { cardIds: hands[seat] } });
  }
  for (const seat of [first, other(first)]) {
    // Expensive cards go under now and then; the same number is drawn from the top.
    const under = hands[seat].filter((id) => (demoCard(registrations[seat], id)?.nCost ?? 0) >= 5 && prng.chance(0.6));
    const drawn = memory.decks[seat].splice(0, under.length);
    memory.decks[seat].push(...under);
    record({ type: 'Mulligan', player: seat, payload: { cardIds: under, drawnCardIds: drawn } });
  }

  // Play: the bot proposes, the rules dispose.
  while (!system.isTerminal(state)) {
    if (events.length >= maxEvents) {
      record({ type: 'Concede', player: state.turnPlayer ?? 'p1', payload: {} });
      break;
    }
    // What the follow-ups read of the state before the action (in place, it is about to change).
    const before = { stackTop: state.stack[state.stack.length - 1], battle: state.battle };
    const chosen = choose(candidates(state, memory, prng));
    if (!chosen) {
      record({ type: 'Concede', player: state.turnPlayer ?? 'p1', payload: {} });
      break;
    }
    afterAction(chosen);
    for (const effect of followUps(before, chosen, state, memory, prng)) {
      if (system.isTerminal(state)) break;
      try {
        record(effect);
      } catch (error) {
        if (!isRuleViolation(error)) throw error;
        refused++;
        continue;
      }
      if (effect.type === 'DrawCards') {
        const deck = memory.decks[(effect.payload as { player: Seat }).player];
        for (const id of (effect.payload as { cardIds: string[] }).cardIds) deck.splice(deck.indexOf(id), 1);
      }
    }
  }

  const result = state.result;
  const ending = !result ? 'concede' : result.draw ? 'draw' : result.reason;
  const document: GameDocument = {
    format: 'cardlog/1',
    system: 'born-from-blood',
    rulesVersion: RULES_VERSION,
    ...(options.game ? { game: options.game } : {}),
    config: {},
    players,
    catalog: DEMO_CATALOG_ID,
    events: events.map((e) => ({ type: e.type, ...(e.player ? { player: e.player } : {}), payload: e.payload })),
  };
  return { seed: options.seed, document, final: state, ending, refused, ...(keepStates ? { states } : {}) };

  /** Weighted draws without replacement until the rules accept one, which is recorded: a weighted choice among the legal actions. */
  function choose(list: Candidate[]): LogEvent | undefined {
    const pool = [...list];
    while (pool.length > 0) {
      const pick = prng.weighted(pool, (c) => c.weight);
      pool.splice(pool.indexOf(pick), 1);
      try {
        record(pick.action);
        return pick.action;
      } catch (error) {
        if (!isRuleViolation(error)) throw error;
        refused++;
      }
    }
    return undefined;
  }

  function afterAction(action: LogEvent) {
    const payload = action.payload as Record<string, unknown>;
    if (action.type === 'DrawForTurn' && typeof payload.cardId === 'string') {
      const deck = memory.decks[action.player as Seat];
      deck.splice(deck.indexOf(payload.cardId), 1);
    }
    if (action.type === 'DeclareAttack' && payload.immediate) memory.pendingImmediate = undefined;
    if (action.type === 'PlayCard') {
      const card = cardOf(state, payload.cardId as string);
      memory.pendingImmediate = card && ATTACKS_ON_PLAY.has(card.catalogId) && state.stack.length === 0 ? card.id : undefined;
    } else if (action.type !== 'DeclareAttack' && action.type !== 'PassPriority') {
      memory.pendingImmediate = undefined;
    }
    // Keeps the bot's view of the deck honest against the engine's.
    const seat = action.player as Seat | undefined;
    if (seat && memory.decks[seat].length !== deckSize(state.players[seat].deck)) {
      throw new Error(`simulator deck out of step for ${seat} after ${action.type}`);
    }
  }
}

function demoCard(registration: ReturnType<typeof registrationFor>, cardId: string): BfbCard | undefined {
  const entry = registration.main.find((e) => e.cardId === cardId);
  return entry ? demoCatalog.cards.find((c) => c.id === entry.catalogId) : undefined;
}

export interface SimulationSummary {
  readonly games: number;
  readonly endings: Readonly<Record<SimulatedGame['ending'], number>>;
  /** Share of games ended by HP, deck-out or a draw rather than a concession. */
  readonly winConditionRate: number;
  readonly events: number;
}

export function summarize(games: readonly SimulatedGame[]): SimulationSummary {
  const endings = { hp: 0, deckOut: 0, draw: 0, concede: 0 };
  let events = 0;
  for (const g of games) {
    endings[g.ending]++;
    events += g.document.events.length;
  }
  const real = games.length - endings.concede;
  return { games: games.length, endings, winConditionRate: games.length === 0 ? 0 : real / games.length, events };
}
