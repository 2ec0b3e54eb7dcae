import type { BfbCard } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import { counted } from '../words';

/** One physical card of a registration: its instance id, its catalog entry and its art (§3). */
export interface DeckEntry {
  readonly cardId: string;
  readonly catalogId: string;
  readonly artId?: string;
}

/** The `DeckRegistered` payload (§3). */
export interface DeckRegistration {
  readonly character: DeckEntry;
  readonly main: readonly DeckEntry[];
  readonly extra: readonly DeckEntry[];
  /** Special arts the registering player owns, keyed `catalogId#artId`; absent means none. */
  readonly specialArtOwnership?: { readonly counts: Readonly<Record<string, number>> };
}

export const MAIN_DECK_SIZE = 50;
export const MAX_COPIES_BY_NAME = 4;

/**
 * The §3 deck checks, in §3's order: the first failing check throws its RuleViolation. Returns the
 * registration as the game keeps it: a special art the player does not own becomes the normal art
 * (BB-R21). `boundCardIds` are the instance ids already registered in this game.
 */
export function validateDeckRegistration(
  registration: DeckRegistration,
  catalog: ReadonlyMap<string, BfbCard> | readonly BfbCard[],
  boundCardIds: Iterable<string> = [],
): DeckRegistration {
  const cards: ReadonlyMap<string, BfbCard> = isCardList(catalog) ? new Map(catalog.map((c) => [c.id, c])) : catalog;
  const [first] = deckViolations(registration, cards, boundCardIds, true);
  if (first) throw first;
  const cardOf = (entry: DeckEntry) => cards.get(entry.catalogId)!;
  const owned = registration.specialArtOwnership?.counts ?? {};
  const isSpecial = (entry: DeckEntry) =>
    entry.artId !== undefined && cardOf(entry).artVariants?.some((v) => v.artId === entry.artId && v.special) === true;
  const keyOf = (entry: DeckEntry) => `${entry.catalogId}#${entry.artId}`;
  const normalize = (entry: DeckEntry): DeckEntry => {
    if (!isSpecial(entry) || (owned[keyOf(entry)] ?? 0) >= 1) return entry;
    const { artId: _artId, ...normal } = entry;
    return normal;
  };
  return {
    ...registration,
    character: normalize(registration.character),
    main: registration.main.map(normalize),
    extra: registration.extra.map(normalize),
  };
}

function isCardList(catalog: ReadonlyMap<string, BfbCard> | readonly BfbCard[]): catalog is readonly BfbCard[] {
  return Array.isArray(catalog);
}

/**
 * Every §3 violation of a registration, in §3's order (the Decider stops at the first; deck
 * validation for organisers wants them all). Cards missing from the catalog are reported once
 * and left out of the later checks. `boundCardIds`: the ids already bound in the game, or a test
 * for one (the Decider asks its state instead of listing every card).
 */
export function deckViolations(
  registration: DeckRegistration,
  cards: ReadonlyMap<string, BfbCard>,
  boundCardIds: Iterable<string> | ((cardId: string) => boolean) = [],
  stopAtFirst = false,
): RuleViolation[] {
  if (registration.specialArtOwnership === undefined && typeof boundCardIds === 'function' && isPlainlyLegal(registration, cards, boundCardIds)) return [];
  const found: RuleViolation[] = [];
  const add = (violation: RuleViolation) => {
    found.push(violation);
    return stopAtFirst;
  };
  // Indexed loops, not for-of and filter: this runs twice a game, mostly before the JIT has compiled it.
  const { main, extra } = registration;
  const all: DeckEntry[] = [registration.character];
  for (let i = 0; i < main.length; i++) all.push(main[i]!);
  for (let i = 0; i < extra.length; i++) all.push(extra[i]!);
  const mainAndExtra = all.slice(1);
  // Each entry's catalog card, looked up once (undefined: not in the catalog).
  const resolved: (BfbCard | undefined)[] = new Array(all.length);
  for (let i = 0; i < all.length; i++) resolved[i] = cards.get(all[i]!.catalogId);
  const at = (i: number) => resolved[i];

  // Log format property 2: instance ids are unique across the whole game.
  const seen = new Set<string>();
  const bound = typeof boundCardIds === 'function' ? boundCardIds : undefined;
  if (typeof boundCardIds !== 'function') for (const id of boundCardIds) seen.add(id);
  for (let i = 0; i < all.length; i++) {
    const entry = all[i]!;
    if ((seen.has(entry.cardId) || (bound !== undefined && bound(entry.cardId))) && add(new RuleViolation('DUPLICATE_CARD_ID', `card id ${entry.cardId} is already used in this game`, { cardId: entry.cardId }))) {
      return found;
    }
    seen.add(entry.cardId);
  }

  for (let i = 0; i < all.length; i++) {
    const entry = all[i]!;
    const card = at(i);
    if (!card) {
      const details = { cardId: entry.cardId, catalogId: entry.catalogId };
      if (add(new RuleViolation('DECK_UNKNOWN_CARD', `${entry.cardId}: catalog id "${entry.catalogId}" is not in the catalog`, details))) return found;
      continue;
    }
    if (entry.artId !== undefined && !card.artVariants?.some((v) => v.artId === entry.artId)) {
      const details = { cardId: entry.cardId, catalogId: entry.catalogId, artId: entry.artId };
      if (add(new RuleViolation('DECK_UNKNOWN_CARD', `${entry.cardId}: "${entry.catalogId}" has no art "${entry.artId}"`, details))) return found;
    }
  }

  const character = at(0);
  if (character && character.type !== 'Character') {
    const details = { cardId: registration.character.cardId, catalogId: character.id };
    if (add(new RuleViolation('DECK_CHARACTER', `the character entry "${character.id}" is a ${character.type}, not a Character`, details))) return found;
  }

  for (let i = 0; i < main.length; i++) {
    const entry = main[i]!;
    const card = at(1 + i);
    if (card && (card.type === 'Character' || card.extra)) {
      const what = card.extra ? 'an Extra card: it belongs in the Extra Deck' : 'a Character';
      if (add(new RuleViolation('DECK_MAIN_TYPE', `${entry.cardId} ("${card.name}") is ${what}, not a main-deck card`, { cardId: entry.cardId, catalogId: card.id }))) {
        return found;
      }
    }
  }

  for (let i = 0; i < extra.length; i++) {
    const entry = extra[i]!;
    const card = at(1 + main.length + i);
    if (card && !card.extra && add(new RuleViolation('DECK_EXTRA_TYPE', `${entry.cardId} ("${card.name}") is not an Extra card`, { cardId: entry.cardId, catalogId: card.id }))) {
      return found;
    }
  }

  // BB-R31: exactly 50.
  if (main.length !== MAIN_DECK_SIZE) {
    const message = `the main deck holds ${counted(main.length, 'card')}; it must hold exactly ${MAIN_DECK_SIZE}`;
    if (add(new RuleViolation('DECK_MAIN_SIZE', message, { size: main.length, required: MAIN_DECK_SIZE }))) return found;
  }

  // BB-R19: copies by name across main and extra; special arts are the same card.
  const copies = new Map<string, number>();
  for (let i = 0; i < mainAndExtra.length; i++) {
    const card = at(1 + i);
    if (!card) continue;
    const name = card.name;
    const count = (copies.get(name) ?? 0) + 1;
    copies.set(name, count);
    if (count === MAX_COPIES_BY_NAME + 1) {
      if (add(new RuleViolation('DECK_COPIES', `more than ${MAX_COPIES_BY_NAME} cards named "${name}"`, { name, limit: MAX_COPIES_BY_NAME }))) return found;
    }
  }

  // BB-R20: Any Color, or a subset of the Character's colours.
  if (character && character.colors !== 'any') {
    const allowed = character.colors;
    for (let i = 0; i < mainAndExtra.length; i++) {
      const entry = mainAndExtra[i]!;
      const card = at(1 + i);
      if (!card || card.colors === 'any') continue;
      let matches = true;
      for (let j = 0; j < card.colors.length; j++) if (!allowed.includes(card.colors[j]!)) matches = false;
      if (!matches) {
        const message = `${entry.cardId} ("${card.name}", ${card.colors.join('/')}) does not match ${character.name} (${character.colors.join('/')})`;
        const details = { cardId: entry.cardId, catalogId: card.id, colors: card.colors, characterColors: character.colors };
        if (add(new RuleViolation('DECK_COLOR', message, details))) return found;
      }
    }
  }

  // BB-R21: an owner may use up to the copies owned; anyone else gets the normal art.
  const owned = registration.specialArtOwnership?.counts ?? {};
  let used: Map<string, number> | undefined;
  for (let i = 0; i < all.length; i++) {
    const entry = all[i]!;
    if (entry.artId === undefined) continue;
    const card = at(i);
    if (!card || !card.artVariants?.some((v) => v.artId === entry.artId && v.special)) continue;
    const key = `${entry.catalogId}#${entry.artId}`;
    const count = ((used ??= new Map()).get(key) ?? 0) + 1;
    used.set(key, count);
    const limit = owned[key] ?? 0;
    if (limit >= 1 && count === limit + 1) {
      const message = `${count} or more cards use the special art ${key}; the player owns ${limit}`;
      if (add(new RuleViolation('SPECIAL_ART_NOT_OWNED', message, { cardId: entry.cardId, art: key, owned: limit }))) return found;
    }
  }
  return found;
}

/**
 * Whether a registration without special-art ownership passes every §3 check, in one pass over its
 * entries with nothing built but the id set and the name counts: the Decider's case (a legal deck,
 * twice a game). Any doubt answers false, and `deckViolations` then makes its checks in §3's order,
 * which say what is wrong. Without ownership counts no special art can be over its limit (BB-R21).
 */
function isPlainlyLegal(registration: DeckRegistration, cards: ReadonlyMap<string, BfbCard>, bound: (cardId: string) => boolean): boolean {
  const { main, extra } = registration;
  if (main.length !== MAIN_DECK_SIZE) return false;
  const character = entryCard(registration.character, cards);
  if (character === undefined || character.type !== 'Character') return false;
  const seen = new Set<string>();
  const id = registration.character.cardId;
  if (bound(id)) return false;
  seen.add(id);
  const copies = new Map<string, number>();
  const allowed = character.colors;
  for (let i = 0; i < main.length + extra.length; i++) {
    const isMain = i < main.length;
    const entry = isMain ? main[i]! : extra[i - main.length]!;
    if (seen.has(entry.cardId) || bound(entry.cardId)) return false;
    seen.add(entry.cardId);
    const card = entryCard(entry, cards);
    if (card === undefined) return false;
    if (isMain ? card.type === 'Character' || card.extra : !card.extra) return false;
    const count = (copies.get(card.name) ?? 0) + 1;
    if (count > MAX_COPIES_BY_NAME) return false;
    copies.set(card.name, count);
    if (allowed !== 'any' && card.colors !== 'any') {
      for (let j = 0; j < card.colors.length; j++) if (!allowed.includes(card.colors[j]!)) return false;
    }
  }
  return true;
}

/** The catalog card of an entry whose art, if it names one, the card has; undefined otherwise. */
function entryCard(entry: DeckEntry, cards: ReadonlyMap<string, BfbCard>): BfbCard | undefined {
  const card = cards.get(entry.catalogId);
  if (card === undefined || entry.artId === undefined) return card;
  const variants = card.artVariants;
  if (variants !== undefined) for (let i = 0; i < variants.length; i++) if (variants[i]!.artId === entry.artId) return card;
  return undefined;
}
