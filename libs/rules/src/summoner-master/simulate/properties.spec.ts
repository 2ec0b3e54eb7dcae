import { parseGameDocument, type GameDocument } from '@cardlog/events';
import { Prng } from '../../prng';
import { replay } from '../../replay';
import { SEATS, SmState } from '../state';
import { view } from '../view';
import { simulateSmGame, simulateSmGames } from './game';

// Properties over 1,000 seeded games: the light checks on every game, the heavy ones on a subset.

const ZONES = new Set(['SealDeck', 'MysticDeck', 'Hand', 'Arena', 'Shrine', 'RemoveZone', 'ReflectionZone', 'Candidate']);

/** The problems with a final state: cards lost or duplicated, unknown zones, controllers outside the Arena, negative Mp. */
function conservationProblems(document: GameDocument, state: SmState): string[] {
  const problems: string[] = [];
  for (const e of document.events) {
    if (e.type !== 'DeckRegistered') continue;
    const p = e.payload as { deck: unknown[]; reflectionCards: unknown[] };
    const held = state.cards.filter((c) => c.owner === e.player).length;
    if (held !== p.deck.length + p.reflectionCards.length) problems.push(`${e.player} holds ${held} cards`);
  }
  if (new Set(state.cards.map((c) => c.id)).size !== state.cards.length) problems.push('a card id twice');
  for (const c of state.cards) {
    if (!ZONES.has(c.zone)) problems.push(`${c.id} in ${c.zone}`);
    if (c.zone !== 'Arena' && c.controller !== c.owner) problems.push(`${c.id} controlled by ${c.controller} outside the Arena`);
  }
  for (const seat of SEATS) if (state.mp[seat] < 0) problems.push(`${seat} Mp ${state.mp[seat]}`);
  return problems;
}

describe('simulated Summoner Master games (1,000 seeds)', () => {
  const games = simulateSmGames(1000, 20261201, { maxEvents: 600 });

  it('end by a known loss condition at least 95% of the time, with every card conserved', () => {
    const endings = new Map<string, number>();
    const problems: string[] = [];
    for (const g of games) {
      endings.set(g.ending, (endings.get(g.ending) ?? 0) + 1);
      for (const p of conservationProblems(g.document, g.final)) problems.push(`seed ${g.seed}: ${p}`);
    }
    expect(problems).toEqual([]);
    const known = games.filter((g) => g.ending !== 'concede').length;
    expect(known / games.length).toBeGreaterThanOrEqual(0.95);
  });

  it('replay to the same outcome, and parse strictly (a subset of 100)', () => {
    for (const g of games.slice(0, 100)) {
      const parsed = parseGameDocument(JSON.stringify(g.document));
      expect(parsed.ok).toBe(true);
      const r = replay<SmState>(g.document);
      expect(r.failure).toBeUndefined();
      expect(r.outcome).not.toBeNull();
    }
  });
});

describe('determinism and prefixes', () => {
  it('the same seed gives the same game, and replaying it twice the same board', () => {
    for (const seed of [1, 2, 3]) {
      const a = simulateSmGame({ seed });
      const b = simulateSmGame({ seed });
      expect(JSON.stringify(a.document)).toBe(JSON.stringify(b.document));
      const one = replay<SmState>(a.document).state!;
      const two = replay<SmState>(a.document).state!;
      expect(view(one, 'judge')).toEqual(view(two, 'judge'));
    }
  });

  it('replaying a prefix reaches the state the full game passed through', () => {
    const rng = new Prng(5);
    for (let i = 0; i < 10; i++) {
      const g = simulateSmGame({ seed: Prng.derive(77, i), keepStates: true, maxEvents: 400 });
      for (let k = 0; k < 4; k++) {
        const n = 1 + rng.int(g.document.events.length - 1);
        const r = replay<SmState>({ ...g.document, events: g.document.events.slice(0, n) });
        expect(r.failure).toBeUndefined();
        expect(view(r.state!, 'judge')).toEqual(view(g.states![n - 1]!, 'judge'));
      }
    }
  });
});

describe('robustness to damaged logs', () => {
  it('dropped, duplicated and swapped events never throw; a failure keeps the valid prefix', () => {
    const rng = new Prng(9);
    for (let i = 0; i < 40; i++) {
      const g = simulateSmGame({ seed: Prng.derive(99, i), maxEvents: 400, keepStates: true });
      const events = g.document.events;
      for (const damage of ['drop', 'duplicate', 'swap'] as const) {
        const at = 1 + rng.int(events.length - 2);
        const damaged = [...events];
        if (damage === 'drop') damaged.splice(at, 1);
        else if (damage === 'duplicate') damaged.splice(at, 0, events[at]!);
        else [damaged[at], damaged[at + 1]] = [damaged[at + 1]!, damaged[at]!];
        const r = replay<SmState>({ ...g.document, events: damaged });
        if (!r.failure) continue;
        // Events before the damage are untouched, so they stay legal; the state is the valid prefix's.
        expect(r.failure.index).toBeGreaterThanOrEqual(at);
        expect(r.applied.length).toBe(r.failure.index);
        if (r.failure.index === at) expect(view(r.state!, 'judge')).toEqual(view(g.states![at - 1]!, 'judge'));
        expect(typeof r.failure.code).toBe('string');
      }
    }
  });

  it('card ids that are prototype members are plain data', () => {
    const g = simulateSmGame({ seed: 4, maxEvents: 300 });
    const rename = (id: string) => (id === 'p1-001' ? '__proto__' : id === 'p1-002' ? 'constructor' : id);
    const text = JSON.stringify(g.document).replace(/"p1-001"/g, `"${rename('p1-001')}"`).replace(/"p1-002"/g, `"${rename('p1-002')}"`);
    const r = replay<SmState>(JSON.parse(text));
    expect(r.failure).toBeUndefined();
    expect(r.outcome).toEqual(replay(g.document).outcome);
  });
});
