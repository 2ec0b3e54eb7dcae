import type { Sql } from 'postgres';

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

export interface ReplayStatus {
  /** Events projected so far; behind the game's own count while the projector catches up. */
  readonly projected: number;
  readonly snapshotEvery: number | null;
}

/** Reads the replay read model: the step list, and the snapshot to start a fold from. */
export class ReplayReader {
  constructor(private readonly sql: Sql) {}

  async steps(gameId: string): Promise<ReplayStep[]> {
    const rows = await this.sql<
      { seq: number; type: string; actor: string | null; turn: number | null; phase: string | null; turn_player: string | null; turn_start: boolean; description: string }[]
    >`select seq, type, actor, turn, phase, turn_player, turn_start, description
      from rm_replay_steps where game_id = ${gameId} order by seq`;
    return rows.map((r) => ({
      seq: r.seq,
      type: r.type,
      actor: r.actor,
      turn: r.turn,
      phase: r.phase,
      turnPlayer: r.turn_player,
      turnStart: r.turn_start,
      description: r.description,
    }));
  }

  /** The latest snapshot at or before `step`, as the snapshot codec encoded it. */
  async snapshotAtOrBefore(gameId: string, step: number): Promise<{ seq: number; state: unknown } | null> {
    const [row] = await this.sql<{ seq: number; state: unknown }[]>`
      select seq, state from rm_replay_snapshots where game_id = ${gameId} and seq <= ${step} order by seq desc limit 1`;
    return row ?? null;
  }
}
