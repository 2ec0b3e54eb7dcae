import type * as E from '@cardlog/events';
import type { AegisEventType, LogEvent } from '@cardlog/events';
import { ownType } from './event-type';
import { breakAegis, clampMana, drawInto, moveTo, ownPlayer, setReady, withUnit, writable } from './mutate';
import { AgState, CardId, FRESH_QUOTA, GameResult, Instance, MANA_CAP, Modifier, PlayerDraft, SEATS, Seat, StateDraft, battleOutcome, battleWith, fullConfig, nextBattleStep, nextStep, other, unitOf } from './state';

/**
 * One rule book for both folds. `applyEvent` changes a draft in place; the pure `evolve` runs it on a
 * copy-on-write draft of the state (the top level always, a player when first written), so a fold
 * that keeps every state (the projector, the viewer) copies only what each event touches; an
 * in-place fold (`inPlace` in index.ts) runs it on a draft it owns whole (`own`) and copies nothing.
 */

/** The top level of the state, sharing its players and everything below them. */
function shallow(state: AgState): StateDraft {
  return {
    catalog: state.catalog,
    headerConfig: state.headerConfig,
    config: state.config,
    stage: state.stage,
    cards: state.cards as Map<CardId, Instance>,
    players: { p1: state.players.p1 as PlayerDraft, p2: state.players.p2 as PlayerDraft },
    firstPlayer: state.firstPlayer,
    turn: state.turn,
    turnPlayer: state.turnPlayer,
    step: state.step,
    drawnThisTurn: state.drawnThisTurn,
    battle: state.battle,
    result: state.result,
  };
}

/** A copy of the state that shares nothing `applyEvent` changes in place with it. */
export function own(state: AgState): StateDraft {
  const s = shallow(state);
  s.players = { p1: ownPlayer(state.players.p1), p2: ownPlayer(state.players.p2) };
  s.cards = new Map(state.cards);
  return s;
}

/** Applies one recorded event. Never throws: a stored event is a fact; what no longer fits is skipped. */
export function evolve(state: AgState, event: LogEvent): AgState {
  const s = shallow(state);
  applyEvent(s, state, event, ownType(event.type));
  return s;
}

/**
 * Applies one event to `s` in place. `from` is the state a copy-on-write draft still shares players
 * and the instance map with (a player is copied when first written, see `writable`; the map when a
 * deck registers), null when `s` owns everything. `type` is `ownType(event.type)`.
 */
export function applyEvent(s: StateDraft, from: AgState | null, event: LogEvent, type: AegisEventType | undefined): void {
  const payload = (event.payload ?? {}) as any;
  const actor = event.player as Seat;
  switch (type) {
    case 'MatchCreated': {
      const config = (payload as E.AgMatchCreated).config;
      s.stage = 'decks';
      s.config = config ? fullConfig(config) : s.headerConfig;
      return;
    }
    case 'DeckRegistered':
      return registerDeck(s, from, actor, payload as E.AgDeckRegistered);
    case 'FirstPlayerChosen':
      s.firstPlayer = (payload as E.AgFirstPlayerChosen).firstPlayer;
      s.stage = 'gameStart';
      return;
    case 'GameStarted':
      s.stage = 'hands';
      return;
    case 'OpeningHandDrawn': {
      const p = writable(s, from, actor);
      const short = p.deck.length < s.config.openingHandSize;
      drawInto(p, (payload as E.AgOpeningHandDrawn).cardIds ?? []);
      p.openingHandDrawn = true;
      if (short) p.lost = 'deckOut';
      if (s.players.p1.openingHandDrawn && s.players.p2.openingHandDrawn) {
        s.stage = 'playing';
        s.turn = 0;
        startTurn(s, from, s.firstPlayer ?? 'p1');
      }
      return;
    }
    case 'AdvanceStep':
      return advance(s, from);
    case 'ResolveAegis': {
      const id = (payload as E.AgResolveAegis).aegisCardId;
      const open = writable(s, from, actor).aegisOpen;
      for (let i = 0; i < open.length; i++) if (open[i]!.id === id) open[i] = { id, state: 'Faded' };
      return;
    }
    case 'DrawForTurn':
      draw(s, from, actor, (payload as E.AgDrawForTurn).cardIds ?? [], s.turn === 1 && actor === s.firstPlayer ? 2 : 1);
      s.drawnThisTurn = true;
      return;
    case 'SummonUnit': {
      const summon = payload as E.AgSummonUnit;
      const p = writable(s, from, actor);
      for (const id of summon.discardIds) moveTo(p, id, 'drop');
      if (p.hand.includes(summon.cardId)) moveTo(p, summon.cardId, 'unit');
      return;
    }
    case 'PlaySupport': {
      const play = payload as E.AgPlaySupport;
      const cost = s.cards.get(play.cardId)?.card.cost ?? 0;
      const p = writable(s, from, actor);
      if (play.replaceCardId !== undefined && p.support.includes(play.replaceCardId)) moveTo(p, play.replaceCardId, 'drop');
      if (!p.hand.includes(play.cardId)) return;
      moveTo(p, play.cardId, 'support');
      p.mana = clampMana(p.mana - cost);
      return;
    }
    case 'PlaySpell':
      return playSpell(s, from, actor, (payload as E.AgPlaySpell).cardId);
    case 'DeclareAttack': {
      const attack = payload as E.AgDeclareAttack;
      setReady(s, from, actor, attack.attackerId, false);
      s.battle = { attackerId: attack.attackerId, attacker: actor, target: attack.target, blockerId: undefined, step: 'attackWindow', negated: false };
      return;
    }
    case 'PassStep':
      if (s.battle) s.battle = battleWith(s.battle, { step: nextBattleStep(s.battle.step) });
      return;
    case 'DeclareBlocker': {
      const battle = s.battle;
      if (!battle) return;
      const id = (payload as E.AgDeclareBlocker).blockerId;
      setReady(s, from, actor, id, false);
      s.battle = battleWith(battle, { blockerId: id, step: 'defenseWindow' });
      return;
    }
    case 'ResolveBattle':
      return resolveBattle(s, from, (payload as E.AgResolveBattle).brokenAegisId);
    case 'Concede':
      writable(s, from, actor).lost = 'concede';
      return;
    case 'GameEnded': {
      const g = payload as E.AgGameEnded;
      s.stage = 'ended';
      s.result = gameResult(g);
      return;
    }
    case 'MoveCard': {
      const m = payload as E.AgMoveCard;
      const inst = s.cards.get(m.cardId);
      if (inst) moveTo(writable(s, from, inst.owner), m.cardId, m.to, m.position);
      return;
    }
    case 'DrawCards': {
      const d = payload as E.AgDrawCards;
      return draw(s, from, d.player, d.cardIds, d.count);
    }
    case 'DestroyUnit': {
      const id = (payload as E.AgDestroyUnit).cardId;
      const inst = s.cards.get(id);
      if (inst && unitOf(s.players[inst.owner], id)) moveTo(writable(s, from, inst.owner), id, 'drop');
      return;
    }
    case 'ModifyPower': {
      const m = payload as E.AgModifyPower;
      const inst = s.cards.get(m.cardId);
      if (!inst) return;
      const mod: Modifier = { delta: m.delta, duration: m.duration, ...(m.duration === 'whileSourceInPlay' ? { sourceId: m.sourceCardId } : {}) };
      return withUnit(s, from, inst.owner, m.cardId, (u) => ({ id: u.id, ready: u.ready, mods: [...u.mods, mod] }));
    }
    case 'SetUnitReady': {
      const m = payload as E.AgSetUnitReady;
      const inst = s.cards.get(m.cardId);
      if (inst) setReady(s, from, inst.owner, m.cardId, m.ready);
      return;
    }
    case 'ChangeMana': {
      const m = payload as E.AgChangeMana;
      const p = writable(s, from, m.player);
      p.mana = clampMana(p.mana + m.delta);
      return;
    }
    case 'BreakAegis': {
      const b = payload as E.AgBreakAegis;
      for (let i = 0; i < b.count; i++) {
        if (s.players[b.player].lost) break;
        aegisBreak(s, writable(s, from, b.player), b.aegisCardIds[i]);
      }
      return;
    }
    case 'NegateAttack':
      if (s.battle) s.battle = battleWith(s.battle, { negated: true });
      return;
    case 'ShuffleZone': {
      const shuffle = payload as E.AgShuffleZone;
      if (shuffle.zone !== 'deck') return;
      const p = writable(s, from, shuffle.player);
      p.top.length = 0;
      p.bottom.length = 0;
      return;
    }
    default:
      // RevealCards, LookAtCards, Note: informational.
      return;
  }
}

/** The result a GameEnded records, with the fields it names (built as literals: spreading them showed in the profile). */
function gameResult(g: E.AgGameEnded): GameResult {
  if (g.winner) return g.draw ? { winner: g.winner, draw: true, reason: g.reason } : { winner: g.winner, reason: g.reason };
  return g.draw ? { draw: true, reason: g.reason } : { reason: g.reason };
}

function registerDeck(s: StateDraft, from: AgState | null, seat: Seat, deck: E.AgDeckRegistered): void {
  // A copy-on-write draft shares the instance map with the state before it: that one is replaced.
  const cards = from === null ? s.cards : new Map(s.cards);
  for (const entries of [deck.main, deck.aegis]) {
    for (const e of entries) {
      const card = s.catalog.get(e.catalogId);
      if (card) cards.set(e.cardId, { owner: seat, card });
    }
  }
  s.cards = cards;
  seatDeck(s, from, seat, deck);
}

/** A deck's piles and identity once its instances are bound (in an in-place step, by its check: decide/setup.ts). */
export function seatDeck(s: StateDraft, from: AgState | null, seat: Seat, deck: E.AgDeckRegistered): void {
  const p = writable(s, from, seat);
  p.registered = true;
  p.identity = deck.identity;
  p.deck = deck.main.map((e) => e.cardId);
  p.aegisSet = deck.aegis.map((e) => e.cardId);
  if (s.players.p1.registered && s.players.p2.registered) s.stage = 'firstPlayer';
}

/** A draw of `count` cards naming `ids`; fewer cards than required is the deck-out loss (AG-R5). */
function draw(s: StateDraft, from: AgState | null, seat: Seat, ids: readonly CardId[], count: number): void {
  const p = writable(s, from, seat);
  const short = p.deck.length < count;
  drawInto(p, ids);
  if (short) p.lost = 'deckOut';
}

/** One Aegis Break against this player (AG-R1): the named Set Aegis turns Active, or the empty pile loses. */
function aegisBreak(s: StateDraft, p: PlayerDraft, id: CardId | undefined): void {
  if (p.aegisSet.length === 0) {
    p.lost = 'aegis';
    return;
  }
  if (id === undefined) return;
  breakAegis(p, id);
  if (s.config.winRule === 'sixthBreak' && p.aegisSet.length === 0) p.lost = 'aegis';
}

function playSpell(s: StateDraft, from: AgState | null, seat: Seat, id: CardId): void {
  const card = s.cards.get(id)?.card;
  if (!card || card.type !== 'Spell' || !card.spellType) return;
  const spellType = card.spellType;
  if (s.players[seat].hand.includes(id)) {
    const p = writable(s, from, seat);
    p.mana = clampMana(p.mana - (card.manaCost ?? 0));
    p.quota = { ...p.quota, [spellType]: true };
    moveTo(p, id, spellType === 'Field' ? 'field' : 'drop');
  }
  // AG-R14: a spell played in a battle window closes it and advances the battle at once.
  const battle = s.battle;
  if (battle && (spellType === 'Attack' || spellType === 'Defense')) s.battle = battleWith(battle, { step: nextBattleStep(battle.step) });
}

function resolveBattle(s: StateDraft, from: AgState | null, brokenAegisId: CardId | undefined): void {
  const battle = s.battle;
  if (!battle) return;
  const outcome = battleOutcome(s, battle);
  if (outcome.kind === 'clash') {
    for (const id of outcome.destroyed) {
      const owner = s.cards.get(id)?.owner;
      if (owner) moveTo(writable(s, from, owner), id, 'drop');
    }
  } else if (outcome.kind === 'break' || outcome.kind === 'emptyPile') {
    aegisBreak(s, writable(s, from, other(battle.attacker)), brokenAegisId);
  }
  // §9 step 6: battle modifiers expire and the battle ends.
  expire(s, from, 'battle');
  s.battle = null;
}

function expire(s: StateDraft, from: AgState | null, duration: 'battle' | 'turn'): void {
  for (const seat of SEATS) {
    const units = s.players[seat].units;
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (!hasMod(u.mods, duration)) continue;
      writable(s, from, seat).units[i] = { id: u.id, ready: u.ready, mods: u.mods.filter((m) => m.duration !== duration) };
    }
  }
}

function hasMod(mods: readonly Modifier[], duration: Modifier['duration']): boolean {
  for (let i = 0; i < mods.length; i++) if (mods[i]!.duration === duration) return true;
  return false;
}

/** `AdvanceStep`: the next step, and the turn switch when the End Phase is left (AG-R30). */
function advance(s: StateDraft, from: AgState | null): void {
  const step = s.step ?? 'S1';
  if (step !== 'end') {
    s.step = nextStep(step);
    return;
  }
  for (const seat of SEATS) if (s.players[seat].mana !== MANA_CAP) writable(s, from, seat).mana = MANA_CAP;
  expire(s, from, 'turn');
  s.drawnThisTurn = false;
  startTurn(s, from, other(s.turnPlayer ?? 'p2'));
}

/** Entering a Start Phase: the turn player's quotas reset (AG-R21); S1 readies units per refreshScope (AG-R10). */
function startTurn(s: StateDraft, from: AgState | null, seat: Seat): void {
  s.turn++;
  s.turnPlayer = seat;
  s.step = 'S1';
  s.battle = null;
  if (s.players[seat].quota !== FRESH_QUOTA) writable(s, from, seat).quota = FRESH_QUOTA;
  readyAll(s, from, seat);
  if (s.config.refreshScope === 'all') readyAll(s, from, other(seat));
}

function readyAll(s: StateDraft, from: AgState | null, seat: Seat): void {
  const units = s.players[seat].units;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (!u.ready) writable(s, from, seat).units[i] = { id: u.id, ready: true, mods: u.mods };
  }
}
