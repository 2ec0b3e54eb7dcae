import {
  GameDocument,
  LogEvent,
  MatchPairing,
  RecordedMatch,
  TournamentBundle,
  TournamentInfo,
  TournamentPlayer,
  TournamentRound,
  isBye,
  parseGameDocument,
} from '@cardlog/events';
import { deckRegistrationOf, type GamePlugin } from '../game-plugin';
import type { Catalog, GameHeader, Outcome } from '../game-system';
import type { DeckFacts } from '../insights';
import { findGame } from '../registry';
import { replay, resolveHeader } from '../replay';
import { counted, roundName } from '../words';
import { firstPlayerSeat } from './simulate-tournament';
import type { MatchResult } from './standings';
import { BracketRound, SeedingInput, bracketRound, meetIn, tiedAtCutLine, topCutRounds, topCutSeeds } from './top-cut';

/**
 * Why a bundle (or a round added later) is refused, pointing at the round, table, game and event.
 * `kind` maps to the HTTP status like a recording error: invalid 400, illegal 422, conflict 409,
 * not_found 404.
 */
export interface BundleFailure {
  readonly kind: 'invalid' | 'illegal' | 'conflict' | 'not_found';
  readonly code: string;
  readonly message: string;
  /** JSONPath into the bundle, e.g. `$.rounds[3].pairings[2].games[1].events[17]`. */
  readonly path: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A game of a validated match: its document and what its replay produced. */
export interface CheckedGame {
  readonly document: GameDocument;
  readonly applied: readonly LogEvent[];
  readonly outcome: Outcome | null;
  readonly gameNumber: number;
  readonly winner: string | null;
  readonly firstPlayer: string | null;
  readonly firstPlayerMethod: string | null;
  /** The log's own description of how the first player was chosen, where it gives one. */
  readonly firstPlayerDetail: string | null;
  /** The player who chose, where the log records a choice rather than a method. */
  readonly firstPlayerChosenBy: string | null;
}

export interface CheckedMatch extends Omit<RecordedMatch, 'games'> {
  readonly games: readonly CheckedGame[];
}

export interface CheckedRound {
  readonly round: number;
  readonly matches: readonly CheckedMatch[];
  readonly byes: readonly string[];
  readonly drops: readonly string[];
  /** The top cut's seeds, player ids from seed 1 on: on the cut's first round only. */
  readonly seeds?: readonly string[];
}

/** What rounds are checked against: the registration and what earlier rounds settled. */
export interface TournamentContext {
  readonly tournament: TournamentInfo;
  readonly players: readonly TournamentPlayer[];
  /** Players who dropped in earlier rounds. */
  readonly dropped: ReadonlySet<string>;
  /** The last round already recorded (0 for none). */
  readonly lastRound: number;
  /**
   * The results of the rounds already recorded, byes with `b` null (`resultsOf` a checked round
   * gives them): the top cut's rounds are seeded from the Swiss ones and go on from their own.
   */
  readonly results?: readonly MatchResult[];
}

export interface CheckOptions {
  /** Catalogs the rules do not ship, prefetched by the caller (the check itself is synchronous). */
  readonly resolveCatalog?: (ref: string) => Catalog | undefined;
  /** The game's plugin; the registry's by default (tests pass stand-ins for match rules). */
  readonly plugin?: GamePlugin;
}

export class BundleRejected extends Error {
  override readonly name = 'BundleRejected';
  constructor(readonly failure: BundleFailure) {
    super(failure.message);
  }
}

const reject = (kind: BundleFailure['kind'], code: string, path: string, message: string, details: Record<string, unknown> = {}): never => {
  throw new BundleRejected({ kind, code, message: `${path}: ${message}`, path, details });
};

/** The plugin of a tournament's system, or a rejection pointing at `$.tournament.system`. */
export function pluginFor(tournament: TournamentInfo, options: CheckOptions = {}): GamePlugin {
  const plugin = options.plugin ?? findGame(tournament.system);
  if (!plugin) return reject('invalid', 'UNSUPPORTED_SYSTEM', '$.tournament.system', `no rules engine for "${tournament.system}" in this build`);
  if (!plugin.system.rulesVersions.includes(tournament.rulesVersion)) {
    reject('invalid', 'UNKNOWN_RULES_VERSION', '$.tournament.rulesVersion', `${tournament.system} knows rules versions ${plugin.system.rulesVersions.join(', ')}, not "${tournament.rulesVersion}"`);
  }
  return plugin;
}

/**
 * Checks a tournament's registration: unique player ids and every registered list legal under the
 * system's construction rules (all violations of a list at once). Throws BundleRejected.
 */
export function checkRegistration(
  tournament: TournamentInfo,
  players: readonly TournamentPlayer[],
  catalogRef: string | undefined,
  options: CheckOptions = {},
): void {
  const plugin = pluginFor(tournament, options);
  const seen = new Set<string>();
  players.forEach((player, i) => {
    if (seen.has(player.id)) reject('invalid', 'PLAYER_REPEATED', `$.players[${i}].id`, `player id "${player.id}" is registered twice`);
    seen.add(player.id);
  });
  const withLists = players.map((p, i) => [p, i] as const).filter(([p]) => p.deck);
  if (withLists.length === 0) return;
  if (!catalogRef) reject('invalid', 'CATALOG_REQUIRED', '$.catalog', 'registered lists are checked against a catalog: name one in "catalog"');
  const catalog = catalogFor(plugin, catalogRef!, options, '$.catalog');
  if (!plugin.validateDeck) return;
  for (const [player, i] of withLists) {
    const violations = plugin.validateDeck(player.deck!.list, catalog);
    if (violations.length > 0) {
      reject('illegal', 'DECK_ILLEGAL', `$.players[${i}].deck.list`, `${player.name}'s list breaks ${counted(violations.length, 'construction rule')}: ${violations.map((v) => v.code).join(', ')}`, {
        player: player.id,
        violations: violations.map((v) => ({ code: v.code, message: v.message, details: v.details })),
      });
    }
  }
}

function catalogFor(plugin: GamePlugin, ref: string, options: CheckOptions, path: string): Catalog {
  const catalog = plugin.system.builtinCatalogs[ref] ?? options.resolveCatalog?.(ref);
  if (!catalog) return reject('not_found', 'UNKNOWN_CATALOG', path, `catalog "${ref}" is not known for ${plugin.system.id}`);
  return catalog;
}

/**
 * Checks a whole bundle as an upload of it is checked: its registration, then each round in order
 * against the ones before it (drops carried forward), replaying every game. Throws BundleRejected
 * at the first failure.
 */
export function checkBundle(bundle: TournamentBundle, options: CheckOptions = {}): CheckedRound[] {
  checkRegistration(bundle.tournament, bundle.players, bundle.catalog, options);
  const dropped = new Set<string>();
  const results: MatchResult[] = [];
  return bundle.rounds.map((round, i) => {
    const checked = checkRound({ tournament: bundle.tournament, players: bundle.players, dropped, lastRound: i, results }, round, `$.rounds[${i}]`, options);
    round.drops?.forEach((d) => dropped.add(d));
    results.push(...resultsOf(checked));
    return checked;
  });
}

/** A checked or recorded round's results, as standings and the bracket read them (a bye: `b` null). */
export function resultsOf(round: {
  readonly round: number;
  readonly matches: readonly Pick<RecordedMatch, 'players' | 'wins' | 'draws'>[];
  readonly byes: readonly string[];
}): MatchResult[] {
  return [
    ...round.matches.map((m) => ({ round: round.round, a: m.players[0], b: m.players[1], winsA: m.wins[m.players[0]] ?? 0, winsB: m.wins[m.players[1]] ?? 0, draws: m.draws })),
    ...round.byes.map((a) => ({ round: round.round, a, b: null, winsA: 0, winsB: 0, draws: 0 })),
  ];
}


/**
 * Checks one round against the tournament so far and replays every game of it. `path` is where the
 * round sits in the request (`$.rounds[2]` in a bundle, `$` for a round added on its own).
 */
export function checkRound(context: TournamentContext, round: TournamentRound, path: string, options: CheckOptions = {}): CheckedRound {
  const plugin = pluginFor(context.tournament, options);
  if (round.number !== context.lastRound + 1) {
    reject('conflict', 'ROUND_OUT_OF_ORDER', `${path}.number`, `round ${round.number} follows round ${context.lastRound}; expected round ${context.lastRound + 1}`, {
      round: round.number,
      expected: context.lastRound + 1,
    });
  }
  const { swissRounds, topCut } = context.tournament.format;
  const cutRounds = topCutRounds(topCut);
  if (round.number > swissRounds + cutRounds) {
    const cut = cutRounds ? ` and a top ${topCut} of ${cutRounds} round${cutRounds > 1 ? 's' : ''}` : ' and no top cut';
    reject('invalid', 'TOO_MANY_ROUNDS', `${path}.number`, `the tournament has ${swissRounds} Swiss rounds${cut}`, { round: round.number });
  }
  const registered = new Map(context.players.map((p) => [p.id, p]));
  // A round after the Swiss ones is one of the top cut's: who is still in, and who meets whom.
  const bracket = round.number > swissRounds ? bracketOf(context, round) : null;
  const stageName = roundName(round.number, swissRounds, topCut);
  const named = (id: string) => `${registered.get(id)?.name ?? id} ("${id}")`;
  const placed = new Map<string, string>();
  const tables = new Set<number>();
  const place = (id: string, at: string) => {
    if (!registered.has(id)) reject('invalid', 'UNKNOWN_PLAYER', at, `"${id}" is not a registered player`, { player: id, round: round.number });
    if (context.dropped.has(id)) reject('invalid', 'PLAYER_DROPPED', at, `"${id}" dropped in an earlier round`, { player: id, round: round.number });
    if (bracket && !bracket.players.has(id)) {
      const tied = bracket.stage === 1 ? tiedAtCutLine(seedingOf(context, round), id) : null;
      const why =
        bracket.stage > 1
          ? `is out of the top cut: beaten before the ${stageName}`
          : tied
            ? `is tied on every tiebreaker with seed ${tied.seed}, ${named(tied.playerId)}, at the line of the top ${topCut}, but no order of the tied players gives the ${stageName} as recorded`
            : `is not among the top ${topCut} of the final Swiss standings`;
      reject('invalid', 'NOT_IN_TOP_CUT', at, `${named(id)} ${why}`, { player: id, round: round.number });
    }
    const before = placed.get(id);
    if (before) reject('invalid', 'PLAYER_PAIRED_TWICE', at, `"${id}" is already paired in this round at ${before}`, { player: id, round: round.number });
    placed.set(id, at);
  };
  round.pairings.forEach((pairing, j) => {
    const at = `${path}.pairings[${j}]`;
    if (isBye(pairing)) {
      place(pairing.bye, `${at}.bye`);
      if (bracket && !bracket.byes.has(pairing.bye)) {
        reject('invalid', 'BRACKET_MISMATCH', `${at}.bye`, `${named(pairing.bye)} has an opponent in the ${stageName}: a top-cut bye is only for a seed with no one to meet`, { player: pairing.bye, round: round.number });
      }
      return;
    }
    if (tables.has(pairing.table)) reject('invalid', 'TABLE_REPEATED', `${at}.table`, `table ${pairing.table} is used twice in round ${round.number}`);
    tables.add(pairing.table);
    if (pairing.players[0] === pairing.players[1]) reject('invalid', 'PLAYER_PAIRED_TWICE', `${at}.players`, `a player cannot play themselves`);
    pairing.players.forEach((id, k) => place(id, `${at}.players[${k}]`));
    if (bracket) checkBracketPairing(bracket, pairing.players, named, `${at}.players`, stageName, round.number);
  });
  // Everyone still in plays every round: the Swiss field, or the top cut's survivors.
  const expected = bracket ? context.players.filter((p) => bracket.players.has(p.id)) : context.players;
  for (const player of expected) {
    if (!context.dropped.has(player.id) && !placed.has(player.id)) {
      reject('invalid', 'PLAYER_UNPAIRED', `${path}.pairings`, bracket
        ? `${player.name} ("${player.id}") is seed ${bracket.players.get(player.id)!.seed} of the top cut and neither paired nor given a bye in the ${stageName}`
        : `${player.name} ("${player.id}") is neither paired nor given a bye in round ${round.number}; list them in "drops" of the round they left`, {
        player: player.id,
        round: round.number,
      });
    }
  }
  const drops = round.drops ?? [];
  if (bracket && drops.length > 0) {
    reject('invalid', 'DROP_IN_TOP_CUT', `${path}.drops`, `a player leaves the top cut by losing a match (a concession is a lost match): the ${stageName} records no drops`, { round: round.number });
  }
  drops.forEach((id, k) => {
    if (!placed.has(id)) reject('invalid', 'UNKNOWN_PLAYER', `${path}.drops[${k}]`, `"${id}" does not play round ${round.number}, so cannot drop after it`, { player: id });
  });

  const matches: CheckedMatch[] = [];
  const byes: string[] = [];
  round.pairings.forEach((pairing, j) => {
    if (isBye(pairing)) byes.push(pairing.bye);
    else {
      const match = checkMatch(context, plugin, registered, round.number, pairing, `${path}.pairings[${j}]`, options);
      const [a, b] = match.players;
      if (bracket && match.wins[a] === match.wins[b]) {
        const drawn = match.draws ? ` with ${match.draws} drawn` : '';
        reject('illegal', 'TOP_CUT_UNDECIDED', `${path}.pairings[${j}].${pairing.result ? 'result' : 'games'}`, `a match of the ${stageName} needs a winner; this one ended ${match.wins[a]}–${match.wins[b]}${drawn}`, {
          round: round.number,
          table: pairing.table,
        });
      }
      matches.push(match);
    }
  });
  const seeds = bracket?.stage === 1 ? [...bracket.players].sort((x, y) => x[1].seed - y[1].seed).map(([id]) => id) : null;
  return { round: round.number, matches, byes, drops, ...(seeds ? { seeds } : {}) };
}

/**
 * The top cut's round (after the Swiss rounds): seeded from the Swiss results, in the order the
 * cut's first round shows where players tied on every tiebreaker (the organiser's tie-break: this
 * round's pairings when it is the first, the recorded first round's after), on from the cut's own.
 */
function bracketOf(context: TournamentContext, round: TournamentRound): BracketRound {
  const { swissRounds, topCut } = context.tournament.format;
  const results = context.results ?? [];
  const seeds = topCutSeeds(seedingOf(context, round));
  return bracketRound(seeds, topCut!, round.number - swissRounds, results.filter((m) => m.round > swissRounds));
}

function seedingOf(context: TournamentContext, round: TournamentRound): SeedingInput {
  const { swissRounds, topCut } = context.tournament.format;
  const results = context.results ?? [];
  const first = swissRounds + 1;
  const firstRound = round.number === first ? round.pairings.map((p) => (isBye(p) ? { a: p.bye, b: null } : { a: p.players[0], b: p.players[1] })) : results.filter((m) => m.round === first);
  return {
    players: context.players,
    results,
    dropped: context.dropped,
    swissRounds,
    topCut: topCut!,
    byeGameWins: Math.ceil(context.tournament.bestOf / 2),
    firstRound,
  };
}

/** The two players of a top-cut match must be two the bracket brings together in this round. */
function checkBracketPairing(bracket: BracketRound, players: readonly [string, string], named: (id: string) => string, at: string, stageName: string, round: number): void {
  const a = bracket.players.get(players[0])!;
  const b = bracket.players.get(players[1])!;
  if (meetIn(bracket.block, a.slot, b.slot)) return;
  const rivals = [...bracket.players].filter(([id, p]) => id !== players[0] && meetIn(bracket.block, p.slot, a.slot)).map(([, p]) => `seed ${p.seed}`);
  reject('invalid', 'BRACKET_MISMATCH', at, `seed ${a.seed}, ${named(players[0])}, meets ${rivals.length ? rivals.join(' or ') : 'nobody'} in the ${stageName}, not seed ${b.seed}, ${named(players[1])}`, {
    round,
    players,
    seeds: [a.seed, b.seed],
  });
}


function checkMatch(
  context: TournamentContext,
  plugin: GamePlugin,
  registered: ReadonlyMap<string, TournamentPlayer>,
  roundNumber: number,
  pairing: MatchPairing,
  path: string,
  options: CheckOptions,
): CheckedMatch {
  const { tournament } = context;
  const [a, b] = pairing.players;
  const needed = Math.ceil(tournament.bestOf / 2);
  const where = { round: roundNumber, table: pairing.table };
  // A top-cut match is played until it has a winner: a drawn game does not count towards its length.
  const elimination = roundNumber > tournament.format.swissRounds;
  if (pairing.games && pairing.result) {
    reject('invalid', 'RESULT_AND_GAMES', `${path}.result`, 'a match carries either its game logs or a reported result, not both', where);
  }
  if (pairing.result) {
    const wins = pairing.result.wins;
    const keys = Object.keys(wins).sort();
    if (keys.length !== 2 || !keys.includes(a) || !keys.includes(b)) {
      reject('invalid', 'RESULT_PLAYERS', `${path}.result.wins`, `a result names games won by exactly "${a}" and "${b}"`, where);
    }
    if (wins[a]! > needed || wins[b]! > needed || (wins[a] === needed && wins[b] === needed)) {
      reject('invalid', 'RESULT_IMPOSSIBLE', `${path}.result.wins`, `in a best of ${tournament.bestOf} a player stops at ${needed} wins`, where);
    }
    const draws = pairing.result.draws ?? 0;
    if (wins[a]! + wins[b]! + (elimination ? 0 : draws) > tournament.bestOf) {
      reject('invalid', 'RESULT_IMPOSSIBLE', `${path}.result`, `${wins[a]! + wins[b]! + draws} games in a best of ${tournament.bestOf}`, where);
    }
    return { table: pairing.table, players: [a, b], wins: { [a]: wins[a]!, [b]: wins[b]! }, draws, resultOnly: true, games: [] };
  }
  if (!pairing.games) return reject('invalid', 'RESULT_MISSING', path, 'a match needs its game logs or a reported result', where);

  const wins: Record<string, number> = { [a]: 0, [b]: 0 };
  let draws = 0;
  const games: CheckedGame[] = [];
  pairing.games.forEach((raw, k) => {
    const at = `${path}.games[${k}]`;
    const gameNumber = k + 1;
    const here = { ...where, game: gameNumber };
    if (wins[a]! >= needed || wins[b]! >= needed) {
      const leader = wins[a]! >= needed ? a : b;
      reject('illegal', 'MATCH_ALREADY_DECIDED', at, `game ${gameNumber} follows a ${wins[a]}–${wins[b]}: "${leader}" already won this best of ${tournament.bestOf}`, here);
    }
    if (k >= tournament.bestOf + (elimination ? draws : 0)) {
      const drawn = elimination ? ` after ${draws} drawn game${draws === 1 ? '' : 's'}` : '';
      reject('illegal', 'MATCH_TOO_LONG', at, `a best of ${tournament.bestOf} has no game ${gameNumber}${drawn}`, here);
    }

    const parsed = parseGameDocument(raw);
    if (!parsed.ok) {
      const inner = parsed.error.path ?? '$';
      reject(parsed.error.code === 'LIMIT_EXCEEDED' ? 'invalid' : 'invalid', parsed.error.code, `${at}${inner.slice(1)}`, parsed.error.message.replace(/^\$[^:]*: /, ''), here);
    }
    const document = (parsed as { document: GameDocument }).document;
    if (document.system !== tournament.system) reject('invalid', 'GAME_SYSTEM_MISMATCH', `${at}.system`, `a ${tournament.system} tournament cannot hold a ${document.system} game`, here);
    if (document.rulesVersion !== tournament.rulesVersion) {
      reject('invalid', 'RULES_VERSION_MISMATCH', `${at}.rulesVersion`, `the tournament plays rules version ${tournament.rulesVersion}, this game ${document.rulesVersion}`, here);
    }
    const ids = document.players.map((p) => p.id);
    if (ids.length !== 2 || !ids.includes(a) || !ids.includes(b)) {
      reject('conflict', 'GAME_PLAYERS_MISMATCH', `${at}.players`, `the game's players (ids ${ids.map((x) => JSON.stringify(x ?? null)).join(', ')}) are not the pairing's "${a}" and "${b}"`, here);
    }
    const game = document.game ?? {};
    const expect = <T>(field: string, actual: T | undefined, wanted: T) => {
      if (actual !== undefined && actual !== wanted) {
        const code = field === 'gameNumber' ? 'GAME_NUMBER_NOT_CONSECUTIVE' : 'GAME_CONTEXT_MISMATCH';
        reject('conflict', code, `${at}.game.${field}`, `${field} is ${JSON.stringify(actual)}; here it must be ${JSON.stringify(wanted)}`, here);
      }
    };
    expect('tournament', game.tournament, tournament.id);
    expect('round', game.round, roundNumber);
    expect('table', game.table, pairing.table);
    expect('gameNumber', game.gameNumber, gameNumber);
    expect('bestOf', game.bestOf, tournament.bestOf);
    if (games[0]?.document.game?.match !== undefined) expect('match', game.match, games[0].document.game.match);

    const catalogRef = typeof document.catalog === 'string' ? document.catalog : null;
    const catalog = catalogRef ? catalogFor(plugin, catalogRef, options, `${at}.catalog`) : undefined;
    const result = replay(document, { system: plugin.system, resolveCatalog: () => catalog });
    if (result.failure) {
      const f = result.failure;
      const pointer = f.index < 0 ? at : `${at}.events[${f.index}]`;
      const kind = f.code === 'UNKNOWN_CATALOG' || f.code === 'DECK_UNKNOWN_CARD' ? 'not_found' : 'illegal';
      reject(kind, f.code, pointer, f.index < 0 ? f.message : `event ${f.index} (${f.type}): ${f.message}`, {
        ...here,
        index: f.index < 0 ? null : f.index,
        type: f.type,
        validEvents: Math.max(0, f.index),
        ...(f.details ? { rule: f.details } : {}),
      });
    }
    if (!result.outcome) reject('illegal', 'GAME_UNFINISHED', `${at}.events`, 'a tournament game must be finished: its log ends before the game does', here);
    const playerAt = (seat: string | null) => (seat ? (document.players.find((p) => p.seat === seat)?.id ?? null) : null);
    // A seat by its player's registered name (the seat itself for one the game does not seat).
    const nameAt = (seat: string) => {
      const id = playerAt(seat);
      return (id !== null ? registered.get(id)?.name : undefined) ?? seat;
    };
    const winner = result.outcome!.result === 'win' ? playerAt(result.outcome!.winner) : null;
    const header = resolveHeader(document, plugin.system, { resolveCatalog: () => catalog });
    const facts = factsOf(plugin, header, result.applied);
    const firstSeat = facts?.firstPlayer ?? firstPlayerSeat(document);
    const firstPlayer = playerAt(firstSeat);

    if (facts && !plugin.matchRules?.sideboarding) checkDecks(registered, plugin, header, document, facts.decks, at, here);

    const previous = games[k - 1];
    if (previous && plugin.matchRules?.checkNextFirstPlayer) {
      const loser = previous.winner === null ? null : previous.winner === a ? b : a;
      const violation = plugin.matchRules.checkNextFirstPlayer({
        gameNumber,
        previous: { winner: previous.winner, loser, firstPlayer: previous.firstPlayer },
        firstPlayer,
        events: result.applied,
        seatOf: (id) => document.players.find((p) => p.id === id)?.seat,
        previousDocument: previous.document,
        previousOutcome: previous.outcome!,
        document,
      });
      if (violation) {
        const index = result.applied.findIndex((e) => typeof (e.payload as { firstPlayer?: unknown } | null)?.firstPlayer === 'string');
        reject('illegal', violation.code, index >= 0 ? `${at}.events[${index}]` : at, violation.message, { ...here, ...(index >= 0 ? { index } : {}), rule: violation.details });
      }
    }

    if (winner === a) wins[a]! += 1;
    else if (winner === b) wins[b]! += 1;
    else draws += 1;
    games.push({ document, applied: result.applied, outcome: result.outcome, gameNumber, winner, firstPlayer, ...firstPlayerChoice(result.applied, playerAt, nameAt) });
  });
  return { table: pairing.table, players: [a, b], wins, draws, resultOnly: false, games };
}

function factsOf(plugin: GamePlugin, header: GameHeader, events: readonly LogEvent[]) {
  const insights = plugin.insights;
  if (!insights) return null;
  let facts = insights.initialFacts(header);
  for (const e of events) facts = insights.evolveFacts(facts, e, header);
  return facts;
}

/** Each seat's registration (`DeckRegistered`, or the game's own) must be the player's registered list (DECK_MISMATCH names the cards that differ). */
function checkDecks(
  registered: ReadonlyMap<string, TournamentPlayer>,
  plugin: GamePlugin,
  header: GameHeader,
  document: GameDocument,
  decks: Readonly<Record<string, DeckFacts>>,
  at: string,
  here: Record<string, unknown>,
): void {
  const insights = plugin.insights!;
  const registration = deckRegistrationOf(plugin);
  for (const seat of document.players) {
    const list = seat.id ? registered.get(seat.id)?.deck?.list : undefined;
    const played = decks[seat.seat];
    if (!list || !played) continue;
    const expected = insights.evolveFacts(insights.initialFacts(header), { type: registration, player: seat.seat, payload: list }, header).decks[seat.seat];
    if (!expected || expected.listHash === played.listHash) continue;
    const differences: { card: string; name: string; registered: number; played: number }[] = [];
    for (const card of new Set([...Object.keys(expected.cards), ...Object.keys(played.cards)])) {
      const want = expected.cards[card]?.copies ?? 0;
      const got = played.cards[card]?.copies ?? 0;
      if (want !== got) differences.push({ card, name: expected.cards[card]?.name ?? played.cards[card]?.name ?? card, registered: want, played: got });
    }
    differences.sort((x, y) => x.card.localeCompare(y.card));
    const index = document.events.findIndex((e) => e.type === registration && e.player === seat.seat);
    const named = differences.length ? differences.map((d) => `${d.name} ${d.registered}→${d.played}`).join(', ') : 'cards outside the main deck';
    reject('conflict', 'DECK_MISMATCH', index >= 0 ? `${at}.events[${index}]` : at, `${seat.name} (${seat.seat}) registered a different list for this tournament: ${named}`, {
      ...here,
      player: seat.id,
      ...(index >= 0 ? { index, type: registration } : {}),
      differences,
    });
  }
}

/**
 * How the log says its first player was chosen: the event naming `firstPlayer` gives its `method`;
 * its own words where it has them (a `description`, or the `rolls` of a die roll as "Ada 5, Bo 3",
 * by the players' registered names); and, with no method, the player who sent it (a choice, such as
 * a lot's winner picking, or a match's later games where the previous game's loser picks).
 */
function firstPlayerChoice(
  events: readonly LogEvent[],
  playerAt: (seat: string | null) => string | null,
  nameAt: (seat: string) => string,
): Pick<CheckedGame, 'firstPlayerMethod' | 'firstPlayerDetail' | 'firstPlayerChosenBy'> {
  for (const e of events) {
    const payload = e.payload as { firstPlayer?: unknown; method?: unknown; description?: unknown; rolls?: unknown } | null;
    if (payload && typeof payload.firstPlayer === 'string') {
      const method = typeof payload.method === 'string' ? payload.method : null;
      const rolls = Array.isArray(payload.rolls) ? (payload.rolls as { player: string; result: number }[]) : [];
      const detail = typeof payload.description === 'string' ? payload.description : rolls.length ? rolls.map((r) => `${nameAt(r.player)} ${r.result}`).join(', ') : null;
      return {
        firstPlayerMethod: method,
        firstPlayerDetail: detail,
        firstPlayerChosenBy: method === null && e.player !== undefined ? playerAt(e.player) : null,
      };
    }
  }
  return { firstPlayerMethod: null, firstPlayerDetail: null, firstPlayerChosenBy: null };
}
