import type { AgCard, GameDocument, LogEvent } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { Prng } from '../prng';
import { fold, replay, resolveHeader } from '../replay';
import { aegis } from '.';
import { simulateAegisGames } from './simulate/game';
import { AgState, SEATS } from './state';

// Properties over 1,000 simulated games (short ones: the bots concede at 150 events), with the
// light checks on every game and the heavy ones on a sample.

const GAMES = 1000;
const HEAVY = 25;
const games = simulateAegisGames(aegis, GAMES, 99, { maxEvents: 150 });
const docs = games.map((g) => g.document);

/** Card conservation: every instance is in exactly one zone of its owner, Aegis pile and area included. */
function conserved(state: AgState): void {
  const seen = new Set<string>();
  for (const seat of SEATS) {
    const p = state.players[seat];
    const ids = [...p.deck, ...p.hand, ...p.units.map((u) => u.id), ...p.support, ...p.field, ...p.drop, ...p.aegisSet, ...p.aegisOpen.map((a) => a.id)];
    for (const id of ids) {
      if (state.cards.get(id)?.owner !== seat) throw new Error(`${id} is in ${seat}'s zones but not theirs`);
      if (seen.has(id)) throw new Error(`${id} is in two zones`);
      seen.add(id);
    }
    for (const id of [...p.top, ...p.bottom]) if (!p.deck.includes(id)) throw new Error(`${id} has a known deck place but is not in the deck`);
  }
  if (seen.size !== state.cards.size) throw new Error(`${state.cards.size - seen.size} cards are in no zone`);
}

const headerOf = (doc: GameDocument) => resolveHeader(doc, aegis) as GameHeader<AgCard>;
const stateAfter = (doc: GameDocument, events: readonly LogEvent[]) => fold(aegis, aegis.initialState(headerOf(doc)), events);
const judge = (state: AgState) => JSON.stringify(aegis.view(state, 'judge'));

describe(`properties of ${GAMES} simulated Aegis games`, () => {
  it('replay every game without a failure, and fold every stored event without throwing', () => {
    for (const doc of docs) {
      const result = replay<AgState>(doc);
      expect(result.failure).toBeUndefined();
      conserved(result.state!);
    }
  });

  it('conserve every card after every event (sample)', () => {
    for (const doc of docs.slice(0, HEAVY)) {
      let state = aegis.initialState(headerOf(doc));
      for (const e of doc.events) {
        state = aegis.evolve(state, e);
        if (state.stage === 'playing' || state.stage === 'ended') conserved(state);
      }
    }
  });

  it('are deterministic: the same seed gives the same document, and folding it twice the same board', () => {
    const again = simulateAegisGames(aegis, HEAVY, 99, { maxEvents: 150 });
    again.forEach((g, i) => expect(g.document).toEqual(docs[i]));
    for (const doc of docs.slice(0, HEAVY)) expect(judge(replay<AgState>(doc).state!)).toBe(judge(replay<AgState>(doc).state!));
  });

  it('are prefix-consistent: replaying the first k events reaches the state the full fold passes through', () => {
    const prng = new Prng(7);
    for (const doc of docs.slice(0, HEAVY)) {
      const k = prng.between(1, doc.events.length);
      const prefix = { ...doc, events: doc.events.slice(0, k) };
      const result = replay<AgState>(prefix);
      expect(result.failure).toBeUndefined();
      expect(judge(result.state!)).toBe(judge(stateAfter(doc, doc.events.slice(0, k))));
    }
  });

  it('never crash under dropped, duplicated or swapped events: the replay names a failure or succeeds', () => {
    const prng = new Prng(11);
    for (const doc of docs.slice(0, HEAVY * 4)) {
      const n = doc.events.length;
      const i = prng.between(1, n - 2);
      const variants = [
        [...doc.events.slice(0, i), ...doc.events.slice(i + 1)],
        [...doc.events.slice(0, i + 1), doc.events[i]!, ...doc.events.slice(i + 1)],
        [...doc.events.slice(0, i), doc.events[i + 1]!, doc.events[i]!, ...doc.events.slice(i + 2)],
      ];
      for (const events of variants) {
        const result = replay<AgState>({ ...doc, events });
        if (result.failure) expect(result.failure.index).toBeGreaterThanOrEqual(0);
        expect(() => stateAfter(doc, events)).not.toThrow();
        if (result.state) conserved(result.state);
      }
    }
  });
});
