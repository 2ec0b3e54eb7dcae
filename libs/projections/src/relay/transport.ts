import { counted } from '@cardlog/rules';
import type { StoredEvent } from '@cardlog/store';

/**
 * Where the relay delivers events, in commit order: Kafka in production, or straight into the
 * projector of the same process in the embedded default. `publish` resolves only once the batch
 * is durably handed over; the relay advances its checkpoint after that. A transport that hands a
 * batch over in several requests throws a `PublishError` saying how many leading events were
 * accepted before it failed, so the relay never republishes them.
 */
export interface Transport {
  readonly name: string;
  publish(events: readonly StoredEvent[]): Promise<void>;
}

/**
 * A publish that failed part-way: the first `accepted` events were durably handed over. `refused`
 * means the destination will never take the next request as it is (a message over the broker's
 * size limit), so retrying it unchanged is pointless: the relay splits it down to the event.
 */
export class PublishError extends Error {
  override readonly name = 'PublishError';
  constructor(
    readonly accepted: number,
    readonly refused: boolean,
    override readonly cause: unknown,
  ) {
    super(`${refused ? 'refused' : 'failed'} after ${counted(accepted, 'accepted event')}: ${(cause as Error)?.message ?? String(cause)}`);
  }
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
