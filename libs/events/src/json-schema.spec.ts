import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { logJsonSchema } from './json-schema';
import { parseGameDocument } from './parse';
import { sampleDocument, sampleVocabulary } from './testing/sample-vocabulary';

describe('the JSON Schema of the log format', () => {
  it('is generated from the zod source and checked in current (run `npm run schema` after changing a vocabulary)', () => {
    const checkedIn = JSON.parse(readFileSync(join(__dirname, '..', 'schema', 'cardlog-1.schema.json'), 'utf8'));
    expect(checkedIn).toEqual(logJsonSchema());
  });

  describe('gives the same verdicts as the parser', () => {
    const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
    const validate = ajv.compile(logJsonSchema([sampleVocabulary]));
    const variants: [string, unknown, boolean][] = [
      ['the sample document', sampleDocument, true],
      ['an unknown top-level field', { ...sampleDocument, extra: 1 }, false],
      ['an unknown event type', { ...sampleDocument, events: [{ type: 'Teleport', player: 'p1', payload: {} }] }, false],
      ['a payload with an unknown field', { ...sampleDocument, events: [{ type: 'Draw', player: 'p1', payload: { cardId: 'a', x: 1 } }] }, false],
      ['a derived event carrying a player', { ...sampleDocument, events: [{ type: 'GameEnded', player: 'p1', payload: { reason: 'x' } }] }, false],
      ['a bad seat', { ...sampleDocument, players: [{ seat: 'north', name: 'A' }] }, false],
      ['a bad catalog reference', { ...sampleDocument, catalog: 'no version' }, false],
      ['an inline catalog', { ...sampleDocument, catalog: { cards: [{ id: 'c1', name: 'Ash Wolf' }] } }, true],
      ['a wrong format', { ...sampleDocument, format: 'pgn' }, false],
      ['a playedAt that is not a date-time', { ...sampleDocument, game: { playedAt: 'yesterday' } }, false],
      ['a missing rulesVersion', { ...sampleDocument, rulesVersion: undefined }, false],
    ];
    it.each(variants)('%s', (_name, doc, valid) => {
      const json = JSON.parse(JSON.stringify(doc));
      expect(validate(json)).toBe(valid);
      expect(parseGameDocument(json, { vocabularies: [sampleVocabulary] }).ok).toBe(valid);
    });
  });
});
