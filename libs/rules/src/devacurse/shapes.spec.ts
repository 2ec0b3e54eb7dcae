import type { EventDefinition, LogEvent } from '@cardlog/events';
import { devacurseEvents, eventSchemaFor } from '@cardlog/events';
import { Prng } from '../prng';
import { canonicalJson } from '../same-event';
import { devacurse } from '.';
import { passesByHand } from './shapes';
import { simulateDevacurse } from './simulate/game';

// The hand-written shape checks stand in for the schemas on the hot path: whatever they accept,
// the schema must accept too (they may send doubtful events on to the schema, never the reverse).

const DEFINITIONS = devacurseEvents as Readonly<Record<string, EventDefinition>>;
const schemaPasses = (event: LogEvent) => eventSchemaFor(event.type, DEFINITIONS[event.type]!).safeParse(event).success;

const payloadOf = (e: LogEvent) => e.payload as { effects?: { type: string }[] };

const BAD: readonly unknown[] = [undefined, null, 0, 1.5, -1, 2 ** 60, '', 'p13', 'x'.repeat(51), 'x'.repeat(101), true, [], {}, NaN, ['x'.repeat(101)]];

/** Every value that differs from `value` at one place: a field, element or leaf swapped for a bad value, one added or dropped. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [...BAD];
  if (Array.isArray(value)) {
    out.push([...value, 7], [...value, {}], value.slice(1), Array.from({ length: 201 }, (_, i) => `c${i}`));
    value.forEach((v, i) => {
      for (const m of mutations(v)) out.push(value.map((w, j) => (j === i ? m : w)));
    });
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    out.push({ ...record, extra: 1 });
    for (const key of Object.keys(record)) {
      const { [key]: _dropped, ...rest } = record;
      out.push(rest);
      for (const m of mutations(record[key])) out.push({ ...record, [key]: m });
    }
  }
  return out;
}

describe('hand-written shape checks', () => {
  const actions: LogEvent[] = [];
  for (const players of [2, 3, 4]) {
    const played = simulateDevacurse(devacurse, { seed: 77 + players, players });
    // Every action of these games, with effects of many kinds.
    for (const e of played.document.events) if (!devacurse.derivedEventTypes.has(e.type)) actions.push({ type: e.type, ...(e.player ? { player: e.player } : {}), payload: e.payload });
  }

  // Effects of every kind checked by hand, whether or not the simulated games above record them.
  const effects = [
    { type: 'AttachCard', cardId: 'a', to: 'b' },
    { type: 'DetachCard', cardId: 'a' },
    { type: 'DestroyCard', cardId: 'a' },
    { type: 'SetMode', cardId: 'a', mode: 'rest' },
    { type: 'ChangeFaith', player: 'p2', delta: -3 },
    { type: 'ModifyStat', cardId: 'a', stat: 'at', delta: 2, until: 'endOfTurn' },
    { type: 'PlaceCounters', cardId: 'a', kind: 'damage', n: 1 },
    { type: 'RemoveCounters', cardId: 'a', kind: 'turn', n: 2 },
    { type: 'DrawCards', player: 'p1', count: 1, cardIds: ['c'] },
    { type: 'DiscardCards', player: 'p2', cardIds: ['c'] },
    { type: 'AttachGuardian', heroId: 'h', cardId: 'g' },
    { type: 'DetachGuardian', heroId: 'h', cardId: 'g', to: { zone: 'cenotaph', player: 'p1' } },
    { type: 'MoveCard', cardId: 'a', to: { zone: 'universe' }, faceUp: false, position: 'top' },
    { type: 'ChangeController', cardId: 'a', player: 'p3' },
  ];
  for (const effect of effects) actions.push({ type: 'ResolveKnotTop', player: 'p1', payload: { effects: [effect] } });
  actions.push({ type: 'ResolveKnotTop', player: 'p1', payload: { outcome: 'cancel', cancelReason: 'guardians' } });
  actions.push({ type: 'CallCard', player: 'p1', payload: { cardId: 'a', from: 'temple', targets: [{ player: 'p2' }], choice: 'x', x: 3, payment: [{ slot: 'fire', with: 'fire' }] } });
  actions.push({ type: 'CallCard', player: 'p1', payload: { cardId: 'a', from: 'hand', payment: [], additionalCosts: [{ type: 'DiscardCards', player: 'p1', cardIds: ['b'] }] } });
  actions.push({ type: 'OrderLotDrawn', payload: { winner: 'p2' } });
  actions.push({ type: 'PlaceCombatDamage', player: 'p1', payload: { divisions: [{ attackerId: 'a', blockerId: 'b', amount: 2 }] } });

  it('accept the recorded actions of simulated games, which their schemas accept', () => {
    const handled = actions.filter(passesByHand);
    expect(handled.length).toBeGreaterThan(actions.length / 2);
    for (const effect of effects) expect([effect, handled.some((a) => payloadOf(a)['effects']?.[0] === effect)]).toEqual([effect, true]);
    for (const e of handled) expect(schemaPasses(e)).toBe(true);
  });

  it('accept nothing their schema refuses', () => {
    const prng = new Prng(99);
    const seen = new Set<string>();
    let tried = 0;
    for (const e of actions) {
      const kind = `${e.type} ${canonicalJson(Object.keys(payloadOf(e)))} ${canonicalJson((payloadOf(e)['effects'] ?? []).map((x) => x.type))}`;
      if (seen.has(kind) && prng.int(20) > 0) continue;
      seen.add(kind);
      const events: LogEvent[] = [
        ...mutations(e.payload).map((payload) => ({ ...e, payload }) as LogEvent),
        { ...e, player: 'p13' },
        { ...e, player: undefined } as unknown as LogEvent,
        { ...e, player: 'p1' },
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
