import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReplayReader } from '@cardlog/projections';
import { GameReader, GameRecorder, RecordingError, invalid } from '@cardlog/recording';
import { parseJsonBody } from '../errors/json-body';
import {
  AppendLiveEventsCommand,
  BatchLineResult,
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

  execute({ body, principal, idempotencyKey }: UploadGameCommand) {
    return this.recorder.upload(body, { principal, correlation: randomUUID(), ...(idempotencyKey ? { idempotencyKey } : {}) });
  }
}

/** JSON Lines: each line is a game of its own that succeeds or fails alone. */
@CommandHandler(UploadBatchCommand)
export class UploadBatchHandler implements ICommandHandler<UploadBatchCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  async execute({ body, principal }: UploadBatchCommand) {
    const correlation = randomUUID();
    const results: BatchLineResult[] = [];
    const lines = body.split('\n');
    if (lines.every((l) => l.trim() === '')) throw invalid('EMPTY_BODY', 'the batch is empty; send one cardlog/1 document per line');
    for (const [i, text] of lines.entries()) {
      if (text.trim() === '') continue;
      const line = i + 1;
      try {
        const r = await this.recorder.upload(text, { principal, correlation });
        results.push({ line, status: r.created ? 'created' : 'exists', id: r.id, events: r.events });
      } catch (error) {
        if (!(error instanceof RecordingError)) throw error;
        results.push({ line, status: 'rejected', error: { code: error.code, message: error.message, ...error.details } });
      }
    }
    const count = (status: BatchLineResult['status']) => results.filter((r) => r.status === status).length;
    return { created: count('created'), exists: count('exists'), rejected: count('rejected'), results };
  }
}

@CommandHandler(StartLiveGameCommand)
export class StartLiveGameHandler implements ICommandHandler<StartLiveGameCommand> {
  constructor(private readonly recorder: GameRecorder) {}

  execute({ body, principal, idempotencyKey }: StartLiveGameCommand) {
    return this.recorder.startLive(body, { principal, ...(idempotencyKey ? { idempotencyKey } : {}) });
  }
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
    if (unknown.length) throw invalid('SCHEMA_VIOLATION', `$: unknown field ${unknown.map((k) => `"${k}"`).join(', ')}`, { path: '$' });
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

@QueryHandler(ListGamesQuery)
export class ListGamesHandler implements IQueryHandler<ListGamesQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ filter }: ListGamesQuery) {
    return this.reader.list(filter);
  }
}

@QueryHandler(GetGameQuery)
export class GetGameHandler implements IQueryHandler<GetGameQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId }: GetGameQuery) {
    return this.reader.get(gameId);
  }
}

@QueryHandler(GetGameLogQuery)
export class GetGameLogHandler implements IQueryHandler<GetGameLogQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId }: GetGameLogQuery) {
    return this.reader.log(gameId);
  }
}

@QueryHandler(GetGameEventsQuery)
export class GetGameEventsHandler implements IQueryHandler<GetGameEventsQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId, from, limit }: GetGameEventsQuery) {
    return this.reader.events(gameId, from, limit);
  }
}

@QueryHandler(GetGameStateQuery)
export class GetGameStateHandler implements IQueryHandler<GetGameStateQuery> {
  constructor(private readonly reader: GameReader) {}
  execute({ gameId, step, view }: GetGameStateQuery) {
    return this.reader.state(gameId, { ...(step !== undefined ? { step } : {}), ...(view ? { view } : {}) });
  }
}

/** The step list of the replay read model, with how far the projector has got. */
@QueryHandler(GetGameReplayQuery)
export class GetGameReplayHandler implements IQueryHandler<GetGameReplayQuery> {
  constructor(
    private readonly reader: GameReader,
    private readonly replays: ReplayReader,
  ) {}
  async execute({ gameId }: GetGameReplayQuery) {
    const game = await this.reader.get(gameId);
    const steps = await this.replays.steps(gameId);
    return { gameId, system: game.system, players: game.players, outcome: game.outcome, total: game.events, projected: steps.length, steps };
  }
}

export const GAME_HANDLERS = [
  GetGameReplayHandler,
  UploadGameHandler,
  UploadBatchHandler,
  StartLiveGameHandler,
  AppendLiveEventsHandler,
  ContinueLiveGameHandler,
  ListGamesHandler,
  GetGameHandler,
  GetGameLogHandler,
  GetGameEventsHandler,
  GetGameStateHandler,
];
