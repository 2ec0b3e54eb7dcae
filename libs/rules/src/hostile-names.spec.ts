import { GameDocument, parseGameDocument } from '@cardlog/events';
import type { Viewer } from './game-system';
import { findInsights, findSystem } from './registry';
import { replay, resolveHeader } from './replay';
import { simulateDocuments } from './simulate';
import { decodeState, encodeState } from './snapshot';

/**
 * Ids, names and enum-like strings are user input in every game. Named like Object.prototype
 * members they must stay plain data in each engine: the same game replays to the same board,
 * facts and outcome, and a bad name is a RuleViolation or a schema error, never a crash.
 */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const SYSTEMS = ['born-from-blood', 'aegis', 'devacurse', 'summoner-master'] as const;

/** The document with each listed string value (as a whole JSON string) renamed. */
function renamed<T>(value: T, names: ReadonlyMap<string, string>): T {
  const text = JSON.stringify(value).replace(/"([^"\\]*)"/g, (whole, id: string) => (names.has(id) ? JSON.stringify(names.get(id)) : whole));
  return JSON.parse(text) as T;
}

/** The instance ids a simulated game uses (`p1-01`, `p2-017`, …), per seat. */
function instanceIds(document: GameDocument): { p1: string[]; p2: string[] } {
  const ids = [...new Set([...JSON.stringify(document.events).matchAll(/"(p[12]-\d{2,3})"/g)].map((m) => m[1]!))];
  return { p1: ids.filter((id) => id.startsWith('p1-')), p2: ids.filter((id) => id.startsWith('p2-')) };
}

describe.each(SYSTEMS)('%s: names like Object.prototype members', (systemId) => {
  const system = findSystem(systemId)!;
  const insights = findInsights(systemId);
  const original = simulateDocuments(systemId, 1, 20261201)[0]!.document;
  const expected = replay(original, { system });
  const judge = (state: unknown) => JSON.stringify(system.view(state as never, 'judge'));
  const facts = (document: GameDocument) => {
    if (!insights) return null;
    const header = resolveHeader(document, system);
    const { scratch: _scratch, ...rest } = document.events.reduce((f, event) => insights.evolveFacts(f, event, header), insights.initialFacts(header)) as unknown as Record<string, unknown>;
    return rest;
  };

  it('the simulated game replays cleanly to start with', () => {
    expect(expected.failure).toBeUndefined();
    const ids = instanceIds(original);
    expect(ids.p1.length).toBeGreaterThanOrEqual(PROTOTYPE_NAMES.length);
    expect(ids.p2.length).toBeGreaterThanOrEqual(PROTOTYPE_NAMES.length);
  });

  it('card instances named __proto__, constructor, toString, … replay to the same board, facts and outcome', () => {
    const ids = instanceIds(original);
    const names = new Map([...PROTOTYPE_NAMES.map((name, i) => [ids.p1[i]!, name] as const), ...PROTOTYPE_NAMES.map((name, i) => [ids.p2[i]!, name.toUpperCase()] as const)]);
    const hostile = renamed(original, names);
    const parsed = parseGameDocument(hostile);
    expect(parsed.ok).toBe(true);
    const result = replay(hostile, { system });
    expect(result.failure).toBeUndefined();
    expect(result.applied).toHaveLength(expected.applied.length);
    expect(system.outcome(result.state as never)).toEqual(system.outcome(expected.state as never));
    expect(judge(result.state)).toBe(JSON.stringify(renamed(system.view(expected.state as never, 'judge'), names)));
    for (const seat of original.players.map((p) => p.seat)) {
      expect(JSON.stringify(system.view(result.state as never, seat as Viewer))).toBe(JSON.stringify(renamed(system.view(expected.state as never, seat as Viewer), names)));
    }
    if (insights) expect(JSON.stringify(facts(hostile))).toBe(JSON.stringify(renamed(facts(original), names)));
    // Nothing leaked onto the shared prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual([...PROTOTYPE_NAMES].sort());
    expect(({} as Record<string, unknown>).p1).toBeUndefined();
  });

  it('a game with __proto__ and constructor bound survives a snapshot round trip at every tenth event', () => {
    const ids = instanceIds(original);
    const names = new Map([
      [ids.p1[0]!, '__proto__'],
      [ids.p2[0]!, 'constructor'],
      [ids.p1[1]!, 'toString'],
      [ids.p2[1]!, 'hasOwnProperty'],
    ]);
    const hostile = renamed(original, names);
    const initial = system.initialState(resolveHeader(hostile, system));
    for (let n = 10; n < hostile.events.length; n += Math.max(10, Math.floor(hostile.events.length / 8))) {
      const prefix = replay({ ...hostile, events: hostile.events.slice(0, n) }, { system });
      expect(prefix.failure).toBeUndefined();
      const restored = decodeState(JSON.parse(JSON.stringify(encodeState(prefix.state, initial))), initial);
      expect(judge(restored)).toBe(judge(prefix.state));
    }
  });

  it('catalog cards with ids like Object.prototype members resolve as cards', () => {
    const builtin = Object.values(system.builtinCatalogs)[0]!;
    const used = new Set([...JSON.stringify(original.events).matchAll(/"([^"\\]+)"/g)].map((m) => m[1]!));
    const cardIds = (builtin.cards as { id: string }[]).map((c) => c.id).filter((id) => used.has(id));
    const names = new Map(cardIds.slice(0, PROTOTYPE_NAMES.length).map((id, i) => [id, PROTOTYPE_NAMES[i]!]));
    expect(names.size).toBeGreaterThan(3);
    const hostile = renamed({ ...original, catalog: { cards: builtin.cards } } as GameDocument, names);
    const result = replay(hostile, { system });
    expect(result.failure).toBeUndefined();
    expect(result.applied).toHaveLength(expected.applied.length);
  });

  it('any string of an event (a zone, a phase, a target, a choice) set to __proto__ or constructor is refused or replayed, never a crash', () => {
    // The first 24 events (setup, where ids are bound) and 16 spread over the rest of the game.
    const n = original.events.length;
    const indices = [...new Set([...Array.from({ length: Math.min(n, 24) }, (_, i) => i), ...Array.from({ length: 16 }, (_, k) => Math.floor(24 + ((n - 25) * k) / 15))])].filter((i) => i < n);
    let tried = 0;
    for (const i of indices) {
      for (const path of stringLeaves(original.events[i]!.payload).slice(0, 4)) {
        for (const name of ['__proto__', 'constructor']) {
          const events = original.events.slice(0, i + 1).map((e) => structuredClone(e));
          setAt(events[i]!.payload, path, name);
          const document = { ...original, events };
          const parsed = parseGameDocument(JSON.stringify(document));
          if (!parsed.ok) continue;
          const result = replay(parsed.document, { system });
          if (result.failure) expect(result.failure.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(0);
  });
});

function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.slice(0, 3).flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function setAt(target: unknown, path: readonly (string | number)[], value: string): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}
