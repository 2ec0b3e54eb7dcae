import { SUBTURN_STEPS, dueWords, endingWords, systemName, turnName, words } from '@cardlog/rules/words';

export { SUBTURN_STEPS, dueWords, endingWords, systemName, turnName, words };

/** A key as words starting a label: `soldierCalling` → "Soldier calling". */
export function humanize(key: string): string {
  const text = words(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
