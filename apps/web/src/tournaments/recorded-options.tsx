import { useRecordedTournaments } from './recorded';

/**
 * The recorded tournaments as suggestions for a Tournament filter (`<input list={id}>`): a filter
 * goes by the tournament's id, and each suggestion shows its name beside it.
 */
export function RecordedTournamentOptions({ id }: { id: string }) {
  const tournaments = useRecordedTournaments();
  return (
    <datalist id={id}>
      {[...tournaments].map(([tournament, name]) => (
        <option key={tournament} value={tournament}>
          {name}
        </option>
      ))}
    </datalist>
  );
}
