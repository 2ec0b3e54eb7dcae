import type { MatchPairing, TournamentBundle, TournamentRound } from '@cardlog/events';
import { Prng } from '../prng';
import { roundName } from '../words';
import { simulateTournament } from './simulate-tournament';
import { computeStandings, type MatchResult } from './standings';
import { bracketOrder, topCutRounds, topCutSeeds } from './top-cut';
import { rejection } from './testing';
import { checkBundle } from './validate-bundle';

jest.setTimeout(120_000);

const won = (table: number, winner: string, loser: string, wins = 2, against = 0): MatchPairing => ({ table, players: [winner, loser], result: { wins: { [winner]: wins, [loser]: against } } });

/**
 * Eight players, three Swiss rounds of reported results, a top 4, best of three. Final Swiss
 * standings, by hand: P1 9 points; P2, P4 and P3 6 each, in that order by opponents' match-win %
 * (P2's opponents 0.667, P4's 0.556, P3's 0.444); then P5, P6 and P7 with 3, P8 with 0. So the
 * semifinals are seed 1 P1 against seed 4 P3, and seed 2 P2 against seed 3 P4.
 */
function smallEvent(cut: TournamentRound[] = [], topCut: number | null = 4): TournamentBundle {
  const ids = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'];
  return {
    format: 'cardlog-tournament/1',
    tournament: {
      id: 'cut-test',
      name: 'Cut Test',
      system: 'born-from-blood',
      rulesVersion: '1',
      startDate: '2026-12-01',
      format: { swissRounds: 3, ...(topCut ? { topCut } : {}) },
      bestOf: 3,
    },
    players: ids.map((id) => ({ id, name: `Player ${id.slice(1)}` })),
    rounds: [
      { number: 1, pairings: [won(1, 'P1', 'P8'), won(2, 'P2', 'P7'), won(3, 'P3', 'P6'), won(4, 'P4', 'P5')] },
      { number: 2, pairings: [won(1, 'P1', 'P4'), won(2, 'P2', 'P3'), won(3, 'P5', 'P8'), won(4, 'P6', 'P7')] },
      { number: 3, pairings: [won(1, 'P1', 'P2'), won(2, 'P3', 'P5'), won(3, 'P4', 'P6'), won(4, 'P7', 'P8')] },
      ...cut,
    ],
  };
}

const semifinals = (pairings: TournamentRound['pairings'] = [won(1, 'P1', 'P3'), won(2, 'P2', 'P4', 2, 1)]): TournamentRound => ({ number: 4, pairings });
const final = (pairings: TournamentRound['pairings'] = [won(1, 'P2', 'P1')]): TournamentRound => ({ number: 5, pairings });

describe('the bracket', () => {
  it('seeds the usual way: 1 and 2 meet only in the final, every first-round pair adds up to size + 1', () => {
    expect(bracketOrder(2)).toEqual([1, 2]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(topCutRounds(undefined)).toBe(0);
    expect(topCutRounds(8)).toBe(3);
    expect(topCutRounds(6)).toBe(3);
    expect(topCutRounds(2)).toBe(1);
  });

  it('names the rounds as players do, counted back from the final', () => {
    expect(roundName(3, 5, 8)).toBe('Round 3');
    expect(roundName(6, 5, 8)).toBe('Quarterfinals');
    expect(roundName(7, 5, 8)).toBe('Semifinals');
    expect(roundName(8, 5, 8)).toBe('Final');
    expect(roundName(6, 5, 32)).toBe('Round of 32');
    expect(roundName(6, 5, null)).toBe('Round 6');
  });
});

describe('a top cut recorded after the Swiss rounds', () => {
  it('is accepted when the final Swiss standings seed it and each round holds the winners of the last', () => {
    const checked = checkBundle(smallEvent([semifinals(), final()]));
    expect(checked.map((r) => r.round)).toEqual([1, 2, 3, 4, 5]);
    expect(checked[4]!.matches[0]!.wins).toEqual({ P2: 2, P1: 0 });
  });

  it('refuses a player outside the top 4 of the final standings, naming them and where', () => {
    const f = rejection(() => checkBundle(smallEvent([semifinals([won(1, 'P1', 'P5'), won(2, 'P2', 'P4')])])));
    expect(f).toMatchObject({ code: 'NOT_IN_TOP_CUT', path: '$.rounds[3].pairings[0].players[1]' });
    expect(f.message).toContain('Player 5 ("P5") is not among the top 4 of the final Swiss standings');
  });

  it('refuses a pairing the bracket does not make: seed 1 meets seed 4 in the semifinals', () => {
    const f = rejection(() => checkBundle(smallEvent([semifinals([won(1, 'P1', 'P2'), won(2, 'P3', 'P4')])])));
    expect(f).toMatchObject({ code: 'BRACKET_MISMATCH', path: '$.rounds[3].pairings[0].players' });
    expect(f.message).toContain('seed 1, Player 1 ("P1"), meets seed 4 in the Semifinals, not seed 2, Player 2 ("P2")');
  });

  it('refuses a beaten player in a later round', () => {
    const f = rejection(() => checkBundle(smallEvent([semifinals(), final([won(1, 'P1', 'P3')])])));
    expect(f).toMatchObject({ code: 'NOT_IN_TOP_CUT', path: '$.rounds[4].pairings[0].players[1]' });
    expect(f.message).toContain('beaten before the Final');
  });

  it('refuses a match without a winner, and takes a drawn game played past the match length', () => {
    const drawn: MatchPairing = { table: 1, players: ['P2', 'P1'], result: { wins: { P2: 1, P1: 1 }, draws: 1 } };
    expect(rejection(() => checkBundle(smallEvent([semifinals(), final([drawn])])))).toMatchObject({ code: 'TOP_CUT_UNDECIDED', path: '$.rounds[4].pairings[0].result' });
    // 2–1 with a drawn game: four games in a best of three, which only a top cut plays.
    const longer: MatchPairing = { table: 1, players: ['P2', 'P1'], result: { wins: { P2: 2, P1: 1 }, draws: 1 } };
    expect(() => checkBundle(smallEvent([semifinals(), final([longer])]))).not.toThrow();
    const swiss = smallEvent();
    swiss.rounds[2]!.pairings[0] = { ...longer, players: ['P1', 'P2'], result: { wins: { P1: 2, P2: 1 }, draws: 1 } };
    expect(rejection(() => checkBundle(swiss))).toMatchObject({ code: 'RESULT_IMPOSSIBLE' });
  });

  it('refuses a round past the final, drops, a missing survivor, and any cut where none is announced', () => {
    const beyond: TournamentRound = { number: 6, pairings: [won(1, 'P2', 'P1')] };
    expect(rejection(() => checkBundle(smallEvent([semifinals(), final(), beyond])))).toMatchObject({ code: 'TOO_MANY_ROUNDS', path: '$.rounds[5].number' });
    expect(rejection(() => checkBundle(smallEvent([{ ...semifinals(), drops: ['P3'] }])))).toMatchObject({ code: 'DROP_IN_TOP_CUT', path: '$.rounds[3].drops' });
    const f = rejection(() => checkBundle(smallEvent([semifinals([won(1, 'P1', 'P3')])])));
    expect(f).toMatchObject({ code: 'PLAYER_UNPAIRED', path: '$.rounds[3].pairings' });
    expect(f.message).toContain('seed 2 of the top cut');
    const none = rejection(() => checkBundle(smallEvent([semifinals()], null)));
    expect(none).toMatchObject({ code: 'TOO_MANY_ROUNDS' });
    expect(none.message).toContain('3 Swiss rounds and no top cut');
  });

  it('gives byes to the top seeds of a short bracket, and to nobody else', () => {
    // A top 3 plays in a bracket of 4: seed 1 (P1) waits out the semifinals, seeds 2 and 3 (P2, P4) play.
    const ok = smallEvent([{ number: 4, pairings: [{ bye: 'P1' }, won(1, 'P4', 'P2')] }, final([won(1, 'P1', 'P4')])], 3);
    expect(() => checkBundle(ok)).not.toThrow();
    const f = rejection(() => checkBundle(smallEvent([{ number: 4, pairings: [{ bye: 'P2' }, won(1, 'P1', 'P4')] }], 3)));
    expect(f).toMatchObject({ code: 'BRACKET_MISMATCH', path: '$.rounds[3].pairings[0].bye' });
  });
});

/**
 * Four players, one Swiss round, a top 3 (a bracket of 4: seed 1 waits out the semifinals). P1 and
 * P3 both won 2–0 against opponents who won nothing, so they are equal on every tiebreaker (rank
 * 1, listed P1 first); P2 and P4 likewise share rank 3, and only one of them makes the cut.
 */
function tiedEvent(cut: TournamentRound[]): TournamentBundle {
  return {
    format: 'cardlog-tournament/1',
    tournament: { id: 'tie-test', name: 'Tie Test', system: 'born-from-blood', rulesVersion: '1', startDate: '2026-12-01', format: { swissRounds: 1, topCut: 3 }, bestOf: 3 },
    players: ['P1', 'P2', 'P3', 'P4'].map((id) => ({ id, name: `Player ${id.slice(1)}` })),
    rounds: [{ number: 1, pairings: [won(1, 'P1', 'P2'), won(2, 'P3', 'P4')] }, ...cut],
  };
}

describe("an organiser's tie-break among players equal on every tiebreaker", () => {
  it('seeds the cut as listed (ties by id) when the first round fits that order', () => {
    const checked = checkBundle(tiedEvent([{ number: 2, pairings: [{ bye: 'P1' }, won(1, 'P3', 'P2')] }]));
    expect(checked[1]!.seeds).toEqual(['P1', 'P3', 'P2']);
    // Without ties, the seeds are the standings' order (smallEvent's P1, P2, P4, P3), and only the cut's first round keeps them.
    const plain = checkBundle(smallEvent([semifinals(), final()]));
    expect(plain[3]!.seeds).toEqual(['P1', 'P2', 'P4', 'P3']);
    expect(plain[4]!.seeds).toBeUndefined();
    expect(plain[2]!.seeds).toBeUndefined();
  });

  it("takes the organiser's order when the first round shows it: who of the tied is seeded higher, and who of those tied at the line goes in", () => {
    // P3 took seed 1 and its bye, and P4, not P2, the third place: a die roll the standings cannot know.
    const checked = checkBundle(tiedEvent([{ number: 2, pairings: [{ bye: 'P3' }, won(1, 'P4', 'P1', 2, 1)] }, { number: 3, pairings: [won(1, 'P3', 'P4')] }]));
    expect(checked[1]!.seeds).toEqual(['P3', 'P1', 'P4']);
    expect(checked[2]!.matches[0]!.wins).toEqual({ P3: 2, P4: 0 });
    // The later rounds go on from those seeds: P1 lost, and P2 never made the cut.
    const beaten = rejection(() => checkBundle(tiedEvent([{ number: 2, pairings: [{ bye: 'P3' }, won(1, 'P4', 'P1')] }, { number: 3, pairings: [won(1, 'P3', 'P1')] }])));
    expect(beaten).toMatchObject({ code: 'NOT_IN_TOP_CUT', path: '$.rounds[2].pairings[0].players[1]' });
    expect(beaten.message).toContain('beaten before the Final');
  });

  it('keeps the listed order where both orders of the tied fit the round', () => {
    // A top 2 of P1 and P3 (tied): the final pairs seeds 1 and 2 either way, so the listed order stands.
    const bundle = tiedEvent([{ number: 2, pairings: [won(1, 'P3', 'P1')] }]);
    bundle.tournament.format = { swissRounds: 1, topCut: 2 };
    expect(checkBundle(bundle)[1]!.seeds).toEqual(['P1', 'P3']);
  });

  it('takes any order of a large tie, seeding one that makes the round, in 200 seeded draws', () => {
    // 16 players, one Swiss round of 2–0s: the 8 winners are equal on every tiebreaker, and so are the 8 losers.
    const ids = Array.from({ length: 16 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
    const rng = new Prng(20261207);
    for (let draw = 0; draw < 200; draw++) {
      const topCut = rng.pick([4, 6, 8, 12]);
      // The organiser's order: the winners shuffled, then (a top 12) the losers shuffled.
      const winners = rng.shuffle(ids.filter((_, i) => i % 2 === 0));
      const order = [...winners, ...rng.shuffle(ids.filter((_, i) => i % 2 === 1))].slice(0, topCut);
      const size = 2 ** topCutRounds(topCut);
      const pairings: TournamentRound['pairings'] = [];
      for (let s = 1; s <= size / 2; s++) {
        const partner = size + 1 - s;
        pairings.push(partner > topCut ? { bye: order[s - 1]! } : won(s, order[s - 1]!, order[partner - 1]!));
      }
      const bundle: TournamentBundle = {
        ...tiedEvent([]),
        tournament: { ...tiedEvent([]).tournament, format: { swissRounds: 1, topCut } },
        players: ids.map((id) => ({ id, name: id })),
        rounds: [{ number: 1, pairings: ids.filter((_, i) => i % 2 === 0).map((id, i) => won(i + 1, id, ids[ids.indexOf(id) + 1]!)) }, { number: 2, pairings: rng.shuffle(pairings) }],
      };
      const seeds = checkBundle(bundle)[1]!.seeds!;
      // The seeds are the same players, and pair up as the recorded round does.
      expect([...seeds].sort()).toEqual([...order].sort());
      const pairsOf = (o: readonly string[]) => new Set(Array.from({ length: size / 2 }, (_, i) => [o[i], o[size - 1 - i] ?? 'bye'].sort().join('–')));
      expect(pairsOf(seeds)).toEqual(pairsOf(order));
      // A winner seeded below a loser would not be equal on every tiebreaker with them.
      const rankOf = (id: string) => (ids.indexOf(id) % 2 === 0 ? 0 : 1);
      expect(seeds.map(rankOf)).toEqual([...seeds.map(rankOf)].sort());
    }
  });

  it('seeds as a search of every order of the tied would, in 300 seeded small events', () => {
    // Small fields with one Swiss round of mixed results (so ties of every size), a random cut and a
    // random first round: the seeds must seat as many of its entries as any order of the tied can,
    // and, where every entry can be seated, be the first such order by the listed places of seeds 1, 2, …
    const rng = new Prng(7);
    for (let draw = 0; draw < 300; draw++) {
      const count = rng.between(4, 8);
      const ids = Array.from({ length: count }, (_, i) => `P${i + 1}`);
      const order = rng.shuffle(ids);
      const results: MatchResult[] = [];
      for (let i = 0; i + 1 < count; i += 2) {
        const [winsA, winsB, draws] = rng.pick([[2, 0, 0], [2, 1, 0], [1, 1, 1], [0, 2, 0]] as const);
        results.push({ round: 1, a: order[i]!, b: order[i + 1]!, winsA, winsB, draws });
      }
      if (count % 2) results.push({ round: 1, a: order[count - 1]!, b: null, winsA: 0, winsB: 0, draws: 0 });
      const topCut = rng.between(2, count);
      const input = { players: ids.map((id) => ({ id, name: id })), results, dropped: new Set<string>(), swissRounds: 1, topCut, byeGameWins: 2 };
      const standings = computeStandings({ players: input.players, matches: results, byeGameWins: 2 });
      const size = 2 ** topCutRounds(topCut);
      const entriesOf = (seeds: readonly string[]) =>
        Array.from({ length: size / 2 }, (_, i) => ({ a: seeds[i]!, b: seeds[size - 1 - i] ?? null }));
      // A first round: from a random order of the tied (seatable whole), or from any players (maybe not).
      const tiedOrder = standings.map((s) => ({ s, key: s.rank + rng.next() })).sort((x, y) => x.key - y.key).map((x) => x.s.playerId);
      const firstRound = rng.chance(0.6) ? entriesOf(tiedOrder.slice(0, topCut)) : entriesOf(rng.shuffle(ids).slice(0, topCut));
      const seeds = topCutSeeds({ ...input, firstRound }).map((s) => s.playerId);
      expect(new Set(seeds).size).toBe(topCut);

      // Every order of the standings that keeps ranks, each cut to topCut: how many entries it seats.
      const key = (e: { a: string; b: string | null }) => [e.a, e.b ?? '-'].sort().join('|');
      const wanted = new Set(firstRound.map(key));
      const seatedBy = (o: readonly string[]) => entriesOf(o).filter((e) => wanted.has(key(e))).length;
      const orders: string[][] = [];
      const place = (at: number, rest: string[], acc: string[]) => {
        if (at === count) return void orders.push(acc.slice(0, topCut));
        rest.forEach((id, j) => {
          if (standings.find((s) => s.playerId === id)!.rank === standings[at]!.rank) place(at + 1, rest.filter((_, i) => i !== j), [...acc, id]);
        });
      };
      place(0, standings.map((s) => s.playerId), []);
      const best = Math.max(...orders.map(seatedBy));
      expect(seatedBy(seeds)).toBe(best);
      if (best === size / 2) {
        const listed = new Map(standings.map((s, i) => [s.playerId, i]));
        const top = (o: readonly string[]) => o.slice(0, size / 2).map((id) => listed.get(id)!);
        const byPlaces = (x: readonly number[], y: readonly number[]) => {
          const i = x.findIndex((v, j) => v !== y[j]);
          return i < 0 ? 0 : x[i]! - y[i]!;
        };
        expect(top(seeds)).toEqual(orders.filter((o) => seatedBy(o) === best).map(top).sort(byPlaces)[0]);
      }
    }
  });

  it('refuses a first round no order of the tied players makes, naming the tie at the cut line', () => {
    // P2 and P4 share the last place of the cut: both cannot go in.
    const both = rejection(() => checkBundle(tiedEvent([{ number: 2, pairings: [{ bye: 'P1' }, won(1, 'P4', 'P2')] }])));
    expect(both).toMatchObject({ code: 'NOT_IN_TOP_CUT', path: '$.rounds[1].pairings[1].players[0]' });
    expect(both.message).toContain('Player 4 ("P4") is tied on every tiebreaker with seed 3, Player 2 ("P2"), at the line of the top 3, but no order of the tied players gives the Semifinals as recorded');
    // Seeded as far as the round allows (P3's bye is the organiser's seed 1), so the error is the one entry no seed takes.
    const partly = rejection(() => checkBundle(tiedEvent([{ number: 2, pairings: [{ bye: 'P3' }, won(1, 'P4', 'P2')] }])));
    expect(partly).toMatchObject({ code: 'NOT_IN_TOP_CUT', path: '$.rounds[1].pairings[1].players[0]' });
    expect(partly.message).toContain('Player 4 ("P4") is tied on every tiebreaker with seed 3, Player 2 ("P2")');
    // P2 shares no rank with seed 1: the bye is not theirs to take, whatever the order among the tied.
    const bye = rejection(() => checkBundle(tiedEvent([{ number: 2, pairings: [{ bye: 'P2' }, won(1, 'P1', 'P3')] }])));
    expect(bye).toMatchObject({ code: 'BRACKET_MISMATCH', path: '$.rounds[1].pairings[0].bye' });
  });
});

describe('a simulated tournament with its top cut played', () => {
  // 10 players and a top 6: a bracket of 8 whose seeds 1 and 2 have a bye in the quarterfinals.
  const bundle = simulateTournament({ system: 'summoner-master', players: 10, rounds: 3, bestOf: 3, seed: 11, topCut: 6, playTopCut: true });

  it('plays the quarterfinals, semifinals and final after the Swiss rounds, each with a winner', () => {
    expect(bundle.rounds.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const checked = checkBundle(JSON.parse(JSON.stringify(bundle)));
    expect(checked[3]!.byes).toHaveLength(2);
    expect(checked[3]!.matches).toHaveLength(2);
    expect(checked[4]!.matches).toHaveLength(2);
    expect(checked[5]!.matches).toHaveLength(1);
    for (const round of checked.slice(3)) for (const m of round.matches) expect(m.wins[m.players[0]]).not.toBe(m.wins[m.players[1]]);
  });

  it('labels each cut game with its round, table and match', () => {
    const finalGame = (bundle.rounds[5]!.pairings[0] as MatchPairing).games![0] as { game: Record<string, unknown> };
    expect(finalGame.game).toMatchObject({ tournament: bundle.tournament.id, round: 6, table: 1, gameNumber: 1 });
  });
});
