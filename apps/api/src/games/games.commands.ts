import { Command, Query } from '@nestjs/cqrs';
import type { GameDocument } from '@cardlog/events';
import type { GameEventsPage, GameFilter, GamePage, GameSummary, Principal, UploadResult } from '@cardlog/recording';

export class UploadGameCommand extends Command<UploadResult> {
  constructor(
    /** The bytes as received (parsed on a worker thread), or text. */
    readonly body: string | Buffer,
    readonly principal: Principal,
    readonly idempotencyKey?: string,
    readonly visibility?: string,
  ) {
    super();
  }
}

export interface BatchLineResult {
  line: number;
  status: 'created' | 'exists' | 'rejected';
  /** True when this line's game is in the store (created now or before). */
  stored: boolean;
  id?: string;
  events?: number;
  error?: { code: string; message: string; [detail: string]: unknown };
}

export interface BatchResult {
  created: number;
  exists: number;
  rejected: number;
  results: BatchLineResult[];
}

export class UploadBatchCommand extends Command<BatchResult> {
  constructor(
    readonly body: string,
    readonly principal: Principal,
    readonly visibility?: string,
  ) {
    super();
  }
}

export class StartLiveGameCommand extends Command<{ id: string; version: number; created: boolean }> {
  constructor(
    readonly body: string,
    readonly principal: Principal,
    readonly idempotencyKey?: string,
    readonly visibility?: string,
  ) {
    super();
  }
}

export class SetVisibilityCommand extends Command<{ id: string; visibility: string }> {
  constructor(
    readonly gameId: string,
    readonly body: string,
    readonly principal: Principal,
  ) {
    super();
  }
}

export class AppendLiveEventsCommand extends Command<{ version: number; appended: number; outcome: unknown }> {
  constructor(
    readonly gameId: string,
    readonly body: string,
    readonly principal: Principal,
  ) {
    super();
  }
}

export class ContinueLiveGameCommand extends Command<{ id: string; version: number; mode: 'live' }> {
  constructor(
    readonly gameId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}

export class CloseGameCommand extends Command<{ id: string; version: number; outcome: unknown }> {
  constructor(
    readonly gameId: string,
    readonly body: string,
    readonly principal: Principal,
  ) {
    super();
  }
}

export class ListGamesQuery extends Query<GamePage> {
  constructor(
    readonly filter: GameFilter,
    readonly reader: Principal | null,
  ) {
    super();
  }
}

export class GetGameQuery extends Query<GameSummary> {
  constructor(
    readonly gameId: string,
    readonly reader: Principal | null,
  ) {
    super();
  }
}

export class GetGameLogQuery extends Query<GameDocument> {
  constructor(
    readonly gameId: string,
    readonly reader: Principal | null,
  ) {
    super();
  }
}

export class GetGameEventsQuery extends Query<GameEventsPage> {
  constructor(
    readonly gameId: string,
    readonly reader: Principal | null,
    readonly from?: number,
    readonly limit?: number,
  ) {
    super();
  }
}

export class GetGameStateQuery extends Query<unknown> {
  constructor(
    readonly gameId: string,
    readonly reader: Principal | null,
    readonly step?: number,
    readonly view?: string,
  ) {
    super();
  }
}

export class GetGameReplayQuery extends Query<unknown> {
  constructor(
    readonly gameId: string,
    readonly reader: Principal | null,
  ) {
    super();
  }
}
