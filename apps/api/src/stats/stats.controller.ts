import { Controller, Get, Query, applyDecorators } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { GetCardStatsQuery, GetDeckStatsQuery, GetMatchupStatsQuery, GetStatsOverviewQuery } from './stats.queries';

type Params = Record<string, unknown>;

/** The filters every statistics route takes (definitions: docs/stats.md). */
const StatsFilters = () =>
  applyDecorators(
    ApiQuery({ name: 'system', required: false, description: 'a game system; without it every system is answered, each on its own' }),
    ApiQuery({ name: 'rulesVersion', required: false }),
    ApiQuery({ name: 'tournament', required: false }),
    ApiQuery({ name: 'from', required: false, description: 'played on or after: 2026-11-01 or 2026-11-01T18:00:00Z' }),
    ApiQuery({ name: 'to', required: false, description: 'played up to: a date covers its whole day (UTC), a timestamp is inclusive' }),
    ApiQuery({ name: 'minGames', required: false, description: 'leave out rows with fewer games; also raises the ranking floor (20)' }),
  );

@ApiTags('stats')
@Controller('v1/stats')
export class StatsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('decks')
  @ApiOperation({ summary: 'Per archetype (or exact list): record, win rate without mirrors, meta share' })
  @StatsFilters()
  @ApiQuery({ name: 'by', required: false, enum: ['archetype', 'list'] })
  decks(@Query() params: Params) {
    return this.queries.execute(new GetDeckStatsQuery(params));
  }

  @Get('matchups')
  @ApiOperation({ summary: 'Archetype × archetype win rates, on the play and on the draw, and expected win rate against the field' })
  @StatsFilters()
  matchups(@Query() params: Params) {
    return this.queries.execute(new GetMatchupStatsQuery(params));
  }

  @Get('cards')
  @ApiOperation({ summary: 'Per card: win rates in deck, in opening hand, drawn, in hand, played, never seen, and IWD' })
  @StatsFilters()
  @ApiQuery({ name: 'archetype', required: false, description: 'only decks of this archetype' })
  cards(@Query() params: Params) {
    return this.queries.execute(new GetCardStatsQuery(params));
  }

  @Get('overview')
  @ApiOperation({ summary: 'Finished games, first-player win rate, decisive and drawn shares, game length' })
  @StatsFilters()
  overview(@Query() params: Params) {
    return this.queries.execute(new GetStatsOverviewQuery(params));
  }
}
