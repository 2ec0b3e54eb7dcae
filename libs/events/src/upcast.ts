import { EventEnvelope } from './envelope';

/**
 * Turns the data of one event type at `fromVersion` into `fromVersion + 1`. Old events are upcast
 * when read, never rewritten (log-format property 7).
 */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  upcast(data: unknown): unknown;
}

export class UpcasterChain {
  private readonly byKey = new Map<string, Upcaster>();
  private readonly latest = new Map<string, number>();

  constructor(upcasters: readonly Upcaster[] = []) {
    for (const u of upcasters) {
      const key = `${u.type}@${u.fromVersion}`;
      if (this.byKey.has(key)) throw new Error(`two upcasters for ${key}`);
      this.byKey.set(key, u);
      this.latest.set(u.type, Math.max(this.latest.get(u.type) ?? 1, u.fromVersion + 1));
    }
  }

  /** The version events of this type are upcast to. */
  currentVersion(type: string): number {
    return this.latest.get(type) ?? 1;
  }

  upcast<E extends Pick<EventEnvelope<unknown>, 'type' | 'schemaVersion' | 'data'>>(event: E): E {
    let { data, schemaVersion } = event;
    const target = this.currentVersion(event.type);
    if (schemaVersion > target) {
      throw new Error(`${event.type} has schema version ${schemaVersion}, newer than this build knows (${target})`);
    }
    while (schemaVersion < target) {
      const step = this.byKey.get(`${event.type}@${schemaVersion}`);
      if (!step) throw new Error(`no upcaster for ${event.type} from version ${schemaVersion}`);
      data = step.upcast(data) as E['data'];
      schemaVersion++;
    }
    return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
  }
}
