import { Body, Controller, Get, HttpCode, Module, Param, Post, Put, Query as QueryParam, Res, UseGuards } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { TournamentQueries, TournamentQueryError } from '@cardlog/projections';
import {
  CatalogRepository,
  GameRecorder,
  Principal,
  RecordingError,
  RoundUploadResult,
  TournamentRecorder,
  TournamentUploadResult,
  invalid,
  notFound,
} from '@cardlog/recording';
import { findGame } from '@cardlog/rules';
import { Database, EventStore } from '@cardlog/store';
import { BearerGuard, CurrentPrincipal } from '../auth/bearer.guard';
import { DATABASE } from '../database/database.module';
import { bodyText, parseJsonBody } from '../errors/json-body';
import { intParam } from '../games/query-params';
import { UploadWorkers } from '../recording/upload-workers';

export class RegisterTournamentCommand extends Command<TournamentUploadResult> {
  constructor(
    readonly body: string,
    readonly principal: Principal,
  ) {
    super();
  }
}

export class AddRoundCommand extends Command<RoundUploadResult> {
  constructor(
    readonly tournamentId: string,
    readonly round: number,
    readonly body: string,
    readonly principal: Principal,
  ) {
    super();
  }
}

type Reads = TournamentQueries;
/** One read of the tournament read models, by method name and arguments. */
export class TournamentReadQuery<M extends keyof Reads = keyof Reads> extends Query<Awaited<ReturnType<Reads[M]>>> {
  constructor(
    readonly method: M,
    readonly args: Parameters<Reads[M]>,
  ) {
    super();
  }
}

export class ValidateDeckQuery extends Query<{ valid: boolean; violations: { code: string; message: string; details: unknown }[] }> {
  constructor(readonly body: string) {
    super();
  }
}

@CommandHandler(RegisterTournamentCommand)
export class RegisterTournamentHandler implements ICommandHandler<RegisterTournamentCommand> {
  constructor(private readonly tournaments: TournamentRecorder) {}
  execute({ body, principal }: RegisterTournamentCommand) {
    return this.tournaments.register(body, { principal });
  }
}

@CommandHandler(AddRoundCommand)
export class AddRoundHandler implements ICommandHandler<AddRoundCommand> {
  constructor(private readonly tournaments: TournamentRecorder) {}
  execute({ tournamentId, round, body, principal }: AddRoundCommand) {
    return this.tournaments.addRound(tournamentId, round, body, { principal });
  }
}

@QueryHandler(TournamentReadQuery)
export class TournamentReadHandler implements IQueryHandler<TournamentReadQuery> {
  constructor(private readonly reads: TournamentQueries) {}
  async execute({ method, args }: TournamentReadQuery): Promise<any> {
    try {
      return await (this.reads[method] as (...a: unknown[]) => Promise<unknown>).apply(this.reads, args);
    } catch (error) {
      if (error instanceof TournamentQueryError) throw new RecordingError(error.kind, error.code, error.message);
      throw error;
    }
  }
}

@QueryHandler(ValidateDeckQuery)
export class ValidateDeckHandler implements IQueryHandler<ValidateDeckQuery> {
  constructor(private readonly catalogs: CatalogRepository) {}
  async execute({ body }: ValidateDeckQuery) {
    const request = parseJsonBody(body) as { system?: unknown; catalog?: unknown; list?: unknown } | null;
    if (!request || typeof request !== 'object') throw invalid('SCHEMA_VIOLATION', '$: send { system, catalog, list }', { path: '$' });
    if (typeof request.system !== 'string') throw invalid('SCHEMA_VIOLATION', '$.system: name the game system', { path: '$.system' });
    if (typeof request.catalog !== 'string') throw invalid('SCHEMA_VIOLATION', '$.catalog: name a catalog (name@version)', { path: '$.catalog' });
    if (request.list === undefined) throw invalid('SCHEMA_VIOLATION', "$.list: send the list (the system's DeckRegistered payload)", { path: '$.list' });
    const plugin = findGame(request.system);
    if (!plugin) throw invalid('UNSUPPORTED_SYSTEM', `no rules engine for "${request.system}" in this build`, { path: '$.system' });
    if (!plugin.validateDeck) throw invalid('DECK_VALIDATION_UNAVAILABLE', `${request.system} does not expose deck validation yet`, { path: '$.system' });
    const catalog = plugin.system.builtinCatalogs[request.catalog] ?? (await this.catalogs.resolve(request.system, request.catalog));
    if (!catalog) throw notFound('UNKNOWN_CATALOG', `catalog "${request.catalog}" is not known for ${request.system}`, { path: '$.catalog' });
    const violations = plugin.validateDeck(request.list, catalog).map((v) => ({ code: v.code, message: v.message, details: v.details }));
    return { valid: violations.length === 0, violations };
  }
}

const BUNDLE_BODY = { description: 'A cardlog-tournament/1 bundle (see /v1/schema/tournament)', schema: { type: 'object' } } as const;

@ApiTags('tournaments')
@Controller('v1/tournaments')
export class TournamentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody(BUNDLE_BODY)
  @ApiOperation({
    summary: 'Record a whole tournament: registration, lists, rounds and games, all or nothing. 201 when stored, 200 when the same bundle was already stored, 409 TOURNAMENT_EXISTS for another bundle under a recorded id',
  })
  async register(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) res: Response) {
    const { created, ...result } = await this.commands.execute(new RegisterTournamentCommand(bodyText(body), principal));
    res.status(created ? 201 : 200);
    return result;
  }

  @Put(':id/rounds/:n')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody({ description: 'One round: { number, pairings, drops? }', schema: { type: 'object' } })
  @ApiOperation({ summary: 'Add the next round of a recorded tournament' })
  addRound(@Param('id') id: string, @Param('n') n: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new AddRoundCommand(id, roundParam(n), bodyText(body), principal));
  }

  @Get()
  @ApiOperation({ summary: 'Tournaments, newest first' })
  @ApiQuery({ name: 'system', required: false })
  @ApiQuery({ name: 'from', required: false, description: 'start date on or after (YYYY-MM-DD)' })
  @ApiQuery({ name: 'to', required: false, description: 'start date on or before (YYYY-MM-DD)' })
  @ApiQuery({ name: 'name', required: false, description: 'part of the name' })
  list(@QueryParam() q: Record<string, string | undefined>) {
    for (const key of ['from', 'to'] as const) {
      if (q[key] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(q[key]!)) throw invalid('BAD_QUERY', `${key} must be a date YYYY-MM-DD`, { path: key });
    }
    return this.queries.execute(new TournamentReadQuery('list', [{ system: q.system, from: q.from, to: q.to, name: q.name }]));
  }

  @Get('conversion')
  @ApiOperation({ summary: "Per archetype: share of the field, share of the top cut (or top 8), and their ratio" })
  conversion(@QueryParam('system') system?: string, @QueryParam('tournament') tournament?: string) {
    return this.queries.execute(new TournamentReadQuery('conversion', [{ ...(system ? { system } : {}), ...(tournament ? { tournament } : {}) }]));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One tournament' })
  get(@Param('id') id: string) {
    return this.queries.execute(new TournamentReadQuery('get', [id]));
  }

  @Get(':id/standings')
  @ApiOperation({ summary: 'Standings after a round (the last recorded by default): points, OMW%, GW%, OGW%' })
  @ApiQuery({ name: 'afterRound', required: false })
  standings(@Param('id') id: string, @QueryParam('afterRound') afterRound?: string) {
    return this.queries.execute(new TournamentReadQuery('standings', [id, intParam('afterRound', afterRound)]));
  }

  @Get(':id/rounds/:n')
  @ApiOperation({ summary: "A round's pairings and results, with links to each game's replay" })
  round(@Param('id') id: string, @Param('n') n: string) {
    return this.queries.execute(new TournamentReadQuery('round', [id, roundParam(n)]));
  }

  @Get(':id/decks')
  @ApiOperation({ summary: 'The registered lists (public after the last round, or when the organiser published them)' })
  decks(@Param('id') id: string) {
    return this.queries.execute(new TournamentReadQuery('decks', [id]));
  }
}

@ApiTags('decks')
@Controller('v1/decks')
export class DecksController {
  constructor(private readonly queries: QueryBus) {}

  @Post('validate')
  @HttpCode(200)
  @ApiBody({ description: "{ system, catalog, list }: list is the system's DeckRegistered payload", schema: { type: 'object' } })
  @ApiOperation({ summary: "A list against the system's construction rules and a catalog: every violation with its code" })
  validate(@Body() body: unknown) {
    return this.queries.execute(new ValidateDeckQuery(bodyText(body)));
  }
}

function roundParam(n: string): number {
  const round = intParam('round', n);
  if (round === undefined || round < 1) throw invalid('BAD_QUERY', `the round must be a positive integer, got "${n}"`, { path: 'n' });
  return round;
}

/** Tournament routes: recording through libs/recording, reads from the read models. */
@Module({
  controllers: [TournamentsController, DecksController],
  providers: [
    {
      provide: TournamentRecorder,
      inject: [DATABASE, EventStore, CatalogRepository, GameRecorder, UploadWorkers],
      useFactory: (db: Database, store: EventStore, catalogs: CatalogRepository, games: GameRecorder, workers: UploadWorkers) =>
        new TournamentRecorder(db.sql, store, catalogs, games, undefined, workers),
    },
    { provide: TournamentQueries, inject: [DATABASE], useFactory: (db: Database) => new TournamentQueries(db.sql) },
    RegisterTournamentHandler,
    AddRoundHandler,
    TournamentReadHandler,
    ValidateDeckHandler,
  ],
  exports: [TournamentRecorder],
})
export class TournamentsModule {}
