import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { RawStatsParams, StatsReader, StatsReport, SystemCards, SystemDecks, SystemMatchups, SystemOverview } from '@cardlog/projections';

export class GetDeckStatsQuery extends Query<StatsReport<SystemDecks>> {
  constructor(readonly params: RawStatsParams) {
    super();
  }
}

export class GetMatchupStatsQuery extends Query<StatsReport<SystemMatchups>> {
  constructor(readonly params: RawStatsParams) {
    super();
  }
}

export class GetCardStatsQuery extends Query<StatsReport<SystemCards>> {
  constructor(readonly params: RawStatsParams) {
    super();
  }
}

export class GetStatsOverviewQuery extends Query<StatsReport<SystemOverview>> {
  constructor(readonly params: RawStatsParams) {
    super();
  }
}

@QueryHandler(GetDeckStatsQuery)
export class GetDeckStatsHandler implements IQueryHandler<GetDeckStatsQuery> {
  constructor(private readonly stats: StatsReader) {}
  execute({ params }: GetDeckStatsQuery) {
    return this.stats.decks(params);
  }
}

@QueryHandler(GetMatchupStatsQuery)
export class GetMatchupStatsHandler implements IQueryHandler<GetMatchupStatsQuery> {
  constructor(private readonly stats: StatsReader) {}
  execute({ params }: GetMatchupStatsQuery) {
    return this.stats.matchups(params);
  }
}

@QueryHandler(GetCardStatsQuery)
export class GetCardStatsHandler implements IQueryHandler<GetCardStatsQuery> {
  constructor(private readonly stats: StatsReader) {}
  execute({ params }: GetCardStatsQuery) {
    return this.stats.cards(params);
  }
}

@QueryHandler(GetStatsOverviewQuery)
export class GetStatsOverviewHandler implements IQueryHandler<GetStatsOverviewQuery> {
  constructor(private readonly stats: StatsReader) {}
  execute({ params }: GetStatsOverviewQuery) {
    return this.stats.overview(params);
  }
}

export const STATS_HANDLERS = [GetDeckStatsHandler, GetMatchupStatsHandler, GetCardStatsHandler, GetStatsOverviewHandler];
