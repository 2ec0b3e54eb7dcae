import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RecordingError, StoredCatalog, parseCatalog } from '@cardlog/recording';
import type { Catalog } from '@cardlog/rules';
import { CliError } from './errors';

/** What a catalog file beside the logs is called: `<name@version>.catalog.json`. */
export const CATALOG_FILE = /\.catalog\.json$/i;

/**
 * Reads a catalog file: the body of `PUT /v1/catalogs/:id` (`{ system, cards }`), with an optional
 * `id`; without one, the id is the file name (`my-cards@2.json` or `my-cards@2.catalog.json`).
 */
export function readCatalogFile(path: string): StoredCatalog {
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(`catalog ${path}: ${(error as Error).message}`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new CliError(`catalog ${path}: expected { "id"?, "system", "cards" }`);
  const { id, ...rest } = body as { id?: unknown };
  const catalogId = typeof id === 'string' ? id : basename(path).replace(/(\.catalog)?\.json$/i, '');
  try {
    return parseCatalog(catalogId, rest);
  } catch (error) {
    if (error instanceof RecordingError) throw new CliError(`catalog ${path}: ${error.code}: ${error.message}`);
    throw error;
  }
}

/**
 * The catalogs a command may use offline: the ones given with --catalog, then a file
 * `<ref>.catalog.json` in the log's own folder. (Built-in catalogs need neither.)
 */
export class LocalCatalogs {
  private readonly given: ReadonlyMap<string, StoredCatalog>;
  private readonly beside = new Map<string, StoredCatalog | null>();

  constructor(files: readonly string[] = []) {
    this.given = new Map(files.map(readCatalogFile).map((c) => [c.id, c]));
  }

  /** A `resolveCatalog` for one document of `system` read from `file`. */
  resolverFor(system: string, file: string | undefined): (ref: string) => Catalog | undefined {
    return (ref) => {
      const catalog = this.given.get(ref) ?? (file ? this.besideLog(file, ref) : undefined);
      return catalog && catalog.system === system ? catalog : undefined;
    };
  }

  private besideLog(file: string, ref: string): StoredCatalog | undefined {
    const path = join(dirname(file), `${ref}.catalog.json`);
    if (!this.beside.has(path)) this.beside.set(path, existsSync(path) ? readCatalogFile(path) : null);
    return this.beside.get(path) ?? undefined;
  }
}
