import { newEventIds } from './event-ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids', () => {
  it('are version 7 UUIDs carrying the time, in the order of the events', () => {
    const now = Date.UTC(2026, 11, 1, 12);
    const ids = newEventIds(1000, now);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
    expect(new Set(ids).size).toBe(1000);
  });

  it('two batches in the same millisecond share no id', () => {
    const now = Date.now();
    const first = newEventIds(500, now);
    const second = new Set(newEventIds(500, now));
    expect(first.some((id) => second.has(id))).toBe(false);
  });
});
