import type { BfbCard } from '@cardlog/events';
import type { Catalog } from '../../../game-system';
import { anyColorCards } from './any-color';
import { blackCards } from './black';
import { blueCards } from './blue';
import { characters } from './characters';
import { extraCards } from './extra';
import { greenCards } from './green';
import { redCards } from './red';

export const DEMO_CATALOG_ID = 'demo-bfb@1';

/** The demo catalog shipped with the rules: original cards, for tests, the simulator and try-outs. */
export const demoCatalog: Catalog<BfbCard> = {
  id: DEMO_CATALOG_ID,
  cards: [...characters, ...redCards, ...blueCards, ...greenCards, ...blackCards, ...anyColorCards, ...extraCards],
};
