import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulateGames } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { EXIT, Io } from '../io';

export const SIMULATE_USAGE = 'cardlog simulate --system born-from-blood --games N --seed S [--out DIR] [--max-events M]';

const SIMULATORS = ['born-from-blood'] as const;

/** `simulate`: plays seeded bot games and writes each as a cardlog/1 document `<system>-<seed>-<n>.json`. */
export function simulateCommand(argv: readonly string[], io: Io): number {
  const { positionals, options } = parseArgs(argv, { system: 'string', games: 'integer', seed: 'integer', out: 'string', 'max-events': 'integer' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const system = (options.system as string | undefined) ?? 'born-from-blood';
  if (!(SIMULATORS as readonly string[]).includes(system)) throw new UsageError(`no simulator for system "${system}" (have: ${SIMULATORS.join(', ')})`);
  const games = (options.games as number | undefined) ?? 1;
  const seed = (options.seed as number | undefined) ?? 1;
  if (games < 1) throw new UsageError('--games must be at least 1');
  const maxEvents = options['max-events'] as number | undefined;

  const played = simulateGames(games, seed, maxEvents === undefined ? {} : { maxEvents });
  const out = options.out as string | undefined;
  if (out) {
    mkdirSync(out, { recursive: true });
    played.forEach((game, i) => writeFileSync(join(out, `${system}-${seed}-${i + 1}.json`), `${JSON.stringify(game.document, null, 2)}\n`));
  }
  const endings = { hp: 0, deckOut: 0, draw: 0, concede: 0 };
  let events = 0;
  for (const game of played) {
    endings[game.ending]++;
    events += game.document.events.length;
  }
  const rate = ((games - endings.concede) / games) * 100;
  io.out(`games ${games}`);
  io.out(`win-condition rate ${rate.toFixed(1)}% (hp ${endings.hp}, deckOut ${endings.deckOut}, draw ${endings.draw}, concede ${endings.concede})`);
  io.out(`events ${events} (${(events / games).toFixed(1)} per game)`);
  if (out) io.out(`wrote ${games} documents to ${out}`);
  return EXIT.ok;
}
