// Writing games, against the floor of writing the same rows at all: a raw COPY of the events (same
// columns as `events`, no index, constraint or trigger) into a table of their shape.
//   · HTTP upload: the CLI uploading files to the API (PostgreSQL, in-process projection, concurrency 8),
//     timed until the CLI is done (accepted) and until the API's projection has applied every
//     uploaded event (read models built); each round waits for the latter, so no round's
//     projection runs on into the next round's floor
//   · EventStore.append: one append per game, 8 at a time, straight to the store; against the COPY
//     floor, against a COPY into a table with the events table's own indexes (the cheapest write of
//     the same guarantees), and against a peer: Emmett's PostgreSQL event store (`appendToStream`,
//     same events, same concurrency, a scratch database of its own on the same server)
//   · memory: the API's resident set during the uploads, against the 300 MB budget
// Each round uploads games of its own (uploads are idempotent by content), and the floor copies the
// events of that round's games, interleaved. The API has a database of its own: the append path
// writes game streams without their header (`gamehead-<id>`), which a projection refuses, so in the
// API's database they stopped its in-process projection at the first append round (until the
// fourteenth round they shared one, and the uploads were timed with no projection running).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { flag, interleave, mintToken, ratioOf, record, require, root, rounds, rssOf, scratchDatabase, smoke, startApi } from './common.mjs';

const postgres = require('postgres');
const { replay, simulateGames } = require('@cardlog/rules');
const { EventStore, migrate } = require('@cardlog/store');
const { newEventIds } = require('@cardlog/recording');
const { main: cli } = require(join(root, 'apps/cli/dist/main.js'));
const { getPostgreSQLEventStore } = require('@event-driven-io/emmett-postgresql');

const perRound = flag('games', 60, 10);
const concurrency = flag('concurrency', 8);
const n = rounds(5);
const slots = n + (smoke ? 0 : 1); // one chunk of games per timed round, plus the warm-up's
const MEMORY_BUDGET = 300 * 1024 * 1024;

const db = await scratchDatabase('ingest');
const peerDb = await scratchDatabase('ingest_emmett');
const apiDb = await scratchDatabase('ingest_api');
const emmett = getPostgreSQLEventStore(peerDb.url);
const sql = postgres(db.url, { max: concurrency + 2, onnotice: () => undefined });
const apiSql = postgres(apiDb.url, { max: 2, onnotice: () => undefined });
const work = mkdtempSync(join(tmpdir(), 'cardlog-bench-ingest-'));
let api;
try {
  await migrate(sql);
  await sql`create table floor_events (like events including defaults including identity)`;
  // The same columns, defaults and indexes as `events` (primary key, unique event id, unique stream
  // position, commit order), without its triggers.
  await sql`create table floor_indexed (like events including all)`;
  const store = new EventStore(sql);
  await migrate(apiSql);
  const token = await mintToken(apiDb.url);
  // The API's write caps (8 in flight, 4 per token) would refuse part of a concurrency-8 upload.
  api = await startApi(apiDb.url, { CARDLOG_MAX_CONCURRENT_WRITES: String(concurrency), CARDLOG_MAX_CONCURRENT_WRITES_PER_TOKEN: String(concurrency) });

  // Chunks: per slot, the documents as files (for the CLI) and their events as the store writes them.
  const chunks = [];
  const all = simulateGames(perRound * slots * 2, flag('seed', 7)).map((g) => g.document);
  for (let s = 0; s < slots * 2; s++) {
    const documents = all.slice(s * perRound, (s + 1) * perRound);
    const folder = join(work, `chunk-${s}`);
    mkdirSync(folder);
    documents.forEach((d, i) => writeFileSync(join(folder, `g${i}.json`), JSON.stringify(d)));
    // As the recorder writes them: time-ordered ids, and one metadata object for the append.
    const games = documents.map((d) => {
      const applied = replay(d).applied;
      const ids = newEventIds(applied.length);
      const metadata = { recordedAt: new Date().toISOString(), actor: 'bench', correlation: randomUUID() };
      return applied.map((e, i) => ({
        eventId: ids[i],
        type: e.type,
        data: e.player === undefined ? { payload: e.payload } : { player: e.player, payload: e.payload },
        metadata,
      }));
    });
    chunks.push({ folder, games, events: games.reduce((k, g) => k + g.length, 0) });
  }
  // HTTP and the store each get their own chunks; the floor copies the same events again.
  const httpChunk = (round) => chunks[round + (smoke ? 0 : 1)];
  const storeChunk = (round) => chunks[slots + round + (smoke ? 0 : 1)];

  // Writes each game of a chunk, `concurrency` at a time; the chunk's event count.
  const eachGame = async ({ games, events }, write) => {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < games.length) await write(games[next++]);
    }));
    return events;
  };

  const idle = await rssOf(api.pid);
  let peak = idle;
  const sampler = setInterval(() => rssOf(api.pid).then((r) => (peak = Math.max(peak, r)), () => undefined), 50);

  // Events per second of each timed round's upload until the CLI was done (its projection running alongside).
  const accepted = [];
  const rates = await interleave({
    copyHttp: (round) => copyFloor(sql, httpChunk(round).games),
    http: async (round) => {
      const chunk = httpChunk(round);
      const lines = [];
      const started = performance.now();
      const code = await cli(
        ['upload', chunk.folder, '--server', api.url, '--token', token, '--concurrency', String(concurrency), '--journal', join(work, `journal-${round}.jsonl`)],
        { out: (l) => lines.push(l), err: (l) => lines.push(l) },
      );
      if (code !== 0) throw new Error(`upload failed:\n${lines.join('\n')}`);
      if (round >= 0) accepted.push((chunk.events / (performance.now() - started)) * 1000);
      await projected(apiSql);
      return chunk.events;
    },
    copyStore: (round) => copyFloor(sql, storeChunk(round).games),
    copyIndexed: (round) => copyFloor(sql, storeChunk(round).games, 'floor_indexed'),
    // The same events as `append`, under stream ids of their own.
    emmett: (round) =>
      eachGame(storeChunk(round), (game) =>
        emmett.appendToStream(`game-${randomUUID()}`, game.map(({ type, data, metadata }) => ({ type, data, metadata })), { expectedStreamVersion: 0n }),
      ),
    append: (round) => eachGame(storeChunk(round), (game) => store.append(`game-${randomUUID()}`, 'no_stream', game)),
  }, { rounds: n, processes: { api: api.pid } });
  clearInterval(sampler);

  const inputs = { system: 'born-from-blood', gamesPerRound: perRound, eventsPerRound: httpChunk(0).events, concurrency, rounds: n };
  // Each series once; a path compares two of them.
  const series = (label, values) => ({ label, unit: 'events/s', values });
  // The accepted uploads' CPU is their whole round's: the projection of what they uploaded included.
  const upload = series(`cardlog upload, concurrency ${concurrency}`, Object.defineProperty(accepted, 'cpu', { value: rates.http.cpu }));
  const uploadProjected = series(`cardlog upload, until projected`, rates.http);
  const appends = series(`append, one per game, concurrency ${concurrency}`, rates.append);
  const floorOfUploads = series('raw COPY of the same events', rates.copyHttp);
  const floor = series('raw COPY of the same events', rates.copyStore);
  const floorIndexed = series('COPY into a table with the indexes of events', rates.copyIndexed);
  const peer = series(`Emmett appendToStream, concurrency ${concurrency}`, rates.emmett);
  const compare = (path, subject, baseline, target, notes) =>
    record({ path, inputs, subject, baseline, ratio: ratioOf(subject.values, baseline.values), target, ...(notes ? { notes } : {}) });
  compare('HTTP upload (CLI → API → PostgreSQL)', upload, floorOfUploads, 0.4, "until the CLI is done, the API's in-process projection running alongside; CPU: the whole round's, the projection's included");
  compare('HTTP upload until its read models are built', uploadProjected, floorOfUploads, null, "until the API's in-process projection has applied every uploaded event");
  compare('EventStore.append', appends, floor, null);
  compare('EventStore.append vs COPY with the same indexes', appends, floorIndexed, null);
  compare('EventStore.append vs a peer event store', appends, peer, 3, '@event-driven-io/emmett-postgresql 0.42 (a devDependency used only here), its default schema and pool');
  // Not Cardlog at all: how far ahead of Emmett the cheapest write of a row per event with the four
  // indexes of `events` gets. The append (a COPY's rows plus its checks, trigger and JSON) is below it.
  compare('COPY with the indexes of events vs the peer', floorIndexed, peer, null, 'the ceiling of EventStore.append vs a peer event store for a store that writes these rows and indexes');
  const mb = (b) => b / 1024 / 1024;
  record({
    path: 'memory: API resident set during the uploads',
    inputs: { ...inputs, idleMB: mb(idle) },
    subject: { label: 'peak RSS of the API', unit: 'MB', values: [mb(peak)] },
    baseline: { label: 'budget', unit: 'MB', values: [mb(MEMORY_BUDGET)] },
    ratio: { median: MEMORY_BUDGET / peak, min: MEMORY_BUDGET / peak, max: MEMORY_BUDGET / peak, n: 1 },
    target: 1,
    notes: `budget ÷ peak (≥ 1 is within budget); idle after start ${mb(idle).toFixed(0)} MB`,
  });
} finally {
  await api?.stop();
  await emmett.close();
  await sql.end();
  await apiSql.end();
  await db.drop();
  await peerDb.drop();
  await apiDb.drop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * Waits until the API's in-process projection has applied every event in its database (the uploads
 * are done, so the newest is known). A projection that stops moving for 60 s fails the bench with
 * where it stands, rather than hanging it.
 */
async function projected(apiSql) {
  const [{ top }] = await apiSql`select coalesce(max(global_position), 0)::bigint as top from events`;
  let last = -1n;
  let movedAt = performance.now();
  for (;;) {
    const [row] = await apiSql`select global_position from projection_progress where projector = 'in-process'`;
    const at = row ? BigInt(row.global_position) : 0n;
    if (at >= BigInt(top)) return;
    if (at !== last) {
      last = at;
      movedAt = performance.now();
    } else if (performance.now() - movedAt > 60_000) {
      throw new Error(`the API's projection stands at global position ${at} of ${top} and has not moved for 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function copyText(s) {
  return s.replace(/\\/g, '\\\\');
}

/**
 * COPY … FROM STDIN in text format, one stream: the cheapest way PostgreSQL takes rows. The lines go
 * out in writes of ~256 KB; a write per line made the floor itself client-bound (about half the
 * rate, and far less under load). Each event keeps its id (time-ordered, as the store gets them).
 * Returns the row count.
 */
async function copyFloor(sql, games, table = 'floor_events') {
  let rows = 0;
  const writes = function* () {
    let text = '';
    for (const game of games) {
      const streamId = `game-${randomUUID()}`;
      let position = 0;
      for (const e of game) {
        rows++;
        position++;
        text += `${streamId}\t${position}\t${e.eventId}\t${e.type}\t1\t${copyText(JSON.stringify(e.data))}\t${copyText(JSON.stringify(e.metadata))}\n`;
        if (text.length >= 256 * 1024) {
          yield text;
          text = '';
        }
      }
    }
    if (text.length > 0) yield text;
  };
  const writable = await sql.unsafe(`copy ${table} (stream_id, stream_position, event_id, type, schema_version, data, metadata) from stdin`).writable();
  await pipeline(Readable.from(writes()), writable);
  return rows;
}
