import type { AgCard } from '@cardlog/events';
import type { Catalog } from '../../game-system';
import { DEMO_CATALOG_ID, demoCatalog } from './demo-catalog';

export { DEMO_CATALOG_ID, DEMO_COLOURS, demoCatalog } from './demo-catalog';
export { DEMO_DECKS, identityArchetype, registrationFor } from './demo-decks';
export type { AgDeckList } from './demo-decks';

export const builtinCatalogs: Readonly<Record<string, Catalog<AgCard>>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, Catalog<AgCard>>, { [DEMO_CATALOG_ID]: demoCatalog }),
);
