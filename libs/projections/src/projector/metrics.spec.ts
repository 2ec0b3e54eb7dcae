import { renderMetrics } from './metrics';

describe('projector metrics', () => {
  it('exports lag per partition, its total, the last applied position and membership', () => {
    const text = renderMetrics(
      { storeLag: 7, lag: [{ partition: 0, behind: 3 }, { partition: 1, behind: 0 }], lastGlobalPosition: 1234, eventsApplied: 1200, groupJoined: true },
      'cardlog.events',
    );
    expect(text).toContain('cardlog_projector_lag_events{topic="cardlog.events",partition="0"} 3\n');
    expect(text).toContain('cardlog_projector_lag_events{topic="cardlog.events",partition="1"} 0\n');
    expect(text).toContain('cardlog_projector_lag_events_total 3\n');
    expect(text).toContain('cardlog_projector_last_global_position 1234\n');
    expect(text).toContain('cardlog_projector_events_applied_total 1200\n');
    expect(text).toContain('cardlog_projector_group_joined 1\n');
    expect(text).toContain('cardlog_projector_store_lag_events 7\n');
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? \d+)$/);
  });
});
