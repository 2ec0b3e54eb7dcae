import type { AgCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';

// The demo catalog `demo-aegis@1`: original cards over four elements (fire, water, earth, air) and
// neutral, with every spell type, Support and Field cards, units at every cost, and Aegis cards.
// The effects in `text` are what the simulator records as effect events; the engine never reads them.

type Colour = 'fire' | 'water' | 'earth' | 'air';
export const DEMO_COLOURS: readonly Colour[] = ['fire', 'water', 'earth', 'air'];

const NAMES: Readonly<Record<Colour, { units: string[]; attack: string; defense: string; utility: string; field: string; support: string; aegis: [string, string] }>> = {
  fire: {
    units: ['Spark Whelp', 'Kindle Raider', 'Ashfang Warden', 'Blaze Lancer', 'Furnace Colossus', 'Pyre Sovereign'],
    attack: 'Flare Rush',
    defense: 'Smoke Screen',
    utility: 'Ember Insight',
    field: 'Molten Caldera',
    support: 'Forge Beacon',
    aegis: ['Aegis of Cinders', 'Aegis of the Last Flame'],
  },
  water: {
    units: ['Brook Sprite', 'Reef Sentinel', 'Tidecaller Adept', 'Current Knight', 'Maelstrom Drake', 'Abyssal Leviathan'],
    attack: 'Riptide Surge',
    defense: 'Mist Veil',
    utility: 'Tidal Reading',
    field: 'Sunken Grotto',
    support: 'Wellspring Totem',
    aegis: ['Aegis of Still Water', 'Aegis of the Deep'],
  },
  earth: {
    units: ['Pebble Scout', 'Moss Bruiser', 'Cragback Tortoise', 'Quarry Breaker', 'Mountain Titan', 'Worldroot Ancient'],
    attack: 'Avalanche Charge',
    defense: 'Stoneskin Ward',
    utility: 'Buried Cache',
    field: 'Verdant Highlands',
    support: 'Standing Stone',
    aegis: ['Aegis of Granite', 'Aegis of Deep Roots'],
  },
  air: {
    units: ['Gust Wisp', 'Skyhook Scout', 'Zephyr Duelist', 'Stormwing Hunter', 'Thunderhead Roc', 'Tempest Empress'],
    attack: 'Tailwind Strike',
    defense: 'Cyclone Shield',
    utility: 'Whispering Winds',
    field: 'Cloudspire Summit',
    support: 'Weathervane Shrine',
    aegis: ['Aegis of Open Sky', 'Aegis of the Gale'],
  },
};

const POWER = [2, 3, 4, 5, 6, 8];
const REQ = [1, 1, 1, 2, 2, 3];

function colourCards(c: Colour): AgCard[] {
  const n = NAMES[c];
  const units: AgCard[] = n.units.map((name, i) => ({
    id: `ag-${c}-u${i + 1}`,
    name,
    type: 'Unit',
    colors: [c],
    runeCost: i + 1,
    colorReq: { [c]: REQ[i]! },
    power: POWER[i]!,
    runePips: i % 2 === 0 ? [c, c] : [c, 'neutral'],
    text: i === 5 ? 'A towering champion.' : '',
  }));
  return [
    ...units,
    { id: `ag-${c}-atk`, name: n.attack, type: 'Spell', spellType: 'Attack', colors: [c], manaCost: 2, runePips: [c], text: 'The attacker gets +2 power this battle.' },
    { id: `ag-${c}-def`, name: n.defense, type: 'Spell', spellType: 'Defense', colors: [c], manaCost: 2, runePips: [c], text: 'Negate an attack on your Aegis, or give the defending unit +2 power this battle.' },
    { id: `ag-${c}-utl`, name: n.utility, type: 'Spell', spellType: 'Utility', colors: [c], manaCost: 1, runePips: [c, c], text: 'Draw a card.' },
    { id: `ag-${c}-fld`, name: n.field, type: 'Spell', spellType: 'Field', colors: [c], manaCost: 3, runePips: [c], text: 'Your units have +1 power while this is in your Field Zone.' },
    { id: `ag-${c}-sup`, name: n.support, type: 'Support', colors: [c], cost: 2, runePips: [c, 'neutral'], hasStartOfTurnEffect: true, text: 'At the start of your turn, gain 1 Mana.' },
    { id: `ag-${c}-aegis1`, name: n.aegis[0], type: 'Aegis', colors: [c], text: 'When this takes effect, draw a card.' },
    { id: `ag-${c}-aegis2`, name: n.aegis[1], type: 'Aegis', colors: [c], text: 'When this takes effect, ready one of your units.' },
  ];
}

const NEUTRAL: AgCard[] = [
  { id: 'ag-neutral-u2', name: 'Clockwork Sentry', type: 'Unit', colors: [], runeCost: 2, power: 3, runePips: ['neutral'], text: '' },
  { id: 'ag-neutral-u4', name: 'Wandering Golem', type: 'Unit', colors: [], runeCost: 4, power: 4, runePips: ['neutral', 'neutral'], text: '' },
  { id: 'ag-neutral-utl', name: 'Traveller\u2019s Map', type: 'Spell', spellType: 'Utility', colors: [], manaCost: 2, runePips: ['neutral'], text: 'Draw a card.' },
  { id: 'ag-neutral-atk', name: 'Desperate Lunge', type: 'Spell', spellType: 'Attack', colors: [], manaCost: 3, runePips: ['neutral'], text: 'The attacker gets +2 power this battle.' },
  { id: 'ag-neutral-def', name: 'Brace for Impact', type: 'Spell', spellType: 'Defense', colors: [], manaCost: 3, runePips: ['neutral'], text: 'The defending unit gets +2 power this battle.' },
  { id: 'ag-neutral-sup', name: 'Field Camp', type: 'Support', colors: [], cost: 1, runePips: ['neutral', 'neutral'], text: '' },
  { id: 'ag-neutral-aegis1', name: 'Aegis of the Watchtower', type: 'Aegis', colors: [], text: 'When this takes effect, gain 1 Mana.' },
  { id: 'ag-neutral-aegis2', name: 'Aegis of the Old Wall', type: 'Aegis', colors: [], text: 'When this takes effect, draw a card.' },
];

const DUAL: AgCard[] = [
  { id: 'ag-fire-water-u5', name: 'Steamborn Warlord', type: 'Unit', colors: ['fire', 'water'], runeCost: 5, colorReq: { fire: 2, water: 1 }, power: 7, runePips: ['fire'], text: '' },
  { id: 'ag-earth-air-u4', name: 'Dustdevil Rider', type: 'Unit', colors: ['earth', 'air'], runeCost: 4, colorReq: { earth: 1, air: 1 }, power: 5, runePips: ['earth', 'air'], text: '' },
  { id: 'ag-fire-earth-u3', name: 'Magma Hound', type: 'Unit', colors: ['fire', 'earth'], runeCost: 3, colorReq: { fire: 1, earth: 1 }, power: 4, runePips: ['fire', 'earth'], text: '' },
  { id: 'ag-water-air-u3', name: 'Squall Serpent', type: 'Unit', colors: ['water', 'air'], runeCost: 3, colorReq: { water: 1, air: 1 }, power: 4, runePips: ['water', 'air'], text: '' },
];

export const DEMO_CATALOG_ID = 'demo-aegis@1';

export const demoCatalog: Catalog<AgCard> = {
  id: DEMO_CATALOG_ID,
  cards: [...DEMO_COLOURS.flatMap(colourCards), ...NEUTRAL, ...DUAL],
};
