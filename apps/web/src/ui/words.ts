import { SUBTURN_STEPS, bracketOrder, counted, dueWords, endingWords, firstPlayerMethodWords, outcomeWords, roundName, systemName, topCutRounds, turnName, words } from '@cardlog/rules/words';

export { SUBTURN_STEPS, bracketOrder, counted, dueWords, endingWords, firstPlayerMethodWords, outcomeWords, roundName, systemName, topCutRounds, turnName, words };

/** A game's turn inside a sentence: "turn", or "Subturn" (a name in Summoner Master's rulebook, written as it prints it). */
export function turnInProse(system: string | undefined): string {
  const unit = turnName(system);
  return unit === 'Turn' ? 'turn' : unit;
}

/** A key as words starting a label: `soldierCalling` → "Soldier calling". */
export function humanize(key: string): string {
  const text = words(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
