/** The games' stat abbreviations, written as their rulebooks print them. */
const ABBREVIATIONS: ReadonlySet<string> = new Set(['hp', 'mp', 'sp', 'fp', 'ap', 'at', 'atk', 'df', 'cd', 'lv', 'lv1', 'lv2']);

/**
 * A rules or API key as words, lower case but for stat abbreviations: `lastDevaStanding` → "last
 * deva standing", `lv2Stats` → "LV2 stats", `hp` → "HP".
 */
export function words(key: string): string {
  const split = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return split.replace(/[a-z0-9]+/g, (w) => (ABBREVIATIONS.has(w) ? w.toUpperCase() : w));
}

/** A key as words starting a label: `soldierCalling` → "Soldier calling". */
export function humanize(key: string): string {
  const text = words(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
