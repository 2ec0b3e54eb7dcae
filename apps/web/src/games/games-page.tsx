import { FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, query } from '../api/client';
import type { GameSummary } from '../api/types';
import { Link, navigate, setParams, useLocation } from '../router';
import { tournamentHref, useRecordedTournaments } from '../tournaments/recorded';
import { RecordedTournamentOptions } from '../tournaments/recorded-options';
import { useSystems } from '../meta/filters';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { SystemSelect } from '../ui/system-select';
import { outcomeWords, systemName } from '../ui/words';

const TEXT_FILTERS = [
  // By id, as a game names its tournament; the recorded ones are suggested with their names.
  { key: 'tournament', label: 'Tournament', placeholder: 'tournament id', suggestions: 'game-tournaments' },
  { key: 'player', label: 'Player', placeholder: 'name or id' },
  { key: 'deck', label: 'Deck', placeholder: 'deck name or archetype' },
] as const;
const FILTERS = ['system', ...TEXT_FILTERS.map((f) => f.key)];

/** `/games`: the filterable, cursor-paginated list; filters and the cursor live in the URL. */
export function GamesPage() {
  useTitle('Games');
  const { params } = useLocation();
  const filter = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined]));
  const cursor = params.get('cursor') ?? undefined;
  const systems = useSystems();
  const games = useQuery({ queryKey: ['games', filter, cursor], queryFn: ({ signal }) => api.games({ ...filter, cursor, limit: '25' }, signal), placeholderData: keepPreviousData });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    navigate(`/games${query(Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '').trim()])))}`);
  };

  return (
    <section>
      <h1>Games</h1>
      <form className="filters" onSubmit={submit} aria-label="Filter games">
        <SystemSelect key={`${systems.join()}/${filter.system ?? ''}`} value={filter.system} />
        {TEXT_FILTERS.map((f) => (
          <label key={f.key}>
            {f.label}
            <input name={f.key} defaultValue={filter[f.key] ?? ''} placeholder={f.placeholder} key={filter[f.key] ?? ''} list={'suggestions' in f ? f.suggestions : undefined} />
            {'suggestions' in f ? <RecordedTournamentOptions id={f.suggestions} /> : null}
          </label>
        ))}
        <button type="submit">Filter</button>
        <Link href="/games">Clear</Link>
      </form>
      {games.isError ? <ErrorBox error={games.error} /> : null}
      {games.isPending ? <Loading what="games" /> : null}
      {games.data ? (
        <>
          <GamesTable games={games.data.items} />
          <nav className="pager" aria-label="Pages">
            {cursor ? (
              <button type="button" onClick={() => window.history.back()}>
                Previous page
              </button>
            ) : null}
            {games.data.nextCursor ? (
              <button type="button" onClick={() => setParams({ cursor: games.data.nextCursor }, { replace: false })}>
                Next page
              </button>
            ) : null}
          </nav>
        </>
      ) : null}
    </section>
  );
}

function result(g: GameSummary): string {
  const outcome = g.outcome;
  if (!outcome) return 'in progress';
  const name = (seat: string) => g.players.find((p) => p.seat === seat)?.name ?? seat;
  return outcomeWords({ winner: outcome.result === 'win' ? outcome.winner : null, reason: outcome.reason }, name, g.system);
}

function TournamentCell({ context, recorded }: { context: GameSummary['game']; recorded: ReadonlyMap<string, string> }) {
  if (!context?.tournament) return <>—</>;
  const name = recorded.get(context.tournament);
  const text = `${name ?? context.tournament}${context.round !== undefined ? ` · round ${context.round}` : ''}`;
  return name !== undefined ? <Link href={tournamentHref(context.tournament, context.round, context.table)}>{text}</Link> : <>{text}</>;
}

function GamesTable({ games }: { games: GameSummary[] }) {
  const recorded = useRecordedTournaments();
  if (games.length === 0) return <p>No game matches these filters.</p>;
  // A listing: on a phone each game is a paragraph of labelled fields, not a table to scroll.
  return (
    <div className="table-scroll">
      <table className="games listing">
        <caption className="sr-only">Games, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">System</th>
            <th scope="col">Tournament</th>
            <th scope="col">Players (decks)</th>
            <th scope="col">Result</th>
            <th scope="col">Events</th>
            <th scope="col">Recorded</th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.id}>
              <th scope="row">
                <Link href={`/games/${g.id}?step=0`}>Replay {g.id.slice(0, 8)}</Link>
              </th>
              <td data-label="System">{systemName(g.system)}</td>
              <td data-label="Tournament">
                <TournamentCell context={g.game} recorded={recorded} />
              </td>
              <td data-label="Players">
                {g.players.map((p) => (
                  <div key={p.seat}>
                    {p.name}
                    {p.deck?.name || p.deck?.archetype ? <span className="muted"> ({p.deck.name ?? p.deck.archetype})</span> : null}
                  </div>
                ))}
              </td>
              <td data-label="Result">{result(g)}</td>
              <td className="num" data-label="Events">
                {g.events}
              </td>
              <td data-label="Recorded">
                <time dateTime={g.createdAt}>{new Date(g.createdAt).toISOString().slice(0, 16).replace('T', ' ')}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
