import { GAME_VOCABULARIES, documentSchemaFor, parseGameDocument } from '@cardlog/events';
import { Prng } from './prng';
import { simulateDocuments } from './simulate';

// parseGameDocument checks the events of a document it parsed from text with a check compiled from
// their zod schema, and asks zod only about the rest; a value handed in as an object goes through
// zod whole. These specs hold the two equal: the same document for every valid one, and the same
// refusal, word for word, for every one broken in a way the compiled check must not let through.

const SYSTEMS = GAME_VOCABULARIES.map((v) => v.system);

function documents(system: string) {
  return simulateDocuments(system, 2, 11).map((d) => d.document as unknown as Record<string, unknown>);
}

/** The text path (compiled check) and the object path (zod alone) on the same document. */
function bothWays(doc: unknown) {
  const text = JSON.stringify(doc);
  return { fast: parseGameDocument(text), zod: parseGameDocument(JSON.parse(text)) };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every (container, key) of a value, to break one at a time. */
function slots(value: Json, out: { at: Json[] | Record<string, Json>; key: string | number }[] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push({ at: value, key: i });
      slots(item, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      out.push({ at: value, key });
      slots(value[key]!, out);
    }
  }
  return out;
}

/** Replacements that break most schemas somewhere: wrong types, out-of-range numbers, odd strings. */
const BREAKS: ((v: Json) => Json | undefined)[] = [
  () => undefined, // removed
  () => null,
  (v) => (typeof v === 'number' ? v + 0.5 : 1.5),
  (v) => (typeof v === 'number' ? -v - 1 : -1),
  (v) => (typeof v === 'number' ? 1e300 : 0),
  (v) => (typeof v === 'string' ? '' : 'x'),
  (v) => (typeof v === 'string' ? `${v}${'z'.repeat(300)}` : true),
  (v) => (typeof v === 'string' ? v.toUpperCase() : String(v)),
  (v) => (Array.isArray(v) ? [...v, ...v, ...v] : [v]),
  (v) => (Array.isArray(v) ? [] : {}),
  (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v, extra: 1 } : { extra: v }),
];

describe('parseGameDocument on text (compiled event check) against zod alone', () => {
  it.each(SYSTEMS)('%s: valid documents come back equal to zod’s parse', (system) => {
    const vocabulary = GAME_VOCABULARIES.find((v) => v.system === system)!;
    for (const doc of documents(system)) {
      const { fast, zod } = bothWays(doc);
      expect(zod.ok).toBe(true);
      expect(fast).toEqual(zod);
      expect(fast).toEqual({ ok: true, document: documentSchemaFor(vocabulary).parse(doc) });
    }
  });

  it.each(SYSTEMS)('%s: an event broken anywhere is refused with zod’s very message, or accepted by both', (system) => {
    const prng = new Prng(17);
    let refused = 0;
    for (const doc of documents(system)) {
      const events = doc.events as Json[];
      for (let trial = 0; trial < 120; trial++) {
        const copy = JSON.parse(JSON.stringify(doc)) as { events: Json[] };
        const index = prng.int(events.length);
        const targets = slots(copy.events[index]!);
        const target = targets[prng.int(targets.length)]!;
        const broken = BREAKS[prng.int(BREAKS.length)]!((target.at as Record<string, Json>)[target.key]!);
        if (broken === undefined) {
          if (Array.isArray(target.at)) target.at.splice(target.key as number, 1);
          else delete target.at[target.key];
        } else (target.at as Record<string, Json>)[target.key] = broken;
        const { fast, zod } = bothWays(copy);
        expect(fast).toEqual(zod);
        if (!zod.ok) refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it.each(SYSTEMS)('%s: a broken header is refused as zod refuses it, whatever the events', (system) => {
    const [doc] = documents(system);
    const cases = [
      { ...doc, rulesVersion: '' },
      { ...doc, players: [] },
      { ...doc, players: [{ seat: 'east', name: 'A' }] },
      { ...doc, game: { round: -1 } },
      { ...doc, catalog: 'Not A Ref' },
      { ...doc, extra: true },
      { ...doc, events: [...(doc!.events as Json[]), { type: 'Teleport', payload: {} }] },
      { ...doc, events: [...(doc!.events as Json[]), null] },
      { ...doc, events: { 0: (doc!.events as Json[])[0] } },
    ];
    for (const broken of cases) {
      const { fast, zod } = bothWays(broken);
      expect(zod.ok).toBe(false);
      expect(fast).toEqual(zod);
    }
  });

  it('keeps a key named __proto__ out of an event, as zod does', () => {
    const [doc] = documents(SYSTEMS[0]!);
    const text = JSON.stringify(doc).replace('"payload":{', '"payload":{"__proto__":{"x":1},');
    const fast = parseGameDocument(text);
    expect(fast.ok).toBe(false);
    expect(fast).toEqual(parseGameDocument(JSON.parse(text)));
  });
});
