import type { AgCard, AgDeckRegistered } from '@cardlog/events';
import type { AgState, CardId, Instance, Seat } from '../state';
import { AEGIS_PILE_SIZE } from '../state';
import { fail } from './guards';
import { counted } from '../../words';

/**
 * Deck construction (§3), in the table's order; the first fault decides the code. Binds each instance
 * in `cards` as it checks its id, so one look-up both finds a duplicate (in this deck or already
 * bound) and binds it: the state's own map in an in-place step, a copy for decide. A refused deck
 * leaves `cards` as it was.
 */
export function decideDeckRegistered(state: AgState, seat: Seat, deck: AgDeckRegistered, cards: Map<CardId, Instance>): void {
  const identity = deck.identity;
  if (!(identity.length >= 1 && identity.length <= 2 && new Set(identity).size === identity.length && !identity.includes('neutral'))) fail('DECK_IDENTITY_SIZE', `identity [${identity.join(', ')}]: choose 1 or 2 distinct elements (Mono / Dual, AG-R22)`, { identity });
  const main: AgCard[] = [];
  const aegis: AgCard[] = [];
  // How many entries passed the duplicate check: their ids were not bound before, so undoing deletes those.
  let checked = 0;
  try {
    // DECK_DUPLICATE_INSTANCE comes before DECK_UNKNOWN_CARD whatever their places: the first unknown card waits.
    let unknown: { readonly where: string; readonly index: number; readonly catalogId: string } | undefined;
    let unknownIds: Set<CardId> | undefined;
    for (const [where, entries, list] of [['main', deck.main, main], ['aegis', deck.aegis, aegis]] as const) {
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        if (cards.has(e.cardId) || unknownIds?.has(e.cardId)) fail('DECK_DUPLICATE_INSTANCE', `instance id ${e.cardId} is used twice in this game`, { cardId: e.cardId });
        checked++;
        const card = state.catalog.get(e.catalogId);
        if (card) {
          cards.set(e.cardId, { owner: seat, card });
          list.push(card);
        } else {
          unknown ??= { where, index: i, catalogId: e.catalogId };
          (unknownIds ??= new Set()).add(e.cardId);
        }
      }
    }
    if (unknown) fail('DECK_UNKNOWN_CARD', `${unknown.where}[${unknown.index}]: catalog id ${unknown.catalogId} is not in the catalog`, { catalogId: unknown.catalogId });
    checkDeckCards(state, identity, main, aegis);
  } catch (error) {
    const entries = [...deck.main, ...deck.aegis];
    for (let i = 0; i < checked; i++) cards.delete(entries[i]!.cardId);
    throw error;
  }
}

/** The checks of §3 after every instance is bound to its catalog entry. */
function checkDeckCards(state: AgState, identity: readonly string[], main: readonly AgCard[], aegis: readonly AgCard[]): void {
  for (let i = 0; i < main.length; i++) {
    const card = main[i]!;
    if (!(card.type !== 'Aegis')) fail('DECK_MAIN_TYPE', `main[${i}] ${card.name} is an Aegis card; Aegis go in the Aegis pile`, { index: i });
  }
  for (let i = 0; i < main.length; i++) {
    const card = main[i]!;
    if (!(within(card.colors, identity))) fail('DECK_MAIN_COLOR', `main[${i}] ${card.name} [${card.colors.join('+')}] is outside the identity [${identity.join(', ')}]`, { index: i });
  }
  if (!(aegis.length === AEGIS_PILE_SIZE)) fail('DECK_AEGIS_COUNT', `the Aegis pile holds ${counted(aegis.length, 'card')}; it must hold exactly ${AEGIS_PILE_SIZE}`, { count: aegis.length });
  for (let i = 0; i < aegis.length; i++) {
    const card = aegis[i]!;
    if (!(card.type === 'Aegis')) fail('DECK_AEGIS_TYPE', `aegis[${i}] ${card.name} is a ${card.type}, not an Aegis card (AG-R22)`, { index: i });
  }
  for (let i = 0; i < aegis.length; i++) {
    const card = aegis[i]!;
    if (!(within(card.colors, identity))) fail('DECK_AEGIS_COLOR', `aegis[${i}] ${card.name} [${card.colors.join('+')}] is outside the identity [${identity.join(', ')}]`, { index: i });
  }
  const size = state.config.mainDeckSize;
  if (size !== undefined) if (!(main.length === size)) fail('DECK_MAIN_SIZE', `the main deck has ${counted(main.length, 'card')}; this match requires ${size} (AG-R8)`, { count: main.length });
  const limit = state.config.maxCopiesPerName;
  if (limit !== undefined) {
    const copies = new Map<string, number>();
    for (const card of main) copies.set(card.name, (copies.get(card.name) ?? 0) + 1);
    for (const [name, n] of copies) if (!(n <= limit)) fail('DECK_COPIES', `${n} copies of ${name}; this match allows ${limit} (AG-R8)`, { name, copies: n });
  }
}

/** Every colour of the card is in the deck's identity. */
function within(colors: readonly string[], identity: readonly string[]): boolean {
  for (let i = 0; i < colors.length; i++) if (!identity.includes(colors[i]!)) return false;
  return true;
}
