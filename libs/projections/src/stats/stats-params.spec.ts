import { RecordingError } from '@cardlog/recording';
import { oneOf, readParams } from './stats-params';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(RecordingError);
    return error as RecordingError;
  }
  throw new Error('expected a refusal');
};

describe('statistics parameters', () => {
  it('keep the filters that are given and drop empty ones', () => {
    const { filter, range } = readParams({ system: 'born-from-blood', tournament: '', minGames: '30', rulesVersion: undefined });
    expect(filter).toEqual({ system: 'born-from-blood', minGames: 30 });
    expect(range).toEqual({});
  });

  it('read a date as from at its UTC midnight and a date as to up to the end of that day', () => {
    expect(readParams({ from: '2026-11-01', to: '2026-11-30' }).range).toEqual({ from: '2026-11-01T00:00:00.000Z', before: '2026-12-01T00:00:00.000Z' });
  });

  it('keep timestamps as given, with their offset, to as an inclusive bound', () => {
    expect(readParams({ from: '2026-11-01T10:00:00.123456+02:00', to: '2026-11-01T10:00Z' }).range).toEqual({ from: '2026-11-01T10:00:00.123456+02:00', upTo: '2026-11-01T10:00Z' });
    expect(readParams({ from: '2026-11-01', to: '2026-11-01' }).range.before).toBe('2026-11-02T00:00:00.000Z');
  });

  it.each([
    [{ from: '2026-11-31' }, 'from'],
    [{ from: '01/11/2026' }, 'from'],
    [{ to: '2026-11-01T10:00:00' }, 'to'],
    [{ to: '2026-11-01T24:00:00Z' }, 'to'],
    [{ from: '2026-11-01T10:00:01Z', to: '2026-11-01T10:00:00Z' }, 'from'],
    [{ minGames: '1.5' }, 'minGames'],
    [{ minGames: -2 }, 'minGames'],
    [{ minGames: '1000001' }, 'minGames'],
    [{ minGames: ['3', '4'] }, 'minGames'],
    [{ tournament: ['a', 'b'] }, 'tournament'],
    [{ tournament: { nested: 'x' } }, 'tournament'],
    [{ system: 'x'.repeat(201) }, 'system'],
    [{ system: 'bad\u0000name' }, 'system'],
    [{ limit: '10' }, 'limit'],
  ])('refuse %j with a 400 naming %s', (raw, path) => {
    const error = refusal(() => readParams(raw));
    expect(error).toMatchObject({ kind: 'invalid', code: 'BAD_QUERY', details: { path } });
    expect(error.message.startsWith(path)).toBe(true);
  });

  it('accept the extra parameters of an endpoint and check enumerations', () => {
    const { text } = readParams({ by: 'list' }, ['by']);
    expect(oneOf('by', text('by'), ['archetype', 'list'], 'archetype')).toBe('list');
    expect(oneOf('by', undefined, ['archetype', 'list'], 'archetype')).toBe('archetype');
    expect(refusal(() => oneOf('by', 'deck', ['archetype', 'list'], 'archetype')).details).toEqual({ path: 'by' });
  });
});
