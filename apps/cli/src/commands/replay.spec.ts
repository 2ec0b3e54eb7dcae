import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GameDocument, replay, simulateTournament } from '@cardlog/rules';
import { UsageError } from '../args';
import { captureIo, tempDir } from '../testing';
import { replayCommand } from './replay';

describe('cardlog replay of a game inside a tournament bundle', () => {
  const bundle = simulateTournament({ system: 'aegis', players: 6, rounds: 2, bestOf: 3, seed: 5 });
  const file = join(tempDir(), 'open.json');
  writeFileSync(file, `${JSON.stringify(bundle, null, 2)}\n`);
  const match = bundle.rounds[1]!.pairings.find((p) => 'games' in p && (p.games?.length ?? 0) > 1) as unknown as { table: number; games: GameDocument[] };

  it('prints the board of the game --game ROUND.TABLE.GAME names, as for a file of that game alone', () => {
    const alone = join(tempDir(), 'alone.json');
    writeFileSync(alone, JSON.stringify(match.games[1]));
    const [picked, single] = [captureIo(), captureIo()];
    expect(replayCommand([file, '--game', `2.${match.table}.2`, '--step', '30'], picked)).toBe(0);
    expect(replayCommand([alone, '--step', '30'], single)).toBe(0);
    // The same board; only the first line names the file it came from.
    expect(picked.stdout.join('\n').split('\n').slice(1)).toEqual(single.stdout.join('\n').split('\n').slice(1));
    expect(picked.stdout[0]).toBe(`${file} — step 30 of ${replay(match.games[1]!).applied.length}, as spectator sees it`);
  });

  it('asks for --game on a bundle, and names what it has when the game is not there', () => {
    expect(() => replayCommand([file], captureIo())).toThrow(new UsageError(`this file is a tournament bundle: name one of its games with --game ROUND.TABLE.GAME (e.g. --game 1.${(bundle.rounds[0]!.pairings.find((p) => 'games' in p) as { table: number }).table}.1)`));
    expect(() => replayCommand([file, '--game', '2.1'], captureIo())).toThrow(/--game is ROUND\.TABLE\.GAME/);
    expect(() => replayCommand([file, '--game', `2.${match.table}.9`], captureIo())).toThrow(`--game 2.${match.table}.9: the bundle has ${match.games.length} game${match.games.length === 1 ? '' : 's'} at round 2, table ${match.table}`);
    expect(() => replayCommand([file, '--game', '7.1.1'], captureIo())).toThrow('--game 7.1.1: the bundle has no logged match at round 7, table 1');
  });

  it('refuses --game for a file of one game', () => {
    const alone = join(tempDir(), 'one.json');
    writeFileSync(alone, JSON.stringify(match.games[0]));
    expect(() => replayCommand([alone, '--game', '1.1.1'], captureIo())).toThrow('--game picks a game of a tournament bundle; this file is one game');
  });
});
