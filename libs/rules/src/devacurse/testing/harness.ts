import type { LogEvent } from '@cardlog/events';
import { isRuleViolation } from '../../rule-violation';
import { decide } from '../decide';
import { Draft } from '../draft';
import { evolve } from '../evolve';
import { initialState } from '../setup';
import { CardRow, DvState, ListZone, PlayerState, Seat, cardOf, living, playerOf } from '../state';
import { FIXTURE_CATALOG } from './fixture-catalog';

export const FILLERS_PER_SEAT = 30;

/**
 * A recorded match under test. `given` arranges the board directly (a test-only shortcut for the
 * digest's "Setup"); `do` and `reject` go through `decide` like any recorder.
 */
export class Table {
  state: DvState;
  readonly log: LogEvent[] = [];

  /** Seats with the fixture instances each owns (e.g. `{ p1: ['SA1', 'HH1'] }`), plus fillers. */
  constructor(owned: Record<Seat, readonly string[]> = { p1: [], p2: [] }, firstPlayer: Seat = 'p1') {
    const seats = Object.keys(owned);
    this.state = initialState({
      system: 'devacurse',
      rulesVersion: '1',
      config: {},
      players: seats.map((seat) => ({ seat, name: seat.toUpperCase() })),
      catalog: FIXTURE_CATALOG,
    });
    for (const seat of seats) {
      const cards = [
        ...owned[seat]!.map((cardId) => ({ cardId, catalogId: cardId.replace(/\d+$/, '') })),
        ...Array.from({ length: FILLERS_PER_SEAT }, (_, i) => ({ cardId: `${seat}-z${i + 1}`, catalogId: 'ZZ' })),
      ];
      this.do('UniverseRegistered', seat, { cards });
    }
    this.do('OrderLotDrawn', undefined, { winner: firstPlayer });
    this.do('FirstPlayerChosen', firstPlayer, { firstPlayer });
    for (const seat of seats) this.do('DrawCards', seat, { count: 5, cardIds: this.p(seat).universe.filter((id) => id.includes('-z')).slice(0, 5) });
  }

  do(type: string, player: Seat | undefined, payload: Record<string, unknown> = {}): LogEvent[] {
    const produced = decide(this.state, { type, ...(player ? { player } : {}), payload });
    for (const e of produced) {
      this.state = evolve(this.state, e);
      this.log.push(e);
    }
    return produced;
  }

  /** The code an action is rejected with (fails the test when it is accepted); the state is unchanged. */
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
    throw new Error(`${type} by ${player} was accepted`);
  }

  /** Every living Deva passes once, starting with the priority holder; the events that produced. */
  passRound(): LogEvent[] {
    const out: LogEvent[] = [];
    const n = living(this.state).length;
    for (let i = 0; i < n; i++) out.push(...this.do('PassPriority', this.state.priority!.holder));
    return out;
  }

  /**
   * Plays the default through segments until `until` holds: windows are passed, draws are 1 card,
   * Bless making ends, no attacks, End Turn at once.
   */
  advance(until: (s: DvState) => boolean, limit = 2000): void {
    for (let i = 0; i < limit && !until(this.state); i++) {
      const s = this.state;
      if (s.due) {
        const d = s.due;
        if (d.kind === 'DeclareSoldierAttack') this.do('DeclareSoldierAttack', d.player, { defender: living(s).find((x) => x !== d.player)!, attackers: [] });
        else if (d.kind === 'DeclareHeroAttack') this.do('EndHeroAttacks', d.player);
        else if (d.kind === 'DeclareBlockers') this.do('DeclareBlockers', d.player, { blocks: [] });
        else if (d.kind === 'PlaceCombatDamage') this.do('PlaceCombatDamage', d.player);
        else this.do('ResolveKnotTop', d.player);
      } else if (s.cursor.loop === 'draw') {
        const seat = s.players.find((p) => !p.eliminated && !p.drewThisTurn)!.seat;
        this.do('DrawCards', seat, { count: 1, cardIds: [this.p(seat).universe.find((id) => id.includes('-z')) ?? this.p(seat).universe[0]!] });
      } else if (s.cursor.part === 'blessMaking') this.do('EndBlessMaking', s.cursor.owner!);
      else if (s.cursor.loop === 'endTurn') {
        const hand = this.p(s.orderHolder!).hand;
        if (hand.length > 7) this.do('DiscardToHandLimit', s.orderHolder!, { cardIds: hand.slice(0, hand.length - 7) });
        else this.do('EndTurn', s.orderHolder!);
      }
      else this.do('PassPriority', s.priority!.holder);
    }
    if (!until(this.state)) throw new Error(`advance: condition not reached; at ${JSON.stringify(this.state.cursor)}`);
  }

  /** Advances to a phase of a Deva's part (`turn` defaults to the current one). */
  to(phase: string, owner: Seat, turn = Math.max(1, this.state.turn)): void {
    this.advance((s) => s.turn === turn && s.cursor.owner === owner && (s.cursor.phase === phase || s.cursor.part === phase) && s.due === null && s.next === null && (s.priority === null || s.priority.passes === 0));
  }

  /** Arranges a card for a scenario's setup (a test-only shortcut, outside the rules). */
  given(iid: string, zone: ListZone | 'guardian', options: { faceUp?: boolean; mode?: 'prompt' | 'rest'; damage?: number; level?: 1 | 2; under?: string; entered?: number } = {}): this {
    const d = new Draft(this.state);
    d.move(iid, zone, options.faceUp ?? zone !== 'temple');
    const c = d.card(iid);
    if (options.mode) c.mode = options.mode;
    if (options.damage) c.damage = options.damage;
    if (options.level) c.level = options.level;
    c.enteredTurn = options.entered ?? (zone === 'heroLine' || zone === 'soldierLine' ? Math.max(0, this.state.turn - 1) : 0);
    if (options.under) {
      c.heroId = options.under;
      const hero = d.card(options.under);
      hero.guardians = [...hero.guardians, iid];
    }
    this.state = d.s;
    return this;
  }

  /** Puts blessing straight into a pool (setup only). */
  givenFaith(seat: Seat, faith: number): this {
    const d = new Draft(this.state);
    d.player(seat).faith = faith;
    this.state = d.s;
    return this;
  }

  p(seat: Seat): PlayerState {
    return playerOf(this.state, seat)!;
  }

  card(iid: string): CardRow {
    return cardOf(this.state, iid)!;
  }

  types(events: readonly LogEvent[]): string[] {
    return events.map((e) => e.type);
  }
}
