import type { Producer } from 'kafkajs';
import { ACKS_ALL } from '@cardlog/bus';
import type { StoredEvent } from '@cardlog/store';
import { EVENTS_TOPIC, encodeEvent, messageHeaders, messageKey } from '../messages';

/** Publishes to Kafka keyed by game id, waiting for every in-sync replica (acks -1). */
export class KafkaTransport {
  readonly name = 'kafka';

  constructor(
    private readonly producer: Producer,
    private readonly topic = EVENTS_TOPIC,
  ) {}

  async publish(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.producer.send({
      topic: this.topic,
      acks: ACKS_ALL,
      messages: events.map((e) => ({ key: messageKey(e), value: encodeEvent(e), headers: { ...messageHeaders(e) } })),
    });
  }
}
