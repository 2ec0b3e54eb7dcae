// Rules replay with validation (every action decided, every event evolved) against JSON.parse of the
// same documents' text, per game system; and the whole upload check (parse + schema + replay).
import { flag, interleave, ratioOf, record, require } from './common.mjs';

const { parseGameDocument } = require('@cardlog/events');
const { replay, registeredGames, simulateDocuments } = require('@cardlog/rules');

const games = flag('games', 200, 4);
const seed = flag('seed', 20261129);
const only = process.argv.find((a) => a.startsWith('--system='))?.slice('--system='.length);

for (const game of registeredGames()) {
  const system = game.system.id;
  if (!game.simulator || (only && only !== system)) continue;
  // Multi-player games mix every supported table size.
  const counts = game.simulator.playerCounts;
  const documents = counts
    .flatMap((players, i) => simulateDocuments(system, Math.ceil(games / counts.length), seed + i, { players }).map((g) => g.document))
    .slice(0, games);
  const texts = documents.map((d) => JSON.stringify(d));
  const events = documents.reduce((n, d) => n + d.events.length, 0);
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);

  const rates = await interleave({
    parse: () => {
      for (const t of texts) JSON.parse(t);
      return events;
    },
    replay: () => {
      for (const d of documents) if (replay(d).failure) throw new Error(`a simulated ${system} game failed to replay`);
      return events;
    },
    full: () => {
      for (const t of texts) {
        const parsed = parseGameDocument(t);
        if (!parsed.ok || replay(parsed.document).failure) throw new Error(`a simulated ${system} game failed`);
      }
      return events;
    },
  });
  const inputs = { system, games: documents.length, events, bytes };
  const baseline = { label: 'JSON.parse of the same text', unit: 'events/s', values: rates.parse };
  record({
    path: `rules replay with validation · ${system}`,
    inputs,
    subject: { label: 'replay (decide + evolve every event)', unit: 'events/s', values: rates.replay },
    baseline,
    ratio: ratioOf(rates.replay, rates.parse),
    target: 0.5,
  });
  record({
    path: `upload check (parse + schema + replay) · ${system}`,
    inputs,
    subject: { label: 'parseGameDocument + replay', unit: 'events/s', values: rates.full },
    baseline,
    ratio: ratioOf(rates.full, rates.parse),
    target: null,
  });
}
