import { useQuery } from '@tanstack/react-query';
import { tournaments } from '../api/client';

/**
 * The recorded tournaments, id → name. A game's context may name a tournament that was never
 * recorded as one (a loose upload with `game.tournament`): only recorded ones are linked and named;
 * the others are shown by the id the game gives.
 */
export function useRecordedTournaments(): ReadonlyMap<string, string> {
  const list = useQuery({ queryKey: ['tournaments', {}], queryFn: ({ signal }) => tournaments.list({}, signal), staleTime: 60_000 });
  return new Map((list.data?.tournaments ?? []).map((t) => [t.id, t.name]));
}

/** The tournament page at a round's table: `/tournaments/<id>?round=R#rR-tT`. */
export function tournamentHref(id: string, round?: number, table?: number): string {
  return `/tournaments/${encodeURIComponent(id)}${round !== undefined ? `?round=${round}${table !== undefined ? `#r${round}-t${table}` : ''}` : ''}`;
}
