import type { Sql } from 'postgres';
import { GAME_RECORDED, GameDocument, LogEvent, streamKey } from '@cardlog/events';
import { findSystem, simulateGames } from '@cardlog/rules';
import { START, migrate } from '@cardlog/store';
import { Describe, OpenDatabase, onBothDatabases } from '../testing/databases';
import { InProcessTransport } from '../relay/transport';
import { OutboxRelay } from '../relay/outbox-relay';
import { dumpReadModels, testPrincipal, uploadAll, wire } from '../testing/wire';
import { rebuildReadModels } from './rebuild';
import { ProjectionRunner, StreamGapError } from './projection-runner';

jest.setTimeout(180_000);

const SNAPSHOT_EVERY = 40;
// The last game uses a stored catalog (a copy of the demo one): the runner must read it inside its
// own transaction, since embedded PGlite has a single connection.
const documents = simulateGames(16, 4242).map((g, i) => (i === 15 ? { ...g.document, catalog: 'club-copy@1' } : g.document));

/** What the read models must say, computed here straight from the logs. */
function expectedFromLog(doc: GameDocument) {
  const ended = doc.events.find((e) => e.type === 'GameEnded')?.payload as { winner?: string; draw?: boolean; reason: string } | undefined;
  const first = (doc.events.find((e) => e.type === 'FirstPlayerChosen')!.payload as { firstPlayer: string }).firstPlayer;
  const catalogOf = new Map<string, string>();
  const openingHand: Record<string, Set<string>> = {};
  const dealt: Record<string, string[]> = {};
  const played: Record<string, Set<string>> = { p1: new Set(), p2: new Set() };
  for (const e of doc.events as LogEvent<string, any>[]) {
    if (e.type === 'DeckRegistered') for (const entry of [e.payload.character, ...e.payload.main, ...e.payload.extra]) catalogOf.set(entry.cardId, entry.catalogId);
    if (e.type === 'OpeningHandDrawn') dealt[e.player!] = [...e.payload.cardIds];
    if (e.type === 'Mulligan') {
      const kept = dealt[e.player!]!.filter((id) => !e.payload.cardIds.includes(id)).concat(e.payload.drawnCardIds);
      openingHand[e.player!] = new Set(kept.map((id) => catalogOf.get(id)!));
    }
    if (e.type === 'PlayCard') played[e.player!]!.add(catalogOf.get(e.payload.cardId)!);
  }
  return { ended, first, openingHand, played };
}

async function emptyReadModels(sql: Sql) {
  await sql.begin(async (tx) => {
    for (const table of ['rm_replay_step_chunks', 'rm_replay_snapshots', 'rm_game_heads', 'rm_games', 'rm_game_seats', 'rm_card_games', 'rm_card_stats', 'projection_positions']) {
      await tx`delete from ${tx(table)}`;
    }
  });
}

function pipelineSuite(name: string, gate: Describe, open: OpenDatabase) {
  gate(`projector on ${name}`, () => {
    let sql: Sql;
    let close: () => Promise<void>;
    let parts: ReturnType<typeof wire>;
    let gameIds: string[];
    let liveId: string;

    beforeAll(async () => {
      ({ sql, close } = await open());
      await migrate(sql);
      parts = wire(sql, SNAPSHOT_EVERY);
      await parts.catalogs.put('club-copy@1', { system: 'born-from-blood', cards: findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!.cards });
      gameIds = await uploadAll(parts.recorder, documents);
      liveId = (await parts.recorder.startLive({ ...documents[0]!, events: [] }, { principal: testPrincipal })).id;
      const transport = new InProcessTransport();
      transport.subscribe((events) => parts.runner.apply(events).then(() => undefined));
      const relay = new OutboxRelay(sql, parts.store, transport, { batchSize: 300 });
      expect(await relay.drain()).toBeGreaterThan(0);
    });
    afterAll(() => close?.());

    /** A runner of its own, as a second projector instance or a restarted one would have. */
    const freshRunner = () => new ProjectionRunner(sql, (s, r, db) => parts.catalogs.resolve(s, r, db), { snapshotEvery: SNAPSHOT_EVERY });

    it('summarises every game as its log says', async () => {
      const rows = await sql<{ game_id: string; events: number; status: string; result: string | null; winner: string | null; end_reason: string | null; first_player: string }[]>`
        select game_id, events, status, result, winner, end_reason, first_player from rm_games`;
      expect(rows).toHaveLength(documents.length + 1);
      documents.forEach((doc, i) => {
        const row = rows.find((r) => r.game_id === gameIds[i])!;
        const { ended, first } = expectedFromLog(doc);
        expect(row).toMatchObject({
          events: doc.events.length,
          status: 'finished',
          result: ended!.draw ? 'draw' : 'win',
          winner: ended!.winner ?? null,
          end_reason: ended!.reason,
          first_player: first,
        });
      });
      expect(rows.find((r) => r.game_id === liveId)).toMatchObject({ status: 'in_progress', events: 0 });
    });

    it('keeps a replay step per event and a snapshot every K events', async () => {
      for (const [i, doc] of documents.entries()) {
        const steps = await sql<{ seq: number; type: string; description: string; turn_start: boolean }[]>`
          select seq, type, description, turn_start from rm_replay_steps where game_id = ${gameIds[i]!} order by seq`;
        expect(steps.map((s) => s.seq)).toEqual(doc.events.map((_, k) => k + 1));
        expect(steps.map((s) => s.type)).toEqual(doc.events.map((e) => e.type));
        expect(steps.every((s) => s.description.length > 0)).toBe(true);
        expect(steps.some((s) => s.turn_start)).toBe(true);
        const [{ count }] = await sql<{ count: string }[]>`select count(*) from rm_replay_snapshots where game_id = ${gameIds[i]!}`;
        expect(Number(count)).toBe(Math.floor(doc.events.length / SNAPSHOT_EVERY));
      }
    });

    it('records who played what, on the play or the draw, and each seat’s result', async () => {
      for (const [i, doc] of documents.entries()) {
        const { ended, first } = expectedFromLog(doc);
        const seats = await sql<{ seat: string; archetype: string; on_play: boolean; result: string; opponent_archetype: string; player_name: string }[]>`
          select seat, archetype, on_play, result, opponent_archetype, player_name from rm_game_seats where game_id = ${gameIds[i]!} order by seat`;
        expect(seats).toHaveLength(2);
        for (const seat of seats) {
          const player = doc.players.find((p) => p.seat === seat.seat)!;
          const opponent = doc.players.find((p) => p.seat !== seat.seat)!;
          expect(seat).toEqual({
            seat: player.seat,
            player_name: player.name,
            archetype: player.deck!.archetype,
            opponent_archetype: opponent.deck!.archetype,
            on_play: first === seat.seat,
            result: ended!.draw ? 'draw' : ended!.winner === seat.seat ? 'win' : 'loss',
          });
        }
      }
    });

    it('records each card’s copies, opening hands and plays as the log shows them', async () => {
      for (const [i, doc] of documents.entries()) {
        const { openingHand, played } = expectedFromLog(doc);
        const cards = await sql<{ seat: string; card_id: string; copies: number; in_opening_hand: boolean; played: boolean }[]>`
          select seat, card_id, copies, in_opening_hand, played from rm_card_games where game_id = ${gameIds[i]!}`;
        for (const seat of ['p1', 'p2']) {
          const mine = cards.filter((c) => c.seat === seat);
          expect(mine.reduce((n, c) => n + c.copies, 0)).toBe(50);
          expect(new Set(mine.filter((c) => c.in_opening_hand).map((c) => c.card_id))).toEqual(openingHand[seat]);
          expect(new Set(mine.filter((c) => c.played).map((c) => c.card_id))).toEqual(played[seat]);
        }
      }
    });

    it('skips a redelivered batch: the same events twice leave every row as it was', async () => {
      const before = await dumpReadModels(sql);
      const all = await parts.store.readAll(START, 100_000);
      const again = await parts.runner.apply(all.events.slice(0, 700));
      expect(again).toEqual({ applied: 0, duplicates: 700 });
      expect(await dumpReadModels(sql)).toEqual(before);
    });

    it('a projector restarted mid-stream ends with exactly the same rows', async () => {
      const incremental = await dumpReadModels(sql);
      const all = (await parts.store.readAll(START, 100_000)).events;
      // Start over with two runner instances: the first stops part way, the second restarts from
      // the beginning of the stream (as after a crash before committing offsets).
      await emptyReadModels(sql);
      const first = freshRunner();
      const half = Math.floor(all.length / 2);
      for (let i = 0; i < half; i += 123) await first.apply(all.slice(i, Math.min(i + 123, half)));
      const second = freshRunner();
      for (let i = 0; i < all.length; i += 257) await second.apply(all.slice(i, i + 257));
      expect(await dumpReadModels(sql)).toEqual(incremental);
    });

    it('a runner goes on from the head it holds only while no other runner has moved the game on', async () => {
      const incremental = await dumpReadModels(sql);
      const all = (await parts.store.readAll(START, 100_000)).events;
      await emptyReadModels(sql);
      // Two of every three batches go to the same runner: it holds heads that are current for the
      // next batch, and heads that the other runner's batch made stale.
      const turns = [freshRunner(), freshRunner()];
      for (let i = 0, k = 0; i < all.length; i += 97, k++) await turns[k % 3 === 2 ? 1 : 0]!.apply(all.slice(i, i + 97));
      expect(await dumpReadModels(sql)).toEqual(incremental);
    });

    it('a runner goes on from the head it holds after the batch that brought the game’s header', async () => {
      const incremental = await dumpReadModels(sql);
      const all = (await parts.store.readAll(START, 100_000)).events;
      const gameId = streamKey(all.find((e) => e.type === GAME_RECORDED)!.streamId);
      const game = all.filter((e) => streamKey(e.streamId) === gameId);
      await emptyReadModels(sql);
      const runner = freshRunner();
      await runner.apply(game.slice(0, 40)); // GameRecorded (gamehead-<id>) and the first events (game-<id>)
      // Without the stored head, only the head the runner holds can go on: a restore finds no row.
      await sql`delete from rm_game_heads where game_id = ${gameId}`;
      await expect(runner.apply(game.slice(40))).resolves.toEqual({ applied: game.length - 40, duplicates: 0 });
      const [row] = await sql<{ events: number }[]>`select events from rm_games where game_id = ${gameId}`;
      expect(row!.events).toBe(game.length - 1);
      // The same rows as the incremental build, for this game.
      const dumped = await dumpReadModels(sql);
      expect(dumped.rm_game_heads).toEqual(incremental.rm_game_heads!.filter((r) => String(r).includes(gameId)));
      // Every game again, for the specs after this one.
      await emptyReadModels(sql);
      await freshRunner().apply(all);
      expect(await dumpReadModels(sql)).toEqual(incremental);
    });

    it('batches whose games’ events interleave, each partly redelivered, give the same rows', async () => {
      const incremental = await dumpReadModels(sql);
      const all = (await parts.store.readAll(START, 100_000)).events;
      // Each game's events (its header first) in their order, the games taken in turns: every event
      // of a batch follows one of another stream, and the stream of a run comes back later on.
      const byGame = new Map<string, typeof all>();
      for (const e of all) byGame.set(streamKey(e.streamId), [...(byGame.get(streamKey(e.streamId)) ?? []), e]);
      const lists = [...byGame.values()];
      const interleaved: typeof all = [];
      for (let i = 0; interleaved.length < all.length; i++) for (const list of lists) if (i < list.length) interleaved.push(list[i]!);
      await emptyReadModels(sql);
      const runner = freshRunner();
      let sent = 0;
      let applied = 0;
      let duplicates = 0;
      // Windows of 150 events, each starting 40 before the last one ended.
      for (let start = 0; start < interleaved.length; start += 110) {
        const batch = interleaved.slice(start, start + 150);
        const result = await runner.apply(batch);
        sent += batch.length;
        applied += result.applied;
        duplicates += result.duplicates;
      }
      expect(applied).toBe(all.length);
      expect(duplicates).toBe(sent - all.length);
      expect(duplicates).toBeGreaterThan(0);
      expect(await dumpReadModels(sql)).toEqual(incremental);
    });

    it('a batch that fails leaves the heads it folded behind: its retry folds from what was committed', async () => {
      const incremental = await dumpReadModels(sql);
      const all = (await parts.store.readAll(START, 100_000)).events;
      await emptyReadModels(sql);
      const runner = freshRunner();
      for (let i = 0, k = 0; i < all.length; i += 97, k++) {
        const batch = all.slice(i, i + 97);
        if (k % 4 === 2) {
          // The fold runs (and changes the held states in place), then the summary's write fails.
          await sql`alter table rm_games add constraint fail_every_write check (events < 0) not valid`;
          try {
            await expect(runner.apply(batch)).rejects.toThrow(/fail_every_write/);
          } finally {
            await sql`alter table rm_games drop constraint fail_every_write`;
          }
        }
        await runner.apply(batch);
      }
      expect(await dumpReadModels(sql)).toEqual(incremental);
    });

    it('projections rebuild gives the incrementally built tables, row for row', async () => {
      const incremental = await dumpReadModels(sql);
      const report = await rebuildReadModels(sql, parts.store, freshRunner(), 500);
      expect(report.games).toBe(documents.length + 1);
      expect(await dumpReadModels(sql)).toEqual(incremental);
    });

    it('refuses an event whose predecessor never arrived', async () => {
      const all = (await parts.store.readAll(START, 100_000)).events;
      const fresh = freshRunner();
      await sql`delete from projection_positions where stream_id = ${all[5]!.streamId}`;
      const gap = all.filter((e) => e.streamId === all[5]!.streamId).slice(2, 3);
      await expect(fresh.apply(gap)).rejects.toBeInstanceOf(StreamGapError);
    });
  });
}

onBothDatabases('cardlog_proj', pipelineSuite);
