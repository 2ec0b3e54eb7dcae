// Simulates the demo tournaments off the main thread, so the server keeps answering while the
// bots play: one message per bundle, in the order asked for.
import { parentPort, workerData } from 'node:worker_threads';
import { DEMO_TOURNAMENTS, simulateDemoTournament } from '@cardlog/rules';

for (const id of (workerData as { ids: string[] }).ids) {
  const plan = DEMO_TOURNAMENTS.find((p) => p.id === id);
  if (plan) parentPort!.postMessage({ id, bundle: simulateDemoTournament(plan) });
}
