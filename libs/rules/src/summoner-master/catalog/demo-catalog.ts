import type { SmCard } from '@cardlog/events';

// An original demo catalog (invented names, no real Summoner Master card): 44 Seals and 28 Mystics
// in four elements, with Reflection versions of six cards (two of them banned in plain form) and
// Seals carrying each of the decree's two multi-attack texts.

type SealRow = [name: string, level: number, mpCast: number, mpAttack: number, at: number, df: number, sp: number, type: string];
const ELEMENTS = ['Ember', 'Tide', 'Stone', 'Gale'] as const;

const SEALS: Record<(typeof ELEMENTS)[number], SealRow[]> = {
  Ember: [
    ['Cinder Whelp', 1, 2, 1, 2, 1, 2, 'Drake'],
    ['Ashmane Lion', 2, 3, 1, 3, 2, 2, 'Beast'],
    ['Kiln Warden', 2, 3, 2, 2, 4, 1, 'Golem'],
    ['Pyre Dancer', 2, 3, 1, 4, 1, 3, 'Spirit'],
    ['Scorch Lancer', 3, 4, 2, 5, 2, 3, 'Knight'],
    ['Magma Colossus', 4, 6, 3, 6, 5, 1, 'Golem'],
    ['Blaze Sovereign', 4, 6, 2, 6, 4, 3, 'Drake'],
    ['Flicker Imp', 1, 1, 0, 1, 1, 3, 'Spirit'],
    ['Ember Twinfang', 3, 4, 2, 4, 2, 4, 'Beast'],
    ['Solar Phoenix', 3, 5, 2, 5, 3, 4, 'Bird'],
    ['Brand Seer', 1, 2, 1, 1, 2, 2, 'Human'],
  ],
  Tide: [
    ['Ripple Sprite', 1, 2, 1, 1, 2, 2, 'Spirit'],
    ['Coral Sentinel', 2, 3, 2, 2, 4, 1, 'Golem'],
    ['Mistfin Raider', 2, 3, 1, 3, 2, 3, 'Fish'],
    ['Undertow Serpent', 3, 4, 2, 4, 3, 2, 'Serpent'],
    ['Pearl Oracle', 1, 2, 1, 1, 3, 1, 'Human'],
    ['Leviathan Calf', 4, 6, 3, 5, 6, 1, 'Serpent'],
    ['Frostwake Knight', 3, 4, 2, 4, 4, 2, 'Knight'],
    ['Brine Skimmer', 1, 1, 0, 2, 1, 3, 'Bird'],
    ['Maelstrom Twin', 3, 5, 2, 4, 3, 4, 'Spirit'],
    ['Abyssal Warden', 4, 6, 2, 5, 5, 2, 'Golem'],
    ['Shoal Herald', 2, 2, 1, 2, 2, 2, 'Fish'],
  ],
  Stone: [
    ['Pebble Golem', 1, 2, 1, 1, 3, 1, 'Golem'],
    ['Granite Boar', 2, 3, 1, 3, 3, 1, 'Beast'],
    ['Quarry Giant', 3, 5, 2, 4, 5, 1, 'Giant'],
    ['Moss Hermit', 1, 2, 1, 1, 2, 2, 'Human'],
    ['Obsidian Ram', 2, 3, 2, 4, 2, 2, 'Beast'],
    ['Fault Titan', 4, 7, 3, 7, 6, 1, 'Giant'],
    ['Cavern Stalker', 3, 4, 2, 4, 3, 3, 'Beast'],
    ['Ore Tick', 1, 1, 0, 1, 1, 2, 'Insect'],
    ['Basalt Twinhorn', 3, 4, 2, 4, 4, 2, 'Beast'],
    ['Monolith Keeper', 4, 6, 2, 5, 6, 1, 'Golem'],
    ['Dune Scout', 2, 2, 1, 2, 2, 3, 'Human'],
  ],
  Gale: [
    ['Zephyr Kite', 1, 2, 1, 2, 1, 3, 'Bird'],
    ['Squall Hawk', 2, 3, 1, 3, 1, 4, 'Bird'],
    ['Cloud Monk', 2, 3, 2, 2, 3, 3, 'Human'],
    ['Tempest Djinn', 3, 5, 2, 5, 2, 4, 'Spirit'],
    ['Cyclone Drake', 4, 6, 3, 6, 3, 4, 'Drake'],
    ['Breeze Fox', 1, 1, 0, 1, 1, 4, 'Beast'],
    ['Thunder Roc', 3, 4, 2, 4, 3, 3, 'Bird'],
    ['Sky Twinblade', 3, 4, 2, 4, 2, 5, 'Knight'],
    ['Stormcrown Regent', 4, 6, 2, 6, 4, 4, 'Human'],
    ['Vane Spirit', 2, 2, 1, 2, 2, 3, 'Spirit'],
    ['Gust Courier', 1, 2, 1, 1, 2, 3, 'Bird'],
  ],
};

/** Seals with the glossary's texts: "attack twice paying once" and "1 more attack, free, even if Inactive". */
const MULTI = new Set(['Ember Twinfang', 'Maelstrom Twin', 'Basalt Twinhorn', 'Sky Twinblade']);
const EXTRA_FREE = new Set(['Solar Phoenix', 'Thunder Roc', 'Sky Twinblade']);
const EXTRA_PAID = new Set(['Frostwake Knight', 'Cavern Stalker']);

type MysticRow = [name: string, mpCast: number, type: SmCard['mysticType'], interfere: boolean, text: string];
const MYSTICS: MysticRow[] = [
  ['Ember Rite', 2, 'Tarot', false, 'Destroy an opposing Seal with Df 2 or less.'],
  ['Flare Ward', 1, 'Relic', true, 'Interfere: one of your Seals gets Df +2 until end of Subturn.'],
  ['Kindled Path', 2, 'Place', false, 'Your Ember Seals get At +1 while this is in the Arena.'],
  ['Phoenix Ash', 3, 'Revelation', false, 'Return a Seal from your Shrine to your Hand.'],
  ['Tidal Recall', 2, 'Tarot', false, 'Return an opposing Seal to its owner’s Hand.'],
  ['Mirror Pool', 1, 'Relic', true, 'Interfere: look at the top card of a pile.'],
  ['Deepwater Shrine', 2, 'Place', false, 'Your Tide Seals get Df +1.'],
  ['Whirlpool Oath', 3, 'Devas', false, 'Draw 2 cards.'],
  ['Stone Skin', 1, 'Relic', true, 'Interfere: a Seal gets Df +3 until end of Subturn.'],
  ['Landslide', 3, 'Tarot', false, 'Destroy an opposing Seal with Level 2 or less.'],
  ['Bedrock Hall', 2, 'Place', false, 'Your Stone Seals get Df +1.'],
  ['Quake Verdict', 4, 'Revelation', false, 'Destroy every Seal with At 2 or less.'],
  ['Tailwind', 1, 'Relic', true, 'Interfere: a Seal gets Sp +2 until end of Subturn.'],
  ['Gale Sigil', 2, 'Tarot', false, 'An opposing Seal becomes Inactive.'],
  ['Sky Temple', 2, 'Place', false, 'Your Gale Seals get Sp +1.'],
  ['Eye of the Storm', 3, 'Devas', false, 'Destroy an opposing Seal with Sp 2 or less.'],
  ['Oracle’s Lantern', 1, 'Relic', false, 'Draw 1 card.'],
  ['Broken Seal', 2, 'Tarot', true, 'Interfere: destroy a pasted Mystic.'],
  ['Tithe of Mp', 0, 'Revelation', false, 'Gain 2 Mp.'],
  ['Summoner’s Oath', 1, 'Devas', false, 'Your Seals get At +1 until end of Subturn.'],
  ['Veil of Dusk', 2, 'Relic', true, 'Interfere: cancel an attack on your Hand.'],
  ['Forbidden Codex', 1, 'Revelation', false, 'Draw 3 cards, then discard 1.'],
  ['Shrine Keeper’s Bell', 2, 'Relic', false, 'Remove a card from a Shrine.'],
  ['Twin Moon Tarot', 2, 'Tarot', false, 'A Seal may attack twice this Subturn.'],
  ['Harvest Rain', 1, 'Place', false, 'Each player draws 1 card.'],
  ['Mp Well', 1, 'Relic', false, 'Gain 1 Mp.'],
  ['Iron Decree', 3, 'Devas', true, 'Interfere: a Seal’s attack costs 2 more Mp.'],
  ['Last Light', 2, 'Revelation', false, 'Destroy an Inactive Seal.'],
];

const pad = (n: number) => String(n).padStart(3, '0');
const cards: SmCard[] = [];
let n = 0;
for (const element of ELEMENTS) {
  for (const [name, level, mpCast, mpAttack, at, df, sp, type] of SEALS[element]) {
    const attackTexts: NonNullable<SmCard['attackTexts']> = [];
    if (MULTI.has(name)) attackTexts.push({ kind: 'MultiAttackPayOnce', count: 2 });
    if (EXTRA_FREE.has(name)) attackTexts.push({ kind: 'ExtraAttack', free: true, evenIfInactive: true });
    if (EXTRA_PAID.has(name)) attackTexts.push({ kind: 'ExtraAttack', free: false, evenIfInactive: true });
    cards.push({
      id: `smd-${pad(++n)}`,
      kind: 'Seal',
      name,
      level,
      mpCast,
      mpAttack,
      at,
      df,
      sp,
      element,
      sealTypes: [type],
      attackMoves: [`${name.split(' ')[0]} Strike`],
      ...(attackTexts.length ? { attackTexts } : {}),
      setSymbol: 'DEMO',
      rarity: level >= 4 ? 'gold' : level === 3 ? 'silver' : 'common',
    });
  }
}
for (const [name, mpCast, mysticType, interfere, text] of MYSTICS) {
  cards.push({ id: `smd-${pad(++n)}`, kind: 'Mystic', name, mpCast, mysticType, interfere, text, setSymbol: 'DEMO', rarity: 'common' });
}

/** Reflection cards: same base name, the symbol, new components (200.2.4, 620.2). */
const REFLECTIONS: SmCard[] = [
  { id: 'smd-r01', kind: 'Seal', name: 'Cinder Whelp', reflection: true, level: 1, mpCast: 2, mpAttack: 0, at: 3, df: 2, sp: 3, element: 'Ember', setSymbol: 'DEMO-R' },
  { id: 'smd-r02', kind: 'Seal', name: 'Coral Sentinel', reflection: true, level: 2, mpCast: 3, mpAttack: 1, at: 3, df: 5, sp: 2, element: 'Tide', setSymbol: 'DEMO-R' },
  { id: 'smd-r03', kind: 'Seal', name: 'Granite Boar', reflection: true, level: 2, mpCast: 3, mpAttack: 1, at: 4, df: 4, sp: 2, element: 'Stone', setSymbol: 'DEMO-R' },
  { id: 'smd-r04', kind: 'Seal', name: 'Squall Hawk', reflection: true, level: 2, mpCast: 2, mpAttack: 1, at: 4, df: 2, sp: 5, element: 'Gale', setSymbol: 'DEMO-R' },
  { id: 'smd-r05', kind: 'Mystic', name: 'Forbidden Codex', reflection: true, mpCast: 2, mysticType: 'Revelation', text: 'Draw 2 cards.', setSymbol: 'DEMO-R' },
  { id: 'smd-r06', kind: 'Mystic', name: 'Iron Decree', reflection: true, mpCast: 3, mysticType: 'Devas', interfere: true, text: 'Interfere: a Seal’s attack costs 1 more Mp.', setSymbol: 'DEMO-R' },
];

export const DEMO_CATALOG_ID = 'demo-smn@1';
export const DEMO_CARDS: readonly SmCard[] = [...cards, ...REFLECTIONS];
/** The demo match config's ban list: these may be played only with their Reflection card shown (620.5). */
export const DEMO_BAN_LIST = [
  { kind: 'Mystic' as const, name: 'Forbidden Codex' },
  { kind: 'Mystic' as const, name: 'Iron Decree' },
];
