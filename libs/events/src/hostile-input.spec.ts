import { findJsonTextProblem } from './json-error';
import { decodeUtf8, parseGameDocument, parseJsonText } from './parse';
import { findTextProblem, nameProblem } from './text-policy';
import { sampleDocument, sampleVocabulary } from './testing/sample-vocabulary';

const vocabularies = [sampleVocabulary];
const parse = (doc: unknown) => parseGameDocument(typeof doc === 'string' || Buffer.isBuffer(doc) ? doc : JSON.stringify(doc), { vocabularies });
const withPlayerName = (name: string) => ({ ...sampleDocument, players: sampleDocument.players.map((p, i) => (i === 0 ? { ...p, name } : p)) });

describe('hostile JSON text', () => {
  it('unclosed JSON nested 15,000 levels deep is a located MALFORMED_JSON, not a stack overflow', () => {
    const text = '['.repeat(15_000);
    const result = parse(text);
    expect(result).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON', line: 1, column: 15_001 } });
    const objects = '{"a":'.repeat(15_000);
    expect(parse(objects)).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON', line: 1, column: 75_001 } });
  });

  it('closed JSON nested 15,000 levels deep is refused by the depth limit', () => {
    const text = `${'['.repeat(15_000)}${']'.repeat(15_000)}`;
    expect(parse(text)).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
  });

  it('a key named twice is found however the text hides it: escaped, deep, or beside strings holding colons, quotes and backslashes', () => {
    expect(parseJsonText('{"a":1,"\\u0061":2}')).toMatchObject({ ok: false, error: { code: 'DUPLICATE_KEY', path: '$' } });
    expect(parseJsonText('{"s":"x:y\\":z\\\\","b":{"c":[{"d":1,"e":":","d":2}]}}')).toMatchObject({ ok: false, error: { code: 'DUPLICATE_KEY', path: '$.b.c[0]' } });
    expect(parseJsonText('{"k\\\\":":","k":"\\\\","q\\"":{"k":"\\":"}}')).toEqual({ ok: true, value: { 'k\\': ':', k: '\\', 'q"': { k: '":' } } });
  });

  it('an object naming one key twice is refused with the key, its path, line and column', () => {
    const text = JSON.stringify(sampleDocument).replace('"rulesVersion":', '"rulesVersion":"9","rulesVersion":');
    const result = parse(text);
    expect(result).toMatchObject({ ok: false, error: { code: 'DUPLICATE_KEY', path: '$', line: 1 } });
    if (!result.ok) expect(result.error.message).toContain('"rulesVersion" appears twice');
    const nested = findJsonTextProblem('{"a":[{"b":1},{"b":2,"c":3,"b":4}]}');
    expect(nested).toMatchObject({ kind: 'duplicate_key', found: 'b', path: '$.a[1]', column: 28 });
    expect(findJsonTextProblem('{"a":{"b":1},"c":{"b":2}}')).toBeNull();
    expect(findJsonTextProblem('{"\\u0061":1,"a":2}')).toMatchObject({ kind: 'duplicate_key', found: 'a' });
  });

  it('valid JSON of every shape scans clean', () => {
    for (const text of ['1', '"x"', 'null', ' [ ] ', '{}', '[1,-2.5e3,"a\\"b",true,false,null,{"k":[{}]}]']) expect(findJsonTextProblem(text)).toBeNull();
  });
});

describe("Cardlog's text policy", () => {
  it.each([
    ['NUL', 'Ali\u0000ce'],
    ['a lone high surrogate', 'Ali\ud800ce'],
    ['a lone low surrogate', '\udc00Alice'],
    ['a noncharacter', 'Alice\ufffe'],
    ['a plane-1 noncharacter', 'Alice\ud83f\udfff'],
    ['a control character', 'Alice\u0007'],
  ])('refuses %s in any string, naming its path', (_what, name) => {
    const result = parse(JSON.stringify(withPlayerName(name)));
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT', path: '$.players[0].name' } });
  });

  it('refuses a lone surrogate written as an escape in a tournament name and in an object key', () => {
    const text = JSON.stringify({ ...sampleDocument, game: { tournament: 'X' } }).replace('"tournament":"X"', '"tournament":"\\ud800"');
    expect(parse(text)).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT', path: '$.game.tournament' } });
    expect(findTextProblem({ 'a\u0000': 1 })).toMatchObject({ path: '$["a\\u0000"]' });
  });

  it.each([
    ['a right-to-left override', 'Alice\u202egnp.exe'],
    ['a zero-width space', 'Ali\u200bce'],
    ['a byte order mark', '\ufeffAlice'],
    ['a left-to-right isolate', '\u2066Alice'],
  ])('refuses %s in a player name (display spoofing)', (_what, name) => {
    const result = parse(JSON.stringify(withPlayerName(name)));
    expect(result).toMatchObject({ ok: false, error: { code: 'SCHEMA_VIOLATION', path: '$.players[0].name' } });
  });

  it('keeps ordinary names in any script, emoji included', () => {
    for (const name of ['Ãlice', 'สมชาย', '山田', 'Zoë 🃏', 'O\'Brien-Smith']) expect(nameProblem(name)).toBeNull();
    expect(parse(JSON.stringify(withPlayerName('สมชาย 🃏')))).toMatchObject({ ok: true });
  });

  it('refuses invalid UTF-8 bytes instead of replacing them, naming where', () => {
    const good = Buffer.from(JSON.stringify(withPlayerName('Zoë')));
    const at = good.indexOf(Buffer.from('Zo')) + 2;
    const bad = Buffer.concat([good.subarray(0, at), Buffer.from([0xc3, 0x28]), good.subarray(at + 2)]);
    expect(parse(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_UTF8', line: 1 } });
    const decoded = decodeUtf8(Buffer.from([0x61, 0x0a, 0x62, 0xff]));
    expect(decoded).toMatchObject({ code: 'INVALID_UTF8', line: 2, column: 2 });
    expect(parse(good)).toMatchObject({ ok: true });
  });
});
