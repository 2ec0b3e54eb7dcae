/** What the projector exports about itself. */
export interface ProjectorMetrics {
  /** Events in the store not yet applied to the read models (from the store's head, not Kafka offsets). */
  readonly storeLag: number;
  readonly lag: readonly { readonly partition: number; readonly behind: number }[];
  readonly lastGlobalPosition: number;
  readonly eventsApplied: number;
  readonly groupJoined: boolean;
}

/** Prometheus text exposition format (version 0.0.4). */
export function renderMetrics(m: ProjectorMetrics, topic: string): string {
  const lines = [
    '# HELP cardlog_projector_store_lag_events Events in the event store not yet applied to the read models.',
    '# TYPE cardlog_projector_store_lag_events gauge',
    `cardlog_projector_store_lag_events ${m.storeLag}`,
    `# HELP cardlog_projector_lag_events Events in ${topic} not yet applied, per partition.`,
    '# TYPE cardlog_projector_lag_events gauge',
    ...m.lag.map((p) => `cardlog_projector_lag_events{topic="${topic}",partition="${p.partition}"} ${p.behind}`),
    '# HELP cardlog_projector_lag_events_total Events not yet applied, all partitions.',
    '# TYPE cardlog_projector_lag_events_total gauge',
    `cardlog_projector_lag_events_total ${m.lag.reduce((n, p) => n + p.behind, 0)}`,
    '# HELP cardlog_projector_last_global_position Highest event-store position applied to the read models.',
    '# TYPE cardlog_projector_last_global_position gauge',
    `cardlog_projector_last_global_position ${m.lastGlobalPosition}`,
    '# HELP cardlog_projector_events_applied_total Events applied to the read models (duplicates excluded).',
    '# TYPE cardlog_projector_events_applied_total counter',
    `cardlog_projector_events_applied_total ${m.eventsApplied}`,
    '# HELP cardlog_projector_group_joined 1 while this instance is a member of the consumer group.',
    '# TYPE cardlog_projector_group_joined gauge',
    `cardlog_projector_group_joined ${m.groupJoined ? 1 : 0}`,
  ];
  return `${lines.join('\n')}\n`;
}
