import type { DvCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';
import { DEMO_CARDS } from './demo';

export { DEMO_CARDS, SIM_PLAYS } from './demo';
export { DEMO_DECKS, type DvDemoDeck } from './decks';

export const DEMO_CATALOG_ID = 'demo-dv@1';
export const DEMO_CATALOG: Catalog<DvCard> = { id: DEMO_CATALOG_ID, cards: DEMO_CARDS };
export const builtinCatalogs: Readonly<Record<string, Catalog<DvCard>>> = Object.freeze(Object.assign(Object.create(null), { [DEMO_CATALOG_ID]: DEMO_CATALOG }));
