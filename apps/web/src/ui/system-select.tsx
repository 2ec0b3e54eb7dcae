import { useSystems } from '../meta/filters';
import { systemName } from './words';

/**
 * A System filter as a choice, not free text: "any" and the systems that have games, plus the one
 * the URL names (so a link to a system with no finished game yet still shows what it filters by).
 * The form around it re-mounts it when the systems arrive (`systemsKey`).
 */
export function SystemSelect({ value }: { value: string | undefined }) {
  const systems = useSystems();
  const options = value && !systems.includes(value) ? [...systems, value] : systems;
  return (
    <label>
      System
      <select name="system" defaultValue={value ?? ''}>
        <option value="">any</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {systemName(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
