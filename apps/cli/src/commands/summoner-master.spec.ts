import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkMatchFirstPlayer, replay } from '@cardlog/rules';
import { captureIo, tempDir } from '../testing';
import { replayCommand } from './replay';
import { simulateCommand } from './simulate';
import { validateCommand } from './validate';

describe('cardlog with summoner-master', () => {
  it('simulates best-of-3 matches of 2–3 games whose first players follow 102.4, and validate accepts every game', () => {
    const out = join(tempDir(), 'smn');
    const io = captureIo();
    expect(simulateCommand(['--system', 'summoner-master', '--games', '4', '--best-of', '3', '--seed', '8', '--out', out], io)).toBe(0);
    expect(io.stdout[0]).toMatch(/^matches 4 \(best of 3\), games \d+$/);
    const files = readdirSync(out).sort();
    const byMatch = new Map<string, string[]>();
    for (const f of files) {
      const m = /^summoner-master-8-(\d+)-(\d+)\.json$/.exec(f)!;
      byMatch.set(m[1]!, [...(byMatch.get(m[1]!) ?? []), f]);
    }
    expect(byMatch.size).toBe(4);
    for (const games of byMatch.values()) {
      expect(games.length).toBeGreaterThanOrEqual(2);
      expect(games.length).toBeLessThanOrEqual(3);
      const docs = games.map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')));
      docs.forEach((d, i) => expect(d.game).toMatchObject({ gameNumber: i + 1, bestOf: 3 }));
      for (let i = 1; i < docs.length; i++) {
        const previous = replay(docs[i - 1]).outcome!;
        expect(checkMatchFirstPlayer(previous, docs[i], { gameNumber: i, players: docs[i - 1].players })).toEqual({ ok: true });
      }
    }
    const check = captureIo();
    expect(validateCommand([out], check)).toBe(0);
    expect(check.stdout).toHaveLength(files.length);
    expect(check.stdout.every((l) => l.startsWith('OK '))).toBe(true);
  });

  it('replays a game as a readable board', () => {
    const out = tempDir();
    simulateCommand(['--system', 'summoner-master', '--games', '1', '--seed', '3', '--out', out], captureIo());
    const io = captureIo();
    expect(replayCommand([join(out, 'summoner-master-3-1.json'), '--step', '60', '--view', 'p1'], io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(text).toMatch(/Subturn \d+/);
    expect(text).toContain('Shrine Level');
    expect(text).toContain('Hand');
  });
});
