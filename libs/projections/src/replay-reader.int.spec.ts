import type { Sql } from 'postgres';
import { STEP_WORDING, simulateDocuments } from '@cardlog/rules';
import { START, migrate } from '@cardlog/store';
import { Describe, OpenDatabase, onBothDatabases } from './testing/databases';
import type { StepTuple } from './projector/game-projection';
import { ReplayReader } from './replay-reader';
import { uploadAll, wire } from './testing/wire';

jest.setTimeout(120_000);

interface Chunk {
  chunk: number;
  steps: StepTuple[];
  wording: number;
}

function suite(name: string, describeFn: Describe, open: OpenDatabase) {
  describeFn(`replay steps stored in an older wording, on ${name}`, () => {
    let sql: Sql;
    let close: () => Promise<void>;
    let parts: ReturnType<typeof wire>;
    let gameId: string;
    const chunks = async () => sql<Chunk[]>`select chunk, steps, wording from rm_replay_step_chunks where game_id = ${gameId} order by chunk`;

    beforeAll(async () => {
      ({ sql, close } = await open());
      await migrate(sql);
      parts = wire(sql);
      // A Summoner Master game of a few hundred events: its steps fill several chunks.
      [gameId] = await uploadAll(parts.recorder, [simulateDocuments('summoner-master', 1, 31)[0]!.document]);
      let checkpoint = START;
      for (;;) {
        const page = await parts.store.readAll(checkpoint, 1000);
        if (page.events.length === 0) break;
        await parts.runner.apply(page.events);
        checkpoint = page.checkpoint;
      }
    });
    afterAll(() => close?.());

    it('are written in this build’s wording by the projection', async () => {
      const rows = await chunks();
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((r) => r.wording === STEP_WORDING)).toBe(true);
    });

    it('are described again when read, and rewritten in this build’s wording', async () => {
      const current = await chunks();
      const expected = await new ReplayReader(sql).steps(gameId);
      // What an older release stored: other lines, and no wording (rows from before migration 0096).
      for (const row of current) {
        const old = row.steps.map((s) => [...s.slice(0, 6), `an older line for ${s[0]}`]);
        await sql`update rm_replay_step_chunks set steps = ${JSON.stringify(old)}::text::json, wording = 0 where game_id = ${gameId} and chunk = ${row.chunk}`;
      }
      // A reader without the catalogs cannot describe a game again: it serves what is stored.
      expect((await new ReplayReader(sql).steps(gameId))[0]!.description).toMatch(/^an older line for /);

      const reader = new ReplayReader(sql, (system, ref, db) => parts.catalogs.resolve(system, ref, db));
      expect(await reader.steps(gameId)).toEqual(expected);
      const rewritten = await chunks();
      expect(rewritten).toEqual(current);
      expect(await reader.steps(gameId)).toEqual(expected);
    });

    it('leave a chunk that changed since it was read as it now is', async () => {
      const [first] = await chunks();
      // One step fewer than its events: as if a projector had rewritten the chunk meanwhile.
      const shorter = first!.steps.slice(0, -1).map((s) => [...s.slice(0, 6), 'an older line']);
      await sql`update rm_replay_step_chunks set steps = ${JSON.stringify(shorter)}::text::json, wording = 0 where game_id = ${gameId} and chunk = ${first!.chunk}`;
      const reader = new ReplayReader(sql, (system, ref, db) => parts.catalogs.resolve(system, ref, db));
      const steps = await reader.steps(gameId);
      // Served fresh, and the chunk left alone: what it holds is not what was described.
      expect(steps.every((s) => s.description !== 'an older line')).toBe(true);
      const [after] = await chunks();
      expect(after!.wording).toBe(0);
    });
  });
}

onBothDatabases('cardlog_wording', suite, 2);
