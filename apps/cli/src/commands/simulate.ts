import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Prng, findSimulator, registeredGames, simulateDocuments, simulateMatch } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { EXIT, Io } from '../io';

export const SIMULATE_USAGE = 'cardlog simulate --system SYSTEM --games N --seed S [--players P] [--best-of B] [--out DIR] [--max-events M]';

/**
 * `simulate`: plays seeded bot games and writes each as a cardlog/1 document `<system>-<seed>-<n>.json`.
 * With `--best-of B`, plays N matches instead, written `<system>-<seed>-<match>-<game>.json`.
 */
export function simulateCommand(argv: readonly string[], io: Io): number {
  const { positionals, options } = parseArgs(argv, { system: 'string', games: 'integer', seed: 'integer', players: 'integer', 'best-of': 'integer', out: 'string', 'max-events': 'integer' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const system = (options.system as string | undefined) ?? 'born-from-blood';
  const simulator = findSimulator(system);
  if (!simulator) {
    const have = registeredGames().filter((g) => g.simulator).map((g) => g.system.id);
    throw new UsageError(`no simulator for system "${system}" (have: ${have.join(', ')})`);
  }
  const games = (options.games as number | undefined) ?? 1;
  const seed = (options.seed as number | undefined) ?? 1;
  if (games < 1) throw new UsageError('--games must be at least 1');
  const players = options.players as number | undefined;
  if (players !== undefined && !simulator.playerCounts.includes(players)) {
    throw new UsageError(`--players for ${system} must be one of ${simulator.playerCounts.join(', ')}`);
  }
  const maxEvents = options['max-events'] as number | undefined;

  const bestOf = options['best-of'] as number | undefined;
  if (bestOf !== undefined && bestOf < 1) throw new UsageError('--best-of must be at least 1');
  const rest = { ...(players === undefined ? {} : { players }), ...(maxEvents === undefined ? {} : { maxEvents }) };
  const named =
    bestOf === undefined
      ? simulateDocuments(system, games, seed, rest).map((game, i) => ({ game, file: `${system}-${seed}-${i + 1}.json` }))
      : Array.from({ length: games }, (_, m) => simulateMatch(system, Prng.derive(seed, m), bestOf, rest).map((game, g) => ({ game, file: `${system}-${seed}-${m + 1}-${g + 1}.json` }))).flat();
  const played = named.map((n) => n.game);
  const out = options.out as string | undefined;
  if (out) {
    mkdirSync(out, { recursive: true });
    for (const { game, file } of named) writeFileSync(join(out, file), `${JSON.stringify(game.document, null, 2)}\n`);
  }
  const endings = new Map<string, number>();
  let events = 0;
  let byRule = 0;
  for (const game of played) {
    endings.set(game.ending, (endings.get(game.ending) ?? 0) + 1);
    events += game.document.events.length;
    if (game.byWinCondition) byRule++;
  }
  const rate = (byRule / played.length) * 100;
  const counts = [...endings].map(([ending, n]) => `${ending} ${n}`).join(', ');
  io.out(bestOf === undefined ? `games ${games}` : `matches ${games} (best of ${bestOf}), games ${played.length}`);
  io.out(`win-condition rate ${rate.toFixed(1)}% (${counts})`);
  io.out(`events ${events} (${(events / played.length).toFixed(1)} per game)`);
  if (out) io.out(`wrote ${played.length} documents to ${out}`);
  return EXIT.ok;
}
