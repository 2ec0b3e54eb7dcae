import { GameDocument, MatchPairing, TournamentBundle, TournamentRound, isBye } from '@cardlog/events';
import type { GamePlugin } from '../game-plugin';
import { findGame, registeredGames } from '../registry';
import { RuleViolation } from '../rule-violation';
import { simulateTournament } from './simulate-tournament';
import { rejection } from './testing';
import { checkBundle } from './validate-bundle';

jest.setTimeout(300_000);

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const matchesOf = (round: TournamentRound) => round.pairings.filter((p): p is MatchPairing => !isBye(p));
const games = (bundle: TournamentBundle) => bundle.rounds.flatMap(matchesOf).flatMap((m) => (m.games ?? []) as unknown as GameDocument[]);

/**
 * Makes a registered list illegal: cut to 3 cards, under every game's minimum size; Devacurse has
 * no size rule (digest §4), so its Universe gets a card id listed twice and an unknown catalog id.
 */
function breakList(system: string, list: Record<string, unknown>): void {
  if (system === 'devacurse') {
    const cards = list['cards'] as { cardId: string; catalogId: string }[];
    cards[1] = { ...cards[1]!, cardId: cards[0]!.cardId };
    cards[2] = { ...cards[2]!, catalogId: 'no-such-card' };
    return;
  }
  for (const key of Object.keys(list)) if (Array.isArray(list[key])) list[key] = (list[key] as unknown[]).slice(0, 3);
}

const simulated = registeredGames().filter((g) => g.simulator?.playerCounts.includes(2));

describe.each(simulated.map((g) => [g.system.id]))('a simulated Swiss tournament of %s', (system) => {
  // 12 players (one drops after round 2, so rounds 3 and 4 have a bye), 4 rounds, best of 3.
  const bundle = simulateTournament({ system, players: 12, rounds: 4, bestOf: 3, seed: 3 });
  // Registered lists come from each game's deck registration (DeckRegistered, Devacurse's UniverseRegistered).
  const withLists = bundle.players.every((p) => p.deck?.list);
  // Games without registered lists (or without deck rules) have no such case: those tests are not defined for them.
  const itWithLists = withLists ? it : (() => undefined) as unknown as typeof it;
  const itWithDeckRules = withLists && findGame(system)!.validateDeck ? it : (() => undefined) as unknown as typeof it;

  it('pairs by the Swiss method: everyone once a round, no rematches, the bye to a player without one', () => {
    const met = new Set<string>();
    const byes = new Set<string>();
    bundle.rounds.forEach((round) => {
      const seen = round.pairings.flatMap((p) => (isBye(p) ? [p.bye] : p.players));
      expect(new Set(seen).size).toBe(seen.length);
      for (const m of matchesOf(round)) {
        const key = [...m.players].sort().join('|');
        expect(met.has(key)).toBe(false);
        met.add(key);
      }
      for (const p of round.pairings) {
        if (!isBye(p)) continue;
        expect(byes.has(p.bye)).toBe(false);
        byes.add(p.bye);
      }
    });
    expect(bundle.rounds[1]!.drops).toHaveLength(1);
    expect(byes.size).toBe(2);
  });

  it('plays each match to the needed wins and is accepted whole', () => {
    const rounds = checkBundle(bundle);
    for (const match of rounds.flatMap((r) => r.matches)) {
      const [a, b] = match.players;
      expect(Math.max(match.wins[a]!, match.wins[b]!) === 2 || match.games.length === 3).toBe(true);
    }
  });

  const twoNil = () => {
    for (const [i, round] of bundle.rounds.entries()) {
      for (const [j, pairing] of round.pairings.entries()) {
        if (!isBye(pairing) && pairing.games?.length === 2) return { i, j, pairing };
      }
    }
    throw new Error('no 2–0 in the simulated event');
  };

  it('refuses a game 3 after a 2–0, pointing at it', () => {
    const broken = clone(bundle);
    const { i, j } = twoNil();
    const match = broken.rounds[i]!.pairings[j] as MatchPairing;
    const extra = clone(match.games![1]!) as unknown as GameDocument;
    extra.game = { ...extra.game, gameNumber: 3 };
    match.games!.push(extra as never);
    expect(rejection(() => checkBundle(broken))).toMatchObject({ code: 'MATCH_ALREADY_DECIDED', path: `$.rounds[${i}].pairings[${j}].games[2]`, details: { round: i + 1, game: 3 } });
  });

  it('refuses game numbers that are not consecutive', () => {
    const broken = clone(bundle);
    const { i, j } = twoNil();
    const second = (broken.rounds[i]!.pairings[j] as MatchPairing).games![1] as unknown as GameDocument;
    second.game = { ...second.game, gameNumber: 3 };
    expect(rejection(() => checkBundle(broken))).toMatchObject({ code: 'GAME_NUMBER_NOT_CONSECUTIVE', path: `$.rounds[${i}].pairings[${j}].games[1].game.gameNumber` });
  });

  itWithLists('refuses a deck changed mid-match with DECK_MISMATCH naming the cards', () => {
    const broken = clone(bundle);
    const { i, j, pairing } = twoNil();
    const plugin = findGame(system)!;
    const first = pairing.games![0] as unknown as GameDocument;
    const [a, b] = first.players;
    const other = plugin.simulator!.demoDecks.find((d) => d.name !== a!.deck!.name)!;
    const swapped = plugin.simulator!.simulate({
      seed: 99,
      seats: [
        { id: a!.id!, name: a!.name, deck: other.name },
        { id: b!.id!, name: b!.name, deck: b!.deck!.name! },
      ],
      game: { ...first.game, gameNumber: 2 },
    });
    (broken.rounds[i]!.pairings[j] as MatchPairing).games![1] = swapped.document as never;
    const failure = rejection(() => checkBundle(broken));
    expect(failure).toMatchObject({ kind: 'conflict', code: 'DECK_MISMATCH', details: { round: i + 1, game: 2, player: a!.id } });
    expect(failure.path).toMatch(new RegExp(`^\\$\\.rounds\\[${i}\\]\\.pairings\\[${j}\\]\\.games\\[1\\]\\.events\\[\\d+\\]$`));
    expect((failure.details.differences as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuses an illegal event in round 4 with the pointer to it', () => {
    const broken = clone(bundle);
    const j = broken.rounds[3]!.pairings.findIndex((p) => !isBye(p));
    const game = (broken.rounds[3]!.pairings[j] as MatchPairing).games![0] as unknown as GameDocument;
    // The same action recorded twice: the second is illegal.
    const k = game.events.findIndex((e) => e.player !== undefined);
    game.events.splice(k + 1, 0, clone(game.events[k]!));
    const failure = rejection(() => checkBundle(broken));
    expect(failure.kind).toBe('illegal');
    expect(failure.path).toBe(`$.rounds[3].pairings[${j}].games[0].events[${k + 1}]`);
    expect(failure.details).toMatchObject({ round: 4, game: 1, index: k + 1 });
  });

  it('refuses a player paired twice and a player left out', () => {
    const broken = clone(bundle);
    const [m0, m1] = matchesOf(broken.rounds[0]!);
    m1!.players = [m0!.players[0], m1!.players[1]];
    expect(rejection(() => checkBundle(broken))).toMatchObject({ code: 'PLAYER_PAIRED_TWICE' });
  });

  it('enforces a first-player rule of the system across a match (a stand-in: the loser goes first)', () => {
    const plugin = findGame(system)!;
    const loserFirst: GamePlugin = {
      ...plugin,
      matchRules: {
        checkNextFirstPlayer: ({ previous, firstPlayer }) =>
          previous.loser && firstPlayer !== previous.loser ? new RuleViolation('FIRST_PLAYER_NOT_LOSER', `the loser of the previous game, ${previous.loser}, goes first`) : null,
      },
    };
    expect(() => checkBundle(bundle, { plugin: loserFirst })).not.toThrow();
    const broken = clone(bundle);
    const { i, j, pairing } = twoNil();
    const second = pairing.games![1] as unknown as GameDocument;
    const [a, b] = second.players;
    // Game 2 replayed with the previous game's winner going first.
    const previousWinner = checkBundle(bundle)[i]!.matches.find((m) => m.table === pairing.table)!.games[0]!.winner;
    const seat = second.players.find((p) => p.id === previousWinner)!.seat;
    const replayed = plugin.simulator!.simulate({
      seed: 5,
      seats: [
        { id: a!.id!, name: a!.name, deck: a!.deck!.name! },
        { id: b!.id!, name: b!.name, deck: b!.deck!.name! },
      ],
      firstSeat: seat,
      game: second.game!,
    });
    (broken.rounds[i]!.pairings[j] as MatchPairing).games!.splice(1, 1, replayed.document as never);
    const failure = rejection(() => checkBundle(broken, { plugin: loserFirst }));
    expect(failure).toMatchObject({ code: 'FIRST_PLAYER_NOT_LOSER', details: { round: i + 1, game: 2 } });
    expect(failure.path).toMatch(/\.games\[1\]\.events\[\d+\]$/);
  });

  itWithDeckRules('refuses a registered list that breaks the construction rules, with every violation', () => {
    const broken = clone(bundle);
    breakList(system, broken.players[0]!.deck!.list as Record<string, unknown>);
    const failure = rejection(() => checkBundle(broken));
    expect(failure).toMatchObject({ kind: 'illegal', code: 'DECK_ILLEGAL', path: '$.players[0].deck.list' });
    const violations = failure.details.violations as { code: string }[];
    expect(violations.length).toBeGreaterThan(0);
    const rules = violations.length === 1 ? '1 construction rule' : `${violations.length} construction rules`;
    expect(failure.message).toBe(`$.players[0].deck.list: ${broken.players[0]!.name}'s list breaks ${rules}: ${violations.map((v) => v.code).join(', ')}`);
  });

  it('records who went first in each game and how it was chosen', () => {
    const rounds = checkBundle(bundle);
    const all = rounds.flatMap((r) => r.matches).flatMap((m) => m.games);
    expect(all.every((g) => g.firstPlayer !== null)).toBe(true);
    expect(games(bundle)).toHaveLength(all.length);
    // The log's own words where it has them: Summoner Master describes the fair method of each match's first game.
    const described = all.filter((g) => g.firstPlayerDetail !== null);
    if (system === 'summoner-master') {
      expect(described.length).toBeGreaterThan(0);
      for (const g of described) {
        expect(g.firstPlayerMethod).toBe('fair');
        expect(g.firstPlayerDetail).toBe((g.applied.find((e) => e.type === 'FirstPlayerDetermined')!.payload as { description: string }).description);
      }
    } else if (system === 'born-from-blood') {
      // A die roll's rolls, by the players' registered names: "Ada 5, Bo 3".
      expect(described.length).toBeGreaterThan(0);
      for (const g of described) {
        expect(g.firstPlayerMethod).toBe('dieRoll');
        const rolls = (g.applied.find((e) => e.type === 'FirstPlayerChosen')!.payload as { rolls: { player: string; result: number }[] }).rolls;
        const nameOf = (seat: string) => bundle.players.find((p) => p.id === g.document.players.find((x) => x.seat === seat)!.id)!.name;
        expect(g.firstPlayerDetail).toBe(rolls.map((r) => `${nameOf(r.player)} ${r.result}`).join(', '));
      }
    } else expect(described).toEqual([]);
    // A first player chosen, not drawn by a method (a later game's loser picking), names who chose.
    for (const g of all) {
      const chosen = g.applied.find((e) => typeof (e.payload as { firstPlayer?: unknown }).firstPlayer === 'string')!;
      const seatOf = (id: string) => g.document.players.find((p) => p.id === id)!.seat;
      if (g.firstPlayerMethod === null) expect(seatOf(g.firstPlayerChosenBy!)).toBe(chosen.player);
      else expect(g.firstPlayerChosenBy).toBeNull();
    }
    expect(all.some((g) => g.firstPlayerChosenBy !== null)).toBe(system === 'summoner-master' || system === 'devacurse');
  });
});
