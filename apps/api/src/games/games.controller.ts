import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@cardlog/recording';
import type { Response } from 'express';
import { BearerGuard, CurrentPrincipal, Reader } from '../auth/bearer.guard';
import { bodyBytes, bodyText } from '../errors/json-body';
import {
  AppendLiveEventsCommand,
  CloseGameCommand,
  ContinueLiveGameCommand,
  SetVisibilityCommand,
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
import { PAGE_LIMITS, QueryParams, RawQuery, takesNoQuery } from './query-params';

const DOCUMENT_BODY = { description: 'A cardlog/1 game document (see /v1/schema/log)', schema: { type: 'object' } } as const;

@ApiTags('games')
@Controller('v1/games')
export class GamesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody(DOCUMENT_BODY)
  @ApiOperation({ summary: 'Upload a whole game: 201 when stored, 200 when the same game was already stored' })
  @ApiQuery({ name: 'visibility', required: false, description: 'public (default) | unlisted | private' })
  async upload(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') key: string | undefined,
    @Query('visibility') visibility: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.commands.execute(new UploadGameCommand(bodyBytes(body), principal, key, visibility));
    res.status(result.created ? 201 : 200);
    return { id: result.id, events: result.events, outcome: result.outcome };
  }

  @Post('batch')
  @HttpCode(200)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody({ description: 'JSON Lines: one cardlog/1 document per line', schema: { type: 'string' } })
  @ApiOperation({ summary: 'Upload many games; each line succeeds or fails on its own' })
  @ApiQuery({ name: 'visibility', required: false, description: 'public (default) | unlisted | private' })
  batch(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Query('visibility') visibility: string | undefined) {
    return this.commands.execute(new UploadBatchCommand(bodyText(body), principal, visibility));
  }

  @Post('live')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody(DOCUMENT_BODY)
  @ApiOperation({ summary: 'Open a live game from a document without events' })
  @ApiQuery({ name: 'visibility', required: false, description: 'public (default) | unlisted | private' })
  async startLive(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') key: string | undefined,
    @Query('visibility') visibility: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.commands.execute(new StartLiveGameCommand(bodyText(body), principal, key, visibility));
    res.status(result.created ? 201 : 200);
    return { id: result.id, version: result.version };
  }

  @Post(':id/events')
  @HttpCode(200)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody({ description: '{ expectedVersion, events }', schema: { type: 'object' } })
  @ApiOperation({ summary: 'Append actions to a live game at the version the recorder last saw (409 if it moved)' })
  append(@Param('id') id: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new AppendLiveEventsCommand(id, bodyText(body), principal));
  }

  @Post(':id/continue')
  @HttpCode(200)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Continue an unfinished upload live: it then takes appends at its current version' })
  continueLive(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new ContinueLiveGameCommand(id, principal));
  }

  @Post(':id/close')
  @HttpCode(200)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody({ description: '{ result: win | draw, winner?: seat, reason, expectedVersion? }', schema: { type: 'object' } })
  @ApiOperation({ summary: 'Close an unfinished game with a result decided off the board (time, no-show, a judge ruling)' })
  close(@Param('id') id: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new CloseGameCommand(id, bodyText(body), principal));
  }

  @Put(':id/visibility')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody({ description: '{ visibility: public | unlisted | private }', schema: { type: 'object' } })
  @ApiOperation({ summary: "Change who may read a game (a record token of the game's tournament)" })
  setVisibility(@Param('id') id: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new SetVisibilityCommand(id, bodyText(body), principal));
  }

  @Get()
  @ApiOperation({ summary: 'List games, newest first, with cursor pagination' })
  @ApiQuery({ name: 'system', required: false })
  @ApiQuery({ name: 'tournament', required: false })
  @ApiQuery({ name: 'player', required: false, description: 'name or id' })
  @ApiQuery({ name: 'deck', required: false, description: 'deck name or archetype' })
  @ApiQuery({ name: 'cursor', required: false })
  @ApiQuery({ name: 'limit', required: false, description: `1 to ${PAGE_LIMITS.games.max}, default ${PAGE_LIMITS.games.fallback}` })
  list(@Query() raw: RawQuery, @Reader() reader: Principal | null) {
    const q = new QueryParams(raw, ['system', 'tournament', 'player', 'deck', 'cursor', 'limit']);
    const text = (name: string) => q.text(name) ?? '';
    const filter = { system: text('system'), tournament: text('tournament'), player: text('player'), deck: text('deck'), cursor: text('cursor') };
    return this.queries.execute(new ListGamesQuery({ ...filter, limit: q.limit(PAGE_LIMITS.games) }, reader));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One game: context, players, outcome' })
  get(@Param('id') id: string, @Query() raw: RawQuery, @Reader() reader: Principal | null) {
    takesNoQuery(raw);
    return this.queries.execute(new GetGameQuery(id, reader));
  }

  @Get(':id/log')
  @ApiOperation({ summary: 'The game as a cardlog/1 document (export)' })
  log(@Param('id') id: string, @Query() raw: RawQuery, @Reader() reader: Principal | null) {
    takesNoQuery(raw);
    return this.queries.execute(new GetGameLogQuery(id, reader));
  }

  @Get(':id/replay')
  @ApiOperation({ summary: 'The replay: one step per event with turn, phase, actor and a readable line' })
  replay(@Param('id') id: string, @Query() raw: RawQuery, @Reader() reader: Principal | null) {
    takesNoQuery(raw);
    return this.queries.execute(new GetGameReplayQuery(id, reader));
  }

  @Get(':id/events')
  @ApiOperation({ summary: 'Stored events with their envelopes' })
  @ApiQuery({ name: 'from', required: false, description: 'the first seq to return (1-based)' })
  @ApiQuery({ name: 'limit', required: false, description: `1 to ${PAGE_LIMITS.events.max}, default ${PAGE_LIMITS.events.fallback}` })
  events(@Param('id') id: string, @Query() raw: RawQuery, @Reader() reader: Principal | null) {
    const q = new QueryParams(raw, ['from', 'limit']);
    return this.queries.execute(new GetGameEventsQuery(id, reader, q.int('from', 1), q.limit(PAGE_LIMITS.events)));
  }

  @Get(':id/state')
  @ApiOperation({ summary: 'The board after N events, as a seat, spectator, judge or (after the game) full reveal sees it' })
  @ApiQuery({ name: 'step', required: false, description: 'the board after the event with this seq (0 = before the first); default the latest' })
  @ApiQuery({ name: 'view', required: false, description: 'p1|p2|…|spectator|judge|reveal' })
  state(@Param('id') id: string, @Query() raw: RawQuery, @Reader() reader: Principal | null) {
    const q = new QueryParams(raw, ['step', 'view']);
    return this.queries.execute(new GetGameStateQuery(id, reader, q.int('step'), q.text('view')));
  }
}
