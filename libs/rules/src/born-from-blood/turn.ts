import { inPlayIds, pruneAttachments, replaceCards, withPlayer } from './mutate';
import { BfbState, CardState, FieldObject, Seat, Until, cardOf } from './state';

/** N Phase income (§6, BB-R3, BB-R4): the first own turn gives 3, later ones 2 + min(2, last turn's plays). */
export function income(turnsTaken: number, playedLastOwnTurn: number): number {
  return turnsTaken === 1 ? 3 : 2 + Math.min(2, playedLastOwnTurn);
}

/** Starts a turn at its N Phase: per-turn records reset, `turnsTaken` counted, income folded. */
export function startTurn(state: BfbState, seat: Seat): BfbState {
  const updated: CardState[] = [];
  for (const id of inPlayIds(state)) {
    const card = cardOf(state, id)!;
    const o = card.obj;
    if (o && (o.attacksThisTurn !== 0 || o.usedThisTurn.length > 0)) {
      updated.push({ ...card, obj: { ...o, attacksThisTurn: 0, usedThisTurn: [] } });
    }
  }
  const next: BfbState = {
    ...replaceCards(state, updated),
    turn: state.turn + 1,
    turnPlayer: seat,
    phase: 'n',
    drawnThisTurn: false,
    handCheckDone: false,
  };
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

/** Step 2 of the cleanup: CD counts down for abilities not used this turn (BB-R15). */
export function countDownCooldowns(state: BfbState): BfbState {
  const updated: CardState[] = [];
  for (const id of inPlayIds(state)) {
    const card = cardOf(state, id)!;
    if (!card.obj || (!state.config.cdCountsEveryTurn && card.owner !== state.turnPlayer)) continue;
    let cd: Record<string, FieldObject['cd'][string]> | undefined;
    for (const key in card.obj.cd) {
      const entry = card.obj.cd[key]!;
      if (entry.remaining > 0 && entry.lastUsedTurn !== state.turn) {
        cd ??= { ...card.obj.cd };
        cd[key] = { ...entry, remaining: entry.remaining - 1 };
      }
    }
    if (cd) updated.push({ ...card, obj: { ...card.obj, cd } });
  }
  return replaceCards(state, updated);
}

/** Step 3: "this turn" effects expire, and with them every Ready and Playable-this-turn status. */
export function expireEndOfTurn(state: BfbState): BfbState {
  const pruned = pruneAttachments(state, (until) => 'endOfTurn' in until && until.endOfTurn <= state.turn);
  const updated: CardState[] = [];
  for (const id of inPlayIds(pruned)) {
    const card = cardOf(pruned, id)!;
    if (!card.obj?.statuses.some((s) => s.status === 'ready' || s.status === 'playableThisTurn')) continue;
    updated.push({ ...card, obj: { ...card.obj, statuses: card.obj.statuses.filter((s) => s.status !== 'ready' && s.status !== 'playableThisTurn') } });
  }
  return replaceCards(pruned, updated);
}
