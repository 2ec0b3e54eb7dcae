import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Prng, counted, endingWords, findSimulator, registeredGames, simulateDocuments, simulateMatch, simulateTournament } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { EXIT, Io } from '../io';

export const SIMULATE_USAGE =
  'cardlog simulate --system SYSTEM --games N --seed S [--players P] [--best-of B] [--out DIR] [--max-events M]\n' +
  '  cardlog simulate --tournament [ID] --system SYSTEM [--players 32] [--rounds 5] [--best-of 1|3|5] [--seed S] [--top-cut N] [--out FILE]   a Swiss event (and its top N) as a bundle';

/**
 * `simulate`: plays seeded bot games and writes each as a cardlog/1 document `<system>-<seed>-<n>.json`.
 * With `--best-of B`, plays N matches instead, written `<system>-<seed>-<match>-<game>.json`.
 */
export function simulateCommand(argv: readonly string[], io: Io): number {
  if (argv.includes('--tournament')) return simulateTournamentCommand(argv, io);
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
  const counts = [...endings].map(([ending, n]) => `${n} ${simulatedEnding(ending, system)}`).join(', ');
  io.out(bestOf === undefined ? `games ${games}` : `matches ${games} (best of ${bestOf}), games ${played.length}`);
  io.out(`win-condition rate ${rate.toFixed(1)}% (${counts})`);
  io.out(`events ${events} (${(events / played.length).toFixed(1)} per game)`);
  if (out) io.out(`wrote ${counted(played.length, 'document')} to ${out}`);
  return EXIT.ok;
}

/**
 * How simulated games ended, for the summary: "180 HP reached 0, 12 deck-out, 3 drawn, 5 conceded at
 * the event cap". A simulator's `concede` is its bots conceding at the event cap, not a rule's ending.
 */
function simulatedEnding(ending: string, system: string): string {
  if (ending === 'concede') return 'conceded at the event cap';
  if (ending === 'draw') return 'drawn';
  return endingWords(ending, system);
}

/**
 * `simulate --tournament`: a seeded Swiss event played by the system's bots, written as one
 * cardlog-tournament/1 bundle (upload it with `cardlog upload FILE`).
 */
function simulateTournamentCommand(argv: readonly string[], io: Io): number {
  // `--tournament` takes an optional id: `--tournament --system x` or `--tournament my-open --system x`.
  const at = argv.indexOf('--tournament');
  const next = argv[at + 1];
  const id = next !== undefined && !next.startsWith('--') ? next : undefined;
  const rest = [...argv.slice(0, at), ...argv.slice(at + (id === undefined ? 1 : 2))];
  const { positionals, options } = parseArgs(rest, { system: 'string', seed: 'integer', players: 'integer', rounds: 'integer', 'best-of': 'integer', out: 'string', name: 'string', 'top-cut': 'integer' });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const system = (options.system as string | undefined) ?? 'born-from-blood';
  const simulator = findSimulator(system);
  if (!simulator || !simulator.playerCounts.includes(2)) {
    const have = registeredGames().filter((g) => g.simulator?.playerCounts.includes(2)).map((g) => g.system.id);
    throw new UsageError(`no two-player simulator for system "${system}" (have: ${have.join(', ')})`);
  }
  const bestOf = (options['best-of'] as number | undefined) ?? 3;
  if (bestOf !== 1 && bestOf !== 3 && bestOf !== 5) throw new UsageError('--best-of must be 1, 3 or 5');
  const players = (options.players as number | undefined) ?? 32;
  const rounds = (options.rounds as number | undefined) ?? 5;
  if (players < 2 || players > 1024) throw new UsageError('--players must be from 2 to 1024');
  if (rounds < 1 || rounds > 30) throw new UsageError('--rounds must be from 1 to 30');
  const seed = (options.seed as number | undefined) ?? 1;
  // --top-cut N plays a top N after the Swiss rounds; without it the bundle holds the Swiss rounds.
  const topCut = options['top-cut'] as number | undefined;
  if (topCut !== undefined && (topCut < 2 || topCut > Math.min(players, 256))) throw new UsageError(`--top-cut must be from 2 to ${Math.min(players, 256)} (the players)`);
  const bundle = simulateTournament({
    system,
    players,
    rounds,
    bestOf,
    seed,
    ...(id ? { id } : {}),
    ...(options.name ? { name: options.name as string } : {}),
    ...(topCut ? { topCut, playTopCut: true } : {}),
  });
  const out = (options.out as string | undefined) ?? `${bundle.tournament.id}.json`;
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeFileSync(out, `${JSON.stringify(bundle)}\n`);
  const games = bundle.rounds.reduce((n, r) => n + r.pairings.reduce((m, p) => m + ('games' in p ? (p.games?.length ?? 0) : 0), 0), 0);
  const cut = topCut ? ` and a top ${topCut} (${counted(bundle.rounds.length - rounds, 'round')})` : '';
  io.out(`tournament ${bundle.tournament.id}: ${counted(players, 'player')}, ${counted(rounds, 'Swiss round')}${cut}, best of ${bestOf}, ${counted(games, 'game')}`);
  io.out(`wrote ${out}`);
  return EXIT.ok;
}
