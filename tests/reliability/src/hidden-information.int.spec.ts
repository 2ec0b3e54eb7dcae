import { describeWithPostgres } from '@cardlog/testing';
import { findSystem, registeredGames, replay, simulateDocuments, type Viewer } from '@cardlog/rules';
import type { GameDocument } from '@cardlog/events';
import { LocalApi } from './harness/local-api';

// For every game, live games stopped mid-play — one public, one unlisted, one private — read on
// every route by every kind of reader: anonymous, the tournament's organiser (record token) and
// judge, an organiser of another tournament, a seat token for its own seat (asking for its own and
// the other seats' views), a seat token of another game, and expired tokens. Each answer carries
// none of the strings (instance ids, card names) in the judge's view that this reader may not see;
// what a reader may see is served to it; a private game does not exist for outsiders; an expired
// token is 401 everywhere.

const TOURNAMENT = 'hidden-info-cup';
const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
type Visibility = (typeof VISIBILITIES)[number];

/** Every string in a JSON value. */
function strings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
  return into;
}

/** What a reader may get of one game in progress. */
type Allowed = { readonly kind: 'views'; readonly views: readonly string[] } | { readonly kind: 'everything' } | { readonly kind: 'not found' } | { readonly kind: 'unauthorized' };

interface Reader {
  readonly name: string;
  readonly token?: string;
  readonly allowed: (visibility: Visibility) => Allowed;
}

describeWithPostgres('hidden information of games in progress', () => {
  let local: LocalApi | undefined;
  const tokens = { organiser: '', judge: '', otherOrganiser: '', expiredOrganiser: '' };

  beforeAll(async () => {
    local = await LocalApi.start({ CARDLOG_WRITE_RATE: '0' });
    [tokens.organiser, tokens.judge, tokens.otherOrganiser, tokens.expiredOrganiser] = await Promise.all([
      local.token('organiser', '--tournament', TOURNAMENT),
      local.token('judge', '--scope', 'judge', '--tournament', TOURNAMENT),
      local.token('other organiser', '--tournament', 'another-cup'),
      local.token('expired organiser', '--tournament', TOURNAMENT, '--expires', '1d'),
    ]);
    await expire('expired organiser');
  }, 180_000);

  afterAll(async () => {
    await local?.stop();
  });

  /** The CLI makes tokens that expire in the future only: this one's time runs out now (before its first use). */
  const expire = async (name: string) => {
    const rows = await local!.sql`update api_tokens set expires_at = now() - interval '1 minute' where name = ${name} returning token_id`;
    expect(rows).toHaveLength(1);
  };

  const request = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${local!.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, text: await response.text() };
  };

  registeredGames()
    .filter((g) => g.simulator)
    .forEach((game, systemIndex) => {
      const id = game.system.id;

      it(`${id}: no read route gives any reader of a public, unlisted or private game in progress what that reader may not see`, async () => {
        const doc: GameDocument = simulateDocuments(id, 1, 4242)[0]!.document;
        const system = findSystem(id)!;
        const derived = system.derivedEventTypes;
        const seats = doc.players.map((p) => p.seat);
        const viewNames = ['spectator', 'judge', 'reveal', ...seats];
        // Stop at an action (derived events follow their action) from a third of the game on, where
        // every seat holds something the spectator does not see (so a seat token has something to leak).
        let cut = Math.floor(doc.events.length / 3);
        let seen = new Map<string, Set<string>>();
        const hiddenFrom = (views: readonly string[]) =>
          [...seen.get('judge')!].filter((s) => s.length >= 4 && !viewNames.includes(s) && !views.some((v) => seen.get(v)!.has(s)));
        for (; cut < doc.events.length; cut++) {
          if (derived.has(doc.events[cut]!.type)) continue;
          const folded = replay({ ...doc, events: doc.events.slice(0, cut) });
          expect(folded.failure).toBeUndefined();
          seen = new Map(viewNames.filter((v) => v !== 'reveal').map((v) => [v, strings(system.view(folded.state, v as Viewer))]));
          const spectator = hiddenFrom(['spectator']).length;
          if (seats.every((seat) => hiddenFrom(['spectator', seat]).length < spectator)) break;
        }
        expect(cut).toBeLessThan(doc.events.length);
        const prefix = { ...doc, events: doc.events.slice(0, cut) };

        // Three live games of the tournament, one per visibility, each at the same position.
        const games = new Map<Visibility, string>();
        for (const [i, visibility] of VISIBILITIES.entries()) {
          const header = { ...doc, game: { ...doc.game, tournament: TOURNAMENT, round: 1, table: systemIndex * 10 + i + 1 }, events: [] };
          const open = await request('POST', `/v1/games/live?visibility=${visibility}`, tokens.organiser, header);
          expect(open.status).toBe(201);
          const gameId = (JSON.parse(open.text) as { id: string }).id;
          const append = await request('POST', `/v1/games/${gameId}/events`, tokens.organiser, { expectedVersion: 0, events: prefix.events.filter((e) => !derived.has(e.type)) });
          expect(append.status).toBe(200);
          games.set(visibility, gameId);
        }
        const seatTokens = new Map<Visibility, string>();
        const [expiredSeat, ...own] = await Promise.all([
          local!.token(`expired seat ${id}`, '--scope', 'seat', '--game', games.get('public')!, '--seat', seats[0]!, '--expires', '1d'),
          ...VISIBILITIES.map((v) => local!.token(`seat ${seats[0]} ${v}`, '--scope', 'seat', '--game', games.get(v)!, '--seat', seats[0]!)),
        ]);
        await expire(`expired seat ${id}`);
        VISIBILITIES.forEach((v, i) => seatTokens.set(v, own[i]!));

        const outsider = (visibility: Visibility): Allowed => (visibility === 'private' ? { kind: 'not found' } : { kind: 'views', views: ['spectator'] });
        const readersOf = (visibility: Visibility): Reader[] => [
          { name: 'anonymous', allowed: outsider },
          { name: 'organiser (record token of its tournament)', token: tokens.organiser, allowed: () => ({ kind: 'everything' }) },
          { name: 'judge of its tournament', token: tokens.judge, allowed: () => ({ kind: 'everything' }) },
          { name: 'organiser of another tournament', token: tokens.otherOrganiser, allowed: outsider },
          { name: `seat token of ${seats[0]}`, token: seatTokens.get(visibility), allowed: () => ({ kind: 'views', views: ['spectator', seats[0]!] }) },
          { name: 'seat token of another game', token: seatTokens.get(visibility === 'public' ? 'unlisted' : 'public'), allowed: outsider },
          { name: 'expired organiser token', token: tokens.expiredOrganiser, allowed: () => ({ kind: 'unauthorized' }) },
          { name: 'expired seat token', token: expiredSeat, allowed: () => ({ kind: 'unauthorized' }) },
        ];

        const problems: string[] = [];
        let requests = 0;
        const shared = [`/v1/games?limit=200`, `/v1/games?tournament=${TOURNAMENT}&limit=200`, `/v1/stats/overview`, `/v1/stats/cards`];
        for (let r = 0; r < readersOf('public').length; r++) {
          for (const visibility of VISIBILITIES) {
            const gameId = games.get(visibility)!;
            const mine = readersOf(visibility)[r]!; // the same kind of reader; a seat token is this game's own
            const allowed = mine.allowed(visibility);
            const hidden = allowed.kind === 'views' ? hiddenFrom(allowed.views) : allowed.kind === 'everything' ? [] : hiddenFrom(['spectator']);
            const where = (route: string) => `${visibility} game, ${mine.name}, ${route}`;
            const routes = [
              `/v1/games/${gameId}`,
              `/v1/games/${gameId}/log`,
              `/v1/games/${gameId}/events`,
              `/v1/games/${gameId}/events?from=1&limit=1000`,
              `/v1/games/${gameId}/replay`,
              `/v1/games/${gameId}/state`,
              ...viewNames.map((v) => `/v1/games/${gameId}/state?step=${cut}&view=${v}`),
              // Listings and statistics are asked by every reader once per game (a seat token differs per game).
              ...shared,
            ];
            for (const route of routes) {
              const reply = await request('GET', route, mine.token);
              requests++;
              const ownRoute = !shared.includes(route);
              if (reply.status >= 500) problems.push(`${where(route)}: answered ${reply.status}`);
              if (allowed.kind === 'unauthorized' && reply.status !== 401) problems.push(`${where(route)}: ${reply.status}, not 401`);
              if (allowed.kind === 'not found' && ownRoute && reply.status !== 404) problems.push(`${where(route)}: ${reply.status}, not 404`);
              if (reply.status !== 200) continue;
              const found = hidden.filter((h) => reply.text.includes(JSON.stringify(h).slice(1, -1)));
              if (found.length) problems.push(`${where(route)}: carries ${found.slice(0, 5).join(', ')}`);
              // Unlisted and private games are listed only to their staff and their seats.
              const outsider = allowed.kind === 'not found' || (allowed.kind === 'views' && !allowed.views.includes(seats[0]!));
              if (route.startsWith('/v1/games?') && visibility !== 'public' && outsider && reply.text.includes(gameId)) problems.push(`${where(route)}: lists the game`);
            }
            // What the reader may see is served to it, hidden cards included for staff and the seat's own.
            const served = allowed.kind === 'everything' ? ['judge', ...seats] : allowed.kind === 'views' ? allowed.views : [];
            for (const view of served) {
              const reply = await request('GET', `/v1/games/${gameId}/state?view=${view}`, mine.token);
              requests++;
              if (reply.status !== 200) problems.push(`${where(`state?view=${view}`)}: ${reply.status}, not 200`);
              else if (view !== 'spectator' && !hiddenFrom(['spectator']).some((h) => reply.text.includes(JSON.stringify(h).slice(1, -1)))) {
                problems.push(`${where(`state?view=${view}`)}: holds nothing hidden from a spectator`);
              }
            }
          }
        }
        process.stdout.write(`hidden information (${id}): ${requests} reads by 8 kinds of reader of 3 games (public, unlisted, private); ${problems.length} problems\n`);
        expect(problems).toEqual([]);
      }, 240_000);
    });
});
