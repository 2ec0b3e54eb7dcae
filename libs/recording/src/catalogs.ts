import { createHash } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { z } from 'zod';
import { SYSTEM_IDS, catalogRefSchema, jsonPath, vocabularyFor } from '@cardlog/events';
import { Catalog, canonicalJson, counted, findSystem, registeredSystems } from '@cardlog/rules';
import { inTransaction } from '@cardlog/store';
import { conflict, invalid } from './errors';

export interface StoredCatalog extends Catalog {
  readonly system: string;
  readonly contentHash: string;
}

/** A catalog as listed: where it comes from and how many cards it holds, not the cards. */
export interface CatalogListing {
  readonly id: string;
  readonly system: string;
  readonly source: 'builtin' | 'stored';
  readonly cards: number;
  readonly createdAt: string | null;
}

/** A catalog as served: a stored one, or one shipped with the rules (which has no stored hash). */
export interface ServedCatalog extends Catalog {
  readonly system: string;
  readonly source: 'builtin' | 'stored';
  readonly contentHash: string;
}

export type PutCatalogStatus = 'created' | 'unchanged' | 'replaced';

const bodySchema = z.strictObject({ system: z.enum(SYSTEM_IDS), cards: z.array(z.unknown()).min(1).max(20_000) });

/** Card catalogs stored on the server; a catalog referenced by a game never changes again. */
export class CatalogRepository {
  constructor(private readonly sql: Sql) {}

  async put(catalogId: string, body: unknown): Promise<{ status: PutCatalogStatus; catalog: StoredCatalog }> {
    const catalog = parseCatalog(catalogId, body);
    const { system, cards, contentHash } = catalog;
    if (findSystem(system)?.builtinCatalogs[catalogId]) {
      throw conflict('CATALOG_BUILTIN', `"${catalogId}" is a catalog shipped with the rules; choose another id`);
    }

    return inTransaction(this.sql, async (tx) => {
      const [existing] = await tx<{ system: string; content_hash: string }[]>`
        select system, content_hash from catalogs where catalog_id = ${catalogId} for update`;
      if (!existing) {
        await tx`insert into catalogs (catalog_id, system, cards, content_hash)
                 values (${catalogId}, ${system}, ${tx.json(cards as never)}, ${contentHash})`;
        return { status: 'created' as const, catalog };
      }
      if (existing.content_hash === contentHash && existing.system === system) return { status: 'unchanged' as const, catalog };
      const [{ count }] = await tx<{ count: string }[]>`select count(*) from games where catalog_id = ${catalogId}`;
      if (Number(count) > 0) {
        throw conflict('CATALOG_IMMUTABLE', `catalog ${catalogId} is referenced by ${counted(Number(count), 'game')} and cannot change; publish a new version`, {
          games: Number(count),
        });
      }
      await tx`update catalogs set system = ${system}, cards = ${tx.json(cards as never)}, content_hash = ${contentHash}
               where catalog_id = ${catalogId}`;
      return { status: 'replaced' as const, catalog };
    });
  }

  async find(catalogId: string, db: Sql | TransactionSql = this.sql): Promise<StoredCatalog | null> {
    const [row] = await db<{ system: string; cards: unknown[]; content_hash: string }[]>`
      select system, cards, content_hash from catalogs where catalog_id = ${catalogId}`;
    return row ? { id: catalogId, system: row.system, cards: row.cards, contentHash: row.content_hash } : null;
  }

  /** Every catalog a game may reference: the ones shipped with the rules, then the stored ones, by id. */
  async list(): Promise<CatalogListing[]> {
    const builtin: CatalogListing[] = registeredSystems().flatMap((system) =>
      Object.values(system.builtinCatalogs).map((c) => ({ id: c.id, system: system.id, source: 'builtin' as const, cards: c.cards.length, createdAt: null })),
    );
    const rows = await this.sql<{ catalog_id: string; system: string; cards: string; created_at: Date }[]>`
      select catalog_id, system, jsonb_array_length(cards) as cards, created_at from catalogs order by catalog_id`;
    const stored = rows.map((r) => ({ id: r.catalog_id, system: r.system, source: 'stored' as const, cards: Number(r.cards), createdAt: r.created_at.toISOString() }));
    return [...builtin.sort((a, b) => a.id.localeCompare(b.id)), ...stored];
  }

  /** One catalog by id, built-in or stored (built-in ids cannot be stored, so there is no ambiguity). */
  async serve(catalogId: string): Promise<ServedCatalog | null> {
    for (const system of registeredSystems()) {
      const builtin = system.builtinCatalogs[catalogId];
      if (builtin) {
        return { ...builtin, id: catalogId, system: system.id, source: 'builtin', contentHash: createHash('sha256').update(canonicalJson(builtin.cards)).digest('hex') };
      }
    }
    const stored = await this.find(catalogId);
    return stored ? { ...stored, source: 'stored' } : null;
  }

  /** A catalog by reference: the rules' own first, then the stored ones of the same system. */
  async resolve(system: string, ref: string, db: Sql | TransactionSql = this.sql): Promise<Catalog | null> {
    const builtin = findSystem(system)?.builtinCatalogs[ref];
    if (builtin) return builtin;
    const stored = await this.find(ref, db);
    return stored && stored.system === system ? stored : null;
  }
}

/**
 * A catalog `{ system, cards }` checked against its system's card schema (what `PUT /v1/catalogs/:id`
 * takes, and what a catalog file holds): the id must be name@version, card ids unique.
 */
export function parseCatalog(catalogId: string, body: unknown): StoredCatalog {
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
  const contentHash = createHash('sha256').update(canonicalJson(cardsResult.data)).digest('hex');
  return { id: catalogId, system, cards: cardsResult.data, contentHash };
}

function schemaError(error: z.ZodError, prefix: PropertyKey[] = []) {
  const issue = error.issues[0]!;
  const path = jsonPath([...prefix, ...issue.path]);
  return invalid('SCHEMA_VIOLATION', `${path}: ${issue.message}`, {
    path,
    issues: error.issues.slice(0, 20).map((i) => ({ path: jsonPath([...prefix, ...i.path]), message: i.message })),
  });
}
