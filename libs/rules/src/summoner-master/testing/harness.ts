import type { LogEvent, SmCard } from '@cardlog/events';
import { isRuleViolation } from '../../rule-violation';
import { decide } from '../decide';
import { evolve } from '../evolve';
import { initialState } from '../setup';
import { CardState, Seat, SmState, effective, other } from '../state';

/** Fixture F of digest §10 (made-up cards). */
export const FIXTURE_CARDS: SmCard[] = [
  { id: 'seal-a', kind: 'Seal', name: 'Seal-A', level: 2, mpCast: 3, mpAttack: 2, at: 3, df: 2, sp: 1 },
  { id: 'seal-a-r', kind: 'Seal', name: 'Seal-A', reflection: true, level: 2, mpCast: 3, mpAttack: 1, at: 5, df: 4, sp: 2 },
  { id: 'seal-b', kind: 'Seal', name: 'Seal-B', level: 3, mpCast: 4, mpAttack: 2, at: 4, df: 4, sp: 3 },
  { id: 'seal-e', kind: 'Seal', name: 'Seal-E', level: 1, mpCast: 2, mpAttack: 0, at: 2, df: 1, sp: 1 },
  { id: 'mystic-c', kind: 'Mystic', name: 'Mystic-C', mpCast: 2, interfere: false },
  { id: 'mystic-d', kind: 'Mystic', name: 'Mystic-D', mpCast: 1, interfere: true },
  { id: 'mystic-x', kind: 'Mystic', name: 'Mystic-X', mpCast: 1 },
  { id: 'mystic-x-r', kind: 'Mystic', name: 'Mystic-X', reflection: true, mpCast: 2 },
];
export const FIXTURE_CONFIG = { mpMax: 8, deckMinimum: null, banList: [{ kind: 'Mystic', name: 'Mystic-X' }] };

/** Per seat: 12 Seals and 6 Mystics; the opening hand is the first 5 Seals and first 2 Mystics. */
const SEAL_ORDER = ['seal-a', 'seal-b', 'seal-e', 'seal-a', 'seal-b', 'seal-e', 'seal-a', 'seal-b', 'seal-e', 'seal-a', 'seal-b', 'seal-e'];
const MYSTIC_ORDER = ['mystic-c', 'mystic-d', 'mystic-c', 'mystic-d', 'mystic-c', 'mystic-d'];

export interface DeckOptions {
  readonly extraDeck?: readonly string[];
  readonly reflectionCards?: readonly string[];
}

export interface SetupOptions {
  readonly first?: Seat;
  readonly gameNumber?: number;
  readonly previousGame?: { winner: Seat } | { draw: true };
  readonly decks?: Partial<Record<Seat, DeckOptions>>;
  /** Reflection card ids to place, per seat (default: all candidates). */
  readonly place?: Partial<Record<Seat, readonly string[]>>;
  /** Stop before this event type. */
  readonly until?: string;
}

/** A recorded game under test: given events, when an event, then the state or the rejection code. */
export class SmTable {
  state: SmState;
  readonly log: LogEvent[] = [];

  constructor(config: Record<string, unknown> = FIXTURE_CONFIG, gameNumber?: number) {
    this.state = initialState({
      system: 'summoner-master',
      rulesVersion: '1',
      config,
      ...(gameNumber ? { game: { gameNumber } } : {}),
      players: [
        { seat: 'p1', name: 'P1' },
        { seat: 'p2', name: 'P2' },
      ],
      catalog: { id: 'fixture', cards: FIXTURE_CARDS },
    });
  }

  do(type: string, player?: Seat, payload: Record<string, unknown> = {}): this {
    for (const e of decide(this.state, { type, ...(player ? { player } : {}), payload })) {
      this.state = evolve(this.state, e);
      this.log.push(e);
    }
    return this;
  }

  /** The code `type` is rejected with; fails when accepted. */
  reject(type: string, player?: Seat, payload: Record<string, unknown> = {}): string {
    try {
      decide(this.state, { type, ...(player ? { player } : {}), payload });
    } catch (error) {
      if (isRuleViolation(error)) return error.code;
      throw error;
    }
    throw new Error(`${type} was accepted`);
  }

  /** The legal setup S0–S6 (or up to `until`). */
  setup(options: SetupOptions = {}): this {
    const first = options.first ?? 'p1';
    const stop = (type: string) => options.until === type;
    this.do('MatchCreated', undefined, { players: ['p1', 'p2'] });
    this.do('GameCreated', undefined, { gameNumber: options.gameNumber ?? 1, ...(options.previousGame ? { previousGame: options.previousGame } : {}) });
    for (const seat of ['p1', 'p2'] as const) {
      const d = options.decks?.[seat] ?? {};
      const deck = [...SEAL_ORDER, ...MYSTIC_ORDER, ...(d.extraDeck ?? [])].map((card, i) => ({ id: `${seat}-${String(i + 1).padStart(2, '0')}`, card }));
      const reflectionCards = (d.reflectionCards ?? []).map((card, i) => ({ id: `${seat}-r${i + 1}`, card }));
      this.do('DeckRegistered', seat, { deck, reflectionCards });
    }
    if (stop('DeckShuffled')) return this;
    for (const seat of ['p1', 'p2'] as const) this.do('DeckShuffled', seat, { ownerShuffled: true, offeredToOpponent: true, opponentShuffled: false });
    if (stop('ReflectionCardsPlaced')) return this;
    for (const seat of ['p1', 'p2'] as const) {
      const ids = options.place?.[seat] ?? this.state.cards.filter((c) => c.owner === seat && c.zone === 'Candidate').map((c) => c.id);
      this.do('ReflectionCardsPlaced', seat, { cardIds: ids });
    }
    if (stop('FirstPlayer')) return this;
    if (options.previousGame && 'winner' in options.previousGame) this.do('FirstPlayerChosen', other(options.previousGame.winner), { firstPlayer: first });
    else this.do('FirstPlayerDetermined', undefined, { method: 'fair', description: 'rock-paper-scissors', firstPlayer: first });
    if (stop('OpeningHandDrawn')) return this;
    for (const seat of ['p1', 'p2'] as const) this.do('OpeningHandDrawn', seat, { cardIds: this.openingHand(seat) });
    if (stop('GameStarted')) return this;
    return this.do('GameStarted');
  }

  openingHand(seat: Seat, seals = 5, mystics = 2): string[] {
    const of = (zone: string, n: number) => this.state.cards.filter((c) => c.owner === seat && c.zone === zone).slice(0, n).map((c) => c.id);
    return [...of('SealDeck', seals), ...of('MysticDeck', mystics)];
  }

  card(id: string): CardState {
    const c = this.state.cards[this.state.slotOf.get(id)!];
    if (!c) throw new Error(`no card ${id}`);
    return c;
  }

  /** A card of `seat` named `name` in `zone` (Hand by default). */
  find(seat: Seat, name: string, zone: CardState['zone'] = 'Hand', skip = 0): string {
    const found = this.state.cards.filter((c) => c.owner === seat && c.name === name && c.zone === zone)[skip];
    if (!found) throw new Error(`${seat} has no ${name} in ${zone}`);
    return found.id;
  }

  stats(id: string) {
    return effective(this.state, this.card(id));
  }

  /** Casts a Seal from hand at its effective cost; returns its id. */
  castSeal(seat: Seat, name: string, line: 'At' | 'Df' = 'At'): string {
    const id = this.find(seat, name);
    this.do('CardCast', seat, { cardId: id, mpPaid: this.stats(id).mpCast, line });
    return id;
  }

  refill(seat: Seat): this {
    return this.do('MpChanged', undefined, { player: seat, setTo: 8, purpose: 'refill', reason: 'Mp refill' });
  }

  /** Ends Subturns until Subturn `n` begins; each owner without a Seal casts Seal-E first, then refills. */
  advanceTo(n: number): this {
    while (this.state.subturn!.number < n) {
      const owner = this.state.subturn!.owner;
      const has = this.state.cards.some((c) => c.zone === 'Arena' && c.kind === 'Seal' && c.controller === owner);
      if (!has) this.castSeal(owner, 'Seal-E');
      this.refill(owner);
      this.do('SubturnEnded');
    }
    return this;
  }

  /** Puts a Seal of `seat` from hand into the Arena by a recorded effect, whoever's Subturn it is. */
  putSeal(seat: Seat, name: string, line: 'At' | 'Df' | null = 'At'): string {
    const id = this.find(seat, name);
    this.do('CardMoved', undefined, { cardId: id, from: 'Hand', to: 'Arena', reason: 'test setup', line, byEffect: 'test' });
    return id;
  }

  destroy(id: string): this {
    return this.do('CardMoved', undefined, { cardId: id, from: 'Arena', to: 'Shrine', reason: 'destroyed', byEffect: 'test' });
  }
}
