import { BoardCache } from './game-reader';

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
