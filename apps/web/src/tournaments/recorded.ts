import { useQuery } from '@tanstack/react-query';
import { tournaments } from '../api/client';

/**
 * The ids of the recorded tournaments. A game's context may name a tournament that was never
 * recorded as one (a loose upload with `game.tournament`); only recorded ones are linked.
 */
export function useRecordedTournaments(): ReadonlySet<string> {
  const list = useQuery({ queryKey: ['tournaments', {}], queryFn: ({ signal }) => tournaments.list({}, signal), staleTime: 60_000 });
  return new Set((list.data?.tournaments ?? []).map((t) => t.id));
}

/** The tournament page at a round's table: `/tournaments/<id>?round=R#rR-tT`. */
export function tournamentHref(id: string, round?: number, table?: number): string {
  return `/tournaments/${encodeURIComponent(id)}${round !== undefined ? `?round=${round}${table !== undefined ? `#r${round}-t${table}` : ''}` : ''}`;
}
