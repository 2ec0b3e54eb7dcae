/** The games' stat abbreviations, written as their rulebooks print them. */
const ABBREVIATIONS: ReadonlySet<string> = new Set(['hp', 'mp', 'sp', 'fp', 'ap', 'at', 'atk', 'df', 'cd', 'lv', 'lv1', 'lv2']);

/**
 * A rules key (an outcome reason, a card field, a keyword) as words, lower case but for stat
 * abbreviations: `lastDevaStanding` → "last deva standing", `NoSealInArena` → "no seal in arena",
 * `lv2Stats` → "LV2 stats", `hp` → "HP". The web app's pages and `cardlog replay`'s boards share it;
 * it stands alone (no import), so the web app bundles this file and nothing else of the rules.
 */
export function words(key: string): string {
  const split = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return split.replace(/[a-z0-9]+/g, (w) => (ABBREVIATIONS.has(w) ? w.toUpperCase() : w));
}
