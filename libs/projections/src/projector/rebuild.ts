import type { Sql } from 'postgres';
import { EventStore, START } from '@cardlog/store';
import { ProjectionRunner, READ_MODEL_TABLES } from './projection-runner';

export interface RebuildReport {
  readonly events: number;
  readonly games: number;
  readonly millis: number;
}

/**
 * Empties every read model and refills it from the event store through the same code path the
 * projector uses. Run it with the projector stopped; a live projector would race the refill.
 */
export async function rebuildReadModels(sql: Sql, store: EventStore, runner: ProjectionRunner, batchSize = 2000): Promise<RebuildReport> {
  const started = Date.now();
  await sql.begin(async (tx) => {
    for (const table of READ_MODEL_TABLES) await tx`delete from ${tx(table)}`;
  });
  let checkpoint = START;
  let events = 0;
  for (;;) {
    const page = await store.readAll(checkpoint, batchSize);
    if (page.events.length === 0) break;
    await runner.apply(page.events);
    events += page.events.length;
    checkpoint = page.checkpoint;
  }
  const [{ count }] = await sql<{ count: string }[]>`select count(*) from rm_games`;
  return { events, games: Number(count), millis: Date.now() - started };
}
