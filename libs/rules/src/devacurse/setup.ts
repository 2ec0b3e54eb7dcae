import type { DvCard } from '@cardlog/events';
import { catalogEntryProblems } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { withOtherFields } from '../other-fields';
import { packedMap } from '../packed';
import { RuleViolation } from '../rule-violation';
import { DvState, EMPTY_POOL, PlayerState, cursorAt } from './state';

export const STARTING_FAITH = 30;

/**
 * The checked catalog of each card list already seen (a built-in catalog is one list for every
 * game that names it): each replay would otherwise check and copy every entry again. Weak, so it
 * holds nothing once the list is gone; the map is read-only like the rest of a state.
 */
const CATALOGS = new WeakMap<readonly DvCard[], ReadonlyMap<string, DvCard>>();

function catalogOf(cards: readonly DvCard[]): ReadonlyMap<string, DvCard> {
  const known = CATALOGS.get(cards);
  if (known) return known;
  const catalog = new Map<string, DvCard>();
  for (const card of cards) {
    const problems = catalogEntryProblems(card);
    if (problems.length) throw new RuleViolation('CATALOG_ENTRY_INVALID', `catalog entry ${card.id}: ${problems.join('; ')}`, { cardId: card.id });
    catalog.set(card.id, uniform(card));
  }
  CATALOGS.set(cards, catalog);
  return catalog;
}

/**
 * A catalog entry as the rules keep it: the same values (defaults filled in), every field of §2
 * present (undefined where the catalog leaves it out) in one order, built as one literal. Catalog
 * entries leave out different optional fields, and a spread copy that then adds the defaults gave
 * each its own shape, so every read of an entry's type, elements or cost (several per event) was a
 * megamorphic look-up; with one shape they are plain loads. Snapshots never write the catalog (it is
 * the initial state's).
 */
function uniform(card: DvCard): DvCard {
  const out: DvCard = {
    id: card.id,
    name: card.name,
    type: card.type,
    eventKind: card.eventKind,
    subtypes: card.subtypes ?? [],
    elements: card.elements,
    flash: card.flash ?? false,
    blessingCost: card.blessingCost,
    at: card.at,
    df: card.df,
    ap: card.ap,
    guardianCost: card.guardianCost,
    lv2Stats: card.lv2Stats,
    eventPersistence: card.eventPersistence,
    turnCount: card.turnCount,
    targetCount: card.targetCount,
    skills: card.skills,
    abilities: card.abilities,
    text: card.text ?? '',
  };
  return withOtherFields(out, card);
}

/** The state before the first event: seats fixed from the header (§4), every Deva at 30 Faith. */
export function initialState(header: GameHeader<DvCard>): DvState {
  const seats = packedMap(header.players, (p) => p.seat);
  if (seats.length < 2) throw new RuleViolation('TOO_FEW_SEATS', `Devacurse needs at least 2 Devas; the document seats ${seats.length}`);
  if (new Set(seats).size !== seats.length) throw new RuleViolation('DUPLICATE_PLAYER', 'a seat is listed twice in players');
  const ids = header.players.map((p) => p.id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) throw new RuleViolation('DUPLICATE_PLAYER', 'a player id is seated twice');
  const catalog = catalogOf(header.catalog.cards);
  const players: PlayerState[] = packedMap(header.players, (p) => ({
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
    cursor: cursorAt('origin'),
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
