import type { LogEvent } from '@cardlog/events';
import { replay } from '../replay';
import { sameEvent } from '../same-event';
import { devacurse } from '.';
import { sameDerived } from './same-derived';
import { simulateDevacurse } from './simulate/game';

// The engine's own comparison of an uploaded system event must answer as sameEvent does, for every
// event the rules derive and for anything an upload might send in its place.

class Boxed {
  constructor(readonly loop: string) {}
}

/** Uploads that differ from (or equal) `expected` in the ways a hand-written log could. */
function variants(expected: LogEvent): unknown[] {
  const p = expected.payload as Record<string, unknown>;
  const keys = Object.keys(p);
  const out: unknown[] = [
    JSON.parse(JSON.stringify(expected)),
    { ...expected, payload: Object.fromEntries([...keys].reverse().map((k) => [k, p[k]])) },
    { ...expected, payload: { ...p, extra: 'x' } },
    { ...expected, payload: { ...p, extra: undefined } },
    { ...expected, payload: { ...p, skipped: 'eliminated' } },
    { ...expected, payload: { ...p, step: 'endStep' } },
    { ...expected, payload: Object.assign(Object.create(null), p) },
    { ...expected, payload: new Boxed(String(p['loop'])) },
    { ...expected, payload: [p['loop']] },
    { ...expected, payload: null },
    { ...expected, payload: 'construction' },
    { type: expected.type, payload: p },
    { type: expected.type, player: 'p1', payload: p },
    { type: 'BlessingLost', payload: p },
    { ...expected, payload: { ...p, __proto__: 'x' } },
    { ...expected, payload: JSON.parse(`{${keys.map((k) => `"${k}":${JSON.stringify(p[k])}`).join(',')}${keys.length ? ',' : ''}"__proto__":{}}`) },
    { ...expected, payload: JSON.parse(`{${keys.map((k) => `"${k}":${JSON.stringify(p[k])}`).join(',')}${keys.length ? ',' : ''}"constructor":"x"}`) },
  ];
  for (const k of keys) {
    const { [k]: _dropped, ...rest } = p;
    out.push({ ...expected, payload: rest });
    out.push({ ...expected, payload: { ...p, [k]: `${String(p[k])}x` } });
    out.push({ ...expected, payload: { ...p, [k]: 1 } });
    out.push({ ...expected, payload: { ...p, [k]: NaN } });
    out.push({ ...expected, payload: { ...p, [k]: { value: p[k] } } });
    out.push({ ...expected, payload: { ...p, [k]: undefined } });
  }
  return out;
}

describe('devacurse sameDerived', () => {
  const derived: LogEvent[] = [];
  for (const [seed, players] of [[3, 2], [4, 3], [5, 4]] as const) {
    const game = simulateDevacurse(devacurse, { seed, players });
    const result = replay(game.document);
    expect(result.failure).toBeUndefined();
    for (const e of result.applied) if (devacurse.derivedEventTypes.has(e.type)) derived.push({ type: e.type, ...(e.player === undefined ? {} : { player: e.player }), payload: e.payload });
  }

  it('sees PhaseAdvanced and other system events in the simulated games', () => {
    expect(derived.filter((e) => e.type === 'PhaseAdvanced').length).toBeGreaterThan(100);
    expect(derived.filter((e) => e.type !== 'PhaseAdvanced').length).toBeGreaterThan(10);
  });

  it('answers as sameEvent for every derived event and every variant of it', () => {
    let compared = 0;
    for (const expected of derived) {
      for (const uploaded of variants(expected)) {
        const want = sameEvent(expected, uploaded as LogEvent);
        if (sameDerived(expected, uploaded as LogEvent) !== want) throw new Error(`differs from sameEvent: ${JSON.stringify(expected)} vs ${JSON.stringify(uploaded)} (sameEvent says ${want})`);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
