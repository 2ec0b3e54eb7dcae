import type { StoredEvent } from '@cardlog/store';

/**
 * Where the relay delivers events, in commit order: Kafka in production, or straight into the
 * projector of the same process in the embedded default. `publish` resolves only once the batch
 * is durably handed over; the relay advances its checkpoint after that.
 */
export interface Transport {
  readonly name: string;
  publish(events: readonly StoredEvent[]): Promise<void>;
}

export type EventHandler = (events: readonly StoredEvent[]) => Promise<void>;

/** The embedded bus: each batch goes to every subscriber, awaited in turn. */
export class InProcessTransport implements Transport {
  readonly name = 'in-process';
  private readonly handlers: EventHandler[] = [];

  subscribe(handler: EventHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  async publish(events: readonly StoredEvent[]): Promise<void> {
    for (const handler of this.handlers) await handler(events);
  }
}
