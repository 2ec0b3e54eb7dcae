import type { LogEvent } from '@cardlog/events';
import { isRuleViolation } from '../../rule-violation';
import { decide } from '../decide';
import { evolve } from '../evolve';
import { initialState } from '../setup';
import { AgState, CardId, PlayerState, SEATS, Seat, Step, drawCount, unitOf } from '../state';
import { FIXTURE_CATALOG, FIXTURE_MAIN } from './fixture-catalog';

export const FILLERS = 20;
const prefix = (seat: Seat) => (seat === 'p1' ? 'a' : 'b');
/** The instance id of a fixture card of a seat: `id('p2', 'u3')` is Bob's `b-u3`. */
export const id = (seat: Seat, card: string) => `${prefix(seat)}-${card}`;

export interface TableOptions {
  readonly config?: Record<string, unknown>;
  /** Main deck per seat, as catalog ids (instances `a-<id>`, duplicates `a-<id>#2`); the fixture deck by default. */
  readonly main?: Partial<Record<Seat, readonly string[]>>;
  readonly identity?: Partial<Record<Seat, readonly string[]>>;
  readonly aegis?: Partial<Record<Seat, readonly string[]>>;
}

/** Instance ids for a list of catalog ids: the first copy `a-u3`, later copies `a-u3#2`, …. */
function instances(seat: Seat, catalogIds: readonly string[]): { cardId: string; catalogId: string }[] {
  const seen = new Map<string, number>();
  return catalogIds.map((catalogId) => {
    const n = (seen.get(catalogId) ?? 0) + 1;
    seen.set(catalogId, n);
    return { cardId: n === 1 ? id(seat, catalogId) : `${id(seat, catalogId)}#${n}`, catalogId };
  });
}

/**
 * A recorded Aegis game under test (given/when/then): Alice is p1 and goes first, Bob is p2. Every
 * step goes through `decide`, so a test sees exactly what a recorder would.
 */
export class Table {
  state: AgState;
  readonly log: LogEvent[] = [];
  readonly config: Record<string, unknown>;

  constructor(options: TableOptions = {}) {
    this.config = options.config ?? { openingHandSize: 5 };
    this.state = initialState({
      system: 'aegis',
      rulesVersion: '1',
      config: this.config,
      players: [
        { seat: 'p1', name: 'Alice' },
        { seat: 'p2', name: 'Bob' },
      ],
      catalog: FIXTURE_CATALOG,
    });
    this.do('MatchCreated', undefined, { players: ['p1', 'p2'], config: this.config });
  }

  /** Registers both decks (the fixture deck plus fillers, identity fire+water, 6 Aegis). */
  register(options: TableOptions = {}): this {
    for (const seat of SEATS) this.do('DeckRegistered', seat, this.deckFor(seat, options));
    return this;
  }

  deckFor(seat: Seat, options: TableOptions = {}) {
    const main = options.main?.[seat] ?? [...Array.from({ length: FILLERS }, () => 'fill'), ...FIXTURE_MAIN];
    const aegis = options.aegis?.[seat] ?? ['agf', 'agf', 'agf', 'agn', 'agn', 'agn'];
    return {
      identity: [...(options.identity?.[seat] ?? ['fire', 'water'])],
      main: instances(seat, main),
      aegis: aegis.map((catalogId, i) => ({ cardId: `${prefix(seat)}-aegis${i + 1}`, catalogId })),
    };
  }

  /** Default setup up to turn 1, Alice's S1; opening hands are fillers only. */
  start(options: TableOptions = {}): this {
    this.register(options);
    this.do('FirstPlayerChosen', undefined, { firstPlayer: 'p1', method: 'coin' });
    this.do('GameStarted', undefined, {});
    for (const seat of SEATS) this.do('OpeningHandDrawn', seat, { cardIds: this.nextCards(seat, Number(this.config['openingHandSize'])) });
    return this;
  }

  /** Decides and applies one action; returns the events it produced (the action first). */
  do(type: string, player: Seat | undefined, payload: Record<string, unknown> = {}): LogEvent[] {
    const produced = decide(this.state, { type, ...(player ? { player } : {}), payload });
    for (const e of produced) {
      this.state = evolve(this.state, e);
      this.log.push(e);
    }
    return produced;
  }

  /** An effect event (no actor; `sourceCardId: 'rule'` unless given). */
  effect(type: string, payload: Record<string, unknown>): LogEvent[] {
    return this.do(type, undefined, type === 'Note' ? payload : { sourceCardId: 'rule', ...payload });
  }

  /** The code the action is rejected with; throws if it is accepted. The state is unchanged. */
  reject(type: string, player: Seat | undefined, payload: Record<string, unknown> = {}): string {
    return this.refusal(type, player, payload).code;
  }

  /** The code and message the action is rejected with; throws if it is accepted. The state is unchanged. */
  refusal(type: string, player: Seat | undefined, payload: Record<string, unknown> = {}): { code: string; message: string } {
    const before = this.state;
    try {
      decide(this.state, { type, ...(player ? { player } : {}), payload });
    } catch (error) {
      if (isRuleViolation(error)) {
        if (this.state !== before) throw new Error('state changed on a rejected action');
        return { code: error.code, message: error.message };
      }
      throw error;
    }
    throw new Error(`${type} was accepted`);
  }

  rejectEffect(type: string, payload: Record<string, unknown>): string {
    return this.reject(type, undefined, { sourceCardId: 'rule', ...payload });
  }

  p(seat: Seat): PlayerState {
    return this.state.players[seat];
  }

  /** The next cards a draw must name: known top cards first, then unknown ones in registration order. */
  nextCards(seat: Seat, n: number): CardId[] {
    const p = this.p(seat);
    const middle = p.deck.filter((c) => !p.top.includes(c) && !p.bottom.includes(c));
    return [...p.top, ...middle, ...[...p.bottom].reverse()].slice(0, n);
  }

  /** Puts cards of a seat's deck into its hand (a MoveCard effect each). */
  give(seat: Seat, ...cards: string[]): this {
    for (const c of cards) this.effect('MoveCard', { cardId: id(seat, c), from: 'deck', to: 'hand' });
    return this;
  }

  /** Puts cards of a seat's deck straight onto the board (a MoveCard effect each). */
  place(seat: Seat, zone: 'unit' | 'support' | 'field', ...cards: string[]): this {
    for (const c of cards) this.effect('MoveCard', { cardId: id(seat, c), from: 'deck', to: zone });
    return this;
  }

  /** The turn player advances (resolving Aegis in S2 and drawing in Draw) until `seat` is at `step`. */
  to(seat: Seat, step: Step): this {
    for (let guard = 0; guard < 100; guard++) {
      if (this.state.turnPlayer === seat && this.state.step === step) return this;
      const tp = this.state.turnPlayer!;
      if (this.state.step === 'S2') {
        for (const a of this.p(tp).aegisOpen.filter((x) => x.state === 'Active')) this.do('ResolveAegis', tp, { aegisCardId: a.id });
      }
      if (this.state.step === 'draw' && !this.state.drawnThisTurn) {
        this.do('DrawForTurn', tp, { cardIds: this.nextCards(tp, drawCount(this.state)) });
        continue;
      }
      this.do('AdvanceStep', tp);
    }
    throw new Error(`never reached ${seat} ${step}`);
  }

  /** Passes every remaining window of the current battle and resolves it. */
  resolve(brokenAegisId?: string): LogEvent[] {
    const battle = () => this.state.battle!;
    while (battle().step !== 'resolve') {
      const step = battle().step;
      this.do('PassStep', step === 'attackWindow' ? battle().attacker : battle().attacker === 'p1' ? 'p2' : 'p1');
    }
    return this.do('ResolveBattle', battle().attacker, brokenAegisId ? { brokenAegisId } : {});
  }

  attack(seat: Seat, attacker: string, target: string | 'aegis'): LogEvent[] {
    return this.do('DeclareAttack', seat, { attackerId: id(seat, attacker), target: target === 'aegis' ? { kind: 'aegis' } : { kind: 'unit', cardId: id(seat === 'p1' ? 'p2' : 'p1', target) } });
  }

  hand(seat: Seat): readonly CardId[] {
    return this.p(seat).hand;
  }

  unit(seat: Seat, card: string) {
    return unitOf(this.p(seat), id(seat, card));
  }

  has(seat: Seat, zone: 'hand' | 'drop' | 'support' | 'field' | 'deck', card: string): boolean {
    return this.p(seat)[zone].includes(id(seat, card));
  }
}
