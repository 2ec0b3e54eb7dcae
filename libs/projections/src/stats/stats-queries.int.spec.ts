import postgres, { Sql } from 'postgres';
import { RecordingError } from '@cardlog/recording';
import { connectDatabase, migrate } from '@cardlog/store';
import { createTestDatabase, describeWithPostgres } from '@cardlog/testing';
import { seedStatsFixture } from './stats.fixture';
import { StatsReader } from './stats-queries';

// Migrating and seeding embedded PGlite takes seconds alone, over a minute at a load average of 25.
jest.setTimeout(180_000);

interface Backend {
  sql: Sql;
  close(): Promise<void>;
}

const BFB = 'born-from-blood';
/** Expect a rate or interval bound to 4 decimals. */
const near = (value: number) => expect.closeTo(value, 4);
const bounds = (low: number, high: number) => ({ low: near(low), high: near(high) });

/** The same suite runs on the PostgreSQL server and on embedded PGlite. */
function statsSuite(name: string, connect: () => Promise<Backend>, gate: (name: string, body: () => void) => void) {
  gate(`statistics over the read models on ${name}`, () => {
    let backend: Backend;
    let stats: StatsReader;

    beforeAll(async () => {
      backend = await connect();
      await migrate(backend.sql);
      await seedStatsFixture(backend.sql);
      stats = new StatsReader(backend.sql);
    });
    afterAll(() => backend?.close());

    const system = <T extends { system: string }>(report: { systems: T[] }, id = BFB) => report.systems.find((s) => s.system === id)!;
    const rejects = async (call: Promise<unknown>, path: string) => {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RecordingError);
      expect(error).toMatchObject({ kind: 'invalid', code: 'BAD_QUERY', details: { path } });
      expect((error as Error).message).toContain(path);
    };

    describe('decks', () => {
      it('count seat-games per archetype and per system, finished games only', async () => {
        const report = await stats.decks({});
        expect(report.floor).toBe(20);
        expect(report.systems.map((s) => [s.system, s.seatGames])).toEqual([
          ['aegis', 2],
          [BFB, 66],
        ]);
        const decks = system(report).decks;
        expect(decks.map((d) => [d.archetype, d.games, d.mirrors, d.winRate.wins, d.winRate.losses, d.winRate.draws])).toEqual([
          ['Aggro', 28, 4, 13, 10, 1],
          ['Control', 26, 0, 11, 15, 0],
          ['Midrange', 11, 0, 6, 4, 1],
          [null, 1, 0, 0, 1, 0],
        ]);
      });

      it('leave mirrors out of the win rate, count a draw as half a win, and give the Wilson interval', async () => {
        const [aggro, control] = system(await stats.decks({})).decks;
        expect(aggro!.winRate).toEqual({ games: 24, wins: 13, losses: 10, draws: 1, value: 0.5625, ...bounds(0.3694, 0.7383), tooSmallToRank: false });
        expect(control!.winRate).toMatchObject({ games: 26, value: near(11 / 26), ...bounds(0.2554, 0.6105), tooSmallToRank: false });
      });

      it('count mirrors in the meta share', async () => {
        const decks = system(await stats.decks({})).decks;
        expect(decks[0]!.metaShare).toEqual({ count: 28, of: 66, value: near(28 / 66), ...bounds(0.3124, 0.5444) });
        expect(decks.reduce((sum, d) => sum + d.metaShare.value!, 0)).toBeCloseTo(1, 10);
      });

      it('rank decks under the floor last, however high their win rate', async () => {
        const decks = system(await stats.decks({})).decks;
        expect(decks.map((d) => [d.archetype, d.winRate.tooSmallToRank])).toEqual([
          ['Aggro', false],
          ['Control', false],
          ['Midrange', true],
          [null, true],
        ]);
        expect(decks[2]!.winRate.value).toBeGreaterThan(decks[0]!.winRate.value!);
      });

      it('group by exact list with by=list, naming its archetype and deck', async () => {
        const decks = system(await stats.decks({ by: 'list' })).decks;
        expect(decks.map((d) => [d.listHash, d.archetype, d.deckName, d.games, d.mirrors, d.winRate.games, d.winRate.value])).toEqual([
          ['control-1', 'Control', 'Blue Control', 26, 0, 26, near(11 / 26)],
          ['aggro-a', 'Aggro', 'Red Aggro', 16, 2, 14, near(9.5 / 14)],
          ['mid-1', 'Midrange', 'Green Midrange', 11, 0, 11, near(6.5 / 11)],
          ['aggro-b', 'Aggro', 'Red Aggro', 12, 2, 10, 0.4],
          [null, null, null, 1, 0, 1, 0],
        ]);
      });

      it('minGames drops smaller decks and raises the floor', async () => {
        const report = await stats.decks({ minGames: '25' });
        expect(report.floor).toBe(25);
        expect(report.filters).toMatchObject({ minGames: 25 });
        const decks = system(report).decks;
        expect(decks.map((d) => [d.archetype, d.games, d.winRate.tooSmallToRank])).toEqual([
          ['Control', 26, false],
          ['Aggro', 28, true],
        ]);
        expect(system(report).seatGames).toBe(66);
        expect(system(report, 'aegis').decks).toEqual([]);
        expect((await stats.decks({ minGames: 5 })).floor).toBe(20);
      });

      it('filter by system, rules version and tournament', async () => {
        const aegis = await stats.decks({ system: 'aegis' });
        expect(aegis.systems.map((s) => s.system)).toEqual(['aegis']);
        expect(aegis.systems[0]!.decks.map((d) => [d.archetype, d.winRate.value])).toEqual([
          ['Knight', 1],
          ['Rogue', 0],
        ]);
        const mirrors = system(await stats.decks({ rulesVersion: '1.1' })).decks;
        expect(mirrors).toEqual([expect.objectContaining({ archetype: 'Aggro', games: 4, mirrors: 4, winRate: expect.objectContaining({ games: 0, value: null, low: 0, high: 1 }) })]);
        const kyoto = await stats.decks({ tournament: 'kyoto-cup' });
        expect(kyoto.systems.map((s) => [s.system, s.seatGames])).toEqual([[BFB, 20]]);
        expect(kyoto.systems[0]!.decks.map((d) => [d.archetype, d.winRate.wins, d.winRate.losses])).toEqual([
          ['Aggro', 8, 2],
          ['Control', 2, 8],
        ]);
      });

      it('filter by played_at: from is inclusive, a date as to covers its whole day, a timestamp as to is inclusive', async () => {
        expect(system(await stats.decks({ from: '2026-11-05' })).seatGames).toBe(26);
        expect((await stats.decks({ from: '2026-11-05' })).systems.map((s) => s.system)).toEqual(['aegis', BFB]);
        expect((await stats.decks({ to: '2026-11-01' })).systems.map((s) => [s.system, s.seatGames])).toEqual([[BFB, 40]]);
        expect((await stats.decks({ to: '2026-11-01T12:00:00Z' })).systems.map((s) => [s.system, s.seatGames])).toEqual([[BFB, 40]]);
        expect((await stats.decks({ to: '2026-11-01T11:59:59Z' })).systems).toEqual([]);
        expect((await stats.decks({ from: '2026-11-10T12:00:00+00:00', to: '2026-11-10' })).systems.map((s) => [s.system, s.seatGames])).toEqual([[BFB, 26]]);
      });

      it('refuse bad parameters with a 400 naming them', async () => {
        await rejects(stats.decks({ by: 'deck' }), 'by');
        await rejects(stats.decks({ minGames: '-1' }), 'minGames');
        await rejects(stats.decks({ minGames: 'ten' }), 'minGames');
        await rejects(stats.decks({ from: '2026-13-01' }), 'from');
        await rejects(stats.decks({ to: '2026-02-30' }), 'to');
        await rejects(stats.decks({ to: '2026-11-01T12:00:00' }), 'to');
        await rejects(stats.decks({ from: '2026-11-02', to: '2026-11-01' }), 'from');
        await rejects(stats.decks({ system: [BFB, 'aegis'] }), 'system');
        await rejects(stats.decks({ sort: 'games' }), 'sort');
        await rejects(stats.overview({ by: 'list' }), 'by');
      });
    });

    describe('matchups', () => {
      it('give each archetype its record against each other archetype, split on the play and on the draw', async () => {
        const [aggro] = system(await stats.matchups({})).archetypes;
        expect(aggro).toMatchObject({ archetype: 'Aggro', games: 28, mirrors: 4, metaShare: { count: 28, of: 66 } });
        expect(aggro!.matchups.map((m) => [m.opponent, m.winRate.wins, m.winRate.losses, m.winRate.draws])).toEqual([
          ['Control', 12, 8, 0],
          ['Midrange', 1, 2, 1],
        ]);
        const [vsControl, vsMidrange] = aggro!.matchups;
        expect(vsControl!.winRate).toMatchObject({ games: 20, value: 0.6, tooSmallToRank: false });
        expect(vsControl!.onPlay).toMatchObject({ games: 10, wins: 8, losses: 2, value: 0.8 });
        expect(vsControl!.onDraw).toMatchObject({ games: 10, wins: 4, losses: 6, value: 0.4 });
        expect(vsMidrange!.winRate).toMatchObject({ games: 4, value: 0.375, tooSmallToRank: true });
        expect(vsMidrange!.onDraw).toMatchObject({ games: 0, value: null });
      });

      it('are symmetric: each side sees the other side of the same games', async () => {
        const archetypes = system(await stats.matchups({})).archetypes;
        const control = archetypes.find((a) => a.archetype === 'Control')!;
        const vsAggro = control.matchups.find((m) => m.opponent === 'Aggro')!;
        expect(vsAggro.winRate).toMatchObject({ games: 20, wins: 8, losses: 12 });
        expect(vsAggro.onPlay).toMatchObject({ wins: 6, losses: 4 });
        expect(vsAggro.onDraw).toMatchObject({ wins: 2, losses: 8 });
      });

      it('weight matchups by meta share for the expected win rate against the field, the mirror counting 0.5', async () => {
        const archetypes = system(await stats.matchups({})).archetypes;
        expect(archetypes.map((a) => [a.archetype, a.expectedWinRate?.value, a.expectedWinRate?.games, a.expectedWinRate?.tooSmallToRank])).toEqual([
          ['Aggro', near(33.725 / 65), 24, false],
          ['Control', near(29.7 / 65), 26, false],
          ['Midrange', near(36 / 65), 10, true],
        ]);
        expect(archetypes[0]!.expectedWinRate).toMatchObject({ ...bounds(0.4203, 0.6174), coverage: near(1), unknownMatchups: [] });
        expect(archetypes[1]!.expectedWinRate).toMatchObject(bounds(0.3566, 0.5572));
      });

      it('leave out seats of unknown archetype and list mirrors only as a count', async () => {
        const archetypes = system(await stats.matchups({})).archetypes;
        expect(archetypes.map((a) => a.archetype)).not.toContain(null);
        for (const a of archetypes) expect(a.matchups.map((m) => m.opponent)).not.toContain(a.archetype);
        expect(archetypes.find((a) => a.archetype === 'Midrange')!.games).toBe(11);
      });

      it('report an unknown matchup and renormalise over the known ones', async () => {
        const report = await stats.matchups({ tournament: 'kyoto-cup' });
        expect(system(report).archetypes.map((a) => [a.archetype, a.expectedWinRate?.value])).toEqual([
          ['Aggro', near(0.5 * 0.5 + 0.5 * 0.8)],
          ['Control', near(0.5 * 0.5 + 0.5 * 0.2)],
        ]);
        const late = system(await stats.matchups({ from: '2026-11-10' })).archetypes;
        const aggro = late.find((a) => a.archetype === 'Aggro')!;
        // From 2026-11-10 Aggro met Midrange (1–2–1) but not Control. Named seat-games: Aggro 8, Control 6, Midrange 11.
        expect(aggro.expectedWinRate).toMatchObject({ value: near((8 * 0.5 + 11 * 0.375) / 19), games: 4, coverage: near(19 / 25), unknownMatchups: ['Control'] });
      });

      it('minGames hides small archetypes but keeps them in the field', async () => {
        const report = await stats.matchups({ minGames: 20 });
        const archetypes = system(report).archetypes;
        expect(archetypes.map((a) => a.archetype)).toEqual(['Aggro', 'Control']);
        expect(archetypes[0]!.expectedWinRate!.value).toBeCloseTo(33.725 / 65, 10);
        expect(archetypes[0]!.matchups.map((m) => m.opponent)).toEqual(['Control', 'Midrange']);
      });
    });

    describe('cards', () => {
      it('give the 17lands metrics with counts and intervals', async () => {
        const [imp, wall] = system(await stats.cards({})).cards;
        expect(imp).toMatchObject({ cardId: 'bfb-001', name: 'Ember Imp', meanCopies: near(58 / 24), gamesInDeck: 24 });
        expect(imp!.inDeck).toMatchObject({ games: 24, wins: 14, losses: 10, value: near(14 / 24), ...bounds(0.3883, 0.7553), tooSmallToRank: false });
        expect(imp!.openingHand).toMatchObject({ games: 9, wins: 7, losses: 2 });
        expect(imp!.drawn).toMatchObject({ games: 5, wins: 3, losses: 2, value: 0.6 });
        expect(imp!.inHand).toMatchObject({ games: 14, wins: 10, losses: 4, value: near(10 / 14), ...bounds(0.4535, 0.8828), tooSmallToRank: true });
        expect(imp!.played).toMatchObject({ games: 5, wins: 4, losses: 1, value: 0.8 });
        expect(imp!.notSeen).toMatchObject({ games: 10, wins: 4, losses: 6, value: 0.4, ...bounds(0.1682, 0.6873) });
        expect(imp!.improvementWhenDrawn).toEqual({ value: near(10 / 14 - 0.4), ...bounds(-0.0889, 0.6305), games: { a: 14, b: 10 }, tooSmallToRank: true });
        expect(wall).toMatchObject({ cardId: 'bfb-002', gamesInDeck: 26, inHand: { games: 0, value: null }, notSeen: { games: 26, wins: 11, losses: 15 } });
        expect(wall!.improvementWhenDrawn).toMatchObject({ value: null, low: null, high: null });
      });

      it('filter by the archetype of the deck, and by minGames', async () => {
        expect(system(await stats.cards({ archetype: 'Control' })).cards.map((c) => c.cardId)).toEqual(['bfb-002']);
        const report = await stats.cards({ minGames: 25 });
        expect(report.filters).toMatchObject({ minGames: 25 });
        expect(system(report).cards.map((c) => c.cardId)).toEqual(['bfb-002']);
        expect((await stats.cards({ system: 'aegis' })).systems).toEqual([]);
      });

      it('read from the per-card counters what the join over every card row gives', async () => {
        // A date range no game is outside of takes the join over rm_card_games; none takes the counters.
        for (const params of [{}, { archetype: 'Aggro' }, { system: BFB }, { minGames: 25 }]) {
          const counted = await stats.cards(params);
          const joined = await stats.cards({ ...params, from: '2000-01-01' });
          expect(counted.systems).toEqual(joined.systems);
        }
      });

      it('count only finished games and respect the date filter', async () => {
        const early = system(await stats.cards({ to: '2026-11-01' })).cards;
        expect(early.find((c) => c.cardId === 'bfb-001')!.gamesInDeck).toBe(20);
      });
    });

    describe('overview', () => {
      it('count finished games, decisive and drawn shares, and the first player win rate', async () => {
        const bfb = system(await stats.overview({}));
        expect(bfb).toMatchObject({ games: 33, gamesWithoutFirstPlayer: 1 });
        expect(bfb.decisive).toMatchObject({ count: 32, of: 33, ...bounds(0.8468, 0.9946) });
        expect(bfb.draws).toMatchObject({ count: 1, of: 33, ...bounds(0.0054, 0.1532) });
        expect(bfb.firstPlayer).toEqual({ games: 32, wins: 20, losses: 11, draws: 1, value: 0.640625, ...bounds(0.4677, 0.7834), tooSmallToRank: false });
      });

      it('describe game length in turns and in events', async () => {
        const bfb = system(await stats.overview({}));
        expect(bfb.turns).toMatchObject({ count: 33, min: 8, p25: 11, median: 13, p75: 20, max: 30, mean: near(525 / 33) });
        expect(bfb.turns.histogram.map((b) => [b.from, b.to, b.count])).toEqual([
          [8, 9, 3],
          [10, 11, 8],
          [12, 13, 8],
          [14, 15, 4],
          [16, 17, 0],
          [18, 19, 0],
          [20, 21, 4],
          [22, 23, 0],
          [24, 25, 0],
          [26, 27, 0],
          [28, 29, 0],
          [30, 31, 6],
        ]);
        expect(bfb.events).toMatchObject({ count: 33, min: 80, median: 130, max: 300 });
      });

      it('dates a game without played_at by recorded_at, and filters like the other endpoints', async () => {
        expect((await stats.overview({ from: '2026-11-20' })).systems.map((s) => [s.system, s.games])).toEqual([['aegis', 1]]);
        const aegis = system(await stats.overview({ system: 'aegis' }), 'aegis');
        expect(aegis.firstPlayer).toMatchObject({ games: 1, wins: 0, losses: 1, tooSmallToRank: true });
        expect(system(await stats.overview({ rulesVersion: '1.1' })).games).toBe(2);
        expect(system(await stats.overview({ tournament: 'kyoto-cup' })).games).toBe(10);
        expect((await stats.overview({ minGames: 40 })).floor).toBe(40);
      });
    });
  });
}

statsSuite(
  'PostgreSQL',
  async () => {
    const db = await createTestDatabase('cardlog_stats');
    const sql = postgres(db.url, { max: 4, onnotice: () => undefined });
    return {
      sql,
      async close() {
        await sql.end();
        await db.drop();
      },
    };
  },
  describeWithPostgres,
);

statsSuite(
  'embedded PGlite',
  async () => {
    const db = await connectDatabase({ dataDir: 'memory' });
    return { sql: db.sql, close: () => db.close() };
  },
  (name, body) => describe(name, body),
);
