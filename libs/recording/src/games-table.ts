import type { GameDocument } from '@cardlog/events';
import type { Outcome } from '@cardlog/rules';
import type { Visibility } from './access';

/** A game's row in `games`: its header and context; its events live in the stream `game-<id>`. */
export interface GameRow {
  game_id: string;
  stream_id: string;
  system: string;
  rules_version: string;
  header: Omit<GameDocument, 'events'>;
  mode: 'upload' | 'live';
  tournament: string | null;
  visibility: Visibility;
  catalog_id: string;
  players: GameDocument['players'];
  outcome: Outcome | null;
  recorded_by: string | null;
  created_at: Date;
  ended_at: Date | null;
  version: string;
}

export { gameStreamId as streamIdOf } from '@cardlog/events';

export interface GameSummary {
  readonly id: string;
  readonly system: string;
  readonly rulesVersion: string;
  readonly mode: 'upload' | 'live';
  readonly game: GameDocument['game'] | null;
  readonly players: GameDocument['players'];
  readonly catalog: string;
  /** Events stored, engine-derived ones included. */
  readonly events: number;
  readonly outcome: Outcome | null;
  readonly status: 'finished' | 'in_progress';
  readonly visibility: Visibility;
  readonly recordedBy: string | null;
  readonly createdAt: string;
  readonly endedAt: string | null;
}

export function toSummary(row: GameRow): GameSummary {
  return {
    id: row.game_id,
    system: row.system,
    rulesVersion: row.rules_version,
    mode: row.mode,
    game: row.header.game ?? null,
    players: row.players,
    catalog: row.catalog_id,
    events: Number(row.version),
    outcome: row.outcome,
    status: row.outcome ? 'finished' : 'in_progress',
    visibility: row.visibility ?? 'public',
    recordedBy: row.recorded_by,
    createdAt: row.created_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
  };
}
