import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GameDocument, findSystem, replay, simulateDocuments, simulateGames, simulateTournament } from '@cardlog/rules';
import type { MatchPairing } from '@cardlog/events';
import { captureIo, tempDir } from '../testing';
import { formatReport, validateCommand } from './validate';

const [game] = simulateGames(1, 7);
const valid = game!.document;
const json = (doc: unknown) => JSON.stringify(doc);
/** The seat entry of the game's winner (the simulated games used here are all won). */
const winnerOf = (doc: GameDocument) => {
  const outcome = replay(doc).outcome;
  return doc.players.find((p) => outcome?.result === 'win' && p.seat === outcome.winner)!;
};

function run(...argv: string[]) {
  const io = captureIo();
  const code = validateCommand(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('cardlog validate', () => {
  const dir = tempDir();
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('accepts a complete simulated game and names its outcome', () => {
    const path = file('good.json', json(valid));
    const { code, out } = run(path);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    const winner = winnerOf(valid);
    expect(out[0]).toMatch(new RegExp(`^OK ${path} ${valid.events.length} events ${winner.name} \\(${winner.seat}\\) won \\((HP reached 0|deck-out)\\)$`));
  });

  it('names the winner of a Devacurse match and spells its ending as the rulebook does', () => {
    const [{ document }] = simulateDocuments('devacurse', 1, 5, { players: 3 });
    const { code, out } = run(file('devacurse.json', json(document)));
    expect(code).toBe(0);
    const winner = winnerOf(document);
    expect(out[0]).toBe(`OK ${join(dir, 'devacurse.json')} ${replay(document).applied.length} events ${winner.name} (${winner.seat}) won (last Deva standing)`);
  });

  it('reports the first illegal event with its index, type and code, and exits 1', () => {
    // Without the first DeckRegistered, the second registration's FirstPlayerChosen comes too early.
    const broken = { ...valid, events: valid.events.filter((_, i) => i !== 1) };
    const { code, out } = run(file('broken.json', json(broken)));
    expect(code).toBe(1);
    expect(out[0]).toMatch(/^INVALID .*broken\.json event 3 FirstPlayerChosen \(\$\.events\[2\]\) SETUP_ORDER: /);
  });

  it('reports a schema violation as INVALID with its JSONPath', () => {
    const events = valid.events.map((e, i) => (i === 3 ? { ...e, payload: { ...(e.payload as object), colour: 'red' } } : e));
    const { code, out } = run(file('schema.json', json({ ...valid, events })));
    expect(code).toBe(1);
    expect(out[0]).toMatch(/^INVALID .*schema\.json \$\.events\[3\]\.payload FirstPlayerChosen SCHEMA_VIOLATION: \$\.events\[3\]\.payload: unknown field "colour"/);
    const header = run(file('header.json', json({ ...valid, players: [{ seat: 'east', name: 'A' }] })));
    expect(header.code).toBe(1);
    expect(header.out[0]).toMatch(/^INVALID .*header\.json \$\.players\[0\]\.seat SCHEMA_VIOLATION/);
  });

  it('exits 2 on malformed JSON or a missing file, and still reports the rest', () => {
    const good = file('fine.json', json(valid));
    const { code, out, err } = run(file('bad.json', '{"format": '), join(dir, 'missing.json'), good);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^ERROR .*bad\.json MALFORMED_JSON: malformed JSON at line 1/);
    expect(err[1]).toMatch(/^ERROR .*missing\.json UNREADABLE: /);
    expect(out).toEqual([expect.stringMatching(/^OK .*fine\.json/)]);
  });

  it('reads every document under a folder, JSON Lines included, and prints JSON with --json', () => {
    const folder = join(dir, 'batch');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    writeFileSync(join(folder, 'a.json'), json(valid));
    writeFileSync(join(folder, 'notes.txt'), 'not a log');
    writeFileSync(join(folder, 'nested', 'games.jsonl'), `${json(valid)}\n\n${json({ ...valid, events: valid.events.slice(1) })}\n`);
    const { code, out } = run(folder, '--json');
    expect(code).toBe(1);
    const reports = out.map((line) => JSON.parse(line));
    expect(reports.map((r) => [r.file.slice(folder.length), r.status])).toEqual([
      ['/a.json', 'ok'],
      ['/nested/games.jsonl:1', 'ok'],
      ['/nested/games.jsonl:3', 'invalid'],
    ]);
    expect(reports[0].outcome).toMatchObject({ result: 'win' });
    expect(reports[2].failure).toMatchObject({ seq: 1, index: 0, path: '$.events[0]', type: 'DeckRegistered', code: 'SETUP_ORDER' });
  });

  describe('a tournament bundle, checked whole as an upload of it is', () => {
    const bundle = simulateTournament({ system: 'born-from-blood', players: 8, rounds: 2, bestOf: 3, seed: 11 });
    const games = bundle.rounds.flatMap((r) => r.pairings.flatMap((p) => ('games' in p ? (p.games ?? []) : [])));
    const edited = (edit: (b: any) => void) => {
      const copy = JSON.parse(json(bundle));
      edit(copy);
      return json(copy);
    };

    it('accepts a simulated Swiss event and says what it holds', () => {
      const { code, out } = run(file('open.json', json(bundle)));
      expect(code).toBe(0);
      const events = games.reduce((n, g) => n + replay(g as unknown as GameDocument).applied.length, 0);
      expect(out).toEqual([
        `OK ${join(dir, 'open.json')} tournament Born from Blood simulated open #11 (${bundle.tournament.id}, Born from Blood): 8 players, 2 rounds, ${games.length} games, ${events} events`,
      ]);
      const report = JSON.parse(run(file('open.json', json(bundle)), '--json').out[0]!);
      expect(report).toMatchObject({ status: 'ok', system: 'born-from-blood', events, tournament: { id: bundle.tournament.id, players: 8, rounds: 2, games: games.length, topCutRounds: 0, champion: null } });
    });

    it('says how many of the rounds are the top cut’s, and who won its final', () => {
      const cut = simulateTournament({ system: 'aegis', players: 6, rounds: 2, bestOf: 1, seed: 12, id: 'cut-open', topCut: 4, playTopCut: true });
      const final = cut.rounds[3]!.pairings[0] as MatchPairing;
      const [a, b] = final.players;
      const winnerSeat = (g: GameDocument) => {
        const outcome = replay(g).outcome!;
        return outcome.result === 'win' ? g.players.find((p) => p.seat === outcome.winner)!.id : null;
      };
      const games = final.games as unknown as GameDocument[];
      const winsOf = (id: string) => games.filter((g) => winnerSeat(g) === id).length;
      const champion = cut.players.find((p) => p.id === (winsOf(a) > winsOf(b) ? a : b))!.name;
      const { code, out } = run(file('cut.json', json(cut)));
      expect(code).toBe(0);
      expect(out[0]).toMatch(new RegExp(`: 6 players, 2 Swiss rounds and a top 4 \\(2 rounds, won by ${champion}\\), \\d+ games, \\d+ events$`));
    });

    it("takes an organiser's tie-break at the cut line, and names the tie in a round no order makes", () => {
      // One Swiss round of 2–0s: P1 and P3 tie for first, P2 and P4 for third; the organiser seeded P3 first and took P4 into a top 3.
      const win = (table: number, w: string, l: string) => ({ table, players: [w, l], result: { wins: { [w]: 2, [l]: 0 } } });
      const tied = (cut: unknown[]) => ({
        format: 'cardlog-tournament/1',
        tournament: { id: 'tie-cup', name: 'Tie Cup', system: 'born-from-blood', rulesVersion: '1', startDate: '2026-12-07', format: { swissRounds: 1, topCut: 3 }, bestOf: 3 },
        players: ['P1', 'P2', 'P3', 'P4'].map((id) => ({ id, name: `Player ${id.slice(1)}` })),
        rounds: [{ number: 1, pairings: [win(1, 'P1', 'P2'), win(2, 'P3', 'P4')] }, ...cut],
      });
      const ok = run(file('tie.json', json(tied([{ number: 2, pairings: [{ bye: 'P3' }, win(1, 'P4', 'P1')] }, { number: 3, pairings: [win(1, 'P3', 'P4')] }]))));
      expect(ok.out).toEqual([`OK ${join(dir, 'tie.json')} tournament Tie Cup (tie-cup, Born from Blood): 4 players, 1 Swiss round and a top 3 (2 rounds, won by Player 3), 0 games, 0 events`]);
      const bad = run(file('tie-bad.json', json(tied([{ number: 2, pairings: [{ bye: 'P1' }, win(1, 'P4', 'P2')] }]))));
      expect(bad.code).toBe(1);
      expect(bad.out).toEqual([
        `INVALID ${join(dir, 'tie-bad.json')} $.rounds[1].pairings[1].players[0] NOT_IN_TOP_CUT: Player 4 ("P4") is tied on every tiebreaker with seed 3, Player 2 ("P2"), at the line of the top 3, but no order of the tied players gives the Semifinals as recorded`,
      ]);
    });

    it('points at the game of a round that stops before its end, and exits 1', () => {
      const text = edited((b) => (b.rounds[1].pairings[2].games[0].events = b.rounds[1].pairings[2].games[0].events.slice(0, 12)));
      const { code, out } = run(file('short.json', text));
      expect(code).toBe(1);
      expect(out).toEqual([`INVALID ${join(dir, 'short.json')} $.rounds[1].pairings[2].games[0].events GAME_UNFINISHED: a tournament game must be finished: its log ends before the game does`]);
    });

    it('points at an illegal event inside a game by its place in the bundle', () => {
      // The game's first action, sent by the other seat.
      const text = edited((b) => {
        const events = b.rounds[0].pairings[1].games[1].events;
        const at = events.findIndex((e: { player?: string }) => e.player !== undefined);
        events[at].player = events[at].player === 'p1' ? 'p2' : 'p1';
      });
      const { code, out } = run(file('illegal.json', text));
      expect(code).toBe(1);
      expect(out[0]).toMatch(/^INVALID \S+ \$\.rounds\[0\]\.pairings\[1\]\.games\[1\]\.events\[\d+\] [A-Z_]+: event \d+ \(\w+\): .+/);
    });

    it('refuses a registration that names a player twice, and a bundle that breaks the schema, at their paths', () => {
      const twice = edited((b) => (b.players[3].id = b.players[2].id));
      const unnamed = edited((b) => delete b.tournament.name);
      const { code, out } = run(file('twice.json', twice), file('unnamed.json', unnamed));
      expect(code).toBe(1);
      expect(out[0]).toBe(`INVALID ${join(dir, 'twice.json')} $.players[3].id PLAYER_REPEATED: player id "${bundle.players[2]!.id}" is registered twice`);
      expect(out[1]).toMatch(/^INVALID \S+unnamed\.json \$\.tournament\.name SCHEMA_VIOLATION: /);
    });
  });

  it('needs at least one path', () => {
    expect(() => run()).toThrow(/at least one PATH/);
  });

  it('reports positions as the seq in the game and the path in the document, which drift once a derived event is left out', () => {
    const actions = valid.events.filter((e) => e.type !== 'GameEnded');
    const late = { ...valid, events: [...actions, { type: 'Concede', player: 'p1', payload: {} }] };
    const { code, out } = run(file('late.json', json(late)), '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out[0]!).failure).toMatchObject({ seq: valid.events.length + 1, index: actions.length, path: `$.events[${actions.length}]`, code: 'GAME_OVER' });
    expect(formatReport(JSON.parse(out[0]!))).toContain(`event ${valid.events.length + 1} Concede ($.events[${actions.length}]) GAME_OVER`);
  });

  describe('catalogs that are not built in', () => {
    const builtin = findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!;
    const own = { ...valid, catalog: 'club-pool@3' };

    it('fails with UNKNOWN_CATALOG when the log names a catalog it cannot find', () => {
      const { code, out } = run(file('own.json', json(own)));
      expect(code).toBe(1);
      expect(out[0]).toMatch(/^INVALID .*own\.json header UNKNOWN_CATALOG: catalog "club-pool@3" is not known/);
    });

    it('takes the catalog from --catalog FILE (its id from the file or its name)', () => {
      const folder = join(dir, 'with-flag');
      mkdirSync(folder, { recursive: true });
      const log = join(folder, 'own.json');
      writeFileSync(log, json(own));
      const named = join(dir, 'club-pool@3.json');
      writeFileSync(named, json({ system: 'born-from-blood', cards: builtin.cards }));
      expect(run(log, '--catalog', named)).toMatchObject({ code: 0, out: [expect.stringMatching(/^OK /)] });
      const withId = join(dir, 'pool.json');
      writeFileSync(withId, json({ id: 'club-pool@3', system: 'born-from-blood', cards: builtin.cards }));
      expect(run(log, '--catalog', withId).code).toBe(0);
    });

    it('finds <name@version>.catalog.json beside the log, and does not validate it as a log', () => {
      const folder = join(dir, 'beside');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'own.json'), json(own));
      writeFileSync(join(folder, 'club-pool@3.catalog.json'), json({ system: 'born-from-blood', cards: builtin.cards }));
      const { code, out } = run(folder);
      expect(code).toBe(0);
      expect(out).toEqual([expect.stringMatching(/^OK .*own\.json /)]);
    });

    it('names a broken catalog file and what is wrong in it', () => {
      const broken = join(dir, 'broken@1.json');
      writeFileSync(broken, json({ system: 'born-from-blood', cards: [{ ...builtin.cards[0], type: 'Dragon' }] }));
      expect(() => run(file('x.json', json(own)), '--catalog', broken)).toThrow(/catalog .*broken@1\.json: SCHEMA_VIOLATION: \$\.cards\[0\]\.type/);
    });
  });
});
