import { FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { query, tournaments } from '../api/client';
import type { Tournament } from '../api/types';
import { Link, navigate, useLocation } from '../router';
import { useSystems } from '../meta/filters';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { SystemSelect } from '../ui/system-select';
import { systemName, topCutRounds } from '../ui/words';

const FILTERS = ['system', 'name', 'from', 'to'] as const;

/** "5 Swiss rounds, top 8, best of 3". */
export function formatText(t: Pick<Tournament, 'swissRounds' | 'topCut' | 'bestOf'>): string {
  return `${t.swissRounds} Swiss round${t.swissRounds === 1 ? '' : 's'}${t.topCut ? `, top ${t.topCut}` : ''}, best of ${t.bestOf}`;
}

/** Rounds recorded: "4 of 5" Swiss rounds, then ", top cut 2 of 3" once the top cut's are recorded. */
export function roundsText(t: Pick<Tournament, 'swissRounds' | 'topCut' | 'roundsRecorded'>): string {
  const swiss = `${Math.min(t.roundsRecorded, t.swissRounds)} of ${t.swissRounds}`;
  if (!t.topCut || t.roundsRecorded <= t.swissRounds) return swiss;
  return `${swiss}, top cut ${t.roundsRecorded - t.swissRounds} of ${topCutRounds(t.topCut)}`;
}

export const datesText = (t: Pick<Tournament, 'startDate' | 'endDate'>) => (t.endDate && t.endDate !== t.startDate ? `${t.startDate} – ${t.endDate}` : (t.startDate ?? '—'));

/** `/tournaments?system=&name=&from=&to=`: the recorded tournaments, newest first; filters in the URL. */
export function TournamentsPage() {
  useTitle('Tournaments');
  const { params } = useLocation();
  const filter = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? undefined]));
  const list = useQuery({ queryKey: ['tournaments', filter], queryFn: ({ signal }) => tournaments.list(filter, signal), placeholderData: keepPreviousData });
  const systems = useSystems();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    navigate(`/tournaments${query(Object.fromEntries(FILTERS.map((k) => [k, String(form.get(k) ?? '').trim()])))}`);
  };
  return (
    <section>
      <h1>Tournaments</h1>
      <form className="filters" onSubmit={submit} aria-label="Filter tournaments" key={JSON.stringify([filter, systems])}>
        <SystemSelect value={filter.system} />
        <label>
          Name
          <input name="name" defaultValue={filter.name ?? ''} placeholder="part of the name" />
        </label>
        <label>
          Starting from
          <input name="from" type="date" defaultValue={filter.from ?? ''} />
        </label>
        <label>
          Starting by
          <input name="to" type="date" defaultValue={filter.to ?? ''} />
        </label>
        <button type="submit">Filter</button>
        <Link href="/tournaments">Clear</Link>
      </form>
      {list.isError ? <ErrorBox error={list.error} /> : null}
      {list.isPending ? <Loading what="tournaments" /> : null}
      {list.data && list.data.tournaments.length === 0 ? (
        <p>
          No tournament matches these filters. Organisers record one as a bundle on the <Link href="/upload">upload page</Link>.
        </p>
      ) : null}
      {list.data && list.data.tournaments.length ? (
        <div className="table-scroll">
          <table className="listing" aria-label="Tournaments">
            <thead>
              <tr>
                <th scope="col">Tournament</th>
                <th scope="col">System</th>
                <th scope="col">Dates</th>
                <th scope="col">Format</th>
                <th scope="col" className="num">
                  Players
                </th>
                <th scope="col" className="num">
                  Rounds
                </th>
                <th scope="col">Champion</th>
              </tr>
            </thead>
            <tbody>
              {list.data.tournaments.map((t) => (
                <tr key={t.id} data-tournament={t.id}>
                  <th scope="row">
                    <Link href={`/tournaments/${encodeURIComponent(t.id)}`}>{t.name}</Link>
                    <div className="muted small-text">
                      <code>{t.id}</code>
                    </div>
                  </th>
                  <td data-field="system" data-label="System">
                    {systemName(t.system)} <span className="muted small-text">rules {t.rulesVersion}</span>
                  </td>
                  <td data-field="dates" data-label="Dates">{datesText(t)}</td>
                  <td data-field="format" data-label="Format">{formatText(t)}</td>
                  <td className="num" data-field="players" data-label="Players">
                    {t.players}
                  </td>
                  <td className="num" data-field="rounds" data-label="Rounds">
                    {roundsText(t)}
                  </td>
                  <td data-field="champion" data-label="Champion">
                    {t.champion ? (
                      <Link href={`/tournaments/${encodeURIComponent(t.id)}?player=${encodeURIComponent(t.champion.playerId)}#player`}>{t.champion.name}</Link>
                    ) : (
                      <span className="muted" title={t.topCut ? 'the top cut’s final is not recorded' : 'no top cut'}>
                        —
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
