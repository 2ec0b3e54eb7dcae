import { useQueries, useQuery } from '@tanstack/react-query';
import { catalogs } from '../api/client';
import type { ServedCatalog } from '../api/types';
import { Link } from '../router';

/** The anchor of a card on its catalog page: `/catalogs/<id>#card-<cardId>`. */
export const cardAnchor = (cardId: string) => `card-${cardId}`;
export const catalogHref = (catalogId: string, cardId?: string) => `/catalogs/${encodeURIComponent(catalogId)}${cardId ? `#${encodeURIComponent(cardAnchor(cardId))}` : ''}`;

type Card = { readonly id: string; readonly name?: string } & Record<string, unknown>;
const cardsOf = (c: ServedCatalog | undefined): readonly Card[] => (c?.cards ?? []) as readonly Card[];

/** A catalog never changes once a game references it: it is read once per tab. */
export function useCatalog(id: string | null | undefined) {
  return useQuery({ queryKey: ['catalog', id], queryFn: ({ signal }) => catalogs.get(id!, signal), enabled: !!id, staleTime: Infinity });
}

/** Card id → name, from one catalog. */
export function useCardNames(catalogId: string | null | undefined): ReadonlyMap<string, string> {
  const catalog = useCatalog(catalogId);
  return new Map(cardsOf(catalog.data).map((c) => [c.id, c.name ?? c.id]));
}

/**
 * Card id → the catalog that holds it, over every catalog of a system (built-in first, as the API
 * lists them). The card statistics carry a card's id but not its catalog, so the table finds it here.
 */
export function useCardCatalogs(system: string | undefined): ReadonlyMap<string, string> {
  const listing = useQuery({ queryKey: ['catalogs'], queryFn: ({ signal }) => catalogs.list(signal), enabled: !!system, staleTime: 60_000 });
  const ids = (listing.data?.items ?? []).filter((c) => c.system === system).map((c) => c.id);
  const loaded = useQueries({ queries: ids.map((id) => ({ queryKey: ['catalog', id], queryFn: ({ signal }: { signal: AbortSignal }) => catalogs.get(id, signal), staleTime: Infinity })) });
  const index = new Map<string, string>();
  loaded.forEach((q, i) => cardsOf(q.data).forEach((c) => index.has(c.id) || index.set(c.id, ids[i]!)));
  return index;
}

/** A card's name, linking to its entry in its catalog when the catalog is known. */
export function CardName({ cardId, name, catalog }: { cardId: string; name?: string | undefined; catalog?: string | undefined }) {
  const label = name ?? cardId;
  if (!catalog) return <span className="card-ref">{label}</span>;
  return (
    <Link className="card-ref" href={catalogHref(catalog, cardId)} title={`${label} in the catalog ${catalog}`}>
      {label}
    </Link>
  );
}
