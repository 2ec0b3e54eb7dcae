import type { BfbCard, GameDocument, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../../game-system';
import { replay } from '../../replay';
import { demoCatalog } from '../catalog';
import { bornFromBlood } from '../index';
import { BfbState, Seat, cardOf, allCardIds } from '../state';
import { SimulatedGame, simulateGame, simulateGames, summarize } from './index';
import { Prng } from '../../prng';

// One run of 1,000 seeded games shared by every property below.
const GAMES = 1000;
const SEED = 20261129;
const games: readonly SimulatedGame[] = simulateGames(GAMES, SEED, { system: bornFromBlood });

const headerOf = (doc: GameDocument): GameHeader<BfbCard> => ({
  system: 'born-from-blood',
  rulesVersion: doc.rulesVersion,
  config: doc.config ?? {},
  players: doc.players,
  catalog: demoCatalog,
});

/**
 * Card instances listed in two places, or listed where their own `zone` does not say; and, by
 * counting, any bound card listed nowhere (every listed card is distinct and bound, so equal counts
 * mean every bound card is listed exactly once).
 */
function zoneErrors(state: BfbState): string[] {
  const seen = new Set<string>();
  const errors: string[] = [];
  let listed = 0;
  const place = (id: string, zone: string) => {
    listed++;
    if (seen.has(id)) errors.push(`${id} is listed twice (again in ${zone})`);
    seen.add(id);
    const card = cardOf(state, id);
    if (!card) errors.push(`${id} in ${zone} is not bound`);
    else if (card.zone !== zone) errors.push(`${id} listed in ${zone} but its zone is ${card.zone}`);
  };
  for (const seat of ['p1', 'p2'] as Seat[]) {
    const p = state.players[seat];
    for (const zone in p.zones) for (const id of p.zones[zone]!) place(id, zone);
    for (const id of p.deck.top) place(id, 'deck');
    for (const id of p.deck.middle) place(id, 'deck');
    for (const id of p.deck.bottom) place(id, 'deck');
    const character = p.characterId ? cardOf(state, p.characterId) : undefined;
    if (character?.zone === 'characterZone' || character?.zone === 'unplaced') place(character.id, character.zone);
  }
  for (const item of state.stack) if (item.kind === 'card') place(item.cardId, 'stack');
  const bound = allCardIds(state);
  if (errors.length === 0 && listed !== bound.length) {
    errors.push(...bound.filter((id) => !seen.has(id)).map((id) => `${id} (${cardOf(state, id)!.zone}) is in no zone`));
  }
  return errors;
}

/** Structural equality, much faster than Jest's on thousands of states; a mismatch is re-checked with toEqual for its diff. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a instanceof Map) return b instanceof Map && a.size === b.size && [...a].every(([k, v]) => b.has(k) && same(v, b.get(k)));
  const ka = Object.keys(a).filter((k) => (a as any)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as any)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => same((a as any)[k], (b as any)[k]));
}
const expectSame = (actual: unknown, expected: unknown) => {
  if (!same(actual, expected)) expect(actual).toEqual(expected);
};

/** The state without its catalog: the catalog is the same data in every fold, and slow to compare. */
const rulesState = ({ catalog: _catalog, ...rest }: BfbState) => rest;

const fold = (doc: GameDocument, events: readonly LogEvent[] = doc.events): BfbState =>
  events.reduce((s, e) => bornFromBlood.evolve(s, e), bornFromBlood.initialState(headerOf(doc)));

/** One incremental fold of every game: zone checks at each step, the state at a random step, the end state. */
interface FoldRecord {
  readonly error?: string;
  readonly zoneError?: string;
  readonly final?: BfbState;
  readonly step: number;
  readonly atStep?: BfbState;
}
const pickStep = new Prng(SEED);
const folds: FoldRecord[] = games.map(({ document, seed }) => {
  const step = pickStep.int(document.events.length + 1);
  let state = bornFromBlood.initialState(headerOf(document));
  let atStep = step === 0 ? state : undefined;
  let zoneError: string | undefined;
  try {
    document.events.forEach((event, i) => {
      state = bornFromBlood.evolve(state, event);
      if (i + 1 === step) atStep = state;
      if (!zoneError) {
        const errors = zoneErrors(state);
        if (errors.length > 0) zoneError = `seed ${seed} event ${i} ${event.type}: ${errors[0]}`;
      }
    });
  } catch (error) {
    return { error: `seed ${seed}: ${String(error)}`, step };
  }
  return { final: state, step, ...(atStep ? { atStep } : {}), ...(zoneError ? { zoneError } : {}) };
});

describe(`the simulator over ${GAMES} seeded games`, () => {
  it('ends at least 95% of games by a real win condition (HP or deck-out), not by the event cap', () => {
    const summary = summarize(games);
    expect(summary.games).toBe(GAMES);
    expect(summary.winConditionRate).toBeGreaterThanOrEqual(0.95);
    // The passive games (about 1 in 40) reach the other win condition.
    expect(summary.endings.deckOut).toBeGreaterThan(0);
    expect(summary.endings.hp).toBeGreaterThan(summary.endings.deckOut);
  });

  it('a game between passive bots ends by deck-out, with the Draw Phase draw on an empty deck', () => {
    const game = simulateGame(bornFromBlood, { seed: 5, passive: true });
    expect(game.ending).toBe('deckOut');
    const events = game.document.events;
    expect(events[events.length - 2]).toMatchObject({ type: 'DrawForTurn', payload: {} });
    expect(events.some((e) => e.type === 'DiscardToHandLimit')).toBe(true);
  });

  it('writes complete cardlog/1 documents that start with MatchCreated and end with GameEnded', () => {
    for (const { document } of games) {
      expect(document).toMatchObject({ format: 'cardlog/1', system: 'born-from-blood', catalog: 'demo-bfb@1', rulesVersion: '1' });
      expect(document.players.map((p) => p.seat)).toEqual(['p1', 'p2']);
      expect(document.events[0]!.type).toBe('MatchCreated');
      expect(document.events[document.events.length - 1]!.type).toBe('GameEnded');
    }
  });

  it('is deterministic: a seed plays the same game again', () => {
    const again = simulateGame(bornFromBlood, { seed: games[3]!.seed });
    expect(again.document).toEqual(games[3]!.document);
  });

  it('folds every game without throwing', () => {
    expect(folds.flatMap((f) => (f.error ? [f.error] : []))).toEqual([]);
  });

  it('keeps every card instance in exactly one zone at every step', () => {
    expect(folds.flatMap((f) => (f.zoneError ? [f.zoneError] : [])).slice(0, 5)).toEqual([]);
  });

  it('(the zone check itself notices a card listed twice or nowhere)', () => {
    const state = folds[0]!.final!;
    const p1 = state.players.p1;
    const [first, ...rest] = p1.zones['graveyard']!.length > 0 ? p1.zones['graveyard']! : p1.zones['hand']!;
    const zone = p1.zones['graveyard']!.length > 0 ? 'graveyard' : 'hand';
    const twice = { ...state, players: { ...state.players, p1: { ...p1, zones: { ...p1.zones, removedFromGame: [first!] } } } };
    expect(zoneErrors(twice)[0]).toMatch(/listed twice|listed in removedFromGame/);
    const nowhere = { ...state, players: { ...state.players, p1: { ...p1, zones: { ...p1.zones, [zone]: rest } } } };
    expect(zoneErrors(nowhere)).toEqual([`${first} (${zone}) is in no zone`]);
  });

  it('folding a game twice gives deep-equal states', () => {
    // The simulator folded each game once as it played; the pass above folded it again.
    expect([...games[0]!.final.catalog.values()]).toEqual([...folds[0]!.final!.catalog.values()]);
    games.forEach((game, i) => {
      expectSame(rulesState(folds[i]!.final!), rulesState(game.final));
    });
  });

  it('the state after any prefix equals the incremental state at that step', () => {
    games.forEach(({ document }, i) => {
      const { step, atStep } = folds[i]!;
      expectSame(rulesState(fold(document, document.events.slice(0, step))), rulesState(atStep!));
    });
  });

  it('replays a sample of games as valid, with the outcome the simulator reached', () => {
    for (const { document, final } of games.slice(0, 50)) {
      const result = replay<BfbState>(document, { system: bornFromBlood });
      expect(result.failure).toBeUndefined();
      expect(result.applied).toHaveLength(document.events.length);
      expectSame(rulesState(result.state!), rulesState(final));
    }
  });

  it('dropping, duplicating or swapping events never crashes the validator: it accepts, or fails with a code', () => {
    const prng = new Prng(SEED + 1);
    const mutations = ['drop', 'duplicate', 'swap'] as const;
    const seen = { accepted: 0, rejected: 0 };
    games.forEach(({ document }, g) => {
      const events = [...document.events];
      const i = prng.int(events.length);
      const kind = mutations[g % mutations.length]!;
      if (kind === 'drop') events.splice(i, 1);
      else if (kind === 'duplicate') events.splice(i, 0, events[i]!);
      else if (i + 1 < events.length) [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
      const result = replay({ ...document, events }, { system: bornFromBlood });
      if (result.failure) {
        expect(result.failure.code).toMatch(/^[A-Z][A-Z_]+$/);
        expect(result.failure.index).toBeGreaterThanOrEqual(0);
        seen.rejected++;
      } else seen.accepted++;
    });
    expect(seen.rejected).toBeGreaterThan(GAMES / 2);
  });
});
