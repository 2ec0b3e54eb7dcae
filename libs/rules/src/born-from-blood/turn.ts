import { Draft, inPlayCards, object, player, setModifiers } from './mutate';
import { BfbState, FieldObject, Seat, Until } from './state';

/** N Phase income (§6, BB-R3, BB-R4): the first own turn gives 3, later ones 2 + min(2, last turn's plays). */
export function income(turnsTaken: number, playedLastOwnTurn: number): number {
  return turnsTaken === 1 ? 3 : 2 + Math.min(2, playedLastOwnTurn);
}

/**
 * Starts a turn at its N Phase: `turnsTaken` counted and income folded. The per-turn records of the
 * cards (attacks, `oncePerTurn` uses) were reset by the cleanup of the turn before (`cleanUpCards`).
 */
export function startTurn(d: Draft, seat: Seat): void {
  const s = d.s;
  s.turn++;
  s.turnPlayer = seat;
  s.phase = 'n';
  s.drawnThisTurn = false;
  s.handCheckDone = false;
  const p = player(d, seat);
  p.turnsTaken++;
  p.n += income(p.turnsTaken, p.playedFromHandLastOwnTurn);
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
export function cleanUpCards(d: Draft): void {
  const s = d.s;
  const turn = s.turn;
  const cards = inPlayCards(s);
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    const o = c.obj;
    if (!o) continue;
    const countsDown = (s.config.cdCountsEveryTurn || c.owner === s.turnPlayer) && cdCountsDown(o.cd, turn);
    const reset = o.attacksThisTurn !== 0 || o.usedThisTurn.length > 0;
    const statuses = statusesEnd(o.statuses, turn);
    const modifiers = anyEndsNow(o.modifiers, turn);
    const granted = anyEndsNow(o.grantedKeywords, turn);
    const removed = anyEndsNow(o.removedKeywords, turn);
    if (!(countsDown || reset || statuses || modifiers || granted || removed)) continue;
    const w = object(d, c.id)!;
    if (countsDown) {
      const cd: Record<string, FieldObject['cd'][string]> = { ...w.cd };
      for (const key in cd) {
        const entry = cd[key]!;
        if (entry.remaining > 0 && entry.lastUsedTurn !== turn) cd[key] = { ...entry, remaining: entry.remaining - 1 };
      }
      w.cd = cd;
    }
    if (statuses) w.statuses = w.statuses.filter((x) => !endsNow(x.until, turn) && !endsWithTurn(x.status));
    if (modifiers) setModifiers(d, w, w.modifiers.filter((x) => !endsNow(x.until, turn)));
    if (granted) w.grantedKeywords = w.grantedKeywords.filter((x) => !endsNow(x.until, turn));
    if (removed) w.removedKeywords = w.removedKeywords.filter((x) => !endsNow(x.until, turn));
    w.attacksThisTurn = 0;
    if (w.usedThisTurn.length > 0) w.usedThisTurn = [];
  }
}

function anyEndsNow(list: readonly { until: Until }[], turn: number): boolean {
  for (let i = 0; i < list.length; i++) if (endsNow(list[i]!.until, turn)) return true;
  return false;
}

function statusesEnd(list: FieldObject['statuses'], turn: number): boolean {
  for (let i = 0; i < list.length; i++) if (endsNow(list[i]!.until, turn) || endsWithTurn(list[i]!.status)) return true;
  return false;
}

function cdCountsDown(cd: FieldObject['cd'], turn: number): boolean {
  for (const key in cd) {
    const entry = cd[key]!;
    if (entry.remaining > 0 && entry.lastUsedTurn !== turn) return true;
  }
  return false;
}
