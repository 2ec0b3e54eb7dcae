import type { DvCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';

// The invented fixture cards of the digest's §13 (SA, SB, … HK); instances carry a number (SA1).

const soldier = (id: string, name: string, element: DvCard['elements'][number], cost: DvCard['blessingCost'], at: number, df: number, flash = false): DvCard => ({
  id, name, type: 'soldier', subtypes: [], elements: [element], flash, blessingCost: cost, at, df, text: '',
});
const incantation = (id: string, name: string, element: DvCard['elements'][number], cost: DvCard['blessingCost'], flash: boolean, text: string): DvCard => ({
  id, name, type: 'event', eventKind: 'incantation', subtypes: [], elements: [element], flash, blessingCost: cost, eventPersistence: 'instant', targetCount: 1, text,
});

export const FIXTURE_CARDS: readonly DvCard[] = [
  soldier('SA', 'Test Soldier A', 'fire', { generic: 1, fire: 1 }, 2, 2),
  soldier('SB', 'Test Soldier B', 'water', { generic: 1 }, 1, 1),
  soldier('SC', 'Test Soldier C', 'earth', { generic: 2 }, 3, 3),
  soldier('SF', 'Test Flash Soldier F', 'water', { generic: 1 }, 1, 1, true),
  soldier('XM', 'Test Filler M', 'metal', { generic: 1 }, 1, 1),
  soldier('XE', 'Test Filler E', 'earth', { generic: 1 }, 1, 1),
  soldier('XW', 'Test Filler W', 'wind', { generic: 1 }, 1, 1),
  incantation('EN', 'Test Incantation N', 'metal', { generic: 1 }, false, 'Put 2 damage counters on target soldier.'),
  incantation('EF', 'Test Flash Incantation F', 'wind', { generic: 0, wind: 1 }, true, 'Destroy target soldier.'),
  incantation('ER', 'Test Flash Incantation R', 'water', { generic: 1 }, true, "Return target soldier to its owner's hand."),
  incantation('EX', 'Test Flash Incantation X', 'metal', { generic: 1 }, true, "Put target card in a Cenotaph into its owner's Black Hole."),
  { id: 'ET', name: 'Test Invention T', type: 'event', eventKind: 'invention', subtypes: [], elements: ['metal'], flash: false, blessingCost: { generic: 1 }, turnCount: 1, text: '' },
  { id: 'HH', name: 'Test Hero H', type: 'hero', subtypes: [], elements: ['fire'], flash: false, at: 3, ap: 4, guardianCost: { lv1: { fire: 2 }, lv2: { fire: 1, metal: 1 } }, text: '' },
  { id: 'HK', name: 'Test Hero K', type: 'hero', subtypes: [], elements: ['water'], flash: false, at: 2, ap: 3, guardianCost: { lv1: { water: 1 }, lv2: { water: 1 } }, text: '' },
  { id: 'SW', name: 'Test Watcher W', type: 'soldier', subtypes: [], elements: ['water'], flash: false, blessingCost: { generic: 1 }, at: 1, df: 1, abilities: [
      { id: 'watch', text: 'When a card enters the Battlefield, put 1 damage counter on it.', trigger: 'other' },
      { id: 'lastWord', text: 'When it falls to the Cenotaph, its Deva gains 1 Faith.', trigger: 'fallsToCenotaph' },
      { id: 'arrive', text: 'When it enters the Battlefield, draw 1 card.', trigger: 'entersBattlefield' },
    ], text: '' },
  {
    id: 'SK', name: 'Test Skirmisher K', type: 'soldier', subtypes: [], elements: ['earth'], flash: false, blessingCost: { generic: 1 }, at: 1, df: 2,
    skills: [
      { id: 'strike', deplete: true, text: 'Rest: put 1 damage counter on target soldier.' },
      { id: 'ward', cost: { generic: 1 }, text: '1: this soldier gets +1 DF until end of turn.' },
      { id: 'recall', cost: { generic: 0 }, zones: ['cenotaph'], text: 'From your Cenotaph: return this card to your hand.' },
    ],
    text: '',
  },
  { id: 'ZZ', name: 'Test Filler Z', type: 'soldier', subtypes: [], elements: [], flash: false, blessingCost: { generic: 9 }, at: 0, df: 0, text: 'Universe filler.' },
];

export const FIXTURE_CATALOG: Catalog<DvCard> = { id: 'fixtures-dv@1', cards: FIXTURE_CARDS };
