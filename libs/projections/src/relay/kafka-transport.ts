import type { Message, Producer } from 'kafkajs';
import { ACKS_ALL, KAFKA_SEND_MAX_BYTES, isRefusedMessage } from '@cardlog/bus';
import type { StoredEvent } from '@cardlog/store';
import { EVENTS_TOPIC, encodeEvent, messageHeaders, messageKey } from '../messages';
import { PublishError } from './transport';

/**
 * Publishes to Kafka keyed by game id, waiting for every in-sync replica (acks -1). A batch goes
 * out in requests of at most `maxRequestBytes` message bytes, one after another in commit order,
 * so no request exceeds what the broker accepts; an event larger than that travels alone.
 */
export class KafkaTransport {
  readonly name = 'kafka';

  constructor(
    private readonly producer: Producer,
    private readonly topic = EVENTS_TOPIC,
    private readonly maxRequestBytes = KAFKA_SEND_MAX_BYTES,
  ) {}

  async publish(events: readonly StoredEvent[]): Promise<void> {
    let accepted = 0;
    for (const chunk of this.requests(events)) {
      try {
        await this.producer.send({ topic: this.topic, acks: ACKS_ALL, messages: chunk.map((m) => m.message) });
      } catch (error) {
        throw new PublishError(accepted, isRefusedMessage(error), error);
      }
      accepted += chunk.length;
    }
  }

  private *requests(events: readonly StoredEvent[]): Generator<{ message: Message }[]> {
    let chunk: { message: Message }[] = [];
    let bytes = 0;
    for (const event of events) {
      const value = encodeEvent(event);
      const headers = messageHeaders(event);
      const size = Buffer.byteLength(value) + Object.values(headers).reduce((n, h) => n + h.length + 32, 64);
      if (chunk.length > 0 && bytes + size > this.maxRequestBytes) {
        yield chunk;
        chunk = [];
        bytes = 0;
      }
      chunk.push({ message: { key: messageKey(event), value, headers } });
      bytes += size;
    }
    if (chunk.length > 0) yield chunk;
  }
}
