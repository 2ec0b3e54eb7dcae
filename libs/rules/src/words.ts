/**
 * The games' stat abbreviations, written as their rulebooks print them: Born from Blood's HP, ATK
 * and CD and Devacurse's FP, AT, DF, AP and LV in capitals; Summoner Master's Mp and Sp as its
 * rulebook writes them (no other game has them).
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ...['hp', 'atk', 'cd', 'fp', 'at', 'df', 'ap', 'lv', 'lv1', 'lv2'].map((w): [string, string] => [w, w.toUpperCase()]),
  ['mp', 'Mp'],
  ['sp', 'Sp'],
]);

/**
 * Where a game's rulebook spells a word its own way: Summoner Master's "At Line", "Df +2" (another
 * game prints AT and DF in capitals); Devacurse's players are Devas, a name, in capitals.
 */
const SPELLINGS_OF_SYSTEM: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  [
    'summoner-master',
    new Map([
      ['at', 'At'],
      ['df', 'Df'],
    ]),
  ],
  [
    'devacurse',
    new Map([
      ['deva', 'Deva'],
      ['devas', 'Devas'],
    ]),
  ],
]);

/** Each game by the name its rulebook gives it, for people; documents, URLs and the API keep the system id. */
const SYSTEM_NAMES: ReadonlyMap<string, string> = new Map([
  ['aegis', 'Aegis'],
  ['born-from-blood', 'Born from Blood'],
  ['devacurse', 'Devacurse'],
  ['summoner-master', 'Summoner Master'],
]);

/** A game's name for people (`born-from-blood` → "Born from Blood"); a system this build does not know, by its id. */
export function systemName(system: string): string {
  return SYSTEM_NAMES.get(system) ?? system;
}

/**
 * A rules key (an outcome reason, a card field, a keyword) as words, lower case but for stat
 * abbreviations: `deckOut` → "deck out", `NoSealInArena` → "no seal in arena", `lv2Stats` → "LV2
 * stats", `hp` → "HP". Given the game system, its own rulebook's spelling wins (`at` is "AT" in
 * Devacurse, "At" in Summoner Master; `lastDevaStanding` is "last Deva standing"). The web app's
 * pages and `cardlog replay`'s boards share it; it stands alone (no import), so the web app bundles
 * this file and nothing else of the rules.
 */
export function words(key: string, system?: string): string {
  // Log lines ask it for the same few keys over and over (a replay's projection, once per phase):
  // remembered per system, up to a bound, since the keys come from documents.
  const cache = cacheOf(system);
  const known = cache.get(key);
  if (known !== undefined) return known;
  const own = system === undefined ? undefined : SPELLINGS_OF_SYSTEM.get(system);
  const split = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const text = split.replace(/[a-z0-9]+/g, (w) => own?.get(w) ?? ABBREVIATIONS.get(w) ?? w);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, text);
  return text;
}

/**
 * How each game's rulebook names the ways a game ends, keyed by its outcome reasons, as "Agni won
 * (…)" and "draw (…)" say them: Aegis's `aegis` is "Aegis exhausted" (AG-R1), Born from Blood's
 * `hp` "HP reached 0" (its §1.1). A reason a game does not list here is said by `words`.
 */
const ENDINGS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  [
    'aegis',
    new Map([
      ['aegis', 'Aegis exhausted'],
      ['deckOut', 'deck-out'],
      ['concede', 'concession'],
    ]),
  ],
  [
    'born-from-blood',
    new Map([
      ['hp', 'HP reached 0'],
      ['deckOut', 'deck-out'],
      ['concede', 'concession'],
    ]),
  ],
  [
    'devacurse',
    new Map([
      ['lastDevaStanding', 'last Deva standing'],
      ['simultaneousElimination', 'simultaneous elimination'],
    ]),
  ],
  [
    'summoner-master',
    new Map([
      ['NoSealInArena', 'no Seal in the Arena'],
      ['ShrineLevel', 'Shrine Level limit'],
      ['DeckOut', 'deck-out'],
      ['Concession', 'concession'],
    ]),
  ],
]);

/** A game's outcome reason as its rulebook names the ending: `endingWords('aegis', 'aegis')` → "Aegis exhausted". */
export function endingWords(reason: string, system?: string): string {
  return (system === undefined ? undefined : ENDINGS.get(system)?.get(reason)) ?? words(reason, system);
}

/**
 * How a game ended, as the boards, the games list and `cardlog validate` say it: "Agni won (last
 * Deva standing)" or "draw (HP reached 0)", the winner's seat named by `name`.
 */
export function outcomeWords(result: { readonly winner?: string | null; readonly reason?: string }, name: (seat: string) => string, system?: string): string {
  const ending = result.reason ? ` (${endingWords(result.reason, system)})` : '';
  return `${result.winner ? `${name(result.winner)} won` : 'draw'}${ending}`;
}

/**
 * How a game's first player was chosen, by the `method` its log records (Aegis's `coin`, Born from
 * Blood's `dieRoll`, Summoner Master's `fair`), as "Ada went first (…)" says it.
 */
const FIRST_PLAYER_METHODS: ReadonlyMap<string, string> = new Map([
  ['coin', 'coin toss'],
  ['die', 'die roll'],
  ['dieRoll', 'die roll'],
  ['agreement', 'by agreement'],
  ['fair', 'a fair method'],
  ['other', 'another way'],
]);

/** "1 round", "3 rounds": a count and its noun, plural unless one (nouns that take an "s"). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A first player's `method` as words: `coin` → "coin toss"; one no game names here, by `words`. */
export function firstPlayerMethodWords(method: string): string {
  return FIRST_PLAYER_METHODS.get(method) ?? words(method);
}

/**
 * What a game calls the unit its replays are marked by (the read models' `turn`): a Summoner Master
 * game is played in Subturns, one player's each (its digest §5); the other games in turns.
 */
export function turnName(system: string | undefined): 'Turn' | 'Subturn' {
  return system === 'summoner-master' ? 'Subturn' : 'Turn';
}

/**
 * The version of the replay steps' wording: what every engine's `describe` says of an event, and
 * the turn and phase its insights place it at. Stored replay steps carry the version they were
 * written with; steps of an older one are described again when read (`StepRefresher`). Raise it
 * with any change to those lines: `step-wording.spec.ts` fails until it is raised.
 */
export const STEP_WORDING = 1;

/** How many elimination rounds a top cut of `topCut` players takes (0 without one): its bracket is the next power of two. */
export function topCutRounds(topCut: number | null | undefined): number {
  if (!topCut || topCut < 2) return 0;
  return Math.ceil(Math.log2(topCut));
}

/**
 * A tournament round by the name players call it: "Round 3" for a Swiss round, then the top cut's
 * rounds counted from the final back: "Final", "Semifinals", "Quarterfinals", "Round of 16".
 */
export function roundName(round: number, swissRounds: number, topCut?: number | null): string {
  if (round <= swissRounds || !topCut || topCut < 2) return `Round ${round}`;
  const after = topCutRounds(topCut) - (round - swissRounds);
  if (after < 0) return `Round ${round}`;
  if (after === 0) return 'Final';
  if (after === 1) return 'Semifinals';
  if (after === 2) return 'Quarterfinals';
  return `Round of ${2 ** (after + 1)}`;
}

/**
 * A top cut's seeds in bracket order, the usual way: 1 and 2 meet only in the final, 1 meets 4
 * (not 3) in a semifinal, and every first-round match adds up to size + 1 (1–8, 4–5, 2–7, 3–6 for
 * 8). Here, beside `roundName`, because the pages draw the bracket in this order.
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((seed) => [seed, n + 1 - seed]);
  }
  return order;
}

/**
 * Summoner Master's Subturn steps in the order SMO plays them (its digest §5.2), by the names its
 * rulebook gives them: the log lines, `cardlog replay`'s board and the web board's step track.
 */
export const SUBTURN_STEPS: readonly (readonly [step: string, name: string])[] = [
  ['CheckUp', 'Check up'],
  ['Draw', 'Draw'],
  ['Discard', 'Discard'],
  ['Interfere', 'Interfere'],
  ['Main', 'Main'],
  ['MpRefill', 'Mp refill'],
  ['EndOfSubturn', 'End of Subturn'],
];

/** What a player is waiting to do when the rules name one action as due (Devacurse's `due`), as the boards say it. */
const DUE: ReadonlyMap<string, string> = new Map([
  ['ResolveKnotTop', 'resolve the top of the Knot zone'],
  ['DeclareSoldierAttack', 'declare soldier attacks'],
  ['DeclareBlockers', 'declare blockers'],
  ['PlaceCombatDamage', 'place combat damage'],
  ['DeclareHeroAttack', 'declare a hero attack'],
]);

/** The due action `kind` as words after "waiting for Agni to": `DeclareHeroAttack` → "declare a hero attack". */
export function dueWords(kind: string): string {
  return DUE.get(kind) ?? words(kind);
}

const CACHE_LIMIT = 1000;
const CACHES = new Map<string | undefined, Map<string, string>>();

/** The cache of `system`'s spellings: one per system that has its own, one shared by the rest. */
function cacheOf(system: string | undefined): Map<string, string> {
  const spelling = system !== undefined && SPELLINGS_OF_SYSTEM.has(system) ? system : undefined;
  let cache = CACHES.get(spelling);
  if (cache === undefined) CACHES.set(spelling, (cache = new Map()));
  return cache;
}
