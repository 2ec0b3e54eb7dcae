import type { LogEvent, SmCard } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import type { DeckFacts, GameFacts, GameInsights, SeatSightings } from '../insights';
import { stableHash } from '../stable-hash';
import type { SmState } from './state';

// Read-model facts of a Summoner Master game, folded from its events. Working maps are kept as
// lists of pairs so that card ids such as "__proto__" stay plain data.

interface Scratch {
  /** [instance id, catalog id, owner] from the deck registrations. */
  readonly cards: readonly (readonly [string, string, string])[];
}

const NO_SIGHTINGS: SeatSightings = { openingHand: [], drawn: [], played: [] };

/** "Ember/Gale Seals": the deck's one or two main Seal elements, the label players use. */
export function smArchetype(cards: readonly (SmCard | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const c of cards) if (c?.kind === 'Seal' && c.element) counts.set(c.element, (counts.get(c.element) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (ranked.length === 0) return 'Mystic control';
  const main = ranked.filter(([, n], i) => i === 0 || (i === 1 && n * 4 >= ranked[0]![1])).map(([e]) => e);
  return `${main.sort().join('/')} Seals`;
}

function deckFacts(header: GameHeader, seat: string, entries: readonly { card: string }[]): DeckFacts {
  const catalog = new Map((header.catalog.cards as SmCard[]).map((c) => [c.id, c]));
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.card, (counts.get(e.card) ?? 0) + 1);
  const list = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `${id}x${n}`).join(';');
  const uploaded = header.players.find((p) => p.seat === seat)?.deck?.archetype;
  const cards: Record<string, { name: string; copies: number }> = Object.create(null);
  for (const [id, copies] of counts) cards[id] = { name: catalog.get(id)?.name ?? id, copies };
  return { archetype: uploaded ?? smArchetype(entries.map((e) => catalog.get(e.card))), listHash: stableHash(list), cards: { ...cards } };
}

function addSeen(facts: GameFacts, seat: string, kind: keyof SeatSightings, catalogIds: readonly string[]): GameFacts {
  if (catalogIds.length === 0) return facts;
  const current = facts.sightings[seat] ?? NO_SIGHTINGS;
  const merged = [...new Set([...current[kind], ...catalogIds])];
  if (merged.length === current[kind].length) return facts;
  return { ...facts, sightings: { ...facts.sightings, [seat]: { ...current, [kind]: merged } } };
}

export const summonerMasterInsights: GameInsights<SmState> = {
  initialFacts: () => ({ firstPlayer: null, decks: {}, sightings: {}, scratch: { cards: [] } satisfies Scratch }),

  evolveFacts(facts, event: LogEvent, header) {
    const scratch = facts.scratch as unknown as Scratch;
    const lookup = (id: unknown) => scratch.cards.find(([i]) => i === id);
    const payload = (event.payload ?? {}) as Record<string, any>;
    const seat = event.player;
    switch (event.type) {
      case 'DeckRegistered': {
        if (!seat || !Array.isArray(payload['deck'])) return facts;
        const added = [...payload['deck'], ...(payload['reflectionCards'] ?? [])].map((e: any) => [String(e.id), String(e.card), seat] as const);
        return { ...facts, decks: { ...facts.decks, [seat]: deckFacts(header, seat, payload['deck']) }, scratch: { cards: [...scratch.cards, ...added] } };
      }
      case 'FirstPlayerDetermined':
      case 'FirstPlayerChosen':
        return { ...facts, firstPlayer: payload['firstPlayer'] ?? null };
      case 'OpeningHandDrawn':
        return seat ? addSeen(facts, seat, 'openingHand', (payload['cardIds'] ?? []).map((id: string) => lookup(id)?.[1]).filter(Boolean)) : facts;
      case 'CardDrawn': {
        const c = lookup(payload['cardId']);
        return c ? addSeen(facts, c[2], 'drawn', [c[1]]) : facts;
      }
      case 'CardMoved': {
        const c = lookup(payload['cardId']);
        if (!c || payload['to'] !== 'Hand' || (payload['from'] !== 'SealDeck' && payload['from'] !== 'MysticDeck')) return facts;
        return addSeen(facts, c[2], 'drawn', [c[1]]);
      }
      case 'CardCast': {
        const c = lookup(payload['cardId']);
        return c && seat ? addSeen(facts, c[2], 'played', [c[1]]) : facts;
      }
      default:
        return facts;
    }
  },

  position: (state) => ({
    turn: state.subturn?.number ?? null,
    phase: state.subturn ? state.subturn.step : state.stage === 'none' ? null : 'setup',
    turnPlayer: state.subturn?.owner ?? null,
  }),
};
