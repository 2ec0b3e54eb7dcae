import { UsageError, parseArgs } from './args';

const spec = { json: 'boolean', games: 'integer', out: 'string', catalog: 'strings' } as const;

describe('parseArgs', () => {
  it('reads flags, values in both spellings and positionals in order', () => {
    expect(parseArgs(['a.json', '--games', '3', '--out=dir', '--json', 'b.json'], spec)).toEqual({
      positionals: ['a.json', 'b.json'],
      options: { games: 3, out: 'dir', json: true },
      lists: {},
    });
  });

  it('collects a repeatable option in order', () => {
    expect(parseArgs(['--catalog', 'a.json', '--catalog=b.json'], spec).lists).toEqual({ catalog: ['a.json', 'b.json'] });
  });

  it('treats everything after -- as positionals', () => {
    expect(parseArgs(['--', '--json'], spec).positionals).toEqual(['--json']);
  });

  it.each([
    [['--colour', 'red'], /unknown option --colour/],
    [['--games'], /--games needs a value/],
    [['--games', 'many'], /must be an integer/],
    [['--json=yes'], /takes no value/],
    [['--out', 'a', '--out', 'b'], /--out is given more than once/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv, spec)).toThrow(UsageError);
    expect(() => parseArgs(argv, spec)).toThrow(message);
  });
});
