import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { query, stats } from '../api/client';
import type { CardStats, WinRate } from '../api/types';
import { Link, setParams, useLocation } from '../router';
import { CardName, useCardCatalogs } from '../ui/card-name';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { Defined, DifferenceText, Rate } from '../ui/rate';
import { StatsFilters } from './filters';
import { NoSystemYet, useEffectiveFilter } from './meta-page';
import { systemName } from '../ui/words';

/** The 17lands-style columns: each a win rate with its interval and games, sortable. */
export const CARD_COLUMNS = [
  { key: 'inDeck', label: 'In deck (GP)', rate: (c: CardStats) => c.inDeck },
  { key: 'openingHand', label: 'Opening hand (OH)', rate: (c: CardStats) => c.openingHand },
  { key: 'drawn', label: 'Drawn (GD)', rate: (c: CardStats) => c.drawn },
  { key: 'inHand', label: 'In hand (GIH)', rate: (c: CardStats) => c.inHand },
  { key: 'played', label: 'Played', rate: (c: CardStats) => c.played },
  { key: 'notSeen', label: 'Not seen (GNS)', rate: (c: CardStats) => c.notSeen },
] as const;

type SortKey = 'name' | 'gamesInDeck' | 'iwd' | (typeof CARD_COLUMNS)[number]['key'];

/** The table's columns, each a sort: its headers, and on a phone (where the headers are hidden) the sort control. */
const SORT_LABELS: readonly (readonly [SortKey, string])[] = [['name', 'Card'], ['gamesInDeck', 'Games in deck'], ...CARD_COLUMNS.map((c) => [c.key, c.label] as const), ['iwd', 'IWD']];

/** Sorting puts rates below the floor after every rankable one, as the API's rankings do. */
function sortValue(c: CardStats, key: SortKey): [number, number | string] {
  if (key === 'name') return [0, c.name.toLowerCase()];
  if (key === 'gamesInDeck') return [0, c.gamesInDeck];
  if (key === 'iwd') return [c.improvementWhenDrawn.tooSmallToRank || c.improvementWhenDrawn.value === null ? 1 : 0, c.improvementWhenDrawn.value ?? -Infinity];
  const r: WinRate = CARD_COLUMNS.find((col) => col.key === key)!.rate(c);
  return [r.tooSmallToRank || r.value === null ? 1 : 0, r.value ?? -Infinity];
}

export function sortCards(cards: readonly CardStats[], key: SortKey, dir: 'asc' | 'desc'): CardStats[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...cards].sort((a, b) => {
    const [ga, va] = sortValue(a, key);
    const [gb, vb] = sortValue(b, key);
    if (ga !== gb) return ga - gb; // small samples last, whichever the direction
    if (va !== vb) return (va < vb ? -1 : 1) * sign;
    return a.name.localeCompare(b.name);
  });
}

/** `/meta/cards`: per card, its win rates by how it was seen; sort, direction and search in the URL. */
export function CardsPage() {
  useTitle('Cards');
  const { params } = useLocation();
  const { filter, systems, ready, systemsQuery } = useEffectiveFilter();
  const cards = useQuery({ queryKey: ['stats', 'cards', filter], queryFn: ({ signal }) => stats.cards(filter, signal), enabled: ready, placeholderData: keepPreviousData });
  const sort = (params.get('sort') ?? 'inHand') as SortKey;
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const q = params.get('q') ?? '';
  const block = cards.data?.systems.find((s) => s.system === filter.system);
  const catalogOf = useCardCatalogs(filter.system);
  const rows = block ? sortCards(block.cards.filter((c) => c.name.toLowerCase().includes(q.toLowerCase())), sort, dir) : [];

  const header = (key: SortKey, label: string) => {
    const active = sort === key;
    return (
      <th key={key} scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button type="button" className="sort" onClick={() => setParams({ sort: key, dir: active && dir === 'desc' ? 'asc' : 'desc' })}>
          {label} {active ? (dir === 'asc' ? '▲' : '▼') : ''}
        </button>
      </th>
    );
  };

  return (
    <section className="meta">
      <h1>Cards{filter.system ? <span className="muted"> · {systemName(filter.system)}</span> : null}</h1>
      <nav className="sub-nav" aria-label="Meta pages">
        <Link href={`/meta${query(filter)}`}>Archetypes and matchups</Link>
        <Link href={`/meta/cards${query(filter)}`} aria-current="page">
          Cards
        </Link>
        <Link href="/meta/definitions">Definitions</Link>
      </nav>
      <StatsFilters filter={filter} systems={systems} />
      <label className="search">
        Search cards{' '}
        <input type="search" value={q} onChange={(e) => setParams({ q: e.target.value || null })} placeholder="card name" />
      </label>
      <p className="muted">
        Win rates of the seat-games with the card in the deck, split by how the card was seen <Defined term="cards" label="card statistics" />; IWD is the in-hand win
        rate minus the not-seen win rate <Defined term="iwd" label="IWD" />. Rates below the floor say “not enough games” and sort last.
      </p>
      {!ready ? <NoSystemYet systemsQuery={systemsQuery} /> : null}
      {cards.isError ? <ErrorBox error={cards.error} /> : null}
      {ready && !block && !cards.isError ? <Loading what="card statistics" /> : null}
      {block ? (
        <div className="table-scroll">
          {/* On a phone the table reads as a list of cards, its column headers (the sort buttons) hidden: sort here instead. */}
          <div className="listing-sort">
            <label>
              Sort by{' '}
              <select value={sort} onChange={(e) => setParams({ sort: e.target.value, dir })}>
                {SORT_LABELS.map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Order{' '}
              <select value={dir} onChange={(e) => setParams({ sort, dir: e.target.value })}>
                <option value="desc">highest first</option>
                <option value="asc">lowest first</option>
              </select>
            </label>
          </div>
          <table className="cards listing field-lines" aria-label="Card statistics">
            <thead>
              <tr>
                {SORT_LABELS.map(([key, label]) => header(key, label))}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.cardId} data-card={c.cardId}>
                  <th scope="row">
                    <CardName cardId={c.cardId} name={c.name} catalog={catalogOf.get(c.cardId)} />
                    <div className="muted small-text">
                      <code>{c.cardId}</code> · {c.meanCopies.toFixed(2)} copies on average
                    </div>
                  </th>
                  <td className="num" data-field="gamesInDeck" data-label="Games in deck">
                    {c.gamesInDeck}
                  </td>
                  {CARD_COLUMNS.map((col) => (
                    <td key={col.key} data-field={col.key} data-label={col.label}>
                      <Rate rate={col.rate(c)} />
                    </td>
                  ))}
                  <td data-field="iwd" data-label="IWD">
                    <DifferenceText diff={c.improvementWhenDrawn} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? <p>No card matches “{q}”.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
