import { createHash } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { z } from 'zod';
import { SYSTEM_IDS, catalogRefSchema, jsonPath, vocabularyFor } from '@cardlog/events';
import { Catalog, canonicalJson, findSystem } from '@cardlog/rules';
import { inTransaction } from '@cardlog/store';
import { conflict, invalid } from './errors';

export interface StoredCatalog extends Catalog {
  readonly system: string;
  readonly contentHash: string;
}

export type PutCatalogStatus = 'created' | 'unchanged' | 'replaced';

const bodySchema = z.strictObject({ system: z.enum(SYSTEM_IDS), cards: z.array(z.unknown()).min(1).max(20_000) });

/** Card catalogs stored on the server; a catalog referenced by a game never changes again. */
export class CatalogRepository {
  constructor(private readonly sql: Sql) {}

  async put(catalogId: string, body: unknown): Promise<{ status: PutCatalogStatus; catalog: StoredCatalog }> {
    if (!catalogRefSchema.safeParse(catalogId).success) {
      throw invalid('BAD_CATALOG_ID', `catalog id "${catalogId}" is not name@version, e.g. my-cards@1`, { path: '$id' });
    }
    const parsed = bodySchema.safeParse(body);
    if (!parsed.success) throw schemaError(parsed.error);
    const { system, cards } = parsed.data;
    const vocabulary = vocabularyFor(system);
    if (!vocabulary) throw invalid('UNSUPPORTED_SYSTEM', `system "${system}" is not supported yet`, { path: '$.system' });
    const cardsResult = z.array(vocabulary.card).safeParse(cards);
    if (!cardsResult.success) throw schemaError(cardsResult.error, ['cards']);
    const ids = new Set<string>();
    cardsResult.data.forEach((card, i) => {
      const id = (card as { id: string }).id;
      if (ids.has(id)) throw invalid('DUPLICATE_CATALOG_CARD', `card id "${id}" appears twice`, { path: `$.cards[${i}].id` });
      ids.add(id);
    });
    if (findSystem(system)?.builtinCatalogs[catalogId]) {
      throw conflict('CATALOG_BUILTIN', `"${catalogId}" is a catalog shipped with the rules; choose another id`);
    }

    const contentHash = createHash('sha256').update(canonicalJson(cardsResult.data)).digest('hex');
    const catalog: StoredCatalog = { id: catalogId, system, cards: cardsResult.data, contentHash };
    return inTransaction(this.sql, async (tx) => {
      const [existing] = await tx<{ system: string; content_hash: string }[]>`
        select system, content_hash from catalogs where catalog_id = ${catalogId} for update`;
      if (!existing) {
        await tx`insert into catalogs (catalog_id, system, cards, content_hash)
                 values (${catalogId}, ${system}, ${tx.json(cardsResult.data as never)}, ${contentHash})`;
        return { status: 'created' as const, catalog };
      }
      if (existing.content_hash === contentHash && existing.system === system) return { status: 'unchanged' as const, catalog };
      const [{ count }] = await tx<{ count: string }[]>`select count(*) from games where catalog_id = ${catalogId}`;
      if (Number(count) > 0) {
        throw conflict('CATALOG_IMMUTABLE', `catalog ${catalogId} is referenced by ${count} game(s) and cannot change; publish a new version`, {
          games: Number(count),
        });
      }
      await tx`update catalogs set system = ${system}, cards = ${tx.json(cardsResult.data as never)}, content_hash = ${contentHash}
               where catalog_id = ${catalogId}`;
      return { status: 'replaced' as const, catalog };
    });
  }

  async find(catalogId: string, db: Sql | TransactionSql = this.sql): Promise<StoredCatalog | null> {
    const [row] = await db<{ system: string; cards: unknown[]; content_hash: string }[]>`
      select system, cards, content_hash from catalogs where catalog_id = ${catalogId}`;
    return row ? { id: catalogId, system: row.system, cards: row.cards, contentHash: row.content_hash } : null;
  }

  /** A catalog by reference: the rules' own first, then the stored ones of the same system. */
  async resolve(system: string, ref: string, db: Sql | TransactionSql = this.sql): Promise<Catalog | null> {
    const builtin = findSystem(system)?.builtinCatalogs[ref];
    if (builtin) return builtin;
    const stored = await this.find(ref, db);
    return stored && stored.system === system ? stored : null;
  }
}

function schemaError(error: z.ZodError, prefix: PropertyKey[] = []) {
  const issue = error.issues[0]!;
  const path = jsonPath([...prefix, ...issue.path]);
  return invalid('SCHEMA_VIOLATION', `${path}: ${issue.message}`, {
    path,
    issues: error.issues.slice(0, 20).map((i) => ({ path: jsonPath([...prefix, ...i.path]), message: i.message })),
  });
}
