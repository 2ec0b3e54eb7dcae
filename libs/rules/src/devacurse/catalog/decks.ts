import type { DvElement } from '@cardlog/events';

export interface DvDemoDeck {
  readonly name: string;
  readonly archetype: string;
  /** Catalog ids with copies; 40 cards. */
  readonly cards: readonly (readonly [string, number])[];
}

function twoElement(name: string, archetype: string, a: DvElement, b: DvElement, hero: string, extra: readonly (readonly [string, number])[]): DvDemoDeck {
  const pa = a.slice(0, 2);
  const pb = b.slice(0, 2);
  const cards: [string, number][] = [
    [`dv-${pa}-s1`, 3], [`dv-${pa}-s2`, 3], [`dv-${pa}-s3`, 2], [`dv-${pa}-s4`, 1], [`dv-${pa}-s5`, 2], [`dv-${pa}-h1`, 2], [`dv-${pa}-i1`, 2], [`dv-${pa}-i2`, 1], [`dv-${pa}-v1`, 1],
    [`dv-${pb}-s1`, 3], [`dv-${pb}-s2`, 3], [`dv-${pb}-s3`, 2], [`dv-${pb}-s5`, 1], [`dv-${pb}-i1`, 1], [`dv-${pb}-i2`, 1],
    [hero, 1], ['dv-cl-s2', 2], ['dv-cl-i1', 1],
    ['dv-cl-i2', 1], ['dv-cl-i3', 1], ['dv-cl-i4', 1], ['dv-cl-i5', 1], ['dv-cl-v2', 1],
  ];
  const total = cards.reduce((n, [, c]) => n + c, 0) + extra.reduce((n, [, c]) => n + c, 0);
  return { name, archetype, cards: [...cards, ...extra, ['dv-cl-s1', 40 - total]] };
}

/** The decks the simulator plays: two elements each, named as players would. */
export const DEMO_DECKS: readonly DvDemoDeck[] = [
  twoElement('Forge and Flame', 'fire/metal', 'fire', 'metal', 'dv-mx-h1', [['dv-mx-i1', 1]]),
  twoElement('Storm Tide', 'water/wind', 'water', 'wind', 'dv-mx-h2', [['dv-mx-s1', 1]]),
  twoElement('Deep Roots', 'earth/wood', 'earth', 'wood', 'dv-mx-h3', [['dv-mx-s2', 1]]),
  twoElement('Iron Grove', 'wood/metal', 'wood', 'metal', 'dv-cl-h1', [['dv-mx-s3', 1]]),
];
