import type { DvCard, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import type { DeckFacts, GameFacts, GameInsights, SeatSightings } from '../insights';
import { stableHash } from '../stable-hash';
import type { DvState } from './state';

// Read-model facts of a Devacurse game, folded from its events.

interface Scratch {
  readonly catalogOf: Readonly<Record<string, string>>;
  readonly started: boolean;
}

const NO_SIGHTINGS: SeatSightings = { openingHand: [], drawn: [], played: [] };

/** The Universe's one or two main elements, e.g. "fire/metal" (colourless when it has none). */
export function defaultArchetype(cards: readonly DvCard[]): string {
  const counts = new Map<string, number>();
  for (const c of cards) for (const e of c.elements) counts.set(e, (counts.get(e) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (ranked.length === 0) return 'colourless';
  const main = ranked.filter(([, n], i) => i === 0 || n * 3 >= ranked[0]![1]).slice(0, 2).map(([e]) => e);
  return main.sort().join('/');
}

function addSeen(facts: GameFacts, seat: string, kind: keyof SeatSightings, catalogIds: readonly string[]): GameFacts {
  if (catalogIds.length === 0) return facts;
  const current = facts.sightings[seat] ?? NO_SIGHTINGS;
  const merged = [...new Set([...current[kind], ...catalogIds])];
  if (merged.length === current[kind].length) return facts;
  return { ...facts, sightings: { ...facts.sightings, [seat]: { ...current, [kind]: merged } } };
}

export const devacurseInsights: GameInsights<DvState> = {
  initialFacts: () => ({ firstPlayer: null, decks: {}, sightings: {}, scratch: { catalogOf: {}, started: false } satisfies Scratch }),

  evolveFacts(facts, event: LogEvent, header: GameHeader) {
    const scratch = facts.scratch as unknown as Scratch;
    const ids = (list: readonly string[] | undefined) => (list ?? []).map((id) => (Object.hasOwn(scratch.catalogOf, id) ? scratch.catalogOf[id] : undefined)).filter((id): id is string => id !== undefined);
    const p = event.payload as Record<string, any>;
    const seat = event.player;
    switch (event.type) {
      case 'UniverseRegistered': {
        const byId = new Map((header.catalog.cards as DvCard[]).map((c) => [c.id, c]));
        const catalogOf: Record<string, string> = { ...scratch.catalogOf };
        const counts = new Map<string, number>();
        for (const entry of p.cards as { cardId: string; catalogId: string }[]) {
          catalogOf[entry.cardId] = entry.catalogId;
          counts.set(entry.catalogId, (counts.get(entry.catalogId) ?? 0) + 1);
        }
        const list = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `${id}x${n}`).join(';');
        const uploaded = header.players.find((x) => x.seat === seat)?.deck?.archetype;
        const cards = (p.cards as { catalogId: string }[]).map((e) => byId.get(e.catalogId)).filter((c): c is DvCard => c !== undefined);
        const deck: DeckFacts = {
          archetype: uploaded ?? defaultArchetype(cards),
          listHash: stableHash(list),
          cards: Object.fromEntries([...counts].map(([id, copies]) => [id, { name: byId.get(id)?.name ?? id, copies }])),
        };
        return { ...facts, decks: { ...facts.decks, [seat!]: deck }, scratch: { ...scratch, catalogOf } };
      }
      case 'FirstPlayerChosen':
        return { ...facts, firstPlayer: p.firstPlayer ?? null };
      case 'TurnBegan':
        return scratch.started ? facts : { ...facts, scratch: { ...scratch, started: true } };
      case 'DrawCards':
        return addSeen(facts, seat!, scratch.started ? 'drawn' : 'openingHand', ids(p.cardIds));
      case 'ResolveKnotTop': {
        let out = facts;
        for (const e of (p.effects ?? []) as { type: string; player?: string; cardIds?: string[] }[]) {
          if (e.type === 'DrawCards' && e.player) out = addSeen(out, e.player, 'drawn', ids(e.cardIds));
        }
        return out;
      }
      case 'CallCard':
      case 'CallHero':
        return addSeen(facts, seat!, 'played', ids([p.cardId]));
      default:
        return facts;
    }
  },

  position: (state) => {
    const c = state.cursor;
    const phase = c.loop === 'origin' ? null : [c.loop, c.part, c.phase, c.step].filter(Boolean).join('/');
    return { turn: state.turn > 0 ? state.turn : null, phase, turnPlayer: c.owner ?? state.orderHolder ?? null };
  },
};
