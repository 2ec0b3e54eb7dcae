import { useQuery } from '@tanstack/react-query';
import { catalogs } from '../api/client';
import { Link, useLocation } from '../router';
import { cardAnchor, catalogHref, useCatalog } from '../ui/card-name';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { useScrollToHash } from '../ui/scroll';
import { counted, systemName, words } from '../ui/words';

/** `/catalogs`: every catalog a game may reference, built-in and stored. */
export function CatalogsPage() {
  useTitle('Catalogs');
  const list = useQuery({ queryKey: ['catalogs'], queryFn: ({ signal }) => catalogs.list(signal), staleTime: 60_000 });
  return (
    <section>
      <h1>Card catalogs</h1>
      {list.isError ? <ErrorBox error={list.error} /> : null}
      {list.isPending ? <Loading what="catalogs" /> : null}
      {list.data ? (
        <div className="table-scroll">
          <table aria-label="Catalogs">
            <thead>
              <tr>
                <th scope="col">Catalog</th>
                <th scope="col">System</th>
                <th scope="col">Source</th>
                <th scope="col" className="num">
                  Cards
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link href={catalogHref(c.id)}>{c.id}</Link>
                  </th>
                  <td>{systemName(c.system)}</td>
                  <td>{c.source === 'builtin' ? 'built in' : `stored ${c.createdAt?.slice(0, 10) ?? ''}`}</td>
                  <td className="num">{c.cards}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/**
 * A catalog field in words. Lists are joined; a named object reads as its name and details. Any other
 * object reads field by field, each number under its field's name ("generic 0, earth 1"; by value
 * alone a cost read "0 1"), a set flag as its name, a string as itself ("Assault"). Abbreviations
 * are spelt as `system`'s rulebook prints them.
 */
function fieldText(value: unknown, system: string): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    const items = value.map((item) => fieldText(item, system));
    // Items that have commas of their own are set apart by semicolons.
    return items.join(items.some((i) => i.includes(', ')) ? '; ' : ', ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== false && v !== null && v !== undefined);
    const name = (value as Record<string, unknown>).name;
    const detail = ([k, v]: [string, unknown]) =>
      v === true ? words(k, system) : typeof v === 'object' ? `${words(k, system)} (${fieldText(v, system)})` : `${words(k, system)} ${valueText(k, v, system)}`;
    if (typeof name === 'string') {
      const rest = entries.filter(([k]) => k !== 'name' && k !== 'id');
      return rest.length ? `${name} (${rest.map(detail).join(', ')})` : name;
    }
    return entries.map(([k, v]) => (typeof v === 'string' ? valueText(k, v, system) : detail([k, v]))).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * A field's value under its key: a rules keyword written as an identifier reads in words
 * (`oncePerTurn` → "once per turn"); ids, names and capitalised keywords ("DoubleAttack") stay as
 * they are.
 */
function valueText(key: string, value: unknown, system: string): string {
  if (typeof value === 'string' && key !== 'id' && !key.endsWith('Id') && /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(value)) return words(value, system);
  return fieldText(value, system);
}

const SHOWN_FIRST = ['id', 'name', 'type', 'text'];

/** `/catalogs/:id#card-<cardId>`: every card of a catalog, each with an anchor the card links point at. */
export function CatalogPage({ catalogId }: { catalogId: string }) {
  useTitle(`Catalog ${catalogId}`);
  const { hash } = useLocation();
  const catalog = useCatalog(catalogId);
  useScrollToHash(!!catalog.data);
  if (catalog.isError) return <ErrorBox error={catalog.error} title={`The catalog ${catalogId} could not be read`} />;
  if (!catalog.data) return <Loading what={`the catalog ${catalogId}`} />;
  const cards = catalog.data.cards as readonly ({ id: string; name?: string } & Record<string, unknown>)[];
  const target = cards.find((c) => cardAnchor(c.id) === hash);
  return (
    <section className="catalog">
      <h1>
        Catalog {catalog.data.id} <span className="muted">· {systemName(catalog.data.system)}</span>
      </h1>
      <p className="muted">
        {counted(cards.length, 'card')} · {catalog.data.source === 'builtin' ? 'built into the rules' : 'stored on this server'} · content hash <code>{catalog.data.contentHash.slice(0, 12)}</code> ·{' '}
        <Link href="/catalogs">all catalogs</Link>
      </p>
      {hash.startsWith('card-') && !target ? (
        <p className="notice" role="note">
          This catalog has no card <code>{hash.slice(5)}</code>.
        </p>
      ) : null}
      <ol className="catalog-cards" aria-label="Cards">
        {cards.map((c) => (
          <li key={c.id} id={cardAnchor(c.id)} className={c === target ? 'target' : undefined} aria-current={c === target ? 'true' : undefined} aria-labelledby={`${cardAnchor(c.id)}-name`}>
            <h2 id={`${cardAnchor(c.id)}-name`}>
              {c.name ?? c.id} {typeof c.type === 'string' ? <span className="muted small-text">{c.type}</span> : null}
            </h2>
            <dl className="card-fields">
              <div>
                <dt>id</dt>
                <dd>
                  <code>{c.id}</code>
                </dd>
              </div>
              {Object.entries(c)
                .filter(([k, v]) => !SHOWN_FIRST.includes(k) && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0))
                .map(([k, v]) => (
                  <div key={k}>
                    <dt>{words(k, catalog.data.system)}</dt>
                    <dd>{fieldText(v, catalog.data.system)}</dd>
                  </div>
                ))}
            </dl>
            {typeof c.text === 'string' ? <p className="card-text">{c.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
