import type { AgCard, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import type { DeckFacts, GameFacts, GameInsights, SeatSightings } from '../insights';
import { stableHash } from '../stable-hash';
import { identityArchetype } from './catalog';
import type { AgState } from './state';

// Read-model facts of an Aegis game, folded from its events (not from the engine state, so they
// stay stable while the engine's internals change). Maps keyed by card ids are null-prototype records.

interface Scratch {
  /** Instance id → catalog id and → owning seat, from the deck registrations. */
  readonly catalogOf: Readonly<Record<string, string>>;
  readonly ownerOf: Readonly<Record<string, string>>;
}

interface Entry {
  cardId: string;
  catalogId: string;
}

const NO_SIGHTINGS: SeatSightings = { openingHand: [], drawn: [], played: [] };
const record = <T>(from: Record<string, T> = {}): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, from);

function deckFacts(header: GameHeader, seat: string, payload: { identity: string[]; main: Entry[]; aegis: Entry[] }): DeckFacts {
  const cards = new Map((header.catalog.cards as AgCard[]).map((c) => [c.id, c]));
  const counts = new Map<string, number>();
  for (const e of payload.main) counts.set(e.catalogId, (counts.get(e.catalogId) ?? 0) + 1);
  const aegis = new Map<string, number>();
  for (const e of payload.aegis) aegis.set(e.catalogId, (aegis.get(e.catalogId) ?? 0) + 1);
  const list = [
    `I:${[...payload.identity].sort().join('+')}`,
    ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `M:${id}x${n}`),
    ...[...aegis].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `A:${id}x${n}`),
  ].join(';');
  const uploaded = header.players.find((p) => p.seat === seat)?.deck?.archetype;
  return {
    archetype: uploaded ?? identityArchetype(payload.identity),
    listHash: stableHash(list),
    cards: record(Object.fromEntries([...counts].map(([id, copies]) => [id, { name: cards.get(id)?.name ?? id, copies }]))),
  };
}

function addSeen(facts: GameFacts, seat: string | undefined, kind: keyof SeatSightings, catalogIds: readonly string[]): GameFacts {
  if (!seat || catalogIds.length === 0) return facts;
  const current = facts.sightings[seat] ?? NO_SIGHTINGS;
  const merged = [...new Set([...current[kind], ...catalogIds])];
  if (merged.length === current[kind].length) return facts;
  return { ...facts, sightings: { ...facts.sightings, [seat]: { ...current, [kind]: merged } } };
}

export const aegisInsights: GameInsights<AgState> = {
  initialFacts: () => ({ firstPlayer: null, decks: {}, sightings: {}, scratch: { catalogOf: record(), ownerOf: record() } satisfies Scratch }),

  evolveFacts(facts, event: LogEvent, header) {
    const scratch = facts.scratch as unknown as Scratch;
    const catalogIds = (ids: readonly string[] | undefined) => (ids ?? []).map((id) => scratch.catalogOf[id]).filter((id): id is string => id !== undefined);
    const payload = (event.payload ?? {}) as Record<string, any>;
    const seat = event.player;
    switch (event.type) {
      case 'DeckRegistered': {
        const p = payload as { identity: string[]; main: Entry[]; aegis: Entry[] };
        const catalogOf = record(scratch.catalogOf);
        const ownerOf = record(scratch.ownerOf);
        for (const e of [...p.main, ...p.aegis]) {
          catalogOf[e.cardId] = e.catalogId;
          ownerOf[e.cardId] = seat!;
        }
        return { ...facts, decks: { ...facts.decks, [seat!]: deckFacts(header, seat!, p) }, scratch: { ...scratch, catalogOf, ownerOf } };
      }
      case 'FirstPlayerChosen':
        return { ...facts, firstPlayer: payload.firstPlayer ?? null };
      case 'OpeningHandDrawn':
        return addSeen(facts, seat, 'openingHand', catalogIds(payload.cardIds));
      case 'DrawForTurn':
        return addSeen(facts, seat, 'drawn', catalogIds(payload.cardIds));
      case 'DrawCards':
        return addSeen(facts, payload.player, 'drawn', catalogIds(payload.cardIds));
      case 'MoveCard':
        return payload.from === 'deck' && payload.to === 'hand' ? addSeen(facts, scratch.ownerOf[payload.cardId], 'drawn', catalogIds([payload.cardId])) : facts;
      case 'SummonUnit':
      case 'PlaySupport':
      case 'PlaySpell':
        return addSeen(facts, seat, 'played', catalogIds([payload.cardId]));
      default:
        return facts;
    }
  },

  position: (state) => ({ turn: state.turn > 0 ? state.turn : null, phase: state.step ?? null, turnPlayer: state.turnPlayer ?? null }),
};
