// Replay-with-validation against JSON.parse of the same simulated logs, per game system.
// Baseline: JSON.parse alone. Target: ratio (replay events/s ÷ parse events/s) ≥ 1.0.
import { createRequire } from 'node:module';
import { flag, median, perSecond, report } from './common.mjs';

const require = createRequire(import.meta.url);
const { parseGameDocument } = require('@cardlog/events');
const { replay, registeredGames, simulateDocuments } = require('@cardlog/rules');

const games = flag('games', 200);
const seed = flag('seed', 20261129);
const only = process.argv.find((a) => a.startsWith('--system='))?.slice('--system='.length);

for (const game of registeredGames()) {
  const system = game.system.id;
  if (!game.simulator || (only && only !== system)) continue;
  // Multi-player games mix every supported table size.
  const documents = game.simulator.playerCounts.flatMap((players, i) =>
    simulateDocuments(system, Math.ceil(games / game.simulator.playerCounts.length), seed + i, { players }).map((g) => g.document),
  ).slice(0, games);
  const texts = documents.map((d) => JSON.stringify(d));
  const events = documents.reduce((n, d) => n + d.events.length, 0);
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);

  const parseMs = await median(() => {
    for (const t of texts) JSON.parse(t);
  });
  const replayMs = await median(() => {
    for (const d of documents) if (replay(d).failure) throw new Error(`a simulated ${system} game failed to replay`);
  });
  const fullMs = await median(() => {
    for (const t of texts) {
      const parsed = parseGameDocument(t);
      if (!parsed.ok || replay(parsed.document).failure) throw new Error(`a simulated ${system} game failed`);
    }
  });

  const parseRate = perSecond(events, parseMs);
  const replayRate = perSecond(events, replayMs);
  const fullRate = perSecond(events, fullMs);
  report([
    ['system', system],
    ['games / events / MB', `${documents.length} / ${events} / ${(bytes / 1e6).toFixed(1)}`],
    ['JSON.parse (baseline)', `${parseRate.toLocaleString('en')} events/s`],
    ['replay with validation', `${replayRate.toLocaleString('en')} events/s`],
    ['parse + schema + replay', `${fullRate.toLocaleString('en')} events/s`],
    ['ratio replay / JSON.parse', `${(replayRate / parseRate).toFixed(2)} (target ≥ 1.0)`],
    ['ratio full / JSON.parse', `${(fullRate / parseRate).toFixed(2)}`],
  ]);
}
