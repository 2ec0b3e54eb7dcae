import type { Catalog } from '../../game-system';
import type { SmCard } from '@cardlog/events';
import { DEMO_CARDS, DEMO_CATALOG_ID } from './demo-catalog';

export * from './demo-catalog';
export * from './demo-decks';

export const builtinCatalogs: Readonly<Record<string, Catalog<SmCard>>> = { [DEMO_CATALOG_ID]: { id: DEMO_CATALOG_ID, cards: DEMO_CARDS } };
