import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulateGames } from '@cardlog/rules';
import { captureIo, tempDir } from '../testing';
import { validateCommand } from './validate';

const [game] = simulateGames(1, 7);
const valid = game!.document;
const json = (doc: unknown) => JSON.stringify(doc);

function run(...argv: string[]) {
  const io = captureIo();
  const code = validateCommand(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('cardlog validate', () => {
  const dir = tempDir();
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('accepts a complete simulated game and names its outcome', () => {
    const path = file('good.json', json(valid));
    const { code, out } = run(path);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(new RegExp(`^OK ${path} ${valid.events.length} events p[12] won \\((hp|deckOut)\\)$`));
  });

  it('reports the first illegal event with its index, type and code, and exits 1', () => {
    // Without the first DeckRegistered, the second registration's FirstPlayerChosen comes too early.
    const broken = { ...valid, events: valid.events.filter((_, i) => i !== 1) };
    const { code, out } = run(file('broken.json', json(broken)));
    expect(code).toBe(1);
    expect(out[0]).toMatch(/^INVALID .*broken\.json event 2 FirstPlayerChosen SETUP_ORDER: /);
  });

  it('reports a schema violation as INVALID with its JSONPath', () => {
    const events = valid.events.map((e, i) => (i === 3 ? { ...e, payload: { ...(e.payload as object), colour: 'red' } } : e));
    const { code, out } = run(file('schema.json', json({ ...valid, events })));
    expect(code).toBe(1);
    expect(out[0]).toMatch(/^INVALID .*schema\.json event 3 FirstPlayerChosen SCHEMA_VIOLATION: \$\.events\[3\]\.payload: unknown field "colour"/);
    const header = run(file('header.json', json({ ...valid, players: [{ seat: 'east', name: 'A' }] })));
    expect(header.code).toBe(1);
    expect(header.out[0]).toMatch(/^INVALID .*header\.json \$\.players\[0\]\.seat SCHEMA_VIOLATION/);
  });

  it('exits 2 on malformed JSON or a missing file, and still reports the rest', () => {
    const good = file('fine.json', json(valid));
    const { code, out, err } = run(file('bad.json', '{"format": '), join(dir, 'missing.json'), good);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^ERROR .*bad\.json MALFORMED_JSON: malformed JSON at line 1/);
    expect(err[1]).toMatch(/^ERROR .*missing\.json UNREADABLE: /);
    expect(out).toEqual([expect.stringMatching(/^OK .*fine\.json/)]);
  });

  it('reads every document under a folder, JSON Lines included, and prints JSON with --json', () => {
    const folder = join(dir, 'batch');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    writeFileSync(join(folder, 'a.json'), json(valid));
    writeFileSync(join(folder, 'notes.txt'), 'not a log');
    writeFileSync(join(folder, 'nested', 'games.jsonl'), `${json(valid)}\n\n${json({ ...valid, events: valid.events.slice(1) })}\n`);
    const { code, out } = run(folder, '--json');
    expect(code).toBe(1);
    const reports = out.map((line) => JSON.parse(line));
    expect(reports.map((r) => [r.file.slice(folder.length), r.status])).toEqual([
      ['/a.json', 'ok'],
      ['/nested/games.jsonl:1', 'ok'],
      ['/nested/games.jsonl:3', 'invalid'],
    ]);
    expect(reports[0].outcome).toMatchObject({ result: 'win' });
    expect(reports[2].failure).toMatchObject({ index: 0, type: 'DeckRegistered', code: 'SETUP_ORDER' });
  });

  it('needs at least one path', () => {
    expect(run().code).toBe(2);
  });
});
