import { DEFAULT_SNAPSHOT_EVERY, ProjectionRunner, rebuildReadModels } from '@cardlog/projections';
import { CatalogRepository } from '@cardlog/recording';
import { EventStore } from '@cardlog/store';
import { UsageError, parseArgs } from '../args';
import { openDatabase } from '../database';
import { EXIT, Io } from '../io';

export const PROJECTIONS_USAGE = 'cardlog projections rebuild [--snapshot-every K]   drop and rebuild every read model from the event store';

/** `projections rebuild`: stop the projector (or the API, in embedded mode) first. */
export async function projectionsCommand(argv: readonly string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== 'rebuild') throw new UsageError(`projections takes the action "rebuild"${action ? `, not "${action}"` : ''}`);
  const { positionals, options } = parseArgs(rest, { 'snapshot-every': 'integer' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const snapshotEvery = (options['snapshot-every'] as number | undefined) ?? DEFAULT_SNAPSHOT_EVERY;
  if (snapshotEvery < 1) throw new UsageError('--snapshot-every must be at least 1');
  const db = await openDatabase();
  try {
    const catalogs = new CatalogRepository(db.sql);
    const runner = new ProjectionRunner(db.sql, (system, ref, tx) => catalogs.resolve(system, ref, tx), { snapshotEvery });
    const report = await rebuildReadModels(db.sql, new EventStore(db.sql), runner);
    io.out(`rebuilt read models: ${report.events} events, ${report.games} games in ${(report.millis / 1000).toFixed(1)} s`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}
