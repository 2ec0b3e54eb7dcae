import { Draft, forEachInPlay, object, player } from './mutate';
import { BfbState, CardId, FieldObject, Seat, Until } from './state';

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
  const changed: { id: CardId; countsDown: boolean }[] = [];
  forEachInPlay(s, (c) => {
    const o = c.obj;
    if (!o) return;
    const counts = (s.config.cdCountsEveryTurn || c.owner === s.turnPlayer) && cdCountsDown(o.cd, turn);
    const reset = o.attacksThisTurn !== 0 || o.usedThisTurn.length > 0;
    if (
      counts ||
      reset ||
      o.statuses.some((x) => endsNow(x.until, turn) || endsWithTurn(x.status)) ||
      o.modifiers.some((x) => endsNow(x.until, turn)) ||
      o.grantedKeywords.some((x) => endsNow(x.until, turn)) ||
      o.removedKeywords.some((x) => endsNow(x.until, turn))
    ) {
      changed.push({ id: c.id, countsDown: counts });
    }
  });
  for (const { id, countsDown } of changed) {
    const o = object(d, id)!;
    if (countsDown) {
      const cd: Record<string, FieldObject['cd'][string]> = { ...o.cd };
      for (const key in cd) {
        const entry = cd[key]!;
        if (entry.remaining > 0 && entry.lastUsedTurn !== turn) cd[key] = { ...entry, remaining: entry.remaining - 1 };
      }
      o.cd = cd;
    }
    if (o.statuses.some((x) => endsNow(x.until, turn) || endsWithTurn(x.status))) o.statuses = o.statuses.filter((x) => !endsNow(x.until, turn) && !endsWithTurn(x.status));
    if (o.modifiers.some((x) => endsNow(x.until, turn))) o.modifiers = o.modifiers.filter((x) => !endsNow(x.until, turn));
    if (o.grantedKeywords.some((x) => endsNow(x.until, turn))) o.grantedKeywords = o.grantedKeywords.filter((x) => !endsNow(x.until, turn));
    if (o.removedKeywords.some((x) => endsNow(x.until, turn))) o.removedKeywords = o.removedKeywords.filter((x) => !endsNow(x.until, turn));
    o.attacksThisTurn = 0;
    if (o.usedThisTurn.length > 0) o.usedThisTurn = [];
  }
}

function cdCountsDown(cd: FieldObject['cd'], turn: number): boolean {
  for (const key in cd) {
    const entry = cd[key]!;
    if (entry.remaining > 0 && entry.lastUsedTurn !== turn) return true;
  }
  return false;
}
