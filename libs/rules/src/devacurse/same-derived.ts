import type { LogEvent } from '@cardlog/events';
import { sameEvent } from '../same-event';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `sameEvent` for an uploaded system event against the one the rules derived (`expected`), with the
 * commonest, PhaseAdvanced (three of four system events of a game), compared field by field: its
 * payload is always one `cursorPayload` built, string fields among loop, part, owner, phase, step and
 * skipped. The generic walk looks each key of one object up in the other, and took about an eighth
 * of a whole replay. Anything else, or an uploaded payload that is not a plain object, goes to
 * `sameEvent`.
 */
export function sameDerived(expected: LogEvent, uploaded: LogEvent): boolean {
  if (expected.type === 'PhaseAdvanced') {
    if (uploaded.type !== expected.type || uploaded.player !== expected.player) return false;
    const same = sameCursor(expected.payload as Cursorish, uploaded.payload);
    if (same !== undefined) return same;
  }
  return sameEvent(expected, uploaded);
}

interface Cursorish {
  readonly loop?: string;
  readonly part?: string;
  readonly owner?: string;
  readonly phase?: string;
  readonly step?: string;
  readonly skipped?: string;
}

/**
 * Whether `y` has exactly `x`'s defined fields, with the same values (the answer `sameEvent` gives
 * for a payload of strings), or undefined when `y` is not a plain object and the generic rules decide.
 */
function sameCursor(x: Cursorish, y: unknown): boolean | undefined {
  if (typeof y !== 'object' || y === null || Array.isArray(y)) return undefined;
  const proto = Object.getPrototypeOf(y);
  if (proto !== Object.prototype && proto !== null) return undefined;
  // Only `y`'s own keys are walked, each read off `y` itself (the fast case of a for-in); `x`'s
  // fields are read by name.
  let n = 0;
  for (const key in y) {
    if (!hasOwn.call(y, key)) continue;
    const value: unknown = (y as Record<string, unknown>)[key];
    if (value === undefined) continue;
    n++;
    let mine: string | undefined;
    switch (key) {
      case 'loop':
        mine = x.loop;
        break;
      case 'part':
        mine = x.part;
        break;
      case 'owner':
        mine = x.owner;
        break;
      case 'phase':
        mine = x.phase;
        break;
      case 'step':
        mine = x.step;
        break;
      case 'skipped':
        mine = x.skipped;
        break;
      default:
        return false;
    }
    if (mine === undefined || mine !== value) return false;
  }
  return n === defined(x.loop) + defined(x.part) + defined(x.owner) + defined(x.phase) + defined(x.step) + defined(x.skipped);
}

function defined(value: string | undefined): number {
  return value === undefined ? 0 : 1;
}
