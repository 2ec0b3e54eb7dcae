import { LogEvent, bornFromBloodEvents, eventSchemaFor } from '@cardlog/events';
import type { EventDefinition } from '@cardlog/events';
import { simulateDocuments } from '../simulate';
import { fitsShape } from './fast-shape';

const schema = (type: string) => eventSchemaFor(type, (bornFromBloodEvents as Record<string, EventDefinition>)[type]!);
const zodAccepts = (event: LogEvent) => schema(event.type).safeParse(event).success;

const src = 'p1-00';
/** Legal shapes of the effect events simulated games rarely or never hold. */
const handMade: LogEvent[] = [
  { type: 'ChangeN', payload: { sourceCardId: src, player: 'p1', delta: -2 } },
  { type: 'ModifyBattleDamage', payload: { sourceCardId: src, delta: 100 } },
  { type: 'GrantAttackProperty', payload: { sourceCardId: src, property: 'pierce' } },
  { type: 'RemoveKeyword', payload: { sourceCardId: src, cardId: 'p2-03', keyword: 'Skybound', duration: { untilEndOfTurnOf: { player: 'p2', occurrence: 'next' } } } },
  { type: 'ClearStatus', payload: { sourceCardId: src, cardId: 'p2-03', status: 'stun' } },
  { type: 'DestroyCard', payload: { sourceCardId: src, cardId: 'p2-03', cause: 'destroy' } },
  { type: 'SetStatus', payload: { sourceCardId: src, cardId: 'p2-03', status: 'burn', params: { amount: 100, tickAt: 'p2' }, duration: { whileSourceOnField: { sourceCardId: src } } } },
  { type: 'DealDamage', payload: { sourceCardId: 'rule', target: { character: 'p2' }, amount: 300, ignoreBlock: true } },
  { type: 'PlayCard', player: 'p1', payload: { cardId: 'p1-07', destination: { host: 'p1-09' }, costOverride: { amount: 0, sourceCardId: src } } },
  { type: 'DeclareAttack', player: 'p1', payload: { attackerId: 'p1-07', using: 'atk', immediate: true, sourceCardId: src } },
  { type: 'MoveCard', payload: { sourceCardId: src, cardId: 'p1-07', from: { special: 'vault' }, to: 'deck', position: 'top' } },
];
const events = [...handMade, ...simulateDocuments('born-from-blood', 30, 777).flatMap((d) => d.document.events)];
const REPLACEMENTS: unknown[] = [undefined, null, 0, -1, 1.5, Number.NaN, 2 ** 60, '', 'x', 'x'.repeat(101), 'x'.repeat(201), [], [''], {}, true, 'p3', 'top'];

/** Every way to break one event a little: each field (at any depth) replaced, removed, or joined by a stranger. */
function variants(event: LogEvent): LogEvent[] {
  const out: LogEvent[] = [];
  const walk = (value: unknown, rebuild: (v: unknown) => LogEvent, depth: number) => {
    for (const r of REPLACEMENTS) out.push(rebuild(r));
    if (depth > 3 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.slice(0, 3).forEach((item, i) => walk(item, (v) => rebuild(value.map((x, j) => (j === i ? v : x))), depth + 1));
      out.push(rebuild([...value, ...value]));
      return;
    }
    const record = value as Record<string, unknown>;
    out.push(rebuild({ ...record, stranger: 'x' }));
    out.push(rebuild(JSON.parse(`{"__proto__": 1, ${JSON.stringify(record).slice(1)}`.replace(', }', '}'))));
    for (const key of Object.keys(record)) {
      const { [key]: _gone, ...rest } = record;
      out.push(rebuild(rest));
      walk(record[key], (v) => rebuild({ ...record, [key]: v }), depth + 1);
    }
  };
  walk(event.payload, (payload) => ({ ...event, payload }) as LogEvent, 0);
  const { player: _player, ...anonymous } = event;
  out.push(anonymous as LogEvent, { ...event, player: 'p3' }, { ...event, player: 'p2' }, { ...event, seq: 1 } as LogEvent, { ...event, extra: 1 } as LogEvent);
  return out;
}

describe('the hand-written schema check', () => {
  it('accepts the frequent events of simulated games, which zod accepts too', () => {
    let fast = 0;
    for (const event of events) {
      if (!fitsShape(event)) continue;
      fast++;
      expect(zodAccepts(event)).toBe(true);
    }
    expect(fast).toBeGreaterThan(events.length / 4);
  });

  it('never accepts an event the schema refuses', () => {
    const seen = new Set<string>();
    let refused = 0;
    for (const event of handMade) expect({ event, fits: fitsShape(event) }).toEqual({ event, fits: true });
    for (const event of events) {
      const key = `${event.type} ${Object.keys(event.payload as object).sort().join()}`;
      if (!fitsShape(event) || seen.has(key)) continue;
      seen.add(key);
      for (const variant of variants(event)) {
        if (fitsShape(variant)) expect({ variant, zod: zodAccepts(variant) }).toEqual({ variant, zod: true });
        else refused++;
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(100);
  });
});
