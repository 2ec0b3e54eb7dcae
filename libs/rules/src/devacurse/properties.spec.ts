import type { GameDocument, LogEvent } from '@cardlog/events';
import { Prng } from '../prng';
import { fold, replay } from '../replay';
import { devacurse } from '.';
import { DEMO_CATALOG } from './catalog';
import { simulateDevacurse } from './simulate/game';
import { DvState } from './state';

// Property tests over 1,000 seeded games mixing 2, 3 and 4 Devas. Most games are cut short by the
// event cap (the bots concede), which keeps the run inside the CI budget; full-length games get
// the heavier checks.

const GAMES = 1000;
const CAP = 80;
const FULL = 6;

function header(doc: GameDocument) {
  return { system: 'devacurse' as const, rulesVersion: '1', config: {}, players: doc.players, catalog: DEMO_CATALOG };
}

/** Every card of the match is in exactly one place: a zone list, a guardian stack, the Knot zone, a fall batch or out of the match. */
function conservation(state: DvState): void {
  const seen = new Map<string, number>();
  const count = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  const holder = new Map(state.cards.map((c) => [c.iid, c.controller]));
  for (const p of state.players) {
    for (const zone of [p.universe, p.hand, p.temple, p.devayard, p.soldierLine, p.heroLine, p.cenotaph, p.blackHole]) {
      zone.forEach(count);
      // A card listed in a Deva's zone records that Deva as the one holding it (DV-R47).
      for (const id of zone) if (holder.get(id) !== p.seat) expect([id, holder.get(id)]).toEqual([id, p.seat]);
    }
    for (const id of [...p.universeTop, ...p.universeBottom]) expect(p.universe).toContain(id);
  }
  for (const c of state.cards) if (c.zone === 'heroLine') c.guardians.forEach(count);
  for (const k of state.knot) if ((k.kind === 'card' || k.kind === 'hero') && k.card) count(k.card.iid);
  for (const b of state.falling) b.cards.forEach(count);
  for (const c of state.cards) if (c.zone === 'leftMatch') count(c.iid);
  expect(seen.size).toBe(state.cards.length);
  const byId = new Map(state.cards.map((c) => [c.iid, c]));
  for (const c of state.cards) {
    if (seen.get(c.iid) !== 1) expect([c.iid, c.zone, seen.get(c.iid)]).toEqual([c.iid, c.zone, 1]);
    if (c.zone === 'guardian') expect(byId.get(c.heroId!)?.guardians).toContain(c.iid);
  }
}

describe('devacurse over 1,000 simulated games', () => {
  const games = Array.from({ length: GAMES }, (_, i) => simulateDevacurse(devacurse, { seed: Prng.derive(77, i), players: 2 + (i % 3), maxEvents: CAP }));

  it('never throws, conserves every card, and replays to the state the simulator reached', () => {
    for (const [i, game] of games.entries()) {
      const r = replay<DvState>(game.document, { system: devacurse });
      expect(r.failure).toBeUndefined();
      expect(r.state!.status).toBe('ended');
      if (i % 10 === 0) conservation(r.state!);
    }
    expect(new Set(games.map((g) => g.document.players.length))).toEqual(new Set([2, 3, 4]));
  });

  it('is deterministic and every prefix folds to the state its replay reached', () => {
    for (const game of games.slice(0, 40)) {
      const events = game.document.events;
      const a = replay<DvState>(game.document, { system: devacurse });
      const b = replay<DvState>(game.document, { system: devacurse });
      expect(b.state).toEqual(a.state);
      const cut = Math.floor(events.length / 2);
      const prefix = replay<DvState>({ ...game.document, events: events.slice(0, cut) }, { system: devacurse });
      expect(prefix.failure).toBeUndefined();
      const continued = fold(devacurse, prefix.state!, events.slice(cut));
      expect(continued).toEqual(a.state);
    }
  });

  it('conserves cards through full games of 2, 3 and 4 Devas, guardians and the Knot zone included', () => {
    for (let i = 0; i < FULL; i++) {
      const game = simulateDevacurse(devacurse, { seed: 500 + i, players: 2 + (i % 3) });
      let state = devacurse.initialState(header(game.document));
      for (const [n, e] of game.document.events.entries()) {
        state = devacurse.evolve(state, e);
        if (n % 100 === 0) conservation(state);
      }
      conservation(state);
    }
  });

  it('does not crash on dropped, duplicated or swapped events: replay stops with a failure or a valid prefix', () => {
    const rng = new Prng(3);
    for (const game of games.slice(0, 120)) {
      const events = game.document.events;
      const i = rng.int(events.length);
      const j = Math.min(events.length - 1, i + 1 + rng.int(3));
      const variants: LogEvent[][] = [
        [...events.slice(0, i), ...events.slice(i + 1)],
        [...events.slice(0, i + 1), events[i]!, ...events.slice(i + 1)],
        events.map((e, k) => (k === i ? events[j]! : k === j ? events[i]! : e)),
      ];
      for (const variant of variants) {
        const r = replay<DvState>({ ...game.document, events: variant }, { system: devacurse });
        expect(r.state).not.toBeNull();
        let s = devacurse.initialState(header(game.document));
        for (const e of variant) s = devacurse.evolve(s, e);
        expect(() => devacurse.view(s, 'judge')).not.toThrow();
      }
    }
  });
});
