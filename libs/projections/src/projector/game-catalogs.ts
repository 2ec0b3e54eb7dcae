import type { TransactionSql } from 'postgres';
import type { GameRecordedData } from '@cardlog/events';
import type { Catalog } from '@cardlog/rules';
import { GameContext, contextFor } from './game-projection';

/**
 * Finds a catalog (the rules' own first, then stored ones), reading through `db`: the runner's own
 * transaction, since embedded PGlite has a single connection. Catalogs referenced by games never
 * change, so the runner caches them.
 */
export type CatalogSource = (system: string, ref: string, db: TransactionSql) => Promise<Catalog | null>;

/**
 * The rules context of recorded games, with the catalogs they name fetched once and kept: the
 * projection runner's, and the replay steps' refresh (`StepRefresher`).
 */
export class GameCatalogs {
  private readonly catalogCache = new Map<string, Catalog>();
  private readonly inlineCache = new Map<string, unknown[]>();

  constructor(private readonly catalogs: CatalogSource) {}

  /** A recorded game's rules, header and initial state, its catalog fetched. */
  async contextOf(db: TransactionSql, recorded: GameRecordedData): Promise<GameContext> {
    const withCards = await this.withInlineCards(db, recorded);
    return contextFor(withCards, await this.lookup(db, [withCards]));
  }

  /**
   * The header with an inline catalog's cards in place of its content hash (GameRecorded events
   * reference inline catalogs; the cards are stored once in catalog_contents). The head keeps the
   * reference: restoreHead and the stored header stay small.
   */
  private async withInlineCards(db: TransactionSql, recorded: GameRecordedData): Promise<GameRecordedData> {
    const catalog = recorded.header.catalog;
    if (typeof catalog === 'string' || !('contentHash' in catalog)) return recorded;
    let cards = this.inlineCache.get(catalog.contentHash);
    if (!cards) {
      const [row] = await db<{ cards: unknown[] }[]>`select cards from catalog_contents where content_hash = ${catalog.contentHash}`;
      if (!row) throw new Error(`game ${recorded.gameId}: its inline catalog ${catalog.contentHash} is missing from catalog_contents`);
      cards = row.cards;
      this.inlineCache.set(catalog.contentHash, cards);
    }
    const inline = catalog.id === undefined ? { cards } : { id: catalog.id, cards };
    return { ...recorded, header: { ...recorded.header, catalog: inline } };
  }

  /** Fetches the catalogs these games need once; afterwards lookups are synchronous. */
  private async lookup(db: TransactionSql, recorded: readonly GameRecordedData[]) {
    for (const { header } of recorded) {
      if (typeof header.catalog !== 'string') continue;
      const key = `${header.system}:${header.catalog}`;
      if (this.catalogCache.has(key)) continue;
      const catalog = await this.catalogs(header.system, header.catalog, db);
      if (!catalog) throw new Error(`catalog ${header.catalog} of a recorded game is missing`);
      this.catalogCache.set(key, catalog);
    }
    return (system: string, ref: string) => this.catalogCache.get(`${system}:${ref}`);
  }
}
