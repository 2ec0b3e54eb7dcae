import { namedTwice } from './guards';

describe('namedTwice', () => {
  it('finds an id named twice in a short list, pairwise, and in a long one', () => {
    expect(namedTwice([])).toBe(false);
    expect(namedTwice(['a'])).toBe(false);
    expect(namedTwice(['a', 'b', 'c'])).toBe(false);
    expect(namedTwice(['a', 'b', 'a'])).toBe(true);
    const long = Array.from({ length: 40 }, (_, i) => `p1-${i}`);
    expect(namedTwice(long)).toBe(false);
    expect(namedTwice([...long, 'p1-7'])).toBe(true);
  });
});
