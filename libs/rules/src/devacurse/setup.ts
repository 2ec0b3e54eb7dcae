import type { DvCard } from '@cardlog/events';
import { catalogEntryProblems } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { RuleViolation } from '../rule-violation';
import { DvState, EMPTY_POOL, PlayerState } from './state';

export const STARTING_FAITH = 30;

/** The state before the first event: seats fixed from the header (§4), every Deva at 30 Faith. */
export function initialState(header: GameHeader<DvCard>): DvState {
  const seats = header.players.map((p) => p.seat);
  if (seats.length < 2) throw new RuleViolation('TOO_FEW_SEATS', `Devacurse needs at least 2 Devas; the document seats ${seats.length}`);
  if (new Set(seats).size !== seats.length) throw new RuleViolation('DUPLICATE_PLAYER', 'a seat is listed twice in players');
  const ids = header.players.map((p) => p.id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) throw new RuleViolation('DUPLICATE_PLAYER', 'a player id is seated twice');
  const catalog = new Map<string, DvCard>();
  for (const card of header.catalog.cards) {
    const problems = catalogEntryProblems(card);
    if (problems.length) throw new RuleViolation('CATALOG_ENTRY_INVALID', `catalog entry ${card.id}: ${problems.join('; ')}`, { cardId: card.id });
    catalog.set(card.id, { ...card, subtypes: card.subtypes ?? [], flash: card.flash ?? false, text: card.text ?? '' });
  }
  const players: PlayerState[] = header.players.map((p) => ({
    seat: p.seat,
    name: p.name,
    faith: STARTING_FAITH,
    eliminated: false,
    leaving: null,
    registered: false,
    drewOpening: false,
    drewThisTurn: false,
    prayersPlaced: 0,
    pool: EMPTY_POOL,
    flags: null,
    universe: [],
    universeTop: [],
    universeBottom: [],
    hand: [],
    temple: [],
    devayard: [],
    soldierLine: [],
    heroLine: [],
    cenotaph: [],
    blackHole: [],
  }));
  return {
    status: 'origin',
    result: null,
    seats,
    seatIndex: new Map(seats.map((s, i) => [s, i])),
    catalog,
    players,
    cards: [],
    cardIndex: new Map(),
    lotWinner: null,
    orderHolder: null,
    turn: 0,
    cursor: { loop: 'origin' },
    priority: null,
    due: null,
    next: null,
    knot: [],
    falling: [],
    combat: null,
    serial: 0,
    timedEffects: false,
  };
}
