import type { BfbCard, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import type { DeckFacts, GameFacts, GameInsights, SeatSightings } from '../insights';
import { stableHash } from '../stable-hash';
import type { BfbState } from './state';

// Read-model facts of a Born from Blood game, folded from its events (not from the engine state,
// so they stay stable while the engine's internals change).

interface Scratch {
  /** Instance id → catalog id and → owning seat, from the deck registrations. */
  readonly catalogOf: Readonly<Record<string, string>>;
  readonly ownerOf: Readonly<Record<string, string>>;
  /** The hand being dealt, per seat, until that seat's mulligan fixes the opening hand. */
  readonly dealing: Readonly<Record<string, readonly string[]>>;
}

interface DeckEntry {
  cardId: string;
  catalogId: string;
}

const NO_SIGHTINGS: SeatSightings = { openingHand: [], drawn: [], played: [] };

function cardsOf(header: GameHeader): Map<string, BfbCard> {
  return new Map((header.catalog.cards as BfbCard[]).map((c) => [c.id, c]));
}

/** Character name and colours, e.g. "Kesra, Forge-Queen (red)"; the deck's default archetype. */
export function defaultArchetype(character: BfbCard | undefined): string {
  if (!character) return 'unknown';
  const colours = character.colors === 'any' ? 'any colour' : [...character.colors].sort().join('/');
  return `${character.name} (${colours})`;
}

function deckFacts(header: GameHeader, seat: string, payload: { character: DeckEntry; main: DeckEntry[]; extra: DeckEntry[] }): DeckFacts {
  const cards = cardsOf(header);
  const counts = new Map<string, number>();
  for (const entry of payload.main) counts.set(entry.catalogId, (counts.get(entry.catalogId) ?? 0) + 1);
  const extras = new Map<string, number>();
  for (const entry of payload.extra) extras.set(entry.catalogId, (extras.get(entry.catalogId) ?? 0) + 1);
  const list = [
    `C:${payload.character.catalogId}`,
    ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `M:${id}x${n}`),
    ...[...extras].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `X:${id}x${n}`),
  ].join(';');
  const uploaded = header.players.find((p) => p.seat === seat)?.deck?.archetype;
  return {
    archetype: uploaded ?? defaultArchetype(cards.get(payload.character.catalogId)),
    listHash: stableHash(list),
    cards: Object.fromEntries([...counts].map(([id, copies]) => [id, { name: cards.get(id)?.name ?? id, copies }])),
  };
}

/**
 * The facts with `catalogIds` added to a seat's sightings of `kind`, each once, after those already
 * there; the same facts when none is new. Nothing is copied for a card type already seen (most
 * draws of a game, past its first turns).
 */
function addSeen(facts: GameFacts, seat: string, kind: keyof SeatSightings, catalogIds: readonly string[]): GameFacts {
  if (catalogIds.length === 0) return facts;
  const current = facts.sightings[seat] ?? NO_SIGHTINGS;
  const seen = current[kind];
  let merged: string[] | undefined;
  for (const id of catalogIds) {
    if (seen.includes(id) || merged?.includes(id)) continue;
    (merged ??= [...seen]).push(id);
  }
  if (!merged) return facts;
  return { ...facts, sightings: { ...facts.sightings, [seat]: { ...current, [kind]: merged } } };
}

/** The catalog ids of instance ids, as far as the deck registrations name them. */
function catalogIdsIn(scratch: Scratch, ids: readonly string[] | undefined): string[] {
  const out: string[] = [];
  if (ids === undefined) return out;
  for (const id of ids) {
    const catalogId = own(scratch.catalogOf, id);
    if (catalogId !== undefined) out.push(catalogId);
  }
  return out;
}

/** A record's own entry for a key that is user input (a card id may be `constructor`). */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export const bornFromBloodInsights: GameInsights<BfbState> = {
  initialFacts: () => ({ firstPlayer: null, decks: {}, sightings: {}, scratch: { catalogOf: {}, ownerOf: {}, dealing: {} } satisfies Scratch }),

  evolveFacts(facts, event: LogEvent, header) {
    const scratch = facts.scratch as unknown as Scratch;
    const payload = event.payload as Record<string, any>;
    const seat = event.player;
    switch (event.type) {
      case 'DeckRegistered': {
        const p = payload as { character: DeckEntry; main: DeckEntry[]; extra: DeckEntry[] };
        // Null-prototype copies: card ids are user input, and `__proto__` must be stored as a key.
        const catalogOf: Record<string, string> = Object.assign(Object.create(null), scratch.catalogOf);
        const ownerOf: Record<string, string> = Object.assign(Object.create(null), scratch.ownerOf);
        for (const entry of [p.character, ...p.main, ...p.extra]) {
          catalogOf[entry.cardId] = entry.catalogId;
          ownerOf[entry.cardId] = seat!;
        }
        return { ...facts, decks: { ...facts.decks, [seat!]: deckFacts(header, seat!, p) }, scratch: { ...scratch, catalogOf, ownerOf } };
      }
      case 'FirstPlayerChosen':
        return { ...facts, firstPlayer: payload.firstPlayer ?? null };
      case 'OpeningHandDrawn':
        return { ...facts, scratch: { ...scratch, dealing: { ...scratch.dealing, [seat!]: [...(payload.cardIds ?? [])] } } };
      case 'Mulligan': {
        const under = new Set<string>(payload.cardIds ?? []);
        const kept = [...(scratch.dealing[seat!] ?? []).filter((id) => !under.has(id)), ...(payload.drawnCardIds ?? [])];
        const dealing = { ...scratch.dealing };
        delete dealing[seat!];
        return addSeen({ ...facts, scratch: { ...scratch, dealing } }, seat!, 'openingHand', catalogIdsIn(scratch, kept));
      }
      case 'DrawForTurn':
        return payload.cardId ? addSeen(facts, seat!, 'drawn', catalogIdsIn(scratch, [payload.cardId])) : facts;
      case 'DrawCards':
        return addSeen(facts, payload.player, 'drawn', catalogIdsIn(scratch, payload.cardIds));
      case 'MoveCard': {
        if (payload.from !== 'deck' || payload.to !== 'hand') return facts;
        const owner = own(scratch.ownerOf, payload.cardId);
        return owner ? addSeen(facts, owner, 'drawn', catalogIdsIn(scratch, [payload.cardId])) : facts;
      }
      case 'PlayCard':
        return addSeen(facts, seat!, 'played', catalogIdsIn(scratch, [payload.cardId]));
      default:
        return facts;
    }
  },

  position: (state) => ({ turn: state.turn > 0 ? state.turn : null, phase: state.phase ?? null, turnPlayer: state.turnPlayer ?? null }),
};
