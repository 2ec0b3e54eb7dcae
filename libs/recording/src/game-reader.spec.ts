import type { GameDocument } from '@cardlog/events';
import { findSystem, fold, resolveHeader, simulateGames } from '@cardlog/rules';
import { BoardCache, FinishedGame, FinishedGames } from './game-reader';

describe('the board cache', () => {
  it('finds the nearest board at or before a step, within its reach', () => {
    const boards = new BoardCache(10, 5);
    boards.remember('g1', 10, 'after 10');
    expect(boards.nearest('g1', 10)).toEqual({ step: 10, state: 'after 10' });
    expect(boards.nearest('g1', 14)).toEqual({ step: 10, state: 'after 10' });
    expect(boards.nearest('g1', 15)).toBeUndefined();
    expect(boards.nearest('g1', 9)).toBeUndefined();
    expect(boards.nearest('g2', 10)).toBeUndefined();
  });

  it('holds at most its capacity, dropping the board used least recently', () => {
    const boards = new BoardCache(2);
    boards.remember('g', 1, 'one');
    boards.remember('g', 100, 'hundred');
    boards.nearest('g', 1);
    boards.remember('g', 200, 'two hundred');
    expect(boards.nearest('g', 1)?.state).toBe('one');
    expect(boards.nearest('g', 100)).toBeUndefined();
    expect(boards.nearest('g', 200)?.state).toBe('two hundred');
  });
});

describe('a finished game held in memory', () => {
  const [doc] = simulateGames(1, 20261202).map((g) => g.document);
  const system = findSystem(doc!.system)!;
  const initial = () => system.initialState(resolveHeader({ ...doc!, events: [] } as GameDocument, system));
  const events = doc!.events.map((e) => (e.player === undefined ? { type: e.type, payload: e.payload } : { type: e.type, player: e.player, payload: e.payload }));
  const outcome = { result: 'draw', reason: 'spec' } as never;

  it('keeps a board every 8 steps, each the board a fold of the events before it gives', () => {
    const held = new FinishedGame('g', system, doc!.players, outcome, initial(), [...events]);
    for (const step of [0, 1, 7, 8, 9, 63, 64, events.length - 1, events.length]) {
      const at = held.checkpointAt(step);
      expect(at.step).toBe(Math.floor(step / 8) * 8);
      expect(at.state).toEqual(fold(system, initial(), events.slice(0, at.step)));
    }
  });

  it('takes the events stored after the ones it knows once, and its boards stay those of a fold', () => {
    const known = events.length - 13;
    const held = new FinishedGame('g', system, doc!.players, outcome, initial(), events.slice(0, known));
    held.extend(known - 1, events.slice(known)); // not what it knows: ignored
    expect(held.events).toHaveLength(known);
    held.extend(known, events.slice(known));
    held.extend(known, events.slice(known)); // a second request with the same tail: already taken
    expect(held.events).toEqual(events);
    for (let step = known - 8; step <= events.length; step++) {
      const at = held.checkpointAt(step);
      expect(at.state).toEqual(fold(system, initial(), events.slice(0, at.step)));
    }
  });

  it('never changes a board it hands out', () => {
    const held = new FinishedGame('g', system, doc!.players, outcome, initial(), [...events]);
    const before = JSON.stringify(held.checkpointAt(16).state);
    let board = held.checkpointAt(16).state;
    for (const e of events.slice(16, 23)) board = system.evolve(board, e);
    expect(JSON.stringify(held.checkpointAt(16).state)).toBe(before);
  });

  it('holds games within a budget of bytes, dropping the game used least recently', () => {
    const games = new FinishedGames(3 * (8 * 1000 + 16 * 1024));
    const game = (id: string) => new FinishedGame(id, system, doc!.players, outcome, initial(), []);
    games.add(game('a'), 1000);
    games.add(game('b'), 1000);
    games.add(game('c'), 1000);
    games.get('a');
    games.add(game('d'), 1000);
    expect(['a', 'b', 'c', 'd'].map((id) => games.has(id))).toEqual([true, false, true, true]);
    games.add(game('huge'), 10_000_000);
    expect(games.has('huge')).toBe(false);
    games.forget('c');
    expect(games.has('c')).toBe(false);
    expect(games.bytes).toBe(2 * (8 * 1000 + 16 * 1024));
  });
});
