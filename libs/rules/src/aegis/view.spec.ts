import type { Viewer } from '../game-system';
import { describe as describeEvent } from './describe';
import { AgState } from './state';
import { Table, id } from './testing/harness';
import { view } from './view';

/** Every instance id that appears anywhere in a view. */
function idsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => idsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'cardId' && typeof v === 'string') out.add(v);
      else idsIn(v, out);
    }
  }
  return out;
}

function midGame(): Table {
  const t = new Table().start().place(B, 'unit', 'u3').to(B, 'battle');
  t.attack(B, 'u3', 'aegis');
  t.resolve(id(A, 'aegis2'));
  return t;
}
const A = 'p1' as const;
const B = 'p2' as const;

describe('what each viewer sees (log format property 3, §4)', () => {
  it('a seat sees its own hand, only the size of the other hand, and no deck or Set Aegis', () => {
    const t = midGame();
    const seen = idsIn(view(t.state, 'p1'));
    for (const c of t.p(A).hand) expect(seen.has(c)).toBe(true);
    for (const hidden of [...t.p(B).hand, ...t.p(A).deck, ...t.p(B).deck, ...t.p(A).aegisSet, ...t.p(B).aegisSet]) expect(seen.has(hidden)).toBe(false);
    expect(view(t.state, 'p1').players.p2.handSize).toBe(t.p(B).hand.length);
  });

  it('nobody at the table sees the Set Aegis pile, its owner included (AG-R18); broken Aegis are public', () => {
    const t = midGame();
    for (const viewer of ['p1', 'p2', 'spectator', 'reveal'] as Viewer[]) {
      const v = view(t.state, viewer);
      const seen = idsIn(v);
      for (const set of t.p(A).aegisSet) expect(seen.has(set)).toBe(false);
      expect(v.players.p1.aegisSetCount).toBe(5);
      expect(seen.has(id(A, 'aegis2'))).toBe(true);
    }
  });

  it('a spectator sees no hand; a judge sees everything', () => {
    const t = midGame();
    const spectator = idsIn(view(t.state, 'spectator'));
    for (const c of [...t.p(A).hand, ...t.p(B).hand]) expect(spectator.has(c)).toBe(false);
    const judge = idsIn(view(t.state, 'judge'));
    expect(judge.size).toBe(t.state.cards.size);
  });

  it('the post-game reveal shows everything once the game is over, and nothing more than a spectator before', () => {
    const t = midGame();
    expect(view(t.state, 'reveal')).toEqual({ ...view(t.state, 'spectator'), viewer: 'reveal' });
    t.do('Concede', A);
    expect(idsIn(view(t.state, 'reveal')).size).toBe(t.state.cards.size);
  });
});

describe('describe', () => {
  it('gives one readable English line for every event of a game', () => {
    const t = midGame();
    let before: AgState | undefined;
    const replayed = new Table();
    for (const e of t.log.slice(1)) {
      before = replayed.state;
      const line = describeEvent(e, before);
      expect(line).toMatch(/^[A-Z].*\.$/);
      expect(line).not.toMatch(/undefined|\[object/);
      replayed.do(e.type, e.player as 'p1' | 'p2' | undefined, e.payload as Record<string, unknown>);
    }
    const resolve = t.log.find((e) => e.type === 'ResolveBattle')!;
    const stateBefore = new Table();
    for (const e of t.log.slice(1, t.log.indexOf(resolve))) stateBefore.do(e.type, e.player as 'p1' | 'p2' | undefined, e.payload as Record<string, unknown>);
    expect(describeEvent(resolve, stateBefore.state)).toBe("The attack succeeds: Aegis Break, Alice's Test Aegis turns Active.");
  });
});
