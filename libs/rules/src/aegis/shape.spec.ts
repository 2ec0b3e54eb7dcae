import { agConfigSchema, aegisEvents, eventSchemaFor } from '@cardlog/events';
import type { EventDefinition, LogEvent } from '@cardlog/events';
import { aegis } from '.';
import { ownType } from './event-type';
import { fastShape, isConfig } from './shape';
import { simulateAegisGames } from './simulate/game';

// The hand-written shape check stands in for the schema on the hot path: it may send a shape it does
// not know to zod, but it must never accept one the schema refuses.

const schemaFor = (type: string) => eventSchemaFor(type, (aegisEvents as Record<string, EventDefinition>)[type]!);

/** What replay decides: every event of simulated games but the derived GameEnded, which it only compares. */
const simulated: LogEvent[] = simulateAegisGames(aegis, 30, 777)
  .flatMap((g) => g.document.events)
  .filter((e) => !aegis.derivedEventTypes.has(e.type));

/** One of each event type the engine checks by hand that the simulator rarely or never plays. */
const handMade: LogEvent[] = [
  { type: 'MatchCreated', payload: { players: ['p1', 'p2'], config: { openingHandSize: 5, winRule: 'sixthBreak', refreshScope: 'all', tieRule: 'both', mainDeckSize: 30, maxCopiesPerName: 3 } } },
  { type: 'FirstPlayerChosen', payload: { firstPlayer: 'p2', method: 'die' } },
  { type: 'ResolveBattle', player: 'p1', payload: { brokenAegisId: 'p2-a1' } },
  { type: 'PlaySupport', player: 'p1', payload: { cardId: 'p1-23', replaceCardId: 'p1-24' } },
  { type: 'DeclareAttack', player: 'p1', payload: { attackerId: 'p1-01', target: { kind: 'unit', cardId: 'p2-01' } } },
  { type: 'DeclareAttack', player: 'p1', payload: { attackerId: 'p1-01', target: { kind: 'aegis' } } },
  { type: 'Concede', player: 'p2', payload: {} },
  { type: 'ModifyPower', payload: { sourceCardId: 'p1-16', cardId: 'p1-01', delta: -2, duration: 'whileSourceInPlay' } },
  { type: 'DrawCards', payload: { sourceCardId: 'rule', player: 'p1', count: 0, cardIds: [] } },
  { type: 'ChangeMana', payload: { sourceCardId: 'p1-20', player: 'p2', delta: 100 } },
  { type: 'SetUnitReady', payload: { sourceCardId: 'p1-20', cardId: 'p1-01', ready: false } },
  { type: 'DestroyUnit', payload: { sourceCardId: 'p1-20', cardId: 'p2-01' } },
  { type: 'NegateAttack', payload: { sourceCardId: 'p2-18' } },
];

const WRONG_VALUES: unknown[] = [undefined, null, '', 'x'.repeat(101), 'x'.repeat(201), 'p3', 'neutral', 'Fire', 7, -101, 101, 61, 1.5, -1, 0, true, [], [''], ['p1-01', 7], {}, { kind: 'unit' }, { kind: 'aegis', cardId: 'p2-01' }];

/** Ways to spoil an event: each payload field removed or replaced, a key added, the actor changed. */
function variants(event: LogEvent): LogEvent[] {
  const payload = event.payload as Record<string, unknown>;
  const out: LogEvent[] = [];
  const withPayload = (p: unknown): LogEvent => ({ ...event, payload: p });
  for (const key of Object.keys(payload)) {
    const { [key]: _dropped, ...rest } = payload;
    out.push(withPayload(rest));
    for (const wrong of WRONG_VALUES) out.push(withPayload({ ...payload, [key]: wrong }));
    const value = payload[key];
    if (Array.isArray(value)) {
      out.push(withPayload({ ...payload, [key]: [...value, value[0] ?? 'p1-01'] }));
      out.push(withPayload({ ...payload, [key]: Array.from({ length: 201 }, (_, i) => `c${i}`) }));
      if (value.length > 0 && typeof value[0] === 'object') out.push(withPayload({ ...payload, [key]: [{ ...(value[0] as object), extra: 1 }] }));
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) {
        for (const wrong of WRONG_VALUES) out.push(withPayload({ ...payload, [key]: { ...value, [inner]: wrong } }));
      }
      out.push(withPayload({ ...payload, [key]: { ...value, extra: 1 } }));
    }
  }
  out.push(withPayload({ ...payload, extra: 'x' }));
  for (const wrong of [null, [], 'x', 7]) out.push(withPayload(wrong));
  out.push({ ...event, extra: 1 } as LogEvent);
  out.push({ ...event, player: event.player === undefined ? 'p1' : 'p3' });
  out.push({ ...event, player: undefined });
  if (event.player !== undefined) {
    const { player: _player, ...noActor } = event;
    out.push(noActor);
  }
  return out;
}

describe('the hand-written Aegis shape check', () => {
  it('accepts every event of simulated games, so replays of them never reach zod', () => {
    const refused = simulated.filter((e) => !fastShape(e, ownType(e.type))).map((e) => e.type);
    expect(refused).toEqual([]);
    expect(handMade.filter((e) => !fastShape(e, ownType(e.type)))).toEqual([]);
  });

  it('accepts only events the schema accepts', () => {
    const seen = new Set<string>();
    const samples = [...simulated, ...handMade].filter((e) => {
      const key = `${e.type}:${Object.keys(e.payload as object).sort().join(',')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    let accepted = 0;
    let spoiled = 0;
    for (const sample of samples) {
      expect(schemaFor(sample.type).safeParse(sample).success).toBe(true);
      for (const variant of variants(sample)) {
        const fast = fastShape(variant, ownType(variant.type));
        const schema = schemaFor(variant.type).safeParse(variant).success && (variant.player === undefined || variant.player === 'p1' || variant.player === 'p2');
        if (fast && !schema) throw new Error(`the hand check accepts what the schema refuses: ${JSON.stringify(variant)}`);
        if (fast) accepted++;
        else spoiled++;
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(spoiled).toBeGreaterThan(1000);
  });

  it('reads a match config as agConfigSchema does', () => {
    const good = { openingHandSize: 5, mainDeckSize: 30, maxCopiesPerName: 3, winRule: 'sixthBreak', refreshScope: 'all', tieRule: 'both' };
    const configs: unknown[] = [good, { openingHandSize: 0 }, { openingHandSize: 60, winRule: undefined }, null, [], 'x', {}];
    for (const key of Object.keys(good)) {
      const { [key]: _dropped, ...rest } = good as Record<string, unknown>;
      configs.push(rest);
      for (const wrong of WRONG_VALUES) configs.push({ ...good, [key]: wrong });
      for (const edge of [0, 1, 60, 61, 500, 501, 'emptyPileHit', 'turnPlayer', 'none']) configs.push({ ...good, [key]: edge });
    }
    configs.push({ ...good, extra: 1 });
    for (const config of configs) expect([config, isConfig(config)]).toEqual([config, agConfigSchema.safeParse(config).success]);
  });
});
