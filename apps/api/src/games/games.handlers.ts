import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReplayReader } from '@cardlog/projections';
import { GameReader, GameRecorder, RecordOptions, RecordingError, Visibility, invalid } from '@cardlog/recording';
import { parseJsonBody } from '../errors/json-body';
import {
  AppendLiveEventsCommand,
  SetVisibilityCommand,
  BatchLineResult,
  CloseGameCommand,
  ContinueLiveGameCommand,
  GetGameEventsQuery,
  GetGameLogQuery,
  GetGameQuery,
  GetGameReplayQuery,
  GetGameStateQuery,
  ListGamesQuery,
  StartLiveGameCommand,
  UploadBatchCommand,
  UploadGameCommand,
} from './games.commands';

@CommandHandler(UploadGameCommand)
export class UploadGameHandler implements ICommandHandler<UploadGameCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ body, principal, idempotencyKey, visibility }: UploadGameCommand) {
    return this.recorder.upload(body, { principal, correlation: randomUUID(), ...recordOptions(idempotencyKey, visibility) });
  }
}

/**
 * JSON Lines: each line is a game of its own that succeeds or fails alone. Whatever a line does,
 * even fail unexpectedly, every line gets its result and the answer says which are stored.
 */
@CommandHandler(UploadBatchCommand)
export class UploadBatchHandler implements ICommandHandler<UploadBatchCommand> {
  private readonly logger = new Logger(UploadBatchHandler.name);

  constructor(private readonly recorder: GameRecorder) {}

  async execute({ body, principal, visibility }: UploadBatchCommand) {
    const correlation = randomUUID();
    const results: BatchLineResult[] = [];
    const lines = body.split('\n');
    if (lines.every((l) => l.trim() === '')) throw invalid('EMPTY_BODY', 'the batch is empty; send one cardlog/1 document per line');
    for (const [i, text] of lines.entries()) {
      if (text.trim() === '') continue;
      const line = i + 1;
      try {
        const r = await this.recorder.upload(text, { principal, correlation, ...recordOptions(undefined, visibility) });
        results.push({ line, status: r.created ? 'created' : 'exists', stored: true, id: r.id, events: r.events });
      } catch (error) {
        if (error instanceof RecordingError) {
          results.push({ line, status: 'rejected', stored: false, error: { code: error.code, message: error.message, ...error.details } });
        } else {
          this.logger.error(`batch line ${line}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          results.push({ line, status: 'rejected', stored: false, error: { code: 'INTERNAL', message: 'this line failed unexpectedly; it has been logged and nothing of it was stored' } });
        }
      }
    }
    const count = (status: BatchLineResult['status']) => results.filter((r) => r.status === status).length;
    return { created: count('created'), exists: count('exists'), rejected: count('rejected'), results };
  }
}

@CommandHandler(StartLiveGameCommand)
export class StartLiveGameHandler implements ICommandHandler<StartLiveGameCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ body, principal, idempotencyKey, visibility }: StartLiveGameCommand) {
    return this.recorder.startLive(body, { principal, ...recordOptions(idempotencyKey, visibility) });
  }
}

@CommandHandler(SetVisibilityCommand)
export class SetVisibilityHandler implements ICommandHandler<SetVisibilityCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ gameId, body, principal }: SetVisibilityCommand) {
    const request = parseJsonBody(body) as { visibility?: unknown };
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw invalid('SCHEMA_VIOLATION', '$: the body is { visibility }', { path: '$' });
    }
    const unknown = Object.keys(request).filter((k) => k !== 'visibility');
    if (unknown.length) throw invalid('SCHEMA_VIOLATION', `$: unknown field "${unknown[0]!.slice(0, 64)}"`, { path: '$' });
    return this.recorder.setVisibility(gameId, request.visibility, principal);
  }
}

function recordOptions(idempotencyKey: string | undefined, visibility: string | undefined): Partial<RecordOptions> {
  return { ...(idempotencyKey !== undefined ? { idempotencyKey } : {}), ...(visibility !== undefined ? { visibility: visibility as Visibility } : {}) };
}

@CommandHandler(AppendLiveEventsCommand)
export class AppendLiveEventsHandler implements ICommandHandler<AppendLiveEventsCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ gameId, body, principal }: AppendLiveEventsCommand) {
    const request = parseJsonBody(body) as { expectedVersion?: unknown; events?: unknown };
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw invalid('SCHEMA_VIOLATION', '$: the body is { expectedVersion, events }', { path: '$' });
    }
    const unknown = Object.keys(request).filter((k) => k !== 'expectedVersion' && k !== 'events');
    if (unknown.length) throw invalid('SCHEMA_VIOLATION', `$: unknown field "${unknown[0]!.slice(0, 64)}"${unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : ''}`, { path: '$' });
    const { expectedVersion } = request;
    if (typeof expectedVersion !== 'number' || !Number.isInteger(expectedVersion) || expectedVersion < 0) {
      throw invalid('SCHEMA_VIOLATION', '$.expectedVersion: the version the recorder last saw, an integer ≥ 0', { path: '$.expectedVersion' });
    }
    return this.recorder.appendLive(gameId, expectedVersion, request.events, { principal, correlation: randomUUID() });
  }
}

@CommandHandler(ContinueLiveGameCommand)
export class ContinueLiveGameHandler implements ICommandHandler<ContinueLiveGameCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ gameId, principal }: ContinueLiveGameCommand) {
    return this.recorder.continueLive(gameId, { principal });
  }
}

@CommandHandler(CloseGameCommand)
export class CloseGameHandler implements ICommandHandler<CloseGameCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ gameId, body, principal }: CloseGameCommand) {
    return this.recorder.closeGame(gameId, parseJsonBody(body), { principal, correlation: randomUUID() });
  }
}

@QueryHandler(ListGamesQuery)
export class ListGamesHandler implements IQueryHandler<ListGamesQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ filter, reader }: ListGamesQuery) {
    return this.reader.list(filter, reader);
  }
}

@QueryHandler(GetGameQuery)
export class GetGameHandler implements IQueryHandler<GetGameQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId, reader }: GetGameQuery) {
    return this.reader.get(gameId, reader);
  }
}

@QueryHandler(GetGameLogQuery)
export class GetGameLogHandler implements IQueryHandler<GetGameLogQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId, reader }: GetGameLogQuery) {
    return this.reader.log(gameId, reader);
  }
}

@QueryHandler(GetGameEventsQuery)
export class GetGameEventsHandler implements IQueryHandler<GetGameEventsQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId, reader, from, limit }: GetGameEventsQuery) {
    return this.reader.events(gameId, reader, from, limit);
  }
}

@QueryHandler(GetGameStateQuery)
export class GetGameStateHandler implements IQueryHandler<GetGameStateQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId, reader, step, view }: GetGameStateQuery) {
    return this.reader.state(gameId, reader, { ...(step !== undefined ? { step } : {}), ...(view ? { view } : {}) });
  }
}

/** The step list of the replay read model, with how far the projector has got. */
@QueryHandler(GetGameReplayQuery)
export class GetGameReplayHandler implements IQueryHandler<GetGameReplayQuery> {
  constructor(
    private readonly reader: GameReader,
    private readonly replays: ReplayReader,
  ) {}
  async execute({ gameId, reader }: GetGameReplayQuery) {
    const game = await this.reader.get(gameId, reader, { route: 'replay' });
    const steps = await this.replays.steps(gameId);
    return { gameId, system: game.system, players: game.players, outcome: game.outcome, total: game.events, projected: steps.length, steps };
  }
}

export const GAME_HANDLERS = [
  GetGameReplayHandler,
  UploadGameHandler,
  UploadBatchHandler,
  StartLiveGameHandler,
  SetVisibilityHandler,
  AppendLiveEventsHandler,
  CloseGameHandler,
  ContinueLiveGameHandler,
  ListGamesHandler,
  GetGameHandler,
  GetGameLogHandler,
  GetGameEventsHandler,
  GetGameStateHandler,
];
