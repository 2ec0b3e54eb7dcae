import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { logJsonSchema } from './json-schema';
import { TOURNAMENT_FORMAT, parseTournamentBundle, tournamentJsonSchema } from './tournament';

const bundle = {
  format: TOURNAMENT_FORMAT,
  tournament: { id: 'kyoto-open', name: 'Kyoto Open', system: 'born-from-blood', rulesVersion: '1', startDate: '2026-11-28', format: { swissRounds: 3 }, bestOf: 3 },
  players: [
    { id: 'a', name: 'Ann' },
    { id: 'b', name: 'Bo' },
    { id: 'c', name: 'Cy' },
  ],
  rounds: [{ number: 1, pairings: [{ table: 1, players: ['a', 'b'], result: { wins: { a: 2, b: 1 } } }, { bye: 'c' }] }],
};

describe('the tournament bundle format', () => {
  it('has its JSON Schema checked in current next to the log format (run `npm run schema`)', () => {
    const checkedIn = JSON.parse(readFileSync(join(__dirname, '..', 'schema', 'cardlog-tournament-1.schema.json'), 'utf8'));
    expect(checkedIn).toEqual(tournamentJsonSchema());
  });

  describe('gives the same verdicts as the parser', () => {
    const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
    ajv.addSchema(logJsonSchema());
    const validate = ajv.compile(tournamentJsonSchema());
    const variants: [string, unknown, boolean][] = [
      ['a small bundle', bundle, true],
      ['an unknown field', { ...bundle, extra: 1 }, false],
      ['a pairing of three', { ...bundle, rounds: [{ number: 1, pairings: [{ table: 1, players: ['a', 'b', 'c'] }] }] }, false],
      ['a best of 2', { ...bundle, tournament: { ...bundle.tournament, bestOf: 2 } }, false],
      ['an id with a slash', { ...bundle, tournament: { ...bundle.tournament, id: 'a/b' } }, false],
      ['a game that is not a cardlog/1 document', { ...bundle, rounds: [{ number: 1, pairings: [{ table: 1, players: ['a', 'b'], games: [{ format: 'pgn' }] }] }] }, false],
    ];
    it.each(variants)('%s', (_name, doc, valid) => {
      expect(validate(doc)).toBe(valid);
      // Games are parsed one by one by the recorder, so the outer parser lets a bad game through.
      if (_name.startsWith('a game')) return;
      expect(parseTournamentBundle(doc).ok).toBe(valid);
    });
  });

  it('names the JSONPath of what is wrong', () => {
    const result = parseTournamentBundle({ ...bundle, rounds: [{ number: 1, pairings: [{ table: 0, players: ['a', 'b'] }] }] });
    expect(result).toMatchObject({ ok: false, error: { code: 'SCHEMA_VIOLATION', path: '$.rounds[0].pairings[0].table' } });
  });

  it('answers malformed JSON with its line and column', () => {
    expect(parseTournamentBundle('{\n "format": }')).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON', message: expect.stringContaining('line 2') } });
  });
});
