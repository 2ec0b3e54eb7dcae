import { inPlayIds, replaceCards, withPlayer } from './mutate';
import { BfbState, CardState, FieldObject, Seat, Until, cardOf } from './state';

/** N Phase income (§6, BB-R3, BB-R4): the first own turn gives 3, later ones 2 + min(2, last turn's plays). */
export function income(turnsTaken: number, playedLastOwnTurn: number): number {
  return turnsTaken === 1 ? 3 : 2 + Math.min(2, playedLastOwnTurn);
}

/**
 * Starts a turn at its N Phase: `turnsTaken` counted and income folded. The per-turn records of the
 * cards (attacks, `oncePerTurn` uses) were reset by the cleanup of the turn before (`cleanUpCards`).
 */
export function startTurn(state: BfbState, seat: Seat): BfbState {
  const next: BfbState = { ...state, turn: state.turn + 1, turnPlayer: seat, phase: 'n', drawnThisTurn: false, handCheckDone: false };
  return withPlayer(next, seat, (p) => {
    const turnsTaken = p.turnsTaken + 1;
    return { ...p, turnsTaken, n: p.n + income(turnsTaken, p.playedFromHandLastOwnTurn) };
  });
}

/** Resolves an event's `duration` into a stored `Until` (§8.3). */
export function untilOf(
  state: BfbState,
  duration:
    | 'thisBattle'
    | 'thisTurn'
    | 'permanent'
    | { untilEndOfTurnOf: { player: Seat; occurrence: 'current' | 'next' } }
    | { whileSourceOnField: { sourceCardId: string } },
): Until {
  if (duration === 'thisBattle') return { battle: true };
  if (duration === 'thisTurn') return { endOfTurn: state.turn };
  if (duration === 'permanent') return { permanent: true };
  if ('whileSourceOnField' in duration) return { whileOnField: duration.whileSourceOnField.sourceCardId };
  const { player, occurrence } = duration.untilEndOfTurnOf;
  if (occurrence === 'current') return { endOfTurn: state.turn };
  return { endOfTurn: state.turnPlayer === player ? state.turn + 2 : state.turn + 1 };
}

const endsNow = (until: Until, turn: number) => 'endOfTurn' in until && until.endOfTurn <= turn;
const endsWithTurn = (status: string) => status === 'ready' || status === 'playableThisTurn';

/**
 * Steps 2, 3 and the card part of step 5 of the `EndTurn` cleanup (§6), in one pass over the cards
 * in play: CD counts down for abilities not used this turn (BB-R15; only the turn player's unless
 * `cdCountsEveryTurn`), "this turn" effects expire together with every Ready and Playable-this-turn
 * status (BB-R44), and attacks and `oncePerTurn` uses reset for the next turn.
 */
export function cleanUpCards(state: BfbState): BfbState {
  const turn = state.turn;
  const updated: CardState[] = [];
  for (const id of inPlayIds(state)) {
    const card = cardOf(state, id)!;
    const o = card.obj;
    if (!o) continue;
    let cd: Record<string, FieldObject['cd'][string]> | undefined;
    if (state.config.cdCountsEveryTurn || card.owner === state.turnPlayer) {
      for (const key in o.cd) {
        const entry = o.cd[key]!;
        if (entry.remaining > 0 && entry.lastUsedTurn !== turn) {
          cd ??= { ...o.cd };
          cd[key] = { ...entry, remaining: entry.remaining - 1 };
        }
      }
    }
    const statuses = o.statuses.some((s) => endsNow(s.until, turn) || endsWithTurn(s.status))
      ? o.statuses.filter((s) => !endsNow(s.until, turn) && !endsWithTurn(s.status))
      : o.statuses;
    const modifiers = o.modifiers.some((m) => endsNow(m.until, turn)) ? o.modifiers.filter((m) => !endsNow(m.until, turn)) : o.modifiers;
    const grantedKeywords = o.grantedKeywords.some((g) => endsNow(g.until, turn))
      ? o.grantedKeywords.filter((g) => !endsNow(g.until, turn))
      : o.grantedKeywords;
    const removedKeywords = o.removedKeywords.some((r) => endsNow(r.until, turn))
      ? o.removedKeywords.filter((r) => !endsNow(r.until, turn))
      : o.removedKeywords;
    const reset = o.attacksThisTurn !== 0 || o.usedThisTurn.length > 0;
    if (!cd && !reset && statuses === o.statuses && modifiers === o.modifiers && grantedKeywords === o.grantedKeywords && removedKeywords === o.removedKeywords) {
      continue;
    }
    updated.push({
      ...card,
      obj: { ...o, cd: cd ?? o.cd, statuses, modifiers, grantedKeywords, removedKeywords, attacksThisTurn: 0, usedThisTurn: [] },
    });
  }
  return replaceCards(state, updated);
}
