import { LOG_LIMITS, toLogEvent } from '@cardlog/events';
import { formatError, hashDocument } from './upload-preparation';
import { hashToken, mayRecord } from './tokens';

describe('token scopes', () => {
  const open = { tokenId: 't1', name: 'organiser', tournaments: null };
  const scoped = { tokenId: 't2', name: 'judge', tournaments: ['bkk-open'] };

  it('an unscoped token records any game', () => {
    expect(mayRecord(open, undefined)).toBe(true);
    expect(mayRecord(open, 'anything')).toBe(true);
  });

  it('a scoped token records only games of its tournaments, and no game without one', () => {
    expect(mayRecord(scoped, 'bkk-open')).toBe(true);
    expect(mayRecord(scoped, 'paris')).toBe(false);
    expect(mayRecord(scoped, undefined)).toBe(false);
  });

  it('stores a hash, never the secret', () => {
    expect(hashToken('cl_secret')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('cl_secret')).not.toContain('secret');
  });
});

describe('documents and events', () => {
  it('hashes the same game the same whatever its key order and whitespace', () => {
    const a = { format: 'cardlog/1', system: 'born-from-blood', rulesVersion: '1', players: [], catalog: 'x@1', events: [] } as never;
    const b = JSON.parse('{"events":[],"catalog":"x@1","players":[],"rulesVersion":"1","system":"born-from-blood","format":"cardlog/1"}');
    expect(hashDocument(a)).toBe(hashDocument(b));
    expect(hashDocument(a)).not.toBe(hashDocument({ ...b, rulesVersion: '2' }));
  });

  it('turns a stored event back into a log event, without a player for derived events', () => {
    expect(toLogEvent({ type: 'Concede', data: { player: 'p2', payload: {} } })).toEqual({ type: 'Concede', player: 'p2', payload: {} });
    expect(toLogEvent({ type: 'GameEnded', data: { payload: { winner: 'p1', reason: 'hp' } } })).toEqual({
      type: 'GameEnded',
      payload: { winner: 'p1', reason: 'hp' },
    });
  });

  it('answers a limit with 413 and a schema violation with 400, keeping the path', () => {
    expect(formatError({ code: 'LIMIT_EXCEEDED', message: `over ${LOG_LIMITS.maxEvents}`, path: '$.events' })).toMatchObject({
      kind: 'too_large',
      details: { path: '$.events' },
    });
    expect(formatError({ code: 'SCHEMA_VIOLATION', message: 'x', path: '$.players[0]' }).kind).toBe('invalid');
  });
});
