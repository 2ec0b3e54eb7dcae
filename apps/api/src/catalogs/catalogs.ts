import { Body, Controller, Get, Param, Put, Res, UseGuards } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogListing, CatalogRepository, PutCatalogStatus, ServedCatalog, StoredCatalog, notFound } from '@cardlog/recording';
import type { Response } from 'express';
import { BearerGuard } from '../auth/bearer.guard';
import { bodyText, parseJsonBody } from '../errors/json-body';

export class PutCatalogCommand extends Command<{ status: PutCatalogStatus; catalog: StoredCatalog }> {
  constructor(
    readonly catalogId: string,
    readonly body: string,
  ) {
    super();
  }
}

export class GetCatalogQuery extends Query<ServedCatalog> {
  constructor(readonly catalogId: string) {
    super();
  }
}

export class ListCatalogsQuery extends Query<{ items: CatalogListing[] }> {}

@CommandHandler(PutCatalogCommand)
export class PutCatalogHandler implements ICommandHandler<PutCatalogCommand> {
  constructor(private readonly catalogs: CatalogRepository) {}
  execute({ catalogId, body }: PutCatalogCommand) {
    return this.catalogs.put(catalogId, parseJsonBody(body));
  }
}

@QueryHandler(GetCatalogQuery)
export class GetCatalogHandler implements IQueryHandler<GetCatalogQuery> {
  constructor(private readonly catalogs: CatalogRepository) {}
  async execute({ catalogId }: GetCatalogQuery) {
    const catalog = await this.catalogs.serve(catalogId);
    if (!catalog) throw notFound('UNKNOWN_CATALOG', `no catalog "${catalogId}", built-in or stored (GET /v1/catalogs lists them)`);
    return catalog;
  }
}

@QueryHandler(ListCatalogsQuery)
export class ListCatalogsHandler implements IQueryHandler<ListCatalogsQuery> {
  constructor(private readonly catalogs: CatalogRepository) {}
  async execute() {
    return { items: await this.catalogs.list() };
  }
}

@ApiTags('catalogs')
@Controller('v1/catalogs')
export class CatalogsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Put(':id')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiBody({ description: "{ system, cards }: cards checked against the system's card schema", schema: { type: 'object' } })
  @ApiOperation({ summary: 'Store a card catalog (name@version); immutable once a game references it' })
  async put(@Param('id') id: string, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { status, catalog } = await this.commands.execute(new PutCatalogCommand(id, bodyText(body)));
    res.status(status === 'created' ? 201 : 200);
    return { id: catalog.id, system: catalog.system, cards: catalog.cards.length, status };
  }

  @Get()
  @ApiOperation({ summary: 'Every catalog a game may reference: built-in (shipped with the rules) and stored' })
  list() {
    return this.queries.execute(new ListCatalogsQuery());
  }

  @Get(':id')
  @ApiOperation({ summary: 'A card catalog, built-in or stored' })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetCatalogQuery(id));
  }
}

export const CATALOG_HANDLERS = [PutCatalogHandler, GetCatalogHandler, ListCatalogsHandler];
