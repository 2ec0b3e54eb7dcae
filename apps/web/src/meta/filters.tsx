import { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { stats } from '../api/client';
import { setParams, useLocation } from '../router';
import { RecordedTournamentOptions } from '../tournaments/recorded-options';
import { Defined } from '../ui/rate';
import { systemName } from '../ui/words';

export const FILTER_KEYS = ['system', 'tournament', 'from', 'to', 'rulesVersion', 'minGames'] as const;

/** The stats filters of the URL (the same names as the API's), empty ones left out. */
export function useStatsFilter(): Record<string, string | undefined> {
  const { params } = useLocation();
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) || undefined]));
}

/** The systems that have finished games (the overview without a system filter), with the query's state. */
export function useSystemsQuery() {
  return useQuery({ queryKey: ['stats', 'overview', 'all'], queryFn: ({ signal }) => stats.overview({}, signal), select: (all) => all.systems.map((s) => s.system) });
}

/** Systems that have finished games (none while the answer is on its way). */
export function useSystems(): string[] {
  return useSystemsQuery().data ?? [];
}

/** The filter form: every change goes to the URL, which the page reads back. */
export function StatsFilters({ filter, systems }: { filter: Record<string, string | undefined>; systems: string[] }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setParams(Object.fromEntries(FILTER_KEYS.map((k) => [k, String(form.get(k) ?? '').trim() || null])), { replace: false });
  };
  // Re-mount the inputs when the URL changes (back/forward) and when the systems arrive: a select's
  // defaultValue only counts at mount, and before the systems load it has no option to select.
  const key = JSON.stringify([filter, systems]);
  return (
    <form className="filters" onSubmit={submit} aria-label="Statistics filters" key={key}>
      <label>
        System
        <select name="system" defaultValue={filter.system ?? systems[0] ?? ''}>
          {systems.map((s) => (
            <option key={s} value={s}>
              {systemName(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tournament
        <input name="tournament" defaultValue={filter.tournament ?? ''} placeholder="any" list="recorded-tournaments" />
        <RecordedTournamentOptions id="recorded-tournaments" />
      </label>
      <label>
        From
        <input name="from" type="date" defaultValue={filter.from ?? ''} />
      </label>
      <label>
        To
        <input name="to" type="date" defaultValue={filter.to ?? ''} />
      </label>
      <label>
        Rules version
        <input name="rulesVersion" defaultValue={filter.rulesVersion ?? ''} placeholder="any" size={6} />
      </label>
      <label>
        Minimum games
        <input name="minGames" type="number" min={0} defaultValue={filter.minGames ?? ''} placeholder="0" style={{ width: '6rem' }} />
      </label>
      <button type="submit">Apply filters</button>
      <Defined term="filters" label="filters" />
    </form>
  );
}
