import fc from 'fast-check';
import { z } from 'zod';
import { compileFastCheck } from './fast-check';
import { eventUnionFor } from './log-event';
import { GAME_VOCABULARIES } from './vocabularies';

// The compiled check answers yes only where zod would accept a value unchanged. These specs hold
// that for discriminated unions (the effects inside Devacurse's events), and that every event type
// of every game compiles: an event whose schema does not is copied by zod on every upload.

const effect = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('Move'), cardId: z.string().min(1).max(5), to: z.enum(['hand', 'deck']) }),
  z.strictObject({ type: z.literal('Draw'), count: z.number().int().min(0), note: z.string().optional() }),
  z.strictObject({ type: z.literal(['Note', 'Say']), text: z.string().max(3) }),
]);

/** Values near the schema: each option's fields, mostly right and sometimes wrong, under any tag. */
const tag = fc.constantFrom('Move', 'Draw', 'Note', 'Say', 'Jump', undefined, 3);
const sometimes = <T>(right: fc.Arbitrary<T>, wrong: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: right, weight: 4 }, { arbitrary: wrong, weight: 1 });
const extra = fc.option(fc.constant({ extra: true }), { freq: 8, nil: {} });
const nearEffect = fc.oneof(
  fc.tuple(fc.record({ type: tag, cardId: sometimes(fc.string({ minLength: 1, maxLength: 5 }), fc.oneof(fc.constant(''), fc.integer())), to: sometimes(fc.constantFrom('hand', 'deck'), fc.constant('void')) }, { requiredKeys: ['type'] }), extra),
  fc.tuple(fc.record({ type: tag, count: sometimes(fc.nat(5), fc.oneof(fc.constant(-1), fc.double(), fc.string())), note: sometimes(fc.string(), fc.constant(null)) }, { requiredKeys: ['type', 'count'] }), extra),
  fc.tuple(fc.record({ type: tag, text: sometimes(fc.string({ maxLength: 3 }), fc.string({ minLength: 4 })) }), extra),
).map(([fields, more]) => ({ ...fields, ...more }));

describe('the compiled check of a discriminated union', () => {
  const check = compileFastCheck(effect)!;

  it('compiles', () => {
    expect(check).not.toBeNull();
  });

  it('says yes only to what zod accepts unchanged, and to everything zod accepts here', () => {
    let accepted = 0;
    fc.assert(
      fc.property(nearEffect, (value) => {
        const parsed = effect.safeParse(value);
        if (check(value)) {
          accepted++;
          expect(parsed.success).toBe(true);
          expect(parsed.data).toEqual(value);
        }
        // No default, transform or stripped key in this schema: zod accepting means unchanged.
        if (parsed.success) expect(check(value)).toBe(true);
      }),
      { numRuns: 3000, seed: 12 },
    );
    expect(accepted).toBeGreaterThan(20);
  });

  it('decides by the option its tag names, whichever other option the value would fit', () => {
    expect(check({ type: 'Draw', count: 2 })).toBe(true);
    expect(check({ type: 'Move', count: 2 })).toBe(false);
    expect(check({ type: 'Say', text: 'hi' })).toBe(true);
    expect(check({ text: 'hi' })).toBe(false);
    expect(check([{ type: 'Draw', count: 2 }])).toBe(false);
    expect(check(Object.assign(Object.create({ type: 'Draw' }) as object, { count: 2 }))).toBe(false);
  });

  it('leaves to zod what it does not model: an exclusive union, a union that falls back, a transformed option', () => {
    expect(compileFastCheck(z.xor([z.string(), z.number()]))).toBeNull();
    const options = [z.strictObject({ type: z.literal('a') }), z.strictObject({ type: z.literal('b') })] as const;
    expect(compileFastCheck(z.discriminatedUnion('type', [...options], { unionFallback: true }))).toBeNull();
    expect(compileFastCheck(z.discriminatedUnion('type', [options[0], z.strictObject({ type: z.literal('b'), n: z.number().default(1) })]))).toBeNull();
  });
});

describe('the event schemas of every game', () => {
  it.each(GAME_VOCABULARIES.map((v) => [v.system, v] as const))('%s: every event type compiles', (_system, vocabulary) => {
    const options = eventUnionFor(vocabulary.events).options as readonly z.ZodObject[];
    const uncompiled = options.filter((option) => compileFastCheck(option) === null).map((option) => (option.shape.type as z.ZodLiteral).value);
    expect(uncompiled).toEqual([]);
  });
});
