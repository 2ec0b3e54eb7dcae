// `GET /v1/games/:id/state?step=N` on a long game (a step drawn at random each request), against the
// cheapest round trip the API answers: an unknown route's 404 (routing, filters, serialisation).
// Target from the issue: a seek costs at most 2× the empty round trip, i.e. ratio ≥ 0.5.
import { flag, latencies, mintToken, quantile, ratioOf, record, require, rounds, scratchDatabase, startApi } from './common.mjs';
import { Prng } from './prng.mjs';

const postgres = require('postgres');
const { simulateGames } = require('@cardlog/rules');
const { migrate } = require('@cardlog/store');

const candidates = flag('games', 60, 3);
const requests = flag('requests', 100, 5);
const db = await scratchDatabase('seek');
let api;
try {
  const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
  await migrate(sql);
  await sql.end();
  const token = await mintToken(db.url);
  api = await startApi(db.url);
  // The longest of a few simulated games.
  const document = simulateGames(candidates, flag('seed', 3))
    .map((g) => g.document)
    .sort((a, b) => b.events.length - a.events.length)[0];
  const posted = await fetch(`${api.url}/v1/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(document),
  });
  if (posted.status !== 201) throw new Error(`upload answered ${posted.status}: ${await posted.text()}`);
  const { id, events } = await posted.json();
  // The in-process projection builds the replay's snapshots after the commit (and its relay waits
  // out the lock's takeover delay after a start): wait until the replay is projected (its steps
  // and snapshots are written together), or the bench would time folds from the first event. A
  // seek's `folded` cannot tell: the API keeps the board it answered, so a second seek folds nothing.
  for (let tries = 0; ; tries++) {
    const r = await fetch(`${api.url}/v1/games/${id}/replay`);
    const body = r.status === 200 ? await r.json() : (await r.arrayBuffer(), null);
    if (body && body.projected === events) break;
    if (tries > 3000) throw new Error(`the replay of ${id} was never projected (${r.status}, projected ${body?.projected} of ${events})`);
    await new Promise((res) => setTimeout(res, 20));
  }
  const empty = await fetch(`${api.url}/v1/bench-empty-round-trip`);
  await empty.arrayBuffer();
  if (empty.status !== 404) throw new Error(`the empty round trip answered ${empty.status}, not 404`);

  const random = new Prng(flag('seed', 3));
  const get = async (path) => {
    const r = await fetch(`${api.url}${path}`);
    await r.arrayBuffer();
  };
  // Two ways to seek: a step drawn at random each request (the figure the target is for), and a
  // replay stepped through one step after another from a random start, as a reader of it does.
  // The API keeps recent boards of finished games: a random seek folds from the nearest one it
  // holds, a step forward from the previous board.
  let next = 0;
  const seeks = {
    random: () => 1 + random.below(events),
    stepping: (i) => (i === 0 ? (next = 1 + random.below(events)) : (next = (next % events) + 1)),
  };
  const p50 = { random: [], stepping: [], empty: [] };
  for (let round = 0; round < rounds(); round++) {
    p50.empty.push(quantile(await latencies(() => get('/v1/bench-empty-round-trip'), requests), 0.5));
    for (const [name, stepOf] of Object.entries(seeks)) {
      p50[name].push(quantile(await latencies((i) => get(`/v1/games/${id}/state?step=${stepOf(i)}`), requests), 0.5));
    }
  }
  // Latencies: the ratio is empty ÷ seek, so higher is better like every other ratio.
  const inputs = { system: 'born-from-blood', events, requestsPerRound: requests };
  const baseline = { label: 'empty HTTP round trip (404), p50', unit: 'ms', values: p50.empty };
  record({
    path: '/state?step=N (seek)',
    inputs,
    subject: { label: 'GET /state?step=N, p50', unit: 'ms', values: p50.random },
    baseline,
    ratio: ratioOf(p50.empty, p50.random),
    target: 0.5,
    notes: 'ratio = empty p50 ÷ seek p50 (0.5 = a seek costs twice an empty round trip); N at random',
  });
  record({
    path: '/state?step=N+1 (stepping through)',
    inputs,
    subject: { label: 'GET /state?step=N+1, p50', unit: 'ms', values: p50.stepping },
    baseline,
    ratio: ratioOf(p50.empty, p50.stepping),
    target: null,
    notes: 'the same game stepped forward one step a request, from a random start',
  });
} finally {
  await api?.stop();
  await db.drop();
}
