import { BfbState, Seat, priorityHolder } from '../state';
import { check } from './guards';

/** §8.2: only the priority holder passes, and only while something is on the stack. */
export function decidePassPriority(state: BfbState, actor: Seat): void {
  const holder = priorityHolder(state);
  check(holder === undefined || holder === actor, 'NO_PRIORITY', `${holder} holds priority, not ${actor}`, { priorityHolder: holder });
  check(holder !== undefined, 'STACK_EMPTY', 'the stack is empty: there is nothing to pass on');
}
