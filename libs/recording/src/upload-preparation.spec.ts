import { createHash } from 'node:crypto';
import { GameDocument, parseGameDocument } from '@cardlog/events';
import { canonicalJson, findSystem, simulateGames } from '@cardlog/rules';
import { asRefusal, formatError, hashDocument, prepareUpload } from './upload-preparation';

const simulated = () => simulateGames(1, 7)[0]!.document;
const demoCards = () => findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!.cards;

describe('preparing an upload (what the upload workers run)', () => {
  it('gives the header and the inline cards as the JSON text sql.json would send, and the hashes the recorder stored', () => {
    const document: GameDocument = { ...simulated(), catalog: { id: 'club@1', cards: [...demoCards()] } };
    const prepared = prepareUpload(JSON.stringify(document));
    if (!prepared.ok) throw new Error(prepared.refusal.message);
    const parsed = parseGameDocument(JSON.stringify(document));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { events: _events, ...header } = parsed.document;
    const { storable } = prepared;
    expect(storable.headerJson).toBe(JSON.stringify(header));
    expect(storable.contentHash).toBe(hashDocument(parsed.document));
    const cards = (parsed.document.catalog as { cards: unknown[] }).cards;
    expect(storable.headerJson.slice(...storable.inlineCatalog!.cardsAt)).toBe(JSON.stringify(cards));
    expect(storable.inlineCatalog).toMatchObject({ id: 'club@1', contentHash: createHash('sha256').update(canonicalJson(cards)).digest('hex') });
    expect(storable).toMatchObject({ catalogRef: null, catalogId: 'club@1', system: document.system, players: parsed.document.players });
    expect(JSON.parse(JSON.stringify(storable.recordedHeader))).toEqual(JSON.parse(JSON.stringify({ ...header, catalog: undefined })));
    expect(prepared.replayed).toMatchObject({ outcome: expect.anything() });
    expect(prepared.events).toBe(document.events.length);
  });

  it('refuses with the parser’s code, message and position, from text or bytes', () => {
    const malformed = '{\n  "format": "cardlog/1",\n  oops\n}';
    const parsed = parseGameDocument(malformed);
    if (parsed.ok) throw new Error('parsed');
    expect(prepareUpload(malformed)).toEqual({ ok: false, refusal: asRefusal(formatError(parsed.error)) });
    expect(prepareUpload(Buffer.from(malformed))).toEqual({ ok: false, refusal: expect.objectContaining({ code: 'MALFORMED_JSON', details: { line: 3, column: 3 } }) });
    const invalidUtf8 = Buffer.concat([Buffer.from('{"a":\n"'), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(prepareUpload(invalidUtf8)).toEqual({ ok: false, refusal: expect.objectContaining({ kind: 'invalid', code: 'INVALID_UTF8', details: { line: 2, column: 2 } }) });
  });

  it('refuses a document without events, as the recorder did', () => {
    const prepared = prepareUpload(JSON.stringify({ ...simulated(), events: [] }));
    expect(prepared).toEqual({ ok: false, refusal: expect.objectContaining({ code: 'NO_EVENTS', details: { path: '$.events' } }) });
  });

  it('leaves a game naming a stored catalog unreplayed until it is given the catalog', () => {
    const text = JSON.stringify({ ...simulated(), catalog: 'club@1' });
    const first = prepareUpload(text);
    expect(first).toMatchObject({ ok: true, replayed: 'needs-catalog', storable: { catalogRef: 'club@1', catalogId: 'club@1', inlineCatalog: null } });
    const again = prepareUpload(text, { id: 'club@1', cards: demoCards() });
    expect(again).toMatchObject({ ok: true, replayed: { outcome: expect.anything() } });
  });
});
