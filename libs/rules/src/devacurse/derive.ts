import type { LogEvent } from '@cardlog/events';
import { endsPhase, nextSegment } from './flow';
import { failingChecks } from './destroy';
import {
  BLESSING_KINDS,
  DvState,
  catalogCard,
  cardOf,
  cursorOf,
  effectiveOrderHolder,
  hasFlag,
  inArena,
  isLiving,
  nextLiving,
  playerOf,
  poolTotal,
  requiredGuardians,
  seatOf,
} from './state';

const ev = (type: string, payload: Record<string, unknown>): LogEvent => ({ type, payload });

/**
 * The system event (§12 kind S) the rules append next, or null when a living Deva must act
 * (the liveness rule of §9: no log stalls on an eliminated Deva).
 */
export function nextSystemEvent(s: DvState): LogEvent | null {
  // The commonest answer (after most actions) first, in a function small enough for V8 to inline
  // into the fold's step: the whole rule below is one large function, called after every event.
  return s.status === 'playing' && s.next === null && s.falling.length === 0 && settled(s) ? null : appendedNext(s);
}

/**
 * Whether no Deva is about to be eliminated (Faith above 0, not leaving), at least two live and the
 * part owner, if the segment has one, is one of them: with no batch falling and nothing next, what
 * `appendedNext` then answers is null.
 */
function settled(s: DvState): boolean {
  const owner = s.cursor.owner;
  let alive = 0;
  let ownerLiving = owner === undefined;
  const players = s.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p.eliminated) continue;
    if (p.faith <= 0 || p.leaving !== null) return false;
    alive++;
    if (p.seat === owner) ownerLiving = true;
  }
  return alive > 1 && ownerLiving;
}

function appendedNext(s: DvState): LogEvent | null {
  if (s.status === 'ended') return null;
  // §9: Faith at 0 or less, a concession or an effect: one elimination each, from the order holder on.
  // Runs after every event of a replay: one pass over the seats finds who leaves, how many live
  // and whether the part owner does, without building a list.
  const owner = s.cursor.owner;
  let leaving = false;
  let alive = 0;
  let last: string | undefined;
  let ownerLiving = false;
  const players = s.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p.eliminated) continue;
    if ((s.status === 'playing' && p.faith <= 0) || p.leaving) leaving = true;
    alive++;
    last = p.seat;
    if (p.seat === owner) ownerLiving = true;
  }
  if (leaving) {
    const n = s.seats.length;
    const base = Math.max(0, seatOf(s, s.orderHolder ?? s.seats[0]!));
    for (let k = 0; k < n; k++) {
      const p = s.players[(base + k) % n]!;
      if (!p.eliminated && ((s.status === 'playing' && p.faith <= 0) || p.leaving)) return ev('PlayerEliminated', { player: p.seat, cause: p.leaving ?? 'faith' });
    }
  }
  if (alive <= 1) return ev('MatchEnded', alive === 1 ? { winner: last } : { draw: true });
  if (s.status === 'origin') {
    const ready = s.orderHolder !== null && s.players.every((p) => p.eliminated || (p.registered && p.drewOpening));
    const first = s.orderHolder !== null && isLiving(s, s.orderHolder) ? s.orderHolder : s.orderHolder !== null ? nextLiving(s, s.orderHolder) : null;
    return ready ? ev('TurnBegan', { turn: 1, orderHolder: first }) : null;
  }

  const c = s.cursor;
  // DV-R34: the part owner left; once the Knot zone and falls are settled the part ends at once.
  if (c.owner !== undefined && !ownerLiving && s.knot.length === 0 && s.falling.length === 0 && s.due === null && s.next !== 'turnEnd') {
    if (s.combat?.placed) return takeEffect(s);
    return ev('PhaseAdvanced', { ...cursorPayload(nextSegment(s)), skipped: 'eliminated' });
  }
  // A batch formed where no window is open is placed at once (§6.8 step 6).
  if (s.falling.length > 0 && s.priority === null && s.due === null && (s.next === null || s.next === 'close' || s.next === 'turnEnd')) {
    const batch = placeable(s);
    if (batch) return placeBatch(s, batch.id);
  }
  switch (s.next) {
    case null:
      return null;
    case 'turnBegin':
      return ev('TurnBegan', { turn: s.turn + 1, orderHolder: s.orderHolder });
    case 'promptApply':
      return promptLoop(s);
    case 'refreshApply':
      return refresh(s);
    case 'placeBatch': {
      const batch = placeable(s);
      return batch ? placeBatch(s, batch.id) : null;
    }
    case 'takeEffect':
      return takeEffect(s);
    case 'turnEnd':
      return ev('TurnEnded', { nextOrderHolder: nextLiving(s, s.orderHolder!), ...(isLiving(s, s.orderHolder!) ? {} : { automatic: true }) });
    case 'close': {
      const to = nextSegment(s);
      if (endsPhase(c, to) && s.players.some((p) => poolTotal(p.pool) > 0)) {
        const amounts = [];
        for (const p of s.players) for (const kind of BLESSING_KINDS) if (p.pool[kind] > 0) amounts.push({ player: p.seat, kind, n: p.pool[kind] });
        return ev('BlessingLost', { amounts });
      }
      return ev('PhaseAdvanced', cursorPayload(to));
    }
  }
}

export function cursorPayload(c: DvState['cursor']): Record<string, unknown> {
  return cursorOf(c) as unknown as Record<string, unknown>;
}

function placeable(s: DvState) {
  for (let i = s.falling.length - 1; i >= 0; i--) if (s.falling[i]!.knotBase >= s.knot.length) return s.falling[i]!;
  return undefined;
}

function placeBatch(s: DvState, batchId: string): LogEvent {
  const batch = s.falling.find((b) => b.id === batchId)!;
  const placed = batch.cards.map((id) => {
    const card = cardOf(s, id)!;
    // A falling card's controller is the Deva whose Cenotaph it is bound for (§6.8 step 1).
    return { cardId: id, to: catalogCard(s, card).type === 'hero' ? 'blackHole' : 'cenotaph', player: card.controller };
  });
  return ev('FallBatchPlaced', { batchId, placed });
}

function promptLoop(s: DvState): LogEvent {
  const expired: string[] = [];
  const ticked: string[] = [];
  const keptRested: string[] = [];
  for (const p of s.players) {
    if (p.eliminated) continue;
    for (const id of p.soldierLine) {
      const card = cardOf(s, id)!;
      if (catalogCard(s, card).turnCount === undefined) continue;
      (card.turnCounters === 0 ? expired : ticked).push(id);
    }
  }
  for (const card of s.cards) if (inArena(card.zone) && card.mode === 'rest' && hasFlag(card.flags, 'staysRested')) keptRested.push(card.iid);
  return ev('PromptLoopApplied', { expired, ticked, keptRested });
}

function refresh(s: DvState): LogEvent {
  const clearedSoldiers: string[] = [];
  const destroyedHeroes: string[] = [];
  const healedHeroes: string[] = [];
  for (const p of s.players) {
    if (p.eliminated) continue;
    for (const id of p.soldierLine) if (cardOf(s, id)!.damage > 0) clearedSoldiers.push(id);
    for (const id of p.heroLine) {
      const hero = cardOf(s, id)!;
      if (hero.guardians.length < requiredGuardians(s, hero)) destroyedHeroes.push(id);
      else if (hero.mode === 'prompt' && hero.damage > 0) healedHeroes.push(id);
    }
  }
  return ev('RefreshApplied', { clearedSoldiers, destroyedHeroes, healedHeroes });
}

function takeEffect(s: DvState): LogEvent {
  const fpLoss = (s.combat?.pendingFaith ?? []).filter((f) => f.amount > 0 && isLiving(s, f.player)).map((f) => ({ player: f.player, amount: f.amount }));
  return ev('CombatDamageTookEffect', { fpLoss, destroyed: failingChecks(s) });
}

export { effectiveOrderHolder, playerOf };
