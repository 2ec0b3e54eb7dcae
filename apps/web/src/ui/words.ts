/** A rules or API key as lower-case words: `lastDevaStanding` → "last deva standing", `lv2Stats` → "lv2 stats". */
export function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A key as words starting a label: `soldierCalling` → "Soldier calling". */
export function humanize(key: string): string {
  const text = words(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
