import type { Sql } from 'postgres';
import type { GameDocument } from '@cardlog/events';
import { CatalogRepository, GameRecorder, Principal } from '@cardlog/recording';
import { EventStore } from '@cardlog/store';
import { ProjectionRunner, READ_MODEL_TABLES, canonicalRowJson } from '../projector/projection-runner';

export const testPrincipal: Principal = { tokenId: '00000000-0000-4000-8000-000000000001', name: 'projector tests', tournaments: null };

/** The write side and a runner over one database, as the API and the projector would wire them. */
export function wire(sql: Sql, snapshotEvery = 50) {
  const store = new EventStore(sql);
  const catalogs = new CatalogRepository(sql);
  const recorder = new GameRecorder(sql, store, catalogs);
  const runner = new ProjectionRunner(sql, (system, ref, db) => catalogs.resolve(system, ref, db), { snapshotEvery });
  return { store, catalogs, recorder, runner };
}

export async function uploadAll(recorder: GameRecorder, documents: readonly GameDocument[]): Promise<string[]> {
  const ids: string[] = [];
  for (const doc of documents) ids.push((await recorder.upload(doc, { principal: testPrincipal })).id);
  return ids;
}

/** Every read-model row, ordered, for comparing two builds row for row. */
export async function dumpReadModels(sql: Sql): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODEL_TABLES) {
    if (table === 'projection_progress') continue;
    const rows = await sql`select * from ${sql(table)}`;
    out[table] = rows.map(canonicalRowJson).sort();
  }
  return out;
}
