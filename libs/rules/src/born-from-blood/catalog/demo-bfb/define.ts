import type { BfbCard } from '@cardlog/events';

type Optional = 'extra' | 'pray' | 'worthless';

/** A catalog entry with the always-present flags defaulted to false, so each card lists only what it has. */
export function card(entry: Omit<BfbCard, Optional> & Partial<Pick<BfbCard, Optional>>): BfbCard {
  return { extra: false, pray: false, worthless: false, ...entry };
}

/** A normal alternate art and a special art, the pair most reprinted cards carry. */
export function arts(id: string): NonNullable<BfbCard['artVariants']> {
  return [
    { artId: `${id}-alt`, special: false },
    { artId: `${id}-sa`, special: true },
  ];
}
