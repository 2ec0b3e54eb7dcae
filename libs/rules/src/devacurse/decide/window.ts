import type { DvState } from '../state';
import { check, fail, segmentName } from './guards';
void check;

/** Segments where nothing is called and no window opens (§5.7). */
export function isNoCallSegment(state: DvState): boolean {
  const c = state.cursor;
  return c.loop === 'origin' || c.loop === 'draw' || c.loop === 'endTurn' || c.part === 'blessMaking' || c.step === 'endStep';
}

/**
 * An action taken with priority inside an open window (§6.1): the segment must have windows, no
 * declaration may be due, and the actor must hold priority.
 */
export function requirePriority(state: DvState, actor: string, type: string): void {
  // The hot path of every pass: messages are built only on failure.
  if (isNoCallSegment(state)) fail('WRONG_SEGMENT', `${type} is not allowed in ${segmentName(state)} (no calls, skills or blessing there)`);
  if (state.due) fail('DECISION_DUE', `${state.due.kind} from ${state.due.player} is due first`, { due: state.due });
  if (state.priority === null || state.next !== null) fail('WRONG_SEGMENT', `no window is open in ${segmentName(state)}`);
  if (state.priority.holder !== actor) fail('NO_PRIORITY', `${state.priority.holder} holds priority, not ${actor}`, { holder: state.priority.holder });
}

/** The owner of the current part, for part-owner actions. */
export function requirePartOwner(state: DvState, actor: string, type: string): void {
  if (state.cursor.owner !== actor) fail('NOT_PART_OWNER', `${type}: this part belongs to ${state.cursor.owner ?? 'nobody'}, not ${actor}`, { owner: state.cursor.owner });
}
