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

/** Reads the replay read model's step list (`/state` reads its snapshots with the game, see GameReader). */
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
}
