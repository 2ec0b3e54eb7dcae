import type { LogEvent } from '@cardlog/events';
import { RuleViolation, isRuleViolation } from '../../rule-violation';
import { decide } from '../decide';
import { evolve } from '../evolve';
import { initialState } from '../setup';
import { BfbState, CardId, CardState, SEATS, Seat, deckSize, cardOf, allCards } from '../state';
import { FILLERS, FIXTURE_CATALOG } from './fixture-catalog';

export type Ev = LogEvent;

/** A recorded game under test: the state, and every event the engine accepted or derived. */
export class Table {
  state: BfbState;
  readonly log: LogEvent[] = [];

  constructor(names: Record<Seat, string> = { p1: 'Alice', p2: 'Bob' }, config: Record<string, unknown> = {}) {
    this.state = initialState({
      system: 'born-from-blood',
      rulesVersion: '1',
      config,
      players: [
        { seat: 'p1', name: names.p1 },
        { seat: 'p2', name: names.p2 },
      ],
      catalog: FIXTURE_CATALOG,
    });
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
    return this.do(type, undefined, { sourceCardId: 'rule', ...payload });
  }

  /** The code the action is rejected with; fails the test if it is accepted. The state is unchanged. */
  reject(type: string, player: Seat | undefined, payload: Record<string, unknown> = {}): string {
    return this.refusal(type, player, payload).code;
  }

  /** The code and message the action is rejected with; fails the test if it is accepted. The state is unchanged. */
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

  p(seat: Seat) {
    return this.state.players[seat];
  }

  card(id: CardId): CardState {
    return cardOf(this.state, id)!;
  }

  hand(seat: Seat): readonly CardId[] {
    return this.p(seat).zones['hand'] ?? [];
  }

  zone(seat: Seat, zone: string): readonly CardId[] {
    return this.p(seat).zones[zone] ?? [];
  }

  /** The first instance of a catalog card a seat owns in a zone (`'any'` for anywhere). */
  find(seat: Seat, catalogId: string, zone = 'hand'): CardId {
    for (const c of allCards(this.state)) {
      if (c.owner === seat && c.catalogId === catalogId && (zone === 'any' || c.zone === zone)) return c.id;
    }
    throw new Error(`${seat} has no ${catalogId} in ${zone}`);
  }

  /** A card that may be drawn from the seat's deck now (§12.1 *Deck order*). */
  nextDrawable(seat: Seat): CardId | undefined {
    const d = this.p(seat).deck;
    return d.top[0] ?? d.middle[d.middle.length - 1] ?? d.bottom[0];
  }

  /** Puts a card from the seat's hand or deck onto the field by an effect (nPaid 0, enters this turn). */
  summon(seat: Seat, catalogId: string, to: string | Record<string, string> = 'mercenary'): CardId {
    let id: CardId;
    let from = 'hand';
    try {
      id = this.find(seat, catalogId, 'hand');
    } catch {
      id = this.find(seat, catalogId, 'deck');
      from = 'deck';
    }
    this.effect('MoveCard', { cardId: id, from, to });
    return id;
  }

  /** Gives a seat N by an effect, so scenarios can say "N is sufficient". */
  giveN(seat: Seat, delta: number) {
    this.effect('ChangeN', { player: seat, delta });
  }

  /** Moves the turn player through the phases to `phase` (drawing on the way). */
  advanceTo(phase: 'draw' | 'main' | 'combat' | 'secondMain' | 'end') {
    const order = ['n', 'draw', 'main', 'combat', 'secondMain', 'end'];
    const seat = this.state.turnPlayer!;
    while (order.indexOf(this.state.phase!) < order.indexOf(phase)) {
      if (this.state.phase === 'draw' && !this.state.drawnThisTurn) this.drawForTurn();
      this.do('AdvancePhase', seat);
    }
    if (phase === 'draw') return;
    if (this.state.phase === 'draw' && !this.state.drawnThisTurn) this.drawForTurn();
  }

  drawForTurn() {
    const seat = this.state.turnPlayer!;
    const id = this.nextDrawable(seat);
    this.do('DrawForTurn', seat, id ? { cardId: id } : {});
  }

  /** Finishes the current turn: to the End Phase, discards down to 8 if needed, EndTurn. */
  endTurn() {
    const seat = this.state.turnPlayer!;
    this.advanceTo('end');
    const hand = this.hand(seat);
    if (hand.length > 8) this.do('DiscardToHandLimit', seat, { cardIds: hand.slice(8) });
    this.do('EndTurn', seat);
  }

  /** Plays whole turns until `turn` has begun (in its N Phase). */
  toTurn(turn: number) {
    while (this.state.turn < turn) this.endTurn();
  }

  /** Attack with no defence: declare, the opponent passes and declares none, resolve. */
  attackUndefended(attackerId: CardId, using: string, extra: Record<string, unknown> = {}) {
    const seat = this.state.turnPlayer!;
    const opponent: Seat = seat === 'p1' ? 'p2' : 'p1';
    this.do('DeclareAttack', seat, { attackerId, using, ...extra });
    this.do('PassPriority', opponent);
    this.do('DeclareDefenders', opponent, { defenderIds: [] });
    return this.do('ResolveBattle', seat);
  }
}

export interface SeatSetup {
  /** Catalog ids of the opening hand (padded with fillers to 7). */
  hand?: readonly string[];
  /** Further catalog ids to put in the main deck. */
  deck?: readonly string[];
  extra?: readonly string[];
  character?: string;
}

/** A legal 50-card red registration: the wanted cards first (`p1-01`, …), then fillers, 4 copies at most. */
export function registration(seat: Seat, setup: SeatSetup) {
  const wanted = [...(setup.hand ?? []), ...(setup.deck ?? [])];
  const counts = new Map<string, number>();
  for (const id of wanted) counts.set(id, (counts.get(id) ?? 0) + 1);
  const main = [...wanted];
  let f = 0;
  while (main.length < 50) {
    const filler = FILLERS[f % FILLERS.length]!;
    f++;
    if ((counts.get(filler) ?? 0) >= 4) continue;
    counts.set(filler, (counts.get(filler) ?? 0) + 1);
    main.push(filler);
  }
  const id = (n: number) => `${seat}-${String(n).padStart(2, '0')}`;
  return {
    character: { cardId: id(0), catalogId: setup.character ?? 'ch' },
    main: main.map((catalogId, i) => ({ cardId: id(i + 1), catalogId })),
    extra: (setup.extra ?? []).map((catalogId, i) => ({ cardId: id(51 + i), catalogId })),
  };
}

/** The default §13 setup, both players keeping their opening hands: turn 1 has begun, Alice's N Phase. */
export function startGame(setup: { p1?: SeatSetup; p2?: SeatSetup } = {}, config: Record<string, unknown> = {}): Table {
  const t = new Table(undefined, config);
  t.do('MatchCreated', undefined, { players: ['p1', 'p2'], config });
  for (const seat of SEATS) t.do('DeckRegistered', seat, registration(seat, setup[seat] ?? {}));
  t.do('FirstPlayerChosen', undefined, { firstPlayer: 'p1', method: 'agreement' });
  t.do('GameStarted', undefined, {});
  for (const seat of SEATS) {
    const deck = t.p(seat).deck.middle;
    t.do('OpeningHandDrawn', seat, { cardIds: deck.slice(0, 7) });
  }
  for (const seat of SEATS) t.do('Mulligan', seat, { cardIds: [], drawnCardIds: [] });
  return t;
}

export const deckCount = (t: Table, seat: Seat) => deckSize(t.p(seat).deck);

export { RuleViolation };
