import fc from 'fast-check';
import { describeWithPostgres } from '@cardlog/testing';
import { registeredGames, simulateDocuments } from '@cardlog/rules';
import type { GameDocument } from '@cardlog/events';
import { LocalApi } from './harness/local-api';

// At least 10,000 generated bad requests against the real API process: malformed JSON, wrong
// types, unknown fields and event types, missing headers, huge numbers, deep nesting, very long
// strings, invalid UTF-8, and logs with one illegal action at a random position (mutations of valid
// simulated logs). Every answer is a 4xx with a code (and, for a bad body, where it is wrong);
// never a 5xx; the event store grows only by what valid uploads stored; the server keeps serving.

const REQUESTS = Number(process.env.CARDLOG_FUZZ_REQUESTS ?? 10_000);

interface BadRequest {
  readonly kind: string;
  readonly method: 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array;
}

describeWithPostgres('bad input never answers 5xx and never stores a rejected upload', () => {
  let local: LocalApi | undefined;

  afterAll(async () => {
    await local?.stop();
  });

  it(`answers ${REQUESTS} generated bad requests with a 4xx, a code and a pointer`, async () => {
    local = await LocalApi.start({ CARDLOG_WRITE_RATE: '0' });
    const api = local;
    const token = await api.token('fuzz');
    const seeds: GameDocument[] = registeredGames()
      .filter((g) => g.simulator)
      .flatMap((g, i) => simulateDocuments(g.system.id, 3, 500 + i, { maxEvents: 150 }).map((s) => s.document));
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = (kind: string, body: string | Uint8Array, headers: Record<string, string> = auth, path = '/v1/games'): BadRequest => ({ kind, method: 'POST', path, headers, body });
    const seed = fc.constantFrom(...seeds);
    const json = (v: unknown) => JSON.stringify(v);

    const generators: fc.Arbitrary<BadRequest>[] = [
      // Malformed JSON: a valid document cut anywhere, or with a byte replaced.
      fc.tuple(seed, fc.double({ min: 0, max: 0.999, noNaN: true })).map(([d, f]) => {
        const text = json(d);
        return post('truncated JSON', text.slice(0, Math.floor(text.length * f)));
      }),
      fc.tuple(seed, fc.nat(), fc.constantFrom('{', '}', '"', ',', ':', '\\', ']')).map(([d, at, c]) => {
        const text = json(d);
        const i = at % text.length;
        return post('corrupted JSON', text.slice(0, i) + c + text.slice(i + 1));
      }),
      // Wrong types and unknown fields anywhere in the document.
      fc.tuple(seed, fc.nat(), fc.constantFrom<unknown>(null, 42, -1, 'x', true, [], {}, 1e308)).map(([d, at, v]) => post('wrong type', json(replaceLeaf(d, at, v)))),
      fc.tuple(seed, fc.nat(), fc.string({ minLength: 1, maxLength: 12 })).map(([d, at, key]) => post('unknown field', json(addKey(d, at, `zz${key}`)))),
      fc.tuple(seed, fc.nat(), fc.string({ minLength: 1, maxLength: 20 })).map(([d, at, type]) => {
        const events = d.events.slice();
        const i = at % events.length;
        events[i] = { ...events[i]!, type: `Unknown${type}` };
        return post('unknown event type', json({ ...d, events }));
      }),
      // Missing or wrong headers.
      seed.map((d) => post('no token', json(d), { 'content-type': 'application/json' })),
      fc.tuple(seed, fc.string({ maxLength: 40 })).map(([d, t]) => post('bad token', json(d), { ...auth, authorization: `Bearer x${t}` })),
      fc.tuple(seed, fc.string({ minLength: 256, maxLength: 4000 })).map(([d, key]) => post('long idempotency key', json(d), { ...auth, 'idempotency-key': key.replace(/[^\x20-\x7e]/g, 'k') })),
      // Huge numbers, deep nesting, very long strings.
      fc.tuple(seed, fc.nat(), fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1.5e-400', '9007199254740993')).map(([d, at, n]) =>
        post('huge number', json(replaceLeaf(d, at, '__NUM__')).replace('"__NUM__"', n)),
      ),
      fc.tuple(fc.integer({ min: 33, max: 20_000 }), fc.boolean()).map(([depth, closed]) => post('deep nesting', '['.repeat(depth) + ']'.repeat(closed ? depth : 0))),
      fc.tuple(seed, fc.integer({ min: 1000, max: 300_000 })).map(([d, n]) => post('long string', json({ ...d, players: d.players.map((p, i) => (i === 0 ? { ...p, name: 'n'.repeat(n) } : p)) }))),
      // Text the policy refuses: NUL, lone surrogates, bidi overrides, invalid UTF-8 bytes.
      fc.tuple(seed, fc.constantFrom('\\u0000', '\\ud800', '\\udfff', '\\u202e', '\\u200b', '\\uffff')).map(([d, esc]) =>
        post('bad text', json({ ...d, players: d.players.map((p, i) => (i === 0 ? { ...p, name: `ab__ESC__cd` } : p)) }).replace('__ESC__', esc)),
      ),
      fc.tuple(seed, fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80])).map(([d, bytes]) => {
        const text = json({ ...d, players: d.players.map((p, i) => (i === 0 ? { ...p, name: 'ab__BYTES__cd' } : p)) });
        const [before, after] = text.split('__BYTES__') as [string, string];
        return post('invalid UTF-8', Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]));
      }),
      // One illegal action at a random position: an event dropped, duplicated, moved or re-seated.
      fc.tuple(seed, fc.nat(), fc.constantFrom('drop', 'duplicate', 'swap', 'reseat')).map(([d, at, how]) => {
        const events = d.events.slice();
        const i = 1 + (at % (events.length - 2));
        if (how === 'drop') events.splice(i, 1);
        else if (how === 'duplicate') events.splice(i, 0, events[i]!);
        else if (how === 'swap') [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
        else events[i] = { ...events[i]!, player: events[i]!.player === 'p1' ? 'p2' : 'p1' };
        return post(`illegal action (${how})`, json({ ...d, events }));
      }),
      // The other write routes get the same garbage.
      fc.tuple(fc.constantFrom('/v1/games/batch', '/v1/games/live', '/v1/catalogs/x@1'), fc.string({ maxLength: 200 })).map(([path, body]) => post('garbage elsewhere', body, auth, path)),
    ];

    const requests = fc.sample(fc.oneof(...generators), { numRuns: REQUESTS, seed: 20261201 });
    const before = await api.eventCount();
    let storedByValid = 0;
    const serverErrors: string[] = [];
    const unhelpful: string[] = [];
    const byKind = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= requests.length) return;
        const r = requests[i]!;
        const response = await fetch(`${api.url}${r.path}`, {
          method: r.method,
          headers: r.headers,
          body: r.body,
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        byKind.set(`${r.kind} ${response.status}`, (byKind.get(`${r.kind} ${response.status}`) ?? 0) + 1);
        if (response.status >= 500) {
          serverErrors.push(`${r.kind}: ${response.status} ${text.slice(0, 300)}`);
          continue;
        }
        if (response.status < 300) {
          // A mutation that happens to stay legal (e.g. swapping two independent actions) is a valid upload.
          const body = JSON.parse(text) as { events?: number; id?: string };
          if (response.status === 201 && typeof body.events === 'number') storedByValid += body.events;
          continue;
        }
        let error: Record<string, unknown> | undefined;
        try {
          error = (JSON.parse(text) as { error?: Record<string, unknown> }).error;
        } catch {
          error = undefined;
        }
        // An empty body is wrong as a whole: its code names where (EMPTY_BODY).
        const pointer = error && ('path' in error || 'index' in error || 'line' in error || 'limit' in error || 'lines' in error || error.code === 'EMPTY_BODY');
        if (!error || typeof error.code !== 'string' || ((response.status === 400 || response.status === 422) && !pointer)) {
          unhelpful.push(`${r.kind}: ${response.status} ${text.slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const after = await api.eventCount();
    const health = await fetch(`${api.url}/health`);
    process.stdout.write(
      `bad input: ${requests.length} requests sent; ${serverErrors.length} 5xx answers; answers by kind and status: ${[...byKind].sort().map(([k, n]) => `${k} ×${n}`).join('; ')}\n`,
    );
    expect(serverErrors.slice(0, 10)).toEqual([]);
    expect(unhelpful.slice(0, 10)).toEqual([]);
    expect(health.status).toBe(200);
    // Valid uploads stored their events (plus one header event per game); nothing else was stored.
    expect(after - before).toBeGreaterThanOrEqual(storedByValid);
    const validGames = [...byKind].filter(([k]) => / 201$/.test(k)).reduce((n, [, c]) => n + c, 0);
    expect(after - before).toBeLessThanOrEqual(storedByValid + validGames);
  }, 20 * 60_000);
});

/** The `at`-th leaf (mod the leaf count) of the document replaced by `value`. */
function replaceLeaf(doc: unknown, at: number, value: unknown): unknown {
  const leaves: { parent: any; key: string | number }[] = [];
  const walk = (node: any) => {
    if (node === null || typeof node !== 'object') return;
    for (const key of Array.isArray(node) ? node.keys() : Object.keys(node)) {
      const child = node[key];
      if (child !== null && typeof child === 'object') walk(child);
      else leaves.push({ parent: node, key });
    }
  };
  const copy = structuredClone(doc);
  walk(copy);
  const leaf = leaves[at % leaves.length]!;
  leaf.parent[leaf.key] = value;
  return copy;
}

/** A key added to the `at`-th object (mod the object count) of the document. */
function addKey(doc: unknown, at: number, key: string): unknown {
  const objects: any[] = [];
  const walk = (node: any) => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) objects.push(node);
    for (const child of Object.values(node)) walk(child);
  };
  const copy = structuredClone(doc);
  walk(copy);
  objects[at % objects.length]![key] = 1;
  return copy;
}
