/** `soldierCalling` → "Soldier calling": a rules or API key as words. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An outcome's reason as it reads inside a sentence: `lastDevaStanding` → "last deva standing". */
export function reasonWords(reason: string): string {
  return humanize(reason).toLowerCase();
}
