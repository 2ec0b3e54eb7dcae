import type { RegisteredDeck } from '../api/types';
import { CardName } from '../ui/card-name';

export interface DeckSection {
  readonly name: string;
  /** Catalog card id → copies, in the order the list first names each card (shown by name). */
  readonly cards: readonly { readonly cardId: string; readonly copies: number }[];
}

/** The catalog card an entry of a list refers to: Born from Blood's `catalogId`, Summoner Master's `card`. */
function cardOf(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  for (const key of ['catalogId', 'card', 'cardId', 'id']) if (typeof e[key] === 'string') return e[key] as string;
  return null;
}

/**
 * A registered list (the system's own `DeckRegistered` payload) as sections of cards and copies:
 * every top-level field holding card entries is a section (`character`, `main`, `extra`, `deck`, …).
 */
export function deckSections(list: unknown): DeckSection[] {
  if (!list || typeof list !== 'object') return [];
  const sections: DeckSection[] = [];
  for (const [name, value] of Object.entries(list as Record<string, unknown>)) {
    const entries = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
    const counts = new Map<string, number>();
    for (const entry of entries) {
      const card = cardOf(entry);
      if (card) counts.set(card, (counts.get(card) ?? 0) + 1);
    }
    if (counts.size) sections.push({ name, cards: [...counts].map(([cardId, copies]) => ({ cardId, copies })) });
  }
  return sections.sort((a, b) => rank(a.name) - rank(b.name));
}

// The read model stores a list as jsonb, which does not keep the payload's key order: the sections
// that lead a list (a character, an identity) come first, side piles after the main deck.
const ORDER = ['character', 'identity', 'main', 'deck', 'extra', 'aegis', 'reflectionCards'];
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

const sectionTitle = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** One player's registered list: sections with copies, each card linking to its catalog entry. */
export function DeckList({ deck, catalog, names }: { deck: RegisteredDeck; catalog: string | null; names: ReadonlyMap<string, string> }) {
  const sections = deckSections(deck.deck.list);
  if (sections.length === 0) return <p className="muted">No list was registered.</p>;
  return (
    <div className="deck-list">
      {sections.map((s) => (
        <section key={s.name} aria-label={`${deck.name}: ${sectionTitle(s.name)}`}>
          <h4>
            {sectionTitle(s.name)} <span className="muted">({s.cards.reduce((n, c) => n + c.copies, 0)})</span>
          </h4>
          <ul>
            {[...s.cards].sort((a, b) => (names.get(a.cardId) ?? a.cardId).localeCompare(names.get(b.cardId) ?? b.cardId)).map((c) => (
              <li key={c.cardId} data-card={c.cardId}>
                <span className="copies">{c.copies}×</span> <CardName cardId={c.cardId} name={names.get(c.cardId)} catalog={catalog ?? undefined} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
