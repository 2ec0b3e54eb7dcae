import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundle } from '@cardlog/rules';
import { UsageError } from '../args';
import { captureIo, tempDir } from '../testing';
import { simulateCommand } from './simulate';
import { replayCommand } from './replay';
import { validateCommand } from './validate';

describe('cardlog simulate', () => {
  it('writes one cardlog/1 document per game, named by system, seed and number, that validate accepts', () => {
    const out = join(tempDir(), 'games');
    const io = captureIo();
    expect(simulateCommand(['--system', 'born-from-blood', '--games', '3', '--seed', '42', '--out', out], io)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['born-from-blood-42-1.json', 'born-from-blood-42-2.json', 'born-from-blood-42-3.json']);
    const doc = JSON.parse(readFileSync(join(out, 'born-from-blood-42-1.json'), 'utf8'));
    expect(doc).toMatchObject({ format: 'cardlog/1', system: 'born-from-blood', catalog: 'demo-bfb@1', players: [{ seat: 'p1' }, { seat: 'p2' }] });
    expect(doc.events[0].type).toBe('MatchCreated');
    expect(io.stdout[0]).toBe('games 3');
    // Each ending as the rulebook names it, the count first: "(3 HP reached 0)".
    expect(io.stdout[1]).toMatch(/^win-condition rate \d+\.\d% \(\d+ (HP reached 0|deck-out|drawn|conceded at the event cap)(, \d+ (HP reached 0|deck-out|drawn|conceded at the event cap))*\)$/);
    expect(io.stdout[2]).toMatch(/^events \d+ /);
    expect(io.stdout[3]).toBe(`wrote 3 documents to ${out}`);

    const check = captureIo();
    expect(validateCommand([out], check)).toBe(0);
    expect(check.stdout).toHaveLength(3);
  });

  it('simulates Devacurse for 3 Devas: validate accepts the games and replay prints the board', () => {
    const out = join(tempDir(), 'dv');
    const io = captureIo();
    expect(simulateCommand(['--system', 'devacurse', '--players', '3', '--games', '2', '--seed', '5', '--out', out], io)).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, 'devacurse-5-1.json'), 'utf8'));
    expect(doc).toMatchObject({ system: 'devacurse', catalog: 'demo-dv@1', players: [{ seat: 'p1' }, { seat: 'p2' }, { seat: 'p3' }] });
    const one = join(tempDir(), 'one');
    const single = captureIo();
    expect(simulateCommand(['--system', 'devacurse', '--games', '1', '--seed', '5', '--out', one], single)).toBe(0);
    expect(single.stdout.at(-1)).toBe(`wrote 1 document to ${one}`);
    expect(io.stdout[1]).toMatch(/^win-condition rate \d+\.\d% \(\d+ (last Deva standing|simultaneous elimination|conceded at the event cap)(, .+)?\)$/);
    const check = captureIo();
    expect(validateCommand([out], check)).toBe(0);
    expect(check.stdout.every((line) => line.startsWith('OK '))).toBe(true);
    const board = captureIo();
    expect(replayCommand([join(out, 'devacurse-5-1.json'), '--step', '40', '--view', 'p1'], board)).toBe(0);
    expect(board.stdout.join('\n')).toMatch(/p1 Agni\s+Faith \d+/);
    expect(() => simulateCommand(['--system', 'devacurse', '--players', '5'], captureIo())).toThrow(UsageError);
  });

  it('is deterministic: the same seed writes the same games', () => {
    const [a, b] = [tempDir(), tempDir()];
    simulateCommand(['--games', '2', '--seed', '9', '--out', a], captureIo());
    simulateCommand(['--games', '2', '--seed', '9', '--out', b], captureIo());
    for (const name of readdirSync(a)) expect(readFileSync(join(b, name), 'utf8')).toBe(readFileSync(join(a, name), 'utf8'));
  });

  it('refuses a system it cannot simulate and a bad game count', () => {
    expect(() => simulateCommand(['--system', 'chess'], captureIo())).toThrow(UsageError);
    expect(() => simulateCommand(['--games', '0'], captureIo())).toThrow(UsageError);
  });

  it('simulates aegis games that validate accepts and replay draws as a text board', () => {
    const out = join(tempDir(), 'aegis');
    const io = captureIo();
    expect(simulateCommand(['--system', 'aegis', '--games', '4', '--seed', '3', '--out', out], io)).toBe(0);
    expect(io.stdout[1]).toMatch(/^win-condition rate \d+\.\d% \((\d+ (Aegis exhausted|deck-out|drawn|conceded at the event cap)(, )?)+\)$/);
    expect(readdirSync(out)).toHaveLength(4);
    const check = captureIo();
    expect(validateCommand([out], check)).toBe(0);
    expect(check.stdout.every((line) => line.startsWith('OK '))).toBe(true);
    const board = captureIo();
    expect(replayCommand([join(out, 'aegis-3-1.json'), '--step', '60', '--view', 'p1'], board)).toBe(0);
    const text = board.stdout.join('\n');
    expect(text).toMatch(/^turn \d+ · /m);
    expect(text).toMatch(/Mana \d +Aegis \d set/);
    expect(text).toMatch(/^ {2}Hand /m);
  });

  it('--tournament writes a seeded Swiss event as one cardlog-tournament/1 bundle', () => {
    const dir = tempDir();
    const io = captureIo();
    const argv = ['--tournament', 'club-night', '--system', 'born-from-blood', '--players', '6', '--rounds', '2', '--best-of', '1', '--seed', '4'];
    expect(simulateCommand([...argv, '--out', join(dir, 'a.json')], io)).toBe(0);
    simulateCommand([...argv, '--out', join(dir, 'b.json')], captureIo());
    const text = readFileSync(join(dir, 'a.json'), 'utf8');
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(text);
    const bundle = JSON.parse(text);
    expect(bundle).toMatchObject({ format: 'cardlog-tournament/1', tournament: { id: 'club-night', bestOf: 1, format: { swissRounds: 2 } } });
    expect(bundle.players).toHaveLength(6);
    expect(bundle.rounds.map((r: { pairings: unknown[] }) => r.pairings.length)).toEqual([3, 3]);
    expect(io.stdout[0]).toBe('tournament club-night: 6 players, 2 Swiss rounds, best of 1, 6 games');
  });

  it('--tournament --top-cut N plays the top N out after the Swiss rounds, and the bundle checks', () => {
    const dir = tempDir();
    const io = captureIo();
    const out = join(dir, 'cut.json');
    const argv = ['--tournament', 'cut-night', '--system', 'aegis', '--players', '6', '--rounds', '2', '--best-of', '1', '--seed', '4', '--top-cut', '4', '--out', out];
    expect(simulateCommand(argv, io)).toBe(0);
    const bundle = JSON.parse(readFileSync(out, 'utf8'));
    expect(bundle.tournament.format).toEqual({ swissRounds: 2, topCut: 4 });
    // Semifinals (two matches), then the final.
    expect(bundle.rounds.map((r: { pairings: unknown[] }) => r.pairings.length)).toEqual([3, 3, 2, 1]);
    expect(() => checkBundle(bundle)).not.toThrow();
    expect(io.stdout[0]).toMatch(/^tournament cut-night: 6 players, 2 Swiss rounds and a top 4 \(2 rounds\), best of 1, \d+ games$/);
    expect(() => simulateCommand([...argv.slice(0, -4), '--top-cut', '7'], captureIo())).toThrow('--top-cut must be from 2 to 6');
  });

  it('--tournament refuses a best of 2', () => {
    expect(() => simulateCommand(['--tournament', '--best-of', '2'], captureIo())).toThrow(UsageError);
  });
});
