import type { Sql, TransactionSql } from 'postgres';
import { GAME_RECORDED, GameRecordedData, gameHeadStreamId, gameStreamId } from '@cardlog/events';
import { STEP_WORDING } from '@cardlog/rules';
import { EventStore } from '@cardlog/store';
import { CatalogSource, GameCatalogs } from './projector/game-catalogs';
import { STEPS_PER_CHUNK, StepTuple, projectGame, startHead } from './projector/game-projection';

export interface ReplayStep {
  readonly seq: number;
  readonly type: string;
  readonly actor: string | null;
  readonly turn: number | null;
  readonly phase: string | null;
  readonly turnPlayer: string | null;
  readonly turnStart: boolean;
  readonly description: string;
}

interface ChunkRow {
  chunk: number;
  steps: StepTuple[];
  wording: number;
}

/**
 * Reads the replay read model's step list (`/state` reads its snapshots with the game, see
 * GameReader). Steps stored in an older wording than this build's (`STEP_WORDING`, migration 0096)
 * are described again from the game's events when `catalogs` is given, so a reader never sees the
 * lines of an older release; the chunks are then rewritten, each only if it still holds what was
 * read (a projector may be appending to a game in progress meanwhile).
 */
export class ReplayReader {
  private readonly games: GameCatalogs | null;
  private readonly store: EventStore;

  constructor(
    private readonly sql: Sql,
    catalogs?: CatalogSource,
  ) {
    this.games = catalogs ? new GameCatalogs(catalogs) : null;
    this.store = new EventStore(sql);
  }

  async steps(gameId: string): Promise<ReplayStep[]> {
    const rows = await this.sql<ChunkRow[]>`select chunk, steps, wording from rm_replay_step_chunks where game_id = ${gameId} order by chunk`;
    const stale = rows.filter((r) => r.wording < STEP_WORDING);
    const fresh = stale.length > 0 && this.games ? await this.describeAgain(gameId, rows, stale) : null;
    return (fresh ?? rows).flatMap(stepsOf);
  }

  /** The same chunks, described by this build from the game's events; null when the store cannot say. */
  private async describeAgain(gameId: string, rows: readonly ChunkRow[], stale: readonly ChunkRow[]): Promise<ChunkRow[] | null> {
    const [recorded] = await this.store.readStream(gameHeadStreamId(gameId), { limit: 1 });
    if (!recorded || recorded.type !== GAME_RECORDED) return null;
    // Exactly the events the stored steps are of: a projector may have stored more since.
    const projected = rows.reduce((n, r) => n + r.steps.length, 0);
    const events = await this.store.readStream(gameStreamId(gameId), { limit: projected });
    if (events.length !== projected) return null;
    const context = await this.games!.contextOf(this.sql as unknown as TransactionSql, recorded.data as GameRecordedData);
    const described = projectGame(startHead(recorded, context), events, context, Number.MAX_SAFE_INTEGER).chunks;
    const fresh = described.map(({ chunk, steps }) => ({ chunk, steps, wording: STEP_WORDING }));
    const byChunk = new Map(fresh.map((r) => [r.chunk, r]));
    for (const old of stale) {
      const row = byChunk.get(old.chunk);
      if (!row || row.steps.length !== old.steps.length) continue;
      // Only a chunk still of the wording and length read: one a projector appended to, or a
      // rebuild rewrote, since is left as it now is.
      await this.sql`update rm_replay_step_chunks set steps = ${JSON.stringify(row.steps)}::text::json, wording = ${STEP_WORDING}
        where game_id = ${gameId} and chunk = ${row.chunk} and wording < ${STEP_WORDING} and json_array_length(steps) = ${old.steps.length}`;
    }
    return fresh;
  }
}

function stepsOf(row: { chunk: number; steps: readonly StepTuple[] }): ReplayStep[] {
  return row.steps.map(([type, actor, turn, phase, turnPlayer, turnStart, description], i) => ({
    seq: row.chunk * STEPS_PER_CHUNK + i + 1,
    type,
    actor,
    turn,
    phase,
    turnPlayer,
    turnStart,
    description,
  }));
}
