import type { BfbCard } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';

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
  const all = [registration.character, ...registration.main, ...registration.extra];

  // Log format property 2: instance ids are unique across the whole game.
  const seen = new Set(boundCardIds);
  for (const entry of all) {
    if (seen.has(entry.cardId)) {
      throw new RuleViolation('DUPLICATE_CARD_ID', `card id ${entry.cardId} is already used in this game`, { cardId: entry.cardId });
    }
    seen.add(entry.cardId);
  }

  const cardOf = (entry: DeckEntry) => cards.get(entry.catalogId)!;
  for (const entry of all) {
    const card = cards.get(entry.catalogId);
    if (!card) {
      throw new RuleViolation('DECK_UNKNOWN_CARD', `${entry.cardId}: catalog id "${entry.catalogId}" is not in the catalog`, {
        cardId: entry.cardId,
        catalogId: entry.catalogId,
      });
    }
    if (entry.artId !== undefined && !card.artVariants?.some((v) => v.artId === entry.artId)) {
      throw new RuleViolation('DECK_UNKNOWN_CARD', `${entry.cardId}: "${entry.catalogId}" has no art "${entry.artId}"`, {
        cardId: entry.cardId,
        catalogId: entry.catalogId,
        artId: entry.artId,
      });
    }
  }

  const character = cardOf(registration.character);
  if (character.type !== 'Character') {
    throw new RuleViolation('DECK_CHARACTER', `the character entry "${character.id}" is a ${character.type}, not a Character`, {
      cardId: registration.character.cardId,
      catalogId: character.id,
    });
  }

  for (const entry of registration.main) {
    const card = cardOf(entry);
    if (card.type === 'Character' || card.extra) {
      throw new RuleViolation(
        'DECK_MAIN_TYPE',
        `${entry.cardId} ("${card.name}") is ${card.extra ? 'an Extra card: it belongs in the Extra Deck' : 'a Character'}, not a main-deck card`,
        { cardId: entry.cardId, catalogId: card.id },
      );
    }
  }

  for (const entry of registration.extra) {
    const card = cardOf(entry);
    if (!card.extra) {
      throw new RuleViolation('DECK_EXTRA_TYPE', `${entry.cardId} ("${card.name}") is not an Extra card`, { cardId: entry.cardId, catalogId: card.id });
    }
  }

  // BB-R31: exactly 50.
  if (registration.main.length !== MAIN_DECK_SIZE) {
    throw new RuleViolation('DECK_MAIN_SIZE', `the main deck holds ${registration.main.length} cards; it must hold exactly ${MAIN_DECK_SIZE}`, {
      size: registration.main.length,
      required: MAIN_DECK_SIZE,
    });
  }

  // BB-R19: copies by name across main and extra; special arts are the same card.
  const copies = new Map<string, number>();
  for (const entry of [...registration.main, ...registration.extra]) {
    const name = cardOf(entry).name;
    const count = (copies.get(name) ?? 0) + 1;
    copies.set(name, count);
    if (count > MAX_COPIES_BY_NAME) {
      throw new RuleViolation('DECK_COPIES', `more than ${MAX_COPIES_BY_NAME} cards named "${name}"`, { name, limit: MAX_COPIES_BY_NAME });
    }
  }

  // BB-R20: Any Color, or a subset of the Character's colours.
  if (character.colors !== 'any') {
    const allowed = new Set(character.colors);
    for (const entry of [...registration.main, ...registration.extra]) {
      const card = cardOf(entry);
      if (card.colors !== 'any' && !card.colors.every((c) => allowed.has(c))) {
        throw new RuleViolation(
          'DECK_COLOR',
          `${entry.cardId} ("${card.name}", ${card.colors.join('/')}) does not match ${character.name} (${character.colors.join('/')})`,
          { cardId: entry.cardId, catalogId: card.id, colors: card.colors, characterColors: character.colors },
        );
      }
    }
  }

  // BB-R21: an owner may use up to the copies owned; anyone else gets the normal art.
  const owned = registration.specialArtOwnership?.counts ?? {};
  const isSpecial = (entry: DeckEntry) =>
    entry.artId !== undefined && cardOf(entry).artVariants?.some((v) => v.artId === entry.artId && v.special) === true;
  const keyOf = (entry: DeckEntry) => `${entry.catalogId}#${entry.artId}`;
  const used = new Map<string, number>();
  for (const entry of all) {
    if (!isSpecial(entry)) continue;
    const key = keyOf(entry);
    const count = (used.get(key) ?? 0) + 1;
    used.set(key, count);
    const limit = owned[key] ?? 0;
    if (limit >= 1 && count > limit) {
      throw new RuleViolation('SPECIAL_ART_NOT_OWNED', `${count} or more cards use the special art ${key}; the player owns ${limit}`, {
        cardId: entry.cardId,
        art: key,
        owned: limit,
      });
    }
  }

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
