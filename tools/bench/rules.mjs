// Replay-with-validation against JSON.parse of the same simulated logs, for every registered game
// with a simulator. Baseline: JSON.parse alone. Target: ratio (replay events/s ÷ parse events/s) ≥ 1.0.
// --system=<id> limits the run to one game.
import { createRequire } from 'node:module';
import { flag, median, perSecond, report } from './common.mjs';

const require = createRequire(import.meta.url);
const { parseGameDocument } = require('@cardlog/events');
const { registeredGames, replay, simulateDocuments } = require('@cardlog/rules');

const games = flag('games', 200);
const seed = flag('seed', 20261129);
const only = process.argv.find((a) => a.startsWith('--system='))?.split('=')[1];
const systems = registeredGames()
  .filter((g) => g.simulator && (!only || g.system.id === only))
  .map((g) => g.system.id);

for (const [i, system] of systems.entries()) {
  const documents = simulateDocuments(system, games, seed).map((g) => g.document);
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
  if (i > 0) console.log('');
  report([
    ['system', system],
    ['games / events / MB', `${games} / ${events} / ${(bytes / 1e6).toFixed(1)}`],
    ['JSON.parse (baseline)', `${parseRate.toLocaleString('en')} events/s`],
    ['replay with validation', `${replayRate.toLocaleString('en')} events/s`],
    ['parse + schema + replay', `${fullRate.toLocaleString('en')} events/s`],
    ['ratio replay / JSON.parse', `${(replayRate / parseRate).toFixed(2)} (target ≥ 1.0)`],
    ['ratio full / JSON.parse', `${(fullRate / parseRate).toFixed(2)}`],
  ]);
}
