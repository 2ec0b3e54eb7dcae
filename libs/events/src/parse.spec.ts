import { locateJsonSyntaxError } from './json-error';
import { LOG_LIMITS } from './limits';
import { parseGameDocument } from './parse';
import { sampleDocument, sampleVocabulary } from './testing/sample-vocabulary';

const vocabularies = [sampleVocabulary];
const parse = (doc: unknown, limits = {}) => parseGameDocument(typeof doc === 'string' ? doc : JSON.stringify(doc), { vocabularies, limits });
const withEvents = (events: unknown[]) => ({ ...sampleDocument, events });

describe('parseGameDocument', () => {
  it('accepts a well-formed document and keeps every field', () => {
    const result = parse(sampleDocument);
    expect(result).toEqual({ ok: true, document: sampleDocument });
  });

  it('reports malformed JSON with its line and column', () => {
    const result = parse('{\n  "format": "cardlog/1",\n  "system": }');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('MALFORMED_JSON');
    expect(result.error.message).toMatch(/line 3/);
  });

  it('rejects an unknown top-level field, naming it and its path', () => {
    const result = parse({ ...sampleDocument, comment: 'hi' });
    expect(result).toMatchObject({ ok: false, error: { code: 'SCHEMA_VIOLATION', path: '$' } });
    if (!result.ok) expect(result.error.message).toContain('"comment"');
  });

  it('rejects an unknown field inside an event payload at its JSONPath', () => {
    const result = parse(withEvents([{ type: 'Draw', player: 'p1', payload: { cardId: 'x', extra: 1 } }]));
    expect(result).toMatchObject({ ok: false, error: { code: 'SCHEMA_VIOLATION', path: '$.events[0].payload' } });
  });

  it('rejects an unknown event type at its index', () => {
    const result = parse(withEvents([sampleDocument.events[0], { type: 'Teleport', player: 'p1', payload: {} }]));
    expect(result).toMatchObject({ ok: false, error: { code: 'SCHEMA_VIOLATION', path: '$.events[1].type' } });
  });

  it('requires the acting seat where the vocabulary says so, and forbids it on derived events', () => {
    expect(parse(withEvents([{ type: 'Draw', payload: { cardId: 'x' } }]))).toMatchObject({
      ok: false,
      error: { path: '$.events[0].player' },
    });
    expect(parse(withEvents([{ type: 'GameEnded', player: 'p1', payload: { reason: 'hp' } }]))).toMatchObject({
      ok: false,
      error: { path: '$.events[0]' },
    });
  });

  it('rejects a bad seat, a non-positive seq and a wrong format', () => {
    expect(parse({ ...sampleDocument, players: [{ seat: 'east', name: 'A' }] })).toMatchObject({ ok: false, error: { path: '$.players[0].seat' } });
    expect(parse(withEvents([{ seq: 0, type: 'Draw', player: 'p1', payload: { cardId: 'x' } }]))).toMatchObject({
      ok: false,
      error: { path: '$.events[0].seq' },
    });
    expect(parse({ ...sampleDocument, format: 'cardlog/2' })).toMatchObject({ ok: false, error: { path: '$.format' } });
  });

  it('names an unknown system, and a known system this build cannot read yet', () => {
    expect(parse({ ...sampleDocument, system: 'chess' })).toMatchObject({ ok: false, error: { code: 'SCHEMA_VIOLATION', path: '$.system' } });
    expect(parse({ ...sampleDocument, system: 'aegis' })).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_SYSTEM' } });
  });

  it('enforces the byte, event-count and depth limits with LIMIT_EXCEEDED', () => {
    expect(parse(sampleDocument, { maxDocumentBytes: 100 })).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', path: '$' } });
    const many = withEvents(Array.from({ length: 4 }, (_, i) => ({ type: 'Draw', player: 'p1', payload: { cardId: `c${i}` } })));
    expect(parse(many, { maxEvents: 3 })).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', path: '$.events' } });
    let deep: unknown = 'x';
    for (let i = 0; i < LOG_LIMITS.maxDepth + 5; i++) deep = [deep];
    const result = parse(withEvents([{ type: 'Draw', player: 'p1', payload: { cardId: deep } }]));
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
  });

  it('accepts an inline catalog checked against the game card schema', () => {
    const inline = { ...sampleDocument, catalog: { cards: [{ id: 'c1', name: 'Ash Wolf' }] } };
    expect(parse(inline).ok).toBe(true);
    expect(parse({ ...inline, catalog: { cards: [{ id: 'c1' }] } })).toMatchObject({ ok: false, error: { path: '$.catalog' } });
  });
});

describe('locateJsonSyntaxError', () => {
  it.each([
    ['{"a": }', 1, 7],
    ['{"a": 1,\n "b": tru}', 2, 10],
    ['[1, 2', 1, 6],
    ['{"a": "x\ny"}', 1, 9],
    ['{} x', 1, 4],
  ])('finds the error in %j at line %i column %i', (text, line, column) => {
    expect(locateJsonSyntaxError(text)).toMatchObject({ line, column });
  });
});
