import { BUNDLE_LIMITS, GameDocument, MatchPairing, Pairing, TOURNAMENT_FORMAT, TournamentBundle, TournamentPlayer, TournamentRound } from '@cardlog/events';
import { Prng } from '../prng';
import { deckRegistrationOf } from '../game-plugin';
import { findGame } from '../registry';
import { replay } from '../replay';
import { systemName } from '../words';
import { MatchResult, computeStandings } from './standings';
import { pairSwissRound } from './swiss';
import { bracketRound, topCutRounds, topCutSeeds } from './top-cut';

export interface SimulateTournamentOptions {
  readonly system: string;
  readonly players?: number;
  readonly rounds?: number;
  readonly bestOf?: 1 | 3 | 5;
  readonly seed?: number;
  readonly id?: string;
  readonly name?: string;
  /** `YYYY-MM-DD`; rounds are an hour apart from 10:00 UTC. */
  readonly startDate?: string;
  /** Players who go on to the top cut (8 by default for 16 players or more; 0 for none). */
  readonly topCut?: number;
  /** Play the top cut's rounds after the Swiss ones (a bundle of the Swiss rounds only otherwise). */
  readonly playTopCut?: boolean;
  /** How many players drop midway (after the middle round); one by default when there are 8 or more. */
  readonly drops?: number;
}

const FIRST_NAMES = [
  'Anong', 'Somchai', 'Kanya', 'Niran', 'Pim', 'Arthit', 'Malee', 'Chai', 'Dao', 'Kiet', 'Lamai', 'Prasert', 'Ratana', 'Sakda',
  'Thida', 'Wichai', 'Yui', 'Boon', 'Ploy', 'Tawan', 'Aiko', 'Ben', 'Clara', 'Diego', 'Elif', 'Finn', 'Greta', 'Hugo', 'Ines',
  'Jonas', 'Kenji', 'Lena', 'Marco', 'Nadia', 'Oskar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Viktor', 'Wen', 'Yara',
];
const FAMILY_NAMES = [
  'Srisuk', 'Chaiyaporn', 'Wongsa', 'Rattanakul', 'Boonmee', 'Sukjai', 'Thongdee', 'Kittisak', 'Phrom', 'Saelim', 'Tanaka',
  'Okafor', 'Lindqvist', 'Moreau', 'Kowalski', 'Haddad', 'Novak', 'Santos', 'Fischer', 'Ivanova', 'Nakamura', 'Costa', 'Brandt',
];

/**
 * A seeded Swiss tournament played by the system's bots, as a bundle ready to upload: a believable
 * field (named players, archetypes of uneven popularity), Swiss pairings (same points, no rematches,
 * the bye to the lowest player without one), a midway drop, every match played game by game to the
 * needed wins, and each player's registered list taken from the deck they registered in their games.
 * In later games of a match the previous game's loser chooses to go first (after a draw, the game's own method).
 */
export function simulateTournament(options: SimulateTournamentOptions): TournamentBundle {
  const plugin = findGame(options.system);
  const simulator = plugin?.simulator;
  if (!plugin || !simulator) throw new Error(`no simulator for system "${options.system}"`);
  if (!simulator.playerCounts.includes(2)) throw new Error(`the ${options.system} simulator does not play two-player games`);
  const count = options.players ?? 32;
  const rounds = options.rounds ?? 5;
  const bestOf = options.bestOf ?? 3;
  const seed = options.seed ?? 1;
  if (count < 2) throw new Error('a tournament needs at least 2 players');
  if (rounds < 1) throw new Error('a tournament needs at least 1 round');
  const prng = new Prng(seed);
  const id = options.id ?? `sim-${options.system}-${seed}`;
  const startDate = options.startDate ?? '2026-11-28';
  const needed = Math.ceil(bestOf / 2);

  // Archetypes of uneven popularity: the first demo decks are played more.
  const decks = simulator.demoDecks;
  const weightOf = (i: number) => decks.length - i + 1;
  const names = prng.shuffle(FIRST_NAMES.flatMap((first) => FAMILY_NAMES.map((family) => `${first} ${family}`))).slice(0, count);
  const field = names.map((name, i) => ({
    id: `P${String(i + 1).padStart(3, '0')}`,
    name,
    deck: decks[prng.weighted(decks.map((_, j) => j), weightOf)]!,
  }));
  const byId = new Map(field.map((p) => [p.id, p]));

  const opponents = new Map(field.map((p) => [p.id, new Set<string>()]));
  const hadBye = new Set<string>();
  const dropped = new Set<string>();
  const lists = new Map<string, Record<string, unknown>>();
  const registration = deckRegistrationOf(plugin);
  const results: { round: number; a: string; b: string | null; winsA: number; winsB: number; draws: number }[] = [];
  const bundleRounds: TournamentRound[] = [];
  const dropCount = options.drops ?? (count >= 8 ? 1 : 0);
  const dropAfter = Math.max(1, Math.ceil(rounds / 2));

  for (let round = 1; round <= rounds; round++) {
    const standings = computeStandings({ players: field, matches: results, byeGameWins: needed });
    const points = new Map(standings.map((s) => [s.playerId, s.points]));
    const active = field.filter((p) => !dropped.has(p.id));
    const pairing = pairSwissRound(
      active.map((p) => ({ id: p.id, points: points.get(p.id) ?? 0, opponents: opponents.get(p.id)!, hadBye: hadBye.has(p.id) })),
      new Prng(Prng.derive(seed, 1000 + round)),
    );
    const pairings: Pairing[] = [];
    pairing.pairs.forEach(([a, b], i) => {
      const table = i + 1;
      opponents.get(a)!.add(b);
      opponents.get(b)!.add(a);
      const games = playMatch(id, round, table, byId.get(a)!, byId.get(b)!, Prng.derive(seed, round * 1000 + table));
      results.push({ round, a, b, winsA: games.wins[a]!, winsB: games.wins[b]!, draws: games.draws });
      for (const doc of games.documents) {
        for (const player of doc.players) {
          if (player.id && !lists.has(player.id)) {
            const registered = doc.events.find((e) => e.type === registration && e.player === player.seat);
            if (registered) lists.set(player.id, registered.payload as Record<string, unknown>);
          }
        }
      }
      const match: MatchPairing = { table, players: [a, b], games: games.documents as unknown as Record<string, unknown>[] };
      pairings.push(match);
    });
    if (pairing.bye) {
      hadBye.add(pairing.bye);
      results.push({ round, a: pairing.bye, b: null, winsA: 0, winsB: 0, draws: 0 });
      pairings.push({ bye: pairing.bye });
    }
    const drops: string[] = [];
    if (round === dropAfter && round < rounds && dropCount > 0) {
      const after = computeStandings({ players: field, matches: results, byeGameWins: needed });
      for (const s of after.filter((x) => !dropped.has(x.playerId)).slice(-dropCount)) drops.push(s.playerId);
      drops.forEach((d) => dropped.add(d));
    }
    bundleRounds.push({ number: round, pairings, ...(drops.length ? { drops } : {}) });
  }

  const topCut = options.topCut ?? (count >= 16 ? 8 : undefined);
  if (options.playTopCut && topCut) {
    // Single elimination, seeded from the final Swiss standings: each round pairs the bracket's
    // neighbours still in, the higher seed first; an empty place is a bye.
    const seeds = topCutSeeds({ players: field, results, dropped, swissRounds: rounds, topCut, byeGameWins: needed });
    const cutResults: MatchResult[] = [];
    for (let stage = 1; stage <= topCutRounds(topCut); stage++) {
      const round = rounds + stage;
      const bracket = bracketRound(seeds, topCut, stage, cutResults);
      const blocks = new Map<number, { id: string; seed: number }[]>();
      for (const [id, place] of [...bracket.players].sort((x, y) => x[1].slot - y[1].slot)) {
        const key = Math.floor(place.slot / bracket.block);
        blocks.set(key, [...(blocks.get(key) ?? []), { id, seed: place.seed }]);
      }
      const pairings: Pairing[] = [];
      let table = 0;
      for (const block of blocks.values()) {
        if (block.length === 1) {
          pairings.push({ bye: block[0]!.id });
          cutResults.push({ round, a: block[0]!.id, b: null, winsA: 0, winsB: 0, draws: 0 });
          continue;
        }
        const [a, b] = [...block].sort((x, y) => x.seed - y.seed).map((p) => p.id) as [string, string];
        table += 1;
        const games = playMatch(id, round, table, byId.get(a)!, byId.get(b)!, Prng.derive(seed, round * 1000 + table), true);
        cutResults.push({ round, a, b, winsA: games.wins[a]!, winsB: games.wins[b]!, draws: games.draws });
        pairings.push({ table, players: [a, b], games: games.documents as unknown as Record<string, unknown>[] });
      }
      bundleRounds.push({ number: round, pairings });
    }
  }

  const players: TournamentPlayer[] = field.map((p) => {
    const list = lists.get(p.id);
    return { id: p.id, name: p.name, ...(list ? { deck: { name: p.deck.name, archetype: p.deck.archetype, list } } : {}) };
  });
  const firstDoc = bundleRounds.flatMap((r) => r.pairings).find((x): x is MatchPairing => 'games' in x && !!x.games)?.games?.[0] as GameDocument | undefined;
  const days = Math.floor((bundleRounds.length - 1) / 8);
  return {
    format: TOURNAMENT_FORMAT,
    tournament: {
      id,
      name: options.name ?? `${systemName(options.system)} simulated open #${seed}`,
      system: options.system,
      rulesVersion: firstDoc?.rulesVersion ?? plugin.system.rulesVersions[0]!,
      startDate,
      ...(days > 0 ? { endDate: addDays(startDate, days) } : {}),
      format: { swissRounds: rounds, ...(topCut ? { topCut } : {}) },
      bestOf,
    },
    ...(firstDoc && typeof firstDoc.catalog === 'string' ? { catalog: firstDoc.catalog } : {}),
    players,
    rounds: bundleRounds,
  };

  /** A match to the needed wins; `untilDecided` (a top cut's) plays on past drawn games until it has a winner. */
  function playMatch(tournament: string, round: number, table: number, a: (typeof field)[number], b: (typeof field)[number], matchSeed: number, untilDecided = false) {
    const wins: Record<string, number> = { [a.id]: 0, [b.id]: 0 };
    let draws = 0;
    const documents: GameDocument[] = [];
    let firstSeat: string | undefined;
    const lastGame = () => Math.min(BUNDLE_LIMITS.maxGamesPerMatch, bestOf + (untilDecided ? draws : 0));
    for (let gameNumber = 1; gameNumber <= lastGame() && wins[a.id]! < needed && wins[b.id]! < needed; gameNumber++) {
      const playedAt = `${startDate}T${String(10 + Math.min(round - 1, 13)).padStart(2, '0')}:${String((gameNumber - 1) * 15).padStart(2, '0')}:00Z`;
      const simulated = simulator!.simulate({
        seed: Prng.derive(matchSeed, gameNumber),
        seats: [
          { id: a.id, name: a.name, deck: a.deck.name },
          { id: b.id, name: b.name, deck: b.deck.name },
        ],
        ...(firstSeat ? { firstSeat } : {}),
        game: { tournament, round, table, match: `${tournament}-r${round}-t${table}`, gameNumber, bestOf, playedAt },
      });
      const document = simulated.document;
      documents.push(document);
      const outcome = simulated.outcome !== undefined ? simulated.outcome : replay(document).outcome;
      const winnerSeat = outcome?.result === 'win' ? outcome.winner : null;
      const seatOf = (id: string) => document.players.find((p) => p.id === id)?.seat;
      if (winnerSeat === seatOf(a.id)) wins[a.id]! += 1;
      else if (winnerSeat === seatOf(b.id)) wins[b.id]! += 1;
      else draws += 1;
      // The loser of this game chooses to go first in the next; after a draw, the game's own fair method.
      firstSeat = winnerSeat === null ? undefined : winnerSeat === 'p1' ? 'p2' : 'p1';
    }
    if (untilDecided && wins[a.id] === wins[b.id]) throw new Error(`top-cut match ${tournament} round ${round} table ${table} ended without a winner after ${documents.length} games`);
    return { wins, draws, documents };
  }
}

/** The seat that went first, as the log records it (the first payload naming a `firstPlayer`). */
export function firstPlayerSeat(document: Pick<GameDocument, 'events'>): string | null {
  for (const event of document.events) {
    const payload = event.payload as { firstPlayer?: unknown } | null;
    if (payload && typeof payload === 'object' && typeof payload.firstPlayer === 'string') return payload.firstPlayer;
  }
  return null;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
