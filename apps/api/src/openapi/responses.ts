import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties), extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
  ...extra,
});
const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const openObject = (description: string): Schema => ({ type: 'object', additionalProperties: true, description });

/** The response bodies of the API, as OpenAPI components. */
export const SCHEMAS: Record<string, Schema> = {
  ApiError: obj(
    {
      error: obj(
        {
          code: { type: 'string', description: 'stable SCREAMING_SNAKE reason' },
          message: str,
          seq: { type: 'integer', description: 'the event’s number in the game (docs/positions.md)' },
          index: { type: 'integer', description: '0-based place in the submitted events; -1 for the header' },
          path: { type: 'string', description: 'JSONPath of the offending value, or the query parameter' },
          type: { type: 'string', description: 'the event type' },
          validEvents: { type: 'integer', description: 'events of the game before the refused one' },
        },
        ['code', 'message'],
        { additionalProperties: true },
      ),
    },
    ['error'],
  ),
  Outcome: nullable(
    obj({ result: { type: 'string', enum: ['win', 'draw'] }, winner: str, reason: str }, ['result', 'reason']),
  ),
  UploadResult: obj({ id: str, events: int, outcome: ref('Outcome') }),
  BatchResult: obj({
    created: int,
    exists: int,
    rejected: int,
    results: arrayOf(
      obj(
        { line: int, status: { type: 'string', enum: ['created', 'exists', 'rejected'] }, id: str, events: int, error: ref('ApiErrorDetail') },
        ['line', 'status'],
      ),
    ),
  }),
  ApiErrorDetail: obj({ code: str, message: str }, ['code', 'message'], { additionalProperties: true }),
  LiveGameOpened: obj({ id: str, version: int }),
  LiveAppended: obj({ version: int, appended: { type: 'integer', description: 'events stored by this request (0 when it only confirmed derived events)' }, outcome: ref('Outcome') }),
  LiveContinued: obj({ id: str, version: int, mode: { type: 'string', enum: ['live'] } }),
  GameClosed: obj({ id: str, version: { type: 'integer', description: 'the events the game had when it was closed' }, outcome: ref('Outcome') }),
  GameContext: nullable(openObject('tournament, round, table, match, gameNumber, bestOf, playedAt, recordedBy (those the game has)')),
  Player: obj({ seat: str, name: str, id: str, deck: openObject('name, archetype') }, ['seat', 'name'], { additionalProperties: true }),
  GameSummary: obj({
    id: str,
    system: str,
    rulesVersion: str,
    mode: { type: 'string', enum: ['upload', 'live'] },
    game: ref('GameContext'),
    players: arrayOf(ref('Player')),
    catalog: str,
    events: { type: 'integer', description: 'stored events, derived ones included: the seq of the last' },
    outcome: ref('Outcome'),
    status: { type: 'string', enum: ['finished', 'in_progress'] },
    recordedBy: nullable(str),
    createdAt: { type: 'string', format: 'date-time' },
    endedAt: nullable({ type: 'string', format: 'date-time' }),
    visibility: { type: 'string', enum: ['public', 'unlisted', 'private'] },
  }),
  VisibilitySet: openObject('the game id and its new visibility'),
  TournamentJsonSchema: openObject('the JSON Schema of the cardlog-tournament/1 bundle format'),
  TournamentStored: openObject('the stored tournament: its id, games and rounds (docs/tournaments.md)'),
  TournamentPage: openObject('tournaments matching the filters'),
  Tournament: openObject('a tournament: format, dates, catalog, players, rounds recorded'),
  TournamentStandings: openObject('standings after a round: points, OMW%, GW%, OGW%, rank'),
  TournamentRound: openObject('a round: pairings, results and links to each game and its replay'),
  TournamentDecks: openObject("the players' registered deck lists"),
  TournamentConversion: openObject("each archetype's share of the top cut against its share of the field"),
  DeckValidation: openObject('{ valid, violations[] }: every violation of the list, each with its code'),
  GamePage: obj({ items: arrayOf(ref('GameSummary')), nextCursor: nullable(str) }),
  GameLog: openObject('a cardlog/1 document (its JSON Schema: GET /v1/schema/log)'),
  GameEventsPage: obj({
    gameId: str,
    events: arrayOf(obj({ seq: int, eventId: str, type: str, schemaVersion: int, data: openObject('{ player?, payload }'), metadata: openObject('recordedAt, actor, correlation') })),
    nextFrom: nullable(int),
  }),
  ReplayStep: obj({ seq: int, type: str, actor: nullable(str), turn: nullable(int), phase: nullable(str), turnPlayer: nullable(str), turnStart: bool, description: str }),
  GameReplay: obj({
    gameId: str,
    system: str,
    players: arrayOf(ref('Player')),
    outcome: ref('Outcome'),
    total: { type: 'integer', description: 'events stored' },
    projected: { type: 'integer', description: 'steps projected so far (behind total while the projector catches up)' },
    steps: arrayOf(ref('ReplayStep')),
  }),
  GameState: obj({
    gameId: str,
    step: { type: 'integer', description: 'the board after the event with this seq' },
    total: int,
    view: str,
    folded: int,
    outcome: ref('Outcome'),
    state: openObject('the board as the viewer sees it; its shape is the game system’s view'),
  }),
  CatalogPut: obj({ id: str, system: str, cards: int, status: { type: 'string', enum: ['created', 'unchanged', 'replaced'] } }),
  CatalogListing: obj({ id: str, system: str, source: { type: 'string', enum: ['builtin', 'stored'] }, cards: int, createdAt: nullable({ type: 'string', format: 'date-time' }) }),
  CatalogList: obj({ items: arrayOf(ref('CatalogListing')) }),
  Catalog: obj({ id: str, system: str, source: { type: 'string', enum: ['builtin', 'stored'] }, contentHash: str, cards: arrayOf(openObject('a card, as the system’s card schema defines it')) }),
  WinRate: obj({ wins: int, losses: int, draws: int, games: int, value: nullable(num), low: num, high: num, tooSmallToRank: bool }),
  Share: obj({ count: int, of: int, value: nullable(num), low: num, high: num }),
  RateDifference: obj({ value: nullable(num), low: nullable(num), high: nullable(num), games: obj({ a: int, b: int }), tooSmallToRank: bool }),
  Distribution: obj(
    { count: int, min: nullable(num), p25: nullable(num), median: nullable(num), p75: nullable(num), max: nullable(num), mean: nullable(num), histogram: arrayOf(openObject('a bin')) },
    ['count', 'histogram'],
    { additionalProperties: true },
  ),
  StatsFilters: openObject('the filters as applied'),
  DeckStatsReport: statsReport(
    obj({
      system: str,
      seatGames: int,
      decks: arrayOf(obj({ archetype: nullable(str), listHash: nullable(str), deckName: nullable(str), games: int, mirrors: int, metaShare: ref('Share'), winRate: ref('WinRate') }, ['archetype', 'games', 'mirrors', 'metaShare', 'winRate'])),
    }),
  ),
  MatchupStatsReport: statsReport(
    obj({
      system: str,
      seatGames: int,
      archetypes: arrayOf(
        obj({
          archetype: str,
          games: int,
          mirrors: int,
          metaShare: ref('Share'),
          expectedWinRate: nullable(obj({ value: num, low: num, high: num, games: int, coverage: num, tooSmallToRank: bool }, ['value', 'low', 'high', 'games', 'coverage', 'tooSmallToRank'], { additionalProperties: true })),
          matchups: arrayOf(obj({ opponent: str, winRate: ref('WinRate'), onPlay: ref('WinRate'), onDraw: ref('WinRate') })),
        }),
      ),
    }),
  ),
  CardStatsReport: statsReport(
    obj({
      system: str,
      cards: arrayOf(
        obj({
          cardId: str,
          name: str,
          meanCopies: num,
          gamesInDeck: int,
          inDeck: ref('WinRate'),
          openingHand: ref('WinRate'),
          drawn: ref('WinRate'),
          inHand: ref('WinRate'),
          played: ref('WinRate'),
          notSeen: ref('WinRate'),
          improvementWhenDrawn: ref('RateDifference'),
        }),
      ),
    }),
  ),
  StatsOverviewReport: statsReport(
    obj({ system: str, games: int, decisive: ref('Share'), draws: ref('Share'), firstPlayer: ref('WinRate'), gamesWithoutFirstPlayer: int, turns: ref('Distribution'), events: ref('Distribution') }),
  ),
  Health: obj({ status: str, info: openObject('per indicator: status and details'), error: openObject('indicators that are down'), details: openObject('every indicator') }, ['status']),
  LogJsonSchema: openObject('the JSON Schema (draft 2020-12) of the cardlog/1 log format'),
};

function statsReport(system: Schema): Schema {
  return obj({ filters: ref('StatsFilters'), floor: { type: 'integer', description: 'rates over fewer games are tooSmallToRank' }, systems: arrayOf(system) });
}

/** Each operation's success responses: status → component. Every operation must be listed (a test checks). */
export const SUCCESS: Record<string, Record<number, string>> = {
  'get /health': { 200: 'Health' },
  'get /v1/schema/log': { 200: 'LogJsonSchema' },
  'post /v1/games': { 201: 'UploadResult', 200: 'UploadResult' },
  'post /v1/games/batch': { 200: 'BatchResult' },
  'post /v1/games/live': { 201: 'LiveGameOpened', 200: 'LiveGameOpened' },
  'post /v1/games/{id}/events': { 200: 'LiveAppended' },
  'post /v1/games/{id}/continue': { 200: 'LiveContinued' },
  'post /v1/games/{id}/close': { 200: 'GameClosed' },
  'get /v1/games': { 200: 'GamePage' },
  'get /v1/games/{id}': { 200: 'GameSummary' },
  'get /v1/games/{id}/log': { 200: 'GameLog' },
  'get /v1/games/{id}/replay': { 200: 'GameReplay' },
  'get /v1/games/{id}/events': { 200: 'GameEventsPage' },
  'get /v1/games/{id}/state': { 200: 'GameState' },
  'put /v1/catalogs/{id}': { 201: 'CatalogPut', 200: 'CatalogPut' },
  'get /v1/catalogs': { 200: 'CatalogList' },
  'get /v1/catalogs/{id}': { 200: 'Catalog' },
  'get /v1/stats/decks': { 200: 'DeckStatsReport' },
  'get /v1/stats/matchups': { 200: 'MatchupStatsReport' },
  'get /v1/stats/cards': { 200: 'CardStatsReport' },
  'get /v1/stats/overview': { 200: 'StatsOverviewReport' },
  'put /v1/games/{id}/visibility': { 200: 'VisibilitySet' },
  'get /v1/schema/tournament': { 200: 'TournamentJsonSchema' },
  'post /v1/tournaments': { 201: 'TournamentStored', 200: 'TournamentStored' },
  'put /v1/tournaments/{id}/rounds/{n}': { 201: 'TournamentStored', 200: 'TournamentStored' },
  'get /v1/tournaments': { 200: 'TournamentPage' },
  'get /v1/tournaments/conversion': { 200: 'TournamentConversion' },
  'get /v1/tournaments/{id}': { 200: 'Tournament' },
  'get /v1/tournaments/{id}/standings': { 200: 'TournamentStandings' },
  'get /v1/tournaments/{id}/rounds/{n}': { 200: 'TournamentRound' },
  'get /v1/tournaments/{id}/decks': { 200: 'TournamentDecks' },
  'post /v1/decks/validate': { 200: 'DeckValidation' },
};

const ERROR_STATUS: Record<number, string> = {
  400: 'malformed, off-schema or a bad query parameter',
  401: 'no or unknown bearer token',
  403: 'the token may not record this tournament',
  404: 'no such game or catalog',
  409: 'the game moved on (re-read and retry), is over, or is not live; a catalog is immutable',
  413: 'over a documented limit',
  422: 'an illegal action: its seq, index, type and rule code',
  429: 'too many writes: retry after the Retry-After header',
  503: 'a dependency is down (health)',
};

/** The error statuses an operation can answer, from what it is: a read, a write, with an id. */
function errorStatuses(method: string, path: string, secured: boolean): number[] {
  if (path === '/health') return [503];
  const statuses = [400];
  if (secured) statuses.push(401, 403, 429);
  if (path.includes('{id}')) statuses.push(404);
  if (method === 'post' && path.startsWith('/v1/games')) statuses.push(409, 413, 422);
  if (method === 'post' && path === '/v1/games') statuses.push(404);
  if (method === 'put') statuses.push(409, 413);
  return [...new Set(statuses)].sort();
}

/**
 * Gives every operation of the generated document its response bodies: the success schemas from
 * SUCCESS and the shared error body for each error status it can answer, so a generated client is
 * typed end to end.
 */
export function describeResponses(document: OpenAPIObject): OpenAPIObject {
  const schemas = SCHEMAS as NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;
  document.components = { ...document.components, schemas: { ...(document.components?.schemas ?? {}), ...schemas } };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const success = SUCCESS[`${method} ${path}`] ?? {};
      const responses: Record<string, unknown> = {};
      for (const [status, name] of Object.entries(success)) {
        responses[status] = { description: (operation.responses?.[status] as { description?: string } | undefined)?.description || name, content: { 'application/json': { schema: ref(name) } } };
      }
      for (const status of errorStatuses(method, path, Boolean(operation.security?.length))) {
        responses[status] = { description: ERROR_STATUS[status], content: { 'application/json': { schema: ref('ApiError') } } };
      }
      operation.responses = responses as never;
    }
  }
  return document;
}
