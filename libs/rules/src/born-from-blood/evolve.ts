import type * as E from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';
import { evolveEffect } from './evolve-effects';
import { closeBattle, drawInto, inPlayIds, moveCard, newObject, withCard, withObject, withPlayer } from './mutate';
import { BfbState, CardState, PHASES, SEATS, Seat, StackItem, battleDamage, block, catalogOf, characterBlock, hasKeyword, inPlay, other, posKey, survives, cardOf, withCards } from './state';
import { cleanUpCards, startTurn } from './turn';
import { recordUse } from './uses';

/**
 * `decide` folds the events it returns (for the state check), and the caller then folds the very same
 * event objects from the very same state. The last few such folds are remembered, by identity, so the
 * second fold is a lookup. Bounded and invisible: the result is what `apply` would return.
 */
const recent: { event: LogEvent; before: BfbState; after: BfbState }[] = [];
const RECENT = 8;

/**
 * Applies one recorded event. Never throws: a stored event is a fact, and whatever it names that no
 * longer fits is skipped rather than rejected (validation is `decide`'s job).
 */
export function evolve(state: BfbState, event: LogEvent): BfbState {
  for (let i = recent.length - 1; i >= 0; i--) {
    const r = recent[i]!;
    if (r.event === event && r.before === state) return r.after;
  }
  return apply(state, event);
}

/** `evolve` for `decide`: the fold is remembered for the caller's own fold of the same event. */
export function evolveAndRemember(state: BfbState, event: LogEvent): BfbState {
  const after = apply(state, event);
  recent.push({ event, before: state, after });
  if (recent.length > RECENT) recent.shift();
  return after;
}

function apply(state: BfbState, event: LogEvent): BfbState {
  const payload = event.payload as any;
  const actor = event.player as Seat;
  switch (event.type) {
    case 'MatchCreated': {
      const config = (payload as E.MatchCreated).config ?? {};
      return { ...state, stage: 'decks', config: { cdCountsEveryTurn: config.cdCountsEveryTurn ?? false } };
    }
    case 'DeckRegistered':
      return registerDeck(state, actor, payload as E.DeckRegistered);
    case 'FirstPlayerChosen':
      return { ...state, firstPlayer: (payload as E.FirstPlayerChosen).firstPlayer, stage: 'gameStart' };
    case 'GameStarted': {
      let next: BfbState = { ...state, stage: 'hands' };
      for (const seat of SEATS) {
        const id = next.players[seat].characterId;
        next = withPlayer(next, seat, (p) => ({ ...p, hp: 4000, n: 0 }));
        if (id) next = withCard(next, id, (c) => ({ ...c, zone: 'characterZone', obj: newObject(0, 0) }));
      }
      return next;
    }
    case 'OpeningHandDrawn': {
      const next = withPlayer(drawInto(state, actor, (payload as E.OpeningHandDrawn).cardIds), actor, (p) => ({ ...p, openingHandDrawn: true }));
      return SEATS.every((s) => next.players[s].openingHandDrawn) ? { ...next, stage: 'mulligan' } : next;
    }
    case 'Mulligan': {
      const m = payload as E.Mulligan;
      let next = state;
      for (const id of m.cardIds) next = moveCard(next, id, 'deck', { position: 'bottom' });
      next = withPlayer(drawInto(next, actor, m.drawnCardIds), actor, (p) => ({ ...p, mulliganDone: true }));
      if (!SEATS.every((s) => next.players[s].mulliganDone)) return next;
      return startTurn({ ...next, stage: 'playing', turn: 0 }, next.firstPlayer ?? 'p1');
    }
    case 'AdvancePhase': {
      const i = PHASES.indexOf(state.phase ?? 'n');
      return { ...state, phase: PHASES[Math.min(i + 1, PHASES.length - 1)]! };
    }
    case 'DrawForTurn': {
      const cardId = (payload as E.DrawForTurn).cardId;
      return { ...(cardId ? drawInto(state, actor, [cardId]) : state), drawnThisTurn: true };
    }
    case 'PlayCard':
      return playCard(state, actor, payload as E.PlayCard);
    case 'ActivateAbility':
      return activateAbility(state, actor, payload as E.ActivateAbility);
    case 'PassPriority':
      return resolveTop(state);
    case 'SellCard': {
      const card = cardOf(state, (payload as E.SellCard).cardId);
      if (!card) return state;
      const refund = catalogOf(state, card).worthless ? 0 : Math.floor((card.obj?.nPaid ?? 0) / 2); // BB-R2
      return withPlayer(moveCard(state, card.id, 'graveyard'), card.owner, (p) => ({ ...p, n: p.n + refund }));
    }
    case 'DeclareAttack':
      return declareAttack(state, actor, payload as E.DeclareAttack);
    case 'DeclareDefenders': {
      const ids = (payload as E.DeclareDefenders).defenderIds;
      if (!state.battle) return state;
      return { ...state, battle: { ...state.battle, defenders: ids, declaredDefenders: ids.length > 0, step: ids.length > 0 ? 'assign' : 'resolve' } };
    }
    case 'AssignDamage': {
      const a = payload as E.AssignDamage;
      if (!state.battle) return state;
      const fixedDamage = battleDamage(state, state.battle);
      return { ...state, battle: { ...state.battle, fixedDamage, assignment: { shares: a.shares, toCharacter: a.toCharacter }, step: 'resolve' } };
    }
    case 'ResolveBattle':
      return resolveBattle(state);
    case 'DiscardToHandLimit': {
      let next = state;
      for (const id of (payload as E.DiscardToHandLimit).cardIds) next = moveCard(next, id, 'graveyard');
      return { ...next, handCheckDone: true };
    }
    case 'EndTurn':
      return endTurn(state);
    case 'Concede':
      return state;
    case 'CardsPutInGraveyard': {
      let next = state;
      for (const { cardId } of (payload as E.CardsPutInGraveyard).cards) next = moveCard(next, cardId, 'graveyard');
      return next;
    }
    case 'GameEnded': {
      const g = payload as E.GameEnded;
      return { ...state, stage: 'ended', result: { ...(g.winner ? { winner: g.winner } : {}), ...(g.draw ? { draw: true } : {}), reason: g.reason } };
    }
    default:
      return evolveEffect(state, event);
  }
}

function registerDeck(state: BfbState, seat: Seat, reg: E.DeckRegistered): BfbState {
  const bound: [string, CardState][] = [];
  const owned = reg.specialArtOwnership?.counts ?? {};
  const bind = (entry: E.DeckEntry, zone: string) => {
    const special = entry.artId !== undefined && state.catalog.get(entry.catalogId)?.artVariants?.some((v) => v.artId === entry.artId && v.special);
    // BB-R21: a special art the player does not own is shown as the normal art.
    const keepArt = entry.artId !== undefined && (!special || (owned[`${entry.catalogId}#${entry.artId}`] ?? 0) > 0);
    const card: CardState = { id: entry.cardId, owner: seat, catalogId: entry.catalogId, zone, usedThisGame: [], ...(keepArt ? { artId: entry.artId! } : {}) };
    bound.push([entry.cardId, card]);
  };
  bind(reg.character, 'unplaced');
  reg.main.forEach((e) => bind(e, 'deck'));
  reg.extra.forEach((e) => bind(e, 'extraDeck'));
  const cards = withCards(state.cards, bound.map(([, card]) => card));
  const next = withPlayer({ ...state, cards }, seat, (p) => ({
    ...p,
    characterId: reg.character.cardId,
    deckRegistered: true,
    deck: { top: [], middle: reg.main.map((e) => e.cardId), bottom: [] },
    zones: { ...p.zones, extraDeck: reg.extra.map((e) => e.cardId) },
  }));
  return SEATS.every((s) => next.players[s].deckRegistered) ? { ...next, stage: 'firstPlayer' } : next;
}

function cardCost(state: BfbState, card: CardState, override?: { amount: number }): number {
  return override?.amount ?? catalogOf(state, card).nCost ?? 0;
}

function playCard(state: BfbState, actor: Seat, play: E.PlayCard): BfbState {
  const card = cardOf(state, play.cardId);
  if (!card) return state;
  const entry = catalogOf(state, card);
  const nPaid = cardCost(state, card, play.costOverride);
  const paid = withPlayer(state, actor, (p) => ({ ...p, n: p.n - nPaid }));
  const destination = play.destination !== undefined ? posKey(play.destination) : undefined;
  const countsAsPlayed = actor === state.turnPlayer;
  if (entry.type === 'Skill' || entry.pray) {
    const item: StackItem = { kind: 'card', controller: actor, cardId: card.id, nPaid, countsAsPlayed, ...(destination ? { destination } : {}) };
    return { ...moveCard(paid, card.id, 'stack'), stack: [...state.stack, item] };
  }
  return enterFromPlay(paid, card.id, destination, nPaid, countsAsPlayed);
}

/** A played card arrives: into its destination, or to the graveyard (oneShot); counted for bonus N (§7.2). */
function enterFromPlay(state: BfbState, cardId: string, destination: string | undefined, nPaid: number, counts: boolean): BfbState {
  const owner = cardOf(state, cardId)!.owner;
  const placed = destination === undefined || !(destination.startsWith('host:') ? hostStillThere(state, destination) : true)
    ? moveCard(state, cardId, 'graveyard')
    : moveCard(state, cardId, destination, { nPaid });
  return counts ? withPlayer(placed, owner, (p) => ({ ...p, playedFromHandThisTurn: p.playedFromHandThisTurn + 1 })) : placed;
}

const hostStillThere = (state: BfbState, destination: string): boolean => {
  const host = cardOf(state, destination.slice(5));
  return host !== undefined && inPlay(host) && host.zone !== 'characterZone';
};

function activateAbility(state: BfbState, actor: Seat, act: E.ActivateAbility): BfbState {
  const card = cardOf(state, act.cardId);
  const ab = card && catalogOf(state, card).abilities?.find((a) => a.id === act.abilityId);
  if (!card || !ab) return state;
  const cost = act.costOverride?.amount ?? ab.nCost ?? 0;
  let next = withPlayer(state, actor, (p) => ({ ...p, n: p.n - cost }));
  next = recordUse(next, card.id, `ability:${ab.id}`, ab.cd, ab.limit);
  if (catalogOf(state, card).type === 'Skill' || ab.kind === 'pray') {
    next = { ...next, stack: [...next.stack, { kind: 'ability', controller: actor, cardId: card.id, abilityId: ab.id }] };
  }
  return next;
}

/** §8.2: the top item resolves; priority then follows the new top item. */
export function resolveTop(state: BfbState): BfbState {
  const top = state.stack[state.stack.length - 1];
  if (!top) return state;
  const next: BfbState = { ...state, stack: state.stack.slice(0, -1) };
  if (top.kind === 'card') return enterFromPlay(next, top.cardId, top.destination, top.nPaid ?? 0, top.countsAsPlayed ?? false);
  if (top.kind === 'attack' && next.battle) {
    const attacker = cardOf(next, next.battle.attackerId);
    return attacker && inPlay(attacker) ? { ...next, battle: { ...next.battle, step: 'defend' } } : closeBattle(next); // BB-R35
  }
  return next;
}

function declareAttack(state: BfbState, actor: Seat, attack: E.DeclareAttack): BfbState {
  const attacker = cardOf(state, attack.attackerId);
  if (!attacker) return state;
  const skill = attack.using === 'atk' ? undefined : catalogOf(state, attacker).combatSkills?.find((s) => s.id === attack.using);
  let next = withPlayer(state, actor, (p) => ({ ...p, n: p.n - (skill?.nCost ?? 0) }));
  if (skill) next = recordUse(next, attacker.id, `skill:${skill.id}`, skill.cd);
  if (!attack.immediate) next = withObject(next, attacker.id, (o) => ({ ...o, attacksThisTurn: o.attacksThisTurn + 1 }));
  return {
    ...next,
    battle: {
      attackerId: attacker.id,
      attackingSeat: actor,
      using: attack.using,
      immediate: attack.immediate === true,
      ...(attack.sourceCardId ? { sourceCardId: attack.sourceCardId } : {}),
      step: 'declared',
      damageDelta: 0,
      grantedPierce: false,
      grantedCannotBePrevented: false,
      declaredDefenders: false,
      defenders: [],
    },
    stack: [...next.stack, { kind: 'attack', controller: actor, cardId: attacker.id }],
  };
}

/** §9.2 step 5 and 6: defenders take their shares, the Character the rest, then the battle ends. */
function resolveBattle(state: BfbState): BfbState {
  const battle = state.battle;
  if (!battle) return state;
  const defending = other(battle.attackingSeat);
  const destroyed: string[] = [];
  let toCharacter: number;
  if (battle.declaredDefenders) {
    for (const id of battle.defenders) {
      const d = cardOf(state, id)!;
      const received = Math.max(0, (battle.assignment?.shares[id] ?? 0) - block(state, d));
      if (survives(state, d, received)) continue;
      destroyed.push(id);
    }
    toCharacter = battle.assignment?.toCharacter ?? 0;
  } else {
    toCharacter = battleDamage(state, battle);
  }
  const damage = Math.max(0, toCharacter - characterBlock(state, defending));
  let next = state;
  for (const id of destroyed) next = moveCard(next, id, 'graveyard');
  next = withPlayer(next, defending, (p) => ({ ...p, hp: p.hp - damage }));
  const attacker = cardOf(next, battle.attackerId);
  if (attacker && inPlay(attacker) && attacker.zone !== 'characterZone' && hasKeyword(next, attacker, 'Rebound')) {
    next = moveCard(next, attacker.id, 'hand');
  }
  return closeBattle(next);
}

/** §6 end-of-turn cleanup: Burn, CD, expiry, bonus-N bookkeeping, then the next turn's N Phase. */
function endTurn(state: BfbState): BfbState {
  const seat = state.turnPlayer;
  if (!seat) return state;
  let next = tickBurns(state, seat);
  if (SEATS.some((s) => next.players[s].hp <= 0)) return next; // the game ends; the rest of the cleanup is not applied
  next = cleanUpCards(next);
  next = withPlayer(next, seat, (p) => ({ ...p, playedFromHandLastOwnTurn: p.playedFromHandThisTurn, playedFromHandThisTurn: 0 }));
  return startTurn(next, other(seat));
}

function tickBurns(state: BfbState, seat: Seat): BfbState {
  let next = state;
  const targets: { id: string; amount: number }[] = [];
  for (const id of inPlayIds(state)) {
    const card = cardOf(state, id)!;
    if (!card.obj) continue;
    for (const s of card.obj.statuses) if (s.burn && s.burn.tickAt === seat) targets.push({ id: card.id, amount: s.burn.amount });
  }
  for (const { id, amount } of targets) {
    const card = cardOf(next, id)!;
    if (!inPlay(card)) continue;
    if (card.zone === 'characterZone') {
      const damage = Math.max(0, amount - characterBlock(next, card.owner));
      next = withPlayer(next, card.owner, (p) => ({ ...p, hp: p.hp - damage }));
    } else if (!survives(next, card, Math.max(0, amount - block(next, card)))) {
      next = moveCard(next, id, 'graveyard');
    }
  }
  return next;
}
