import type { BfbCard } from '@cardlog/events';
import { arts, card } from './define';

/** One Character per colour, plus a two-colour one; each starts at 4000 HP whatever it prints (BB-R28). */
export const characters: readonly BfbCard[] = [
  card({
    id: 'ch-red-kesra',
    name: 'Kesra, Cinder Duelist',
    type: 'Character',
    colors: ['red'],
    combatSkills: [
      { id: 'blade-arc', name: 'Blade Arc', damage: 300 },
      { id: 'cinder-storm', name: 'Cinder Storm', damage: 500, nCost: 2, cd: 1 },
    ],
    abilities: [{ id: 'war-cry', kind: 'order', nCost: 1, cd: 2 }],
    clan: 'Ashborn',
    rarity: 'Mythic',
    artVariants: arts('ch-red-kesra'),
    text: 'Order — War Cry (1N, CD 2): one of your Mercenaries gets +100 ATK this turn. Kesra learned to fight in the foundries, where the sparks never stop.',
  }),
  card({
    id: 'ch-blue-ilvane',
    name: 'Ilvane of the Low Tide',
    type: 'Character',
    colors: ['blue'],
    combatSkills: [{ id: 'undertow-lash', name: 'Undertow Lash', damage: 300 }],
    abilities: [{ id: 'tidal-veil', kind: 'pray', nCost: 1, limit: 'oncePerTurn' }],
    clan: 'Reefkin',
    rarity: 'Mythic',
    text: 'Pray — Tidal Veil (1N, once per turn): a Mercenary you control gets Block 100 this battle. She speaks only when the sea is silent.',
  }),
  card({
    id: 'ch-green-maru',
    name: 'Maru, Grove Mother',
    type: 'Character',
    colors: ['green'],
    combatSkills: [{ id: 'thorn-whip', name: 'Thorn Whip', damage: 300 }],
    abilities: [
      { id: 'regrowth', kind: 'endPhase', nCost: 0, limit: 'oncePerGame' },
      { id: 'deep-roots', kind: 'continuous' },
    ],
    clan: 'Thornfolk',
    rarity: 'Mythic',
    text: 'End Phase Action — Regrowth (once per game): return a Mercenary from your graveyard to your hand. Continuous — Deep Roots: your Field Artifacts can host one more Mercenary.',
  }),
  card({
    id: 'ch-black-vorun',
    name: 'Vorun, the Gilded Lich',
    type: 'Character',
    colors: ['black'],
    atk: 300,
    abilities: [{ id: 'tithe', kind: 'other', nCost: 0, limit: 'oncePerTurn' }],
    tags: ['Agna'],
    clan: 'Hollow Court',
    rarity: 'God',
    text: 'Tithe (once per turn): gain 1 Agna. With 10 or more Agna, your Agna cards cost 1N less. He counts every coin twice and trusts neither count.',
  }),
  card({
    id: 'ch-dual-sorrel',
    name: 'Sorrel, Storm-Forged',
    type: 'Character',
    colors: ['red', 'blue'],
    combatSkills: [
      { id: 'spark-jab', name: 'Spark Jab', damage: 200 },
      { id: 'steam-burst', name: 'Steam Burst', damage: 500, nCost: 3, cd: 2 },
    ],
    abilities: [{ id: 'quench', kind: 'triggered', cd: 1 }],
    rarity: 'Elite',
    text: 'Triggered — Quench (CD 1): when a Skill of yours resolves, draw a card. Born where the lava meets the sea.',
  }),
];
