// The benches' inputs, made on a worker thread: simulated documents as their JSON text, or a store
// filled by uploading simulated games. The isolate a bench times never runs the simulator, as no
// isolate of the platform that replays or projects does (the API simulates its demo on a worker).
// Simulating in the timed isolate teaches V8 the simulator's object shapes at the rules' own
// property reads: a Devacurse replay after simulating 200 games in its process ran 7–8% slower.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(join(fileURLToPath(new URL('..', import.meta.url)), 'package.json'));

async function run(job) {
  switch (job.kind) {
    case 'texts': {
      const { simulateDocuments } = require('@cardlog/rules');
      return simulateDocuments(job.system, job.games, job.seed, job.options).map((g) => JSON.stringify(g.document));
    }
    case 'store': {
      const postgres = require('postgres');
      const { CatalogRepository, GameRecorder } = require('@cardlog/recording');
      const { simulateGames } = require('@cardlog/rules');
      const { EventStore, migrate } = require('@cardlog/store');
      const sql = postgres(job.databaseUrl, { max: 1, onnotice: () => undefined });
      try {
        await migrate(sql);
        const recorder = new GameRecorder(sql, new EventStore(sql), new CatalogRepository(sql));
        const principal = { tokenId: 'bench', name: 'bench', tournaments: null };
        for (const { document } of simulateGames(job.games, job.seed)) await recorder.upload(document, { principal });
        return null;
      } finally {
        await sql.end();
      }
    }
    default:
      throw new Error(`unknown job ${job.kind}`);
  }
}

run(workerData).then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
