import type { AgCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';

/** The fixture catalog of digest §13, plus a pip-less filler unit to pad decks and hands. */
export const FIXTURE_CARDS: AgCard[] = [
  { id: 'u1', name: 'Test Ember Pup', type: 'Unit', colors: ['fire'], runeCost: 1, colorReq: { fire: 1 }, power: 2, runePips: ['fire'] },
  { id: 'u3', name: 'Test Cinder Guard', type: 'Unit', colors: ['fire'], runeCost: 3, colorReq: { fire: 1 }, power: 4, runePips: ['fire', 'fire'] },
  { id: 'u5', name: 'Test Storm Tyrant', type: 'Unit', colors: ['fire', 'water'], runeCost: 5, colorReq: { fire: 2, water: 1 }, power: 7, runePips: ['fire'] },
  { id: 'w2', name: 'Test Tide Scout', type: 'Unit', colors: ['water'], runeCost: 2, colorReq: { water: 1 }, power: 4, runePips: ['water', 'neutral'] },
  { id: 'n2', name: 'Test Clay Golem', type: 'Unit', colors: [], runeCost: 2, power: 2, runePips: ['neutral'] },
  { id: 'ut1', name: 'Test Quick Study', type: 'Spell', spellType: 'Utility', colors: ['fire'], manaCost: 2, runePips: ['fire', 'fire'] },
  { id: 'ut2', name: 'Test Tidal Insight', type: 'Spell', spellType: 'Utility', colors: ['water'], manaCost: 1, runePips: ['water'] },
  { id: 'at1', name: 'Test Battle Cry', type: 'Spell', spellType: 'Attack', colors: ['fire'], manaCost: 2, runePips: ['neutral'] },
  { id: 'at2', name: 'Test War Drum', type: 'Spell', spellType: 'Attack', colors: ['fire'], manaCost: 1, runePips: ['fire'] },
  { id: 'df1', name: 'Test Bulwark Hymn', type: 'Spell', spellType: 'Defense', colors: ['water'], manaCost: 3, runePips: ['water'] },
  { id: 'df2', name: 'Test Stone Veil', type: 'Spell', spellType: 'Defense', colors: ['water'], manaCost: 1, runePips: ['water'] },
  { id: 'fd1', name: 'Test Scorched Plain', type: 'Spell', spellType: 'Field', colors: ['fire'], manaCost: 3, runePips: [] },
  { id: 'fd2', name: 'Test Ashen Field', type: 'Spell', spellType: 'Field', colors: ['fire'], manaCost: 3, runePips: [] },
  { id: 'sp1', name: 'Test War Banner 1', type: 'Support', colors: ['fire'], cost: 1, runePips: ['fire'] },
  { id: 'sp2', name: 'Test War Banner 2', type: 'Support', colors: ['fire'], cost: 1, runePips: ['fire'] },
  { id: 'sp3', name: 'Test War Banner 3', type: 'Support', colors: ['fire'], cost: 1, runePips: ['fire'] },
  { id: 'sp4', name: 'Test War Banner 4', type: 'Support', colors: ['fire'], cost: 1, runePips: ['fire'] },
  { id: 'agf', name: 'Test Aegis', type: 'Aegis', colors: ['fire'] },
  { id: 'agn', name: 'Test Neutral Aegis', type: 'Aegis', colors: [] },
  { id: 'agw', name: 'Test Water Aegis', type: 'Aegis', colors: ['water'] },
  { id: 'fill', name: 'Test Filler', type: 'Unit', colors: [], runeCost: 1, power: 1, runePips: [] },
];

export const FIXTURE_CATALOG: Catalog<AgCard> = { id: 'fixture-aegis@1', cards: FIXTURE_CARDS };

/** The main-deck cards each side owns once in the default setup (instances `a-u1`, `b-u1`, …). */
export const FIXTURE_MAIN = ['u1', 'u3', 'u5', 'w2', 'n2', 'ut1', 'ut2', 'at1', 'at2', 'df1', 'df2', 'fd1', 'fd2', 'sp1', 'sp2', 'sp3', 'sp4'];
