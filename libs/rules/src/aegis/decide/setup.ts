import type { AgCard, AgDeckEntry, AgDeckRegistered } from '@cardlog/events';
import type { AgState, Seat } from '../state';
import { AEGIS_PILE_SIZE } from '../state';
import { fail } from './guards';

/** Deck construction (§3), in the table's order; the first fault decides the code. */
export function decideDeckRegistered(state: AgState, _seat: Seat, deck: AgDeckRegistered): void {
  const identity = deck.identity;
  if (!(identity.length >= 1 && identity.length <= 2 && new Set(identity).size === identity.length && !identity.includes('neutral'))) fail('DECK_IDENTITY_SIZE', `identity [${identity.join(', ')}]: choose 1 or 2 distinct elements (Mono / Dual, AG-R22)`, { identity });
  const ids = new Set<string>();
  const bound = state.cards.size > 0 ? state.cards : undefined;
  for (const entries of [deck.main, deck.aegis]) {
    for (const e of entries) {
      if (!(!ids.has(e.cardId) && !bound?.has(e.cardId))) fail('DECK_DUPLICATE_INSTANCE', `instance id ${e.cardId} is used twice in this game`, { cardId: e.cardId });
      ids.add(e.cardId);
    }
  }
  const main = cardsFor(state, deck.main, 'main');
  const aegis = cardsFor(state, deck.aegis, 'aegis');
  for (let i = 0; i < main.length; i++) {
    const card = main[i]!;
    if (!(card.type !== 'Aegis')) fail('DECK_MAIN_TYPE', `main[${i}] ${card.name} is an Aegis card; Aegis go in the Aegis pile`, { index: i });
  }
  for (let i = 0; i < main.length; i++) {
    const card = main[i]!;
    if (!(within(card.colors, identity))) fail('DECK_MAIN_COLOR', `main[${i}] ${card.name} [${card.colors.join('+')}] is outside the identity [${identity.join(', ')}]`, { index: i });
  }
  if (!(aegis.length === AEGIS_PILE_SIZE)) fail('DECK_AEGIS_COUNT', `the Aegis pile holds ${aegis.length} cards; it must hold exactly ${AEGIS_PILE_SIZE}`, { count: aegis.length });
  for (let i = 0; i < aegis.length; i++) {
    const card = aegis[i]!;
    if (!(card.type === 'Aegis')) fail('DECK_AEGIS_TYPE', `aegis[${i}] ${card.name} is a ${card.type}, not an Aegis card (AG-R22)`, { index: i });
  }
  for (let i = 0; i < aegis.length; i++) {
    const card = aegis[i]!;
    if (!(within(card.colors, identity))) fail('DECK_AEGIS_COLOR', `aegis[${i}] ${card.name} [${card.colors.join('+')}] is outside the identity [${identity.join(', ')}]`, { index: i });
  }
  const size = state.config.mainDeckSize;
  if (size !== undefined) if (!(main.length === size)) fail('DECK_MAIN_SIZE', `the main deck has ${main.length} cards; this match requires ${size} (AG-R8)`, { count: main.length });
  const limit = state.config.maxCopiesPerName;
  if (limit !== undefined) {
    const copies = new Map<string, number>();
    for (const card of main) copies.set(card.name, (copies.get(card.name) ?? 0) + 1);
    for (const [name, n] of copies) if (!(n <= limit)) fail('DECK_COPIES', `${n} copies of ${name}; this match allows ${limit} (AG-R8)`, { name, copies: n });
  }
}

/** The catalog entry of every deck entry, in order (DECK_UNKNOWN_CARD at the first that has none). */
function cardsFor(state: AgState, entries: readonly AgDeckEntry[], where: string): AgCard[] {
  const cards: AgCard[] = [];
  for (let i = 0; i < entries.length; i++) {
    const catalogId = entries[i]!.catalogId;
    const card = state.catalog.get(catalogId);
    if (!(card)) fail('DECK_UNKNOWN_CARD', `${where}[${i}]: catalog id ${catalogId} is not in the catalog`, { catalogId });
    cards.push(card);
  }
  return cards;
}

/** Every colour of the card is in the deck's identity. */
function within(colors: readonly string[], identity: readonly string[]): boolean {
  for (let i = 0; i < colors.length; i++) if (!identity.includes(colors[i]!)) return false;
  return true;
}
