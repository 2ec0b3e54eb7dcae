import type * as E from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';
import { breakAegis, clampMana, drawInto, freshQuota, moveTo, putIn, takeOut, withPlayer, withUnit } from './mutate';
import { AgState, CardId, MANA_CAP, PlayerState, SEATS, STEPS, Seat, battleOutcome, fullConfig, nextBattleStep, other, unitOf } from './state';

/**
 * `decide` folds the event it accepts (to see whether it ends the game), and the caller then folds
 * the very same event object from the very same state: the last such folds are remembered by identity.
 */
const recent: { event: LogEvent; before: AgState; after: AgState }[] = [];
const RECENT = 4;

/** Applies one recorded event. Never throws: a stored event is a fact; what no longer fits is skipped. */
export function evolve(state: AgState, event: LogEvent): AgState {
  for (let i = recent.length - 1; i >= 0; i--) {
    const r = recent[i]!;
    if (r.event === event && r.before === state) return r.after;
  }
  return apply(state, event);
}

export function evolveAndRemember(state: AgState, event: LogEvent): AgState {
  const after = apply(state, event);
  recent.push({ event, before: state, after });
  if (recent.length > RECENT) recent.shift();
  return after;
}

function apply(state: AgState, event: LogEvent): AgState {
  const payload = (event.payload ?? {}) as any;
  const actor = event.player as Seat;
  switch (event.type) {
    case 'MatchCreated': {
      const config = (payload as E.AgMatchCreated).config;
      return { ...state, stage: 'decks', config: config ? fullConfig(config) : state.headerConfig };
    }
    case 'DeckRegistered':
      return registerDeck(state, actor, payload as E.AgDeckRegistered);
    case 'FirstPlayerChosen':
      return { ...state, firstPlayer: (payload as E.AgFirstPlayerChosen).firstPlayer, stage: 'gameStart' };
    case 'GameStarted':
      return { ...state, stage: 'hands' };
    case 'OpeningHandDrawn': {
      const ids = (payload as E.AgOpeningHandDrawn).cardIds ?? [];
      let next = withPlayer(state, actor, (p) => {
        const short = p.deck.length < state.config.openingHandSize;
        const drawn = { ...drawInto(p, ids), openingHandDrawn: true };
        return short ? { ...drawn, lost: 'deckOut' as const } : drawn;
      });
      if (SEATS.every((s) => next.players[s].openingHandDrawn)) next = startTurn({ ...next, stage: 'playing', turn: 0 }, next.firstPlayer ?? 'p1');
      return next;
    }
    case 'AdvanceStep':
      return advance(state);
    case 'ResolveAegis': {
      const id = (payload as E.AgResolveAegis).aegisCardId;
      return withPlayer(state, actor, (p) => ({ ...p, aegisOpen: p.aegisOpen.map((a) => (a.id === id ? { id, state: 'Faded' as const } : a)) }));
    }
    case 'DrawForTurn':
      return { ...draw(state, actor, (payload as E.AgDrawForTurn).cardIds ?? [], state.turn === 1 && actor === state.firstPlayer ? 2 : 1), drawnThisTurn: true };
    case 'SummonUnit': {
      const s = payload as E.AgSummonUnit;
      return withPlayer(state, actor, (p) => {
        let next = p;
        for (const id of s.discardIds) next = moveTo(next, id, 'drop');
        return next.hand.includes(s.cardId) ? moveTo(next, s.cardId, 'unit') : next;
      });
    }
    case 'PlaySupport': {
      const s = payload as E.AgPlaySupport;
      const cost = state.cards.get(s.cardId)?.card.cost ?? 0;
      return withPlayer(state, actor, (p) => {
        let next = p;
        if (s.replaceCardId !== undefined && next.support.includes(s.replaceCardId)) next = moveTo(next, s.replaceCardId, 'drop');
        if (!next.hand.includes(s.cardId)) return next;
        return { ...moveTo(next, s.cardId, 'support'), mana: clampMana(next.mana - cost) };
      });
    }
    case 'PlaySpell':
      return playSpell(state, actor, (payload as E.AgPlaySpell).cardId);
    case 'DeclareAttack': {
      const d = payload as E.AgDeclareAttack;
      const next = withPlayer(state, actor, (p) => withUnit(p, d.attackerId, (u) => ({ ...u, ready: false })));
      return { ...next, battle: { attackerId: d.attackerId, attacker: actor, target: d.target, blockerId: undefined, step: 'attackWindow', negated: false } };
    }
    case 'PassStep':
      return state.battle ? { ...state, battle: { ...state.battle, step: nextBattleStep(state.battle.step) } } : state;
    case 'DeclareBlocker': {
      if (!state.battle) return state;
      const id = (payload as E.AgDeclareBlocker).blockerId;
      const next = withPlayer(state, actor, (p) => withUnit(p, id, (u) => ({ ...u, ready: false })));
      return { ...next, battle: { ...state.battle, blockerId: id, step: 'defenseWindow' } };
    }
    case 'ResolveBattle':
      return resolveBattle(state, (payload as E.AgResolveBattle).brokenAegisId);
    case 'Concede':
      return withPlayer(state, actor, (p) => ({ ...p, lost: 'concede' }));
    case 'GameEnded': {
      const g = payload as E.AgGameEnded;
      return { ...state, stage: 'ended', result: { ...(g.winner ? { winner: g.winner } : {}), ...(g.draw ? { draw: true } : {}), reason: g.reason } };
    }
    case 'MoveCard': {
      const m = payload as E.AgMoveCard;
      const inst = state.cards.get(m.cardId);
      if (!inst) return state;
      return withPlayer(state, inst.owner, (p) => moveTo(p, m.cardId, m.to, m.position));
    }
    case 'DrawCards': {
      const d = payload as E.AgDrawCards;
      return draw(state, d.player, d.cardIds, d.count);
    }
    case 'DestroyUnit': {
      const id = (payload as E.AgDestroyUnit).cardId;
      const inst = state.cards.get(id);
      return inst ? withPlayer(state, inst.owner, (p) => (unitOf(p, id) ? moveTo(p, id, 'drop') : p)) : state;
    }
    case 'ModifyPower': {
      const m = payload as E.AgModifyPower;
      const inst = state.cards.get(m.cardId);
      if (!inst) return state;
      const mod = { delta: m.delta, duration: m.duration, ...(m.duration === 'whileSourceInPlay' ? { sourceId: m.sourceCardId } : {}) };
      return withPlayer(state, inst.owner, (p) => withUnit(p, m.cardId, (u) => ({ ...u, mods: [...u.mods, mod] })));
    }
    case 'SetUnitReady': {
      const m = payload as E.AgSetUnitReady;
      const inst = state.cards.get(m.cardId);
      return inst ? withPlayer(state, inst.owner, (p) => withUnit(p, m.cardId, (u) => ({ ...u, ready: m.ready }))) : state;
    }
    case 'ChangeMana': {
      const m = payload as E.AgChangeMana;
      return withPlayer(state, m.player, (p) => ({ ...p, mana: clampMana(p.mana + m.delta) }));
    }
    case 'BreakAegis': {
      const b = payload as E.AgBreakAegis;
      let next = state;
      for (let i = 0; i < b.count; i++) {
        const p = next.players[b.player];
        if (p.lost) break;
        const id = b.aegisCardIds[i];
        next = withPlayer(next, b.player, (q) => aegisBreak(next, q, id));
      }
      return next;
    }
    case 'NegateAttack':
      return state.battle ? { ...state, battle: { ...state.battle, negated: true } } : state;
    case 'ShuffleZone': {
      const s = payload as E.AgShuffleZone;
      return s.zone === 'deck' ? withPlayer(state, s.player, (p) => ({ ...p, top: [], bottom: [] })) : state;
    }
    default:
      // RevealCards, LookAtCards, Note: informational.
      return state;
  }
}

function registerDeck(state: AgState, seat: Seat, deck: E.AgDeckRegistered): AgState {
  const cards = new Map(state.cards);
  for (const e of [...deck.main, ...deck.aegis]) {
    const card = state.catalog.get(e.catalogId);
    if (card) cards.set(e.cardId, { owner: seat, card });
  }
  const next = withPlayer({ ...state, cards }, seat, (p) => ({
    ...p,
    registered: true,
    identity: deck.identity,
    deck: deck.main.map((e) => e.cardId),
    aegisSet: deck.aegis.map((e) => e.cardId),
  }));
  return SEATS.every((s) => next.players[s].registered) ? { ...next, stage: 'firstPlayer' } : next;
}

/** A draw of `count` cards naming `ids`; fewer cards than required is the deck-out loss (AG-R5). */
function draw(state: AgState, seat: Seat, ids: readonly CardId[], count: number): AgState {
  return withPlayer(state, seat, (p) => {
    const short = p.deck.length < count;
    const next = drawInto(p, ids);
    return short ? { ...next, lost: 'deckOut' } : next;
  });
}

/** One Aegis Break against this player (AG-R1): the named Set Aegis turns Active, or the empty pile loses. */
function aegisBreak(state: AgState, p: PlayerState, id: CardId | undefined): PlayerState {
  if (p.aegisSet.length === 0) return { ...p, lost: 'aegis' };
  if (id === undefined) return p;
  const next = breakAegis(p, id);
  return state.config.winRule === 'sixthBreak' && next.aegisSet.length === 0 ? { ...next, lost: 'aegis' } : next;
}

function playSpell(state: AgState, seat: Seat, id: CardId): AgState {
  const card = state.cards.get(id)?.card;
  if (!card || card.type !== 'Spell' || !card.spellType) return state;
  const spellType = card.spellType;
  const next = withPlayer(state, seat, (p) => {
    if (!p.hand.includes(id)) return p;
    const paid = { ...p, mana: clampMana(p.mana - (card.manaCost ?? 0)), quota: { ...p.quota, [spellType]: true } };
    return moveTo(paid, id, spellType === 'Field' ? 'field' : 'drop');
  });
  // AG-R14: a spell played in a battle window closes it and advances the battle at once.
  const battle = next.battle;
  if (battle && (spellType === 'Attack' || spellType === 'Defense')) return { ...next, battle: { ...battle, step: nextBattleStep(battle.step) } };
  return next;
}

function resolveBattle(state: AgState, brokenAegisId: CardId | undefined): AgState {
  const battle = state.battle;
  if (!battle) return state;
  const defender = other(battle.attacker);
  const outcome = battleOutcome(state, battle);
  let next: AgState = state;
  if (outcome.kind === 'clash') {
    for (const id of outcome.destroyed) {
      const owner = state.cards.get(id)?.owner;
      if (owner) next = withPlayer(next, owner, (p) => moveTo(p, id, 'drop'));
    }
  } else if (outcome.kind === 'break' || outcome.kind === 'emptyPile') {
    next = withPlayer(next, defender, (p) => aegisBreak(next, p, brokenAegisId));
  }
  // §9 step 6: battle modifiers expire and the battle ends.
  return { ...expire(next, 'battle'), battle: null };
}

function expire(state: AgState, duration: 'battle' | 'turn'): AgState {
  let next = state;
  for (const seat of SEATS) {
    next = withPlayer(next, seat, (p) => {
      if (!p.units.some((u) => u.mods.some((m) => m.duration === duration))) return p;
      return { ...p, units: p.units.map((u) => (u.mods.some((m) => m.duration === duration) ? { ...u, mods: u.mods.filter((m) => m.duration !== duration) } : u)) };
    });
  }
  return next;
}

/** `AdvanceStep`: the next step, and the turn switch when the End Phase is left (AG-R30). */
function advance(state: AgState): AgState {
  const step = state.step ?? 'S1';
  if (step !== 'end') return { ...state, step: STEPS[STEPS.indexOf(step) + 1]! };
  let next = state;
  for (const seat of SEATS) next = withPlayer(next, seat, (p) => (p.mana === MANA_CAP ? p : { ...p, mana: MANA_CAP }));
  next = expire(next, 'turn');
  return startTurn({ ...next, drawnThisTurn: false }, other(state.turnPlayer ?? 'p2'));
}

/** Entering a Start Phase: the turn player's quotas reset (AG-R21); S1 readies units per refreshScope (AG-R10). */
export function startTurn(state: AgState, seat: Seat): AgState {
  let next: AgState = { ...state, turn: state.turn + 1, turnPlayer: seat, step: 'S1', battle: null };
  next = withPlayer(next, seat, freshQuota);
  const ready = (p: PlayerState): PlayerState => (p.units.every((u) => u.ready) ? p : { ...p, units: p.units.map((u) => (u.ready ? u : { ...u, ready: true })) });
  next = withPlayer(next, seat, ready);
  if (state.config.refreshScope === 'all') next = withPlayer(next, other(seat), ready);
  return next;
}

export { putIn, takeOut };
