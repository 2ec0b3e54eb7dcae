import type { LogEvent } from '@cardlog/events';
import type { InPlaceFold } from '../game-system';
import { MAX_DERIVED, checkAction, passRule, runaway } from './decide';
import { nextSystemEvent } from './derive';
import { Draft, ownState } from './draft';
import { applyEvent } from './evolve';
import type { DvState } from './state';

/**
 * Devacurse folded in place: the same checks as `decide` (`checkAction`), the same rule book as
 * `evolve` (`applyEvent`), written straight into a state `ownState` copied once per fold.
 */
export const devacurseInPlace: InPlaceFold<DvState> = {
  own: ownState,
  step(state, action) {
    const rule = passRule(state, action) ?? checkAction(state, action);
    const d = ownedDraft(state);
    applyEvent(d, action, rule);
    // Most actions (passes above all) derive nothing: the action alone, no list built for it.
    const first = nextSystemEvent(state);
    if (!first) return action;
    const out: LogEvent[] = [action, first];
    applyEvent(d, first);
    for (let i = 1; i < MAX_DERIVED; i++) {
      const next = nextSystemEvent(state);
      if (!next) return out;
      out.push(next);
      applyEvent(d, next);
    }
    throw runaway();
  },
  apply(state, event) {
    try {
      applyEvent(ownedDraft(state), event);
    } catch {
      // As `evolve`: a stored event is a fact and never fails the fold (one that does not fit the
      // state was never accepted by `decide`; it is applied as far as it goes).
    }
  },
};

/**
 * An owned Draft holds nothing but its state, so a fold reuses one for all its events instead of
 * allocating one per event (a fold runs to its end before another starts).
 */
let lastDraft: Draft | null = null;

function ownedDraft(state: DvState): Draft {
  if (lastDraft === null || lastDraft.s !== state) lastDraft = new Draft(state, true);
  return lastDraft;
}
