import type { Catalog } from '@cardlog/rules';
import { PreparedBundle, prepareBundle } from './bundle-preparation';
import { PreparedUpload, prepareUpload } from './upload-preparation';

/**
 * Where uploads (games and tournament bundles) are prepared: in this thread (the default), or on
 * worker threads (the API's pool). Both run the same pure functions; a preparer may also refuse
 * with an error of its own (the pool when its queue is full).
 */
export interface UploadPreparer {
  prepareUpload(input: string | Buffer | unknown, catalog?: Catalog): Promise<PreparedUpload>;
  prepareBundle(input: string | Buffer | unknown, catalogs?: Readonly<Record<string, Catalog>>): Promise<PreparedBundle>;
}

export const IN_THREAD: UploadPreparer = {
  prepareUpload: (input, catalog) => Promise.resolve(prepareUpload(input, catalog)),
  prepareBundle: (input, catalogs) => Promise.resolve(prepareBundle(input, catalogs)),
};
