import type { EventDefinition, LogEvent } from '@cardlog/events';
import { devacurseEvents, eventSchemaFor } from '@cardlog/events';
import { Prng } from '../prng';
import { devacurse } from '.';
import { passesByHand } from './shapes';
import { simulateDevacurse } from './simulate/game';

// The hand-written shape checks stand in for the schemas on the hot path: whatever they accept,
// the schema must accept too (they may send doubtful events on to the schema, never the reverse).

const DEFINITIONS = devacurseEvents as Readonly<Record<string, EventDefinition>>;
const schemaPasses = (event: LogEvent) => eventSchemaFor(event.type, DEFINITIONS[event.type]!).safeParse(event).success;

/** Small deformations of a payload value: wrong types, lengths and extra keys. */
function variants(value: unknown, prng: Prng): unknown[] {
  const out: unknown[] = [undefined, null, 0, 1.5, -1, '', 'p13', 'x'.repeat(101), true, [], {}, NaN];
  if (Array.isArray(value)) {
    out.push([...value, 7], [...value, ''], value.slice(1), Array.from({ length: 201 }, (_, i) => `c${i}`), [{}], [null]);
    if (value.length) out.push(value.map((v) => variants(v, prng)[prng.int(12)]));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    out.push({ ...value, extra: 1 }, Object.fromEntries(entries.slice(1)), { ...value, [entries[0]?.[0] ?? 'k']: undefined });
    for (const [k, v] of entries) for (const w of variants(v, prng).slice(0, 6)) out.push({ ...value, [k]: w });
  }
  return out;
}

describe('hand-written shape checks', () => {
  const actions: LogEvent[] = [];
  for (const players of [2, 3, 4]) {
    const played = simulateDevacurse(devacurse, { seed: 77 + players, players });
    for (const e of played.document.events) if (!devacurse.derivedEventTypes.has(e.type)) actions.push({ type: e.type, ...(e.player ? { player: e.player } : {}), payload: e.payload });
  }

  it('accept the recorded actions of simulated games, which their schemas accept', () => {
    const handled = actions.filter(passesByHand);
    expect(handled.length).toBeGreaterThan(actions.length / 2);
    for (const e of handled) expect(schemaPasses(e)).toBe(true);
  });

  it('accept nothing their schema refuses', () => {
    const prng = new Prng(99);
    const seen = new Set<string>();
    let tried = 0;
    for (const e of actions) {
      if (seen.has(e.type) && prng.int(20) > 0) continue;
      seen.add(e.type);
      const events: LogEvent[] = [
        ...variants(e.payload, prng).map((payload) => ({ ...e, payload }) as LogEvent),
        { ...e, player: 'p13' },
        { ...e, player: undefined } as unknown as LogEvent,
        { ...e, seq: 0 } as LogEvent,
        { ...e, extra: true } as unknown as LogEvent,
      ];
      for (const broken of events) {
        tried++;
        if (passesByHand(broken)) expect([broken, schemaPasses(broken)]).toEqual([broken, true]);
      }
    }
    expect(tried).toBeGreaterThan(500);
  });
});
