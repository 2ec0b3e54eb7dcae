import type { StoredEvent } from '@cardlog/store';
import { decodeEvent, encodeEvent } from './messages';

const event = (globalPosition: number, recordedAt: Date): StoredEvent => ({
  globalPosition,
  streamId: 'game-00000000-0000-4000-8000-000000000001',
  streamPosition: globalPosition,
  eventId: `00000000-0000-4000-8000-${String(globalPosition).padStart(12, '0')}`,
  type: 'TurnStarted',
  schemaVersion: 1,
  data: { player: 'p1', payload: { turn: globalPosition } },
  metadata: { actor: 'spec' },
  recordedAt,
  transactionId: '1000',
});

describe('an event through its Kafka message', () => {
  it('comes back as it was stored, its time a Date of its own, whether the events around it share that time or not', () => {
    const one = new Date('2026-12-06T19:03:02.123Z');
    const other = new Date('2026-12-06T19:03:05.001Z');
    const stored = [event(1, one), event(2, one), event(3, other), event(4, one), event(5, one)];
    const decoded = stored.map((e) => decodeEvent(Buffer.from(encodeEvent(e))));
    expect(decoded).toEqual(stored);
    for (const e of decoded) expect(e.recordedAt).toBeInstanceOf(Date);
    expect(decoded.map((e) => e.recordedAt.toISOString())).toEqual([one, one, other, one, one].map((d) => d.toISOString()));
    // Two events of the same time do not share a Date: changing one leaves the other.
    decoded[0]!.recordedAt.setTime(0);
    expect(decoded[1]!.recordedAt.getTime()).toBe(one.getTime());
  });

  it('keeps a time that is not a valid date invalid, as the Date constructor does', () => {
    const text = JSON.stringify({ ...event(1, new Date(0)), recordedAt: 'not a date' });
    expect(Number.isNaN(decodeEvent(text).recordedAt.getTime())).toBe(true);
    expect(decodeEvent(encodeEvent(event(2, new Date(0)))).recordedAt.getTime()).toBe(0);
  });
});
