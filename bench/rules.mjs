// Rules replay with validation (every action decided, every event evolved) against JSON.parse of the
// same documents' text, per game system; and the whole upload check (parse + schema + replay).
// Timed by this process's CPU time (its GC threads included), so load from other processes does not count.
import { flag, interleave, ratioOf, record, require, rounds, simulatedTexts, smoke } from './common.mjs';

const { parseGameDocument } = require('@cardlog/events');
const { replay, registeredGames } = require('@cardlog/rules');

const games = flag('games', 200, 4);
const seed = flag('seed', 20261129);
// --system=NAME[,NAME…]: only these systems (in the registry's order).
const only = process.argv.find((a) => a.startsWith('--system='))?.slice('--system='.length).split(',');
// The line each game's replay is held to: 1.0 against JSON.parse for the engines of issues 11, 12
// and 13; Born from Blood's is 0.5 since issue 17 (1.0 its aim), as bench/README.md's table says.
const TARGETS = { 'born-from-blood': 0.5 };

for (const game of registeredGames()) {
  const system = game.system.id;
  if (!game.simulator || (only && !only.includes(system))) continue;
  // Multi-player games mix every supported table size.
  const counts = game.simulator.playerCounts;
  // Simulated on a worker, as the platform's upload workers never simulate (bench/simulate-worker.mjs).
  const texts = (await Promise.all(counts.map((players, i) => simulatedTexts(system, Math.ceil(games / counts.length), seed + i, { players })))).flat().slice(0, games);
  // The replay gets the documents as an upload has them: parsed from their text.
  const uploaded = texts.map((t) => JSON.parse(t));
  const events = uploaded.reduce((n, d) => n + d.events.length, 0);
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);

  // Each timed call goes over the documents `passes` times, so a round lasts long enough (≥ ~50 ms
  // of CPU) for the timer's grain and a stray GC not to decide it.
  const passes = smoke ? 1 : Math.max(1, Math.ceil(200_000 / events));
  const rates = await interleave(
    {
      parse: () => {
        for (let p = 0; p < passes; p++) for (const t of texts) JSON.parse(t);
        return events * passes;
      },
      replay: () => {
        for (let p = 0; p < passes; p++) for (const d of uploaded) if (replay(d).failure) throw new Error(`a simulated ${system} game failed to replay`);
        return events * passes;
      },
      full: () => {
        for (const t of texts) {
          const parsed = parseGameDocument(t);
          if (!parsed.ok || replay(parsed.document).failure) throw new Error(`a simulated ${system} game failed`);
        }
        return events;
      },
    },
    { rounds: rounds(9), clock: 'cpu', warmup: 'steady' },
  );
  const inputs = { system, games: uploaded.length, events, bytes };
  const baseline = { label: 'JSON.parse of the same text', unit: 'events per CPU-second', values: rates.parse };
  record({
    path: `rules replay with validation · ${system}`,
    inputs,
    subject: { label: 'replay (decide + evolve every event)', unit: 'events per CPU-second', values: rates.replay },
    baseline,
    ratio: ratioOf(rates.replay, rates.parse),
    target: TARGETS[system] ?? 1,
  });
  record({
    path: `upload check (parse + schema + replay) · ${system}`,
    inputs,
    subject: { label: 'parseGameDocument + replay', unit: 'events per CPU-second', values: rates.full },
    baseline,
    ratio: ratioOf(rates.full, rates.parse),
    target: null,
  });
}
