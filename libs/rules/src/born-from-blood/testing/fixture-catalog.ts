import type { BfbCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';

type Optional = 'extra' | 'pray' | 'worthless' | 'colors' | 'text';
const card = (entry: Omit<BfbCard, Optional> & Partial<Pick<BfbCard, Optional>>): BfbCard => ({
  extra: false,
  pray: false,
  worthless: false,
  colors: ['red'],
  text: '',
  ...entry,
});
const skill = (id: string, damage: number, extra: { pierce?: boolean } = {}) => [{ id, name: id, damage, ...extra }];

/** The §13 fixture catalog, plus plain red fillers so test decks reach 50 cards. */
export const FIXTURE_CARDS: readonly BfbCard[] = [
  card({ id: 'ch', name: 'Test Crimson Warden', type: 'Character' }),
  card({ id: 'm3', name: 'Test Red Sellsword', type: 'Mercenary', nCost: 3, hp: 200, combatSkills: skill('Slash', 300), artVariants: [{ artId: 'm3-sa', special: true }] }),
  card({ id: 'm2a', name: 'Test Red Raider', type: 'Mercenary', nCost: 2, hp: 100, combatSkills: skill('Slash', 200), keywords: [{ kw: 'Assault' }] }),
  card({ id: 'msky', name: 'Test Red Kite', type: 'Mercenary', nCost: 3, hp: 200, combatSkills: skill('Dive', 300), keywords: [{ kw: 'Skybound' }] }),
  card({ id: 'maa', name: 'Test Red Archer', type: 'Mercenary', nCost: 2, hp: 200, combatSkills: skill('Shot', 100), keywords: [{ kw: 'AntiAir' }] }),
  card({ id: 'mp', name: 'Test Red Lancer', type: 'Mercenary', nCost: 4, hp: 300, combatSkills: skill('Lance', 300, { pierce: true }) }),
  card({ id: 'mdbl', name: 'Test Red Twinblade', type: 'Mercenary', nCost: 3, hp: 200, combatSkills: skill('Slash', 100), keywords: [{ kw: 'DoubleAttack' }] }),
  card({
    id: 'mreb',
    name: 'Test Red Boomerang',
    type: 'Mercenary',
    nCost: 1,
    hp: 100,
    combatSkills: skill('Toss', 100),
    keywords: [{ kw: 'Assault' }, { kw: 'Rebound' }],
    abilities: [{ id: 'Bounce', kind: 'triggered' }],
    text: 'On Play: this card attacks immediately.',
  }),
  card({ id: 'minf', name: 'Test Red Infiltrator', type: 'Mercenary', nCost: 2, hp: 100, combatSkills: skill('Stab', 100), keywords: [{ kw: 'Infiltration' }] }),
  card({ id: 'mpray', name: 'Test Red Ambusher', type: 'Mercenary', nCost: 2, hp: 200, combatSkills: skill('Slash', 200), pray: true }),
  card({ id: 'art', name: 'Test Red Totem', type: 'Artifact', nCost: 2, combatSkills: skill('Zap', 100), abilities: [{ id: 'Ward', kind: 'endPhase', nCost: 0 }] }),
  card({ id: 'sk', name: 'Test Red Drill', type: 'Skill', nCost: 2, abilities: [{ id: 'Drill', kind: 'order', nCost: 0, cd: 1 }] }),
  card({ id: 'pq', name: 'Test Quick Prayer', type: 'Skill', nCost: 1, pray: true, oneShot: true, text: 'Negate a Skill card being played.' }),
  card({ id: 'itm', name: 'Test Red Trinket', type: 'Item', nCost: 1, worthless: true }),
  card({ id: 'oh', name: 'Test Red Buckler', type: 'Item', nCost: 1, offHand: true, keywords: [{ kw: 'Block', value: 100 }] }),
  card({ id: 'any', name: 'Test Wandering Charm', type: 'Item', nCost: 1, colors: 'any' }),
  card({ id: 'xr', name: 'Test Red Colossus', type: 'Mercenary', extra: true, nCost: 0, hp: 500, combatSkills: skill('Crush', 500) }),
  card({ id: 'mb', name: 'Test Blue Sellsword', type: 'Mercenary', nCost: 3, hp: 200, combatSkills: skill('Slash', 300), colors: ['blue'] }),
  // Extra fixtures for rules §13 does not exercise.
  card({ id: 'fa', name: 'Test Red Camp', type: 'Artifact', nCost: 2, fieldArtifact: { hostCapacity: 1 } }),
  card({ id: 'evo', name: 'Test Crimson Ascendant', type: 'Character', abilities: [{ id: 'Evolve', kind: 'order', limit: 'oncePerGame' }] }),
  card({ id: 'chx', name: 'Test Crimson Duelist', type: 'Character', combatSkills: [{ id: 'Roar', name: 'Roar', damage: 200, nCost: 1, cd: 1 }] }),
  ...Array.from({ length: 13 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return card({ id: `f${n}`, name: `Test Red Filler ${n}`, type: 'Mercenary', nCost: 1, hp: 100 });
  }),
];

export const FIXTURE_CATALOG: Catalog<BfbCard> = { id: 'bfb-fixtures@1', cards: FIXTURE_CARDS };

export const FILLERS: readonly string[] = FIXTURE_CARDS.filter((c) => c.id.startsWith('f') && c.id !== 'fa').map((c) => c.id);
