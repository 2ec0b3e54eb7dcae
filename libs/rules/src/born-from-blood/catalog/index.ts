import type { BfbCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';
import { DEMO_CATALOG_ID, demoCatalog } from './demo-bfb';

export { DEMO_CATALOG_ID, demoCatalog } from './demo-bfb';
export { DEMO_DECKS, registrationFor } from './demo-decks';
export type { DeckLine, DeckList } from './demo-decks';

/** Catalogs shipped with the Born from Blood rules, by reference `name@version`. */
export const builtinCatalogs: Record<string, Catalog<BfbCard>> = {
  [DEMO_CATALOG_ID]: demoCatalog,
};
