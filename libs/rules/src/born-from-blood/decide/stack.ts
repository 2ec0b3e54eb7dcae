import { BfbState, Seat, priorityHolder } from '../state';
import { refuse } from './guards';

/** §8.2: only the priority holder passes, and only while something is on the stack. */
export function decidePassPriority(state: BfbState, actor: Seat): void {
  const holder = priorityHolder(state);
  if (holder !== undefined && holder !== actor) refuse('NO_PRIORITY', `${holder} holds priority, not ${actor}`, { priorityHolder: holder });
  if (holder === undefined) refuse('STACK_EMPTY', 'the stack is empty: there is nothing to pass on');
}
