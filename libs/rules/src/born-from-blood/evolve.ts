import type * as E from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';
import { evolveEffect } from './evolve-effects';
import { Draft, NONE, WBattle, WCard, battle, closeBattle, draftOf, drawInto, inPlayCards, made, moveCard, newObject, object, player, putCard, stack } from './mutate';
import { BfbState, CardState, PHASES, SEATS, Seat, StackItem, battleDamage, block, cardOf, catalogOf, characterBlock, foldCacheOf, hasKeyword, inPlay, other, posKey, survives } from './state';
import { cardRecord, dictionaryCopy } from './records';
import { cleanUpCards, startTurn } from './turn';
import { recordUse, useKey } from './uses';

/**
 * `decide` folds the events it returns (for the state check), and the caller then folds the very same
 * event objects from the very same state. The last few such folds are remembered, by identity, so the
 * second fold is a lookup. Bounded and invisible: the result is what `apply` would return.
 */
const recent: { event: LogEvent; before: BfbState; after: BfbState }[] = [];
const RECENT = 8;

/**
 * Applies one recorded event, returning a new state and leaving `state` as it was: the rules of
 * `applyEvent` on a copy-on-write draft, so the new state shares every part the event left alone.
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
  const d = draftOf(state);
  applyEvent(d, event);
  return d.s;
}

/**
 * Applies one recorded event to the draft's state (`type`: the event's type, which the caller may
 * give as the rules' own string to compare by identity). Never throws: a stored event is a fact, and
 * whatever it names that no longer fits is skipped rather than rejected (validation is `decide`'s job).
 */
export function applyEvent(d: Draft, event: LogEvent, type: string = event.type): void {
  const payload = event.payload as any;
  const actor = event.player as Seat;
  const s = d.s;
  switch (type) {
    // The most frequent types first: a switch on strings compares them one case after another.
    case 'AdvancePhase': {
      const i = PHASES.indexOf(s.phase ?? 'n');
      s.phase = PHASES[Math.min(i + 1, PHASES.length - 1)]!;
      return;
    }
    case 'PassPriority':
      return resolveTop(d);
    case 'DeclareAttack':
      return declareAttack(d, actor, payload as E.DeclareAttack);
    case 'DeclareDefenders': {
      const ids = (payload as E.DeclareDefenders).defenderIds;
      const b = battle(d);
      if (!b) return;
      b.defenders = ids;
      b.declaredDefenders = ids.length > 0;
      b.step = ids.length > 0 ? 'assign' : 'resolve';
      return;
    }
    case 'ResolveBattle':
      return resolveBattle(d);
    case 'PlayCard':
      return playCard(d, actor, payload as E.PlayCard);
    case 'DrawForTurn': {
      const cardId = (payload as E.DrawForTurn).cardId;
      if (cardId) drawInto(d, actor, [cardId]);
      s.drawnThisTurn = true;
      return;
    }
    case 'EndTurn':
      return endTurn(d);
    case 'AssignDamage': {
      const a = payload as E.AssignDamage;
      if (!s.battle) return;
      const fixedDamage = battleDamage(s, s.battle);
      const b = battle(d)!;
      b.fixedDamage = fixedDamage;
      b.assignment = { shares: a.shares, toCharacter: a.toCharacter };
      b.step = 'resolve';
      return;
    }
    case 'ActivateAbility':
      return activateAbility(d, actor, payload as E.ActivateAbility);
    case 'MatchCreated': {
      const config = (payload as E.MatchCreated).config ?? {};
      s.stage = 'decks';
      s.config = { cdCountsEveryTurn: config.cdCountsEveryTurn ?? false };
      return;
    }
    case 'DeckRegistered':
      return registerDeck(d, actor, payload as E.DeckRegistered);
    case 'FirstPlayerChosen':
      s.firstPlayer = (payload as E.FirstPlayerChosen).firstPlayer;
      s.stage = 'gameStart';
      return;
    case 'GameStarted': {
      s.stage = 'hands';
      for (const seat of SEATS) {
        const p = player(d, seat);
        p.hp = 4000;
        p.n = 0;
        const c = p.characterId ? cardOf(s, p.characterId) : undefined;
        if (c) putCard(d, cardRecord<WCard>(c, 'characterZone', made(d, newObject(0, 0))));
      }
      return;
    }
    case 'OpeningHandDrawn': {
      drawInto(d, actor, (payload as E.OpeningHandDrawn).cardIds);
      player(d, actor).openingHandDrawn = true;
      if (SEATS.every((seat) => s.players[seat].openingHandDrawn)) s.stage = 'mulligan';
      return;
    }
    case 'Mulligan': {
      const m = payload as E.Mulligan;
      for (const id of m.cardIds) moveCard(d, id, 'deck', 'bottom');
      drawInto(d, actor, m.drawnCardIds);
      player(d, actor).mulliganDone = true;
      if (!SEATS.every((seat) => s.players[seat].mulliganDone)) return;
      s.stage = 'playing';
      s.turn = 0;
      return startTurn(d, s.firstPlayer ?? 'p1');
    }
    case 'SellCard': {
      const c = cardOf(s, (payload as E.SellCard).cardId);
      if (!c) return;
      const refund = catalogOf(s, c).worthless ? 0 : Math.floor((c.obj?.nPaid ?? 0) / 2); // BB-R2
      moveCard(d, c.id, 'graveyard');
      player(d, c.owner).n += refund;
      return;
    }
    case 'DiscardToHandLimit': {
      for (const id of (payload as E.DiscardToHandLimit).cardIds) moveCard(d, id, 'graveyard');
      s.handCheckDone = true;
      return;
    }
    case 'Concede':
      return;
    case 'CardsPutInGraveyard': {
      for (const { cardId } of (payload as E.CardsPutInGraveyard).cards) moveCard(d, cardId, 'graveyard');
      return;
    }
    case 'GameEnded': {
      const g = payload as E.GameEnded;
      s.stage = 'ended';
      s.result = { ...(g.winner ? { winner: g.winner } : {}), ...(g.draw ? { draw: true } : {}), reason: g.reason };
      return;
    }
    default:
      return evolveEffect(d, event, type);
  }
}

function registerDeck(d: Draft, seat: Seat, reg: E.DeckRegistered): void {
  const s = d.s;
  const owned = reg.specialArtOwnership?.counts;
  // Indexed loops and no callback per entry: a game binds about 120 cards here.
  bind(d, seat, reg.character, 'unplaced', owned);
  const main = reg.main;
  const extra = reg.extra;
  const middle: string[] = new Array(main.length);
  for (let i = 0; i < main.length; i++) middle[i] = bind(d, seat, main[i]!, 'deck', owned);
  const extraIds: string[] = new Array(extra.length);
  for (let i = 0; i < extra.length; i++) extraIds[i] = bind(d, seat, extra[i]!, 'extraDeck', owned);
  const p = player(d, seat);
  p.characterId = reg.character.cardId;
  p.deckRegistered = true;
  p.deck = made(d, { top: made(d, []), middle: made(d, middle), bottom: made(d, []) });
  // In place the zones are the state's own: a spread copy would be slow to add the field places to (`withEntry`).
  if (d.fresh === null) p.zones.extraDeck = extraIds;
  else {
    const zones = dictionaryCopy(p.zones);
    zones['extraDeck'] = made(d, extraIds);
    p.zones = made(d, zones);
  }
  d.touched = true;
  if (s.players.p1.deckRegistered && s.players.p2.deckRegistered) s.stage = 'firstPlayer';
}

/** Binds one registered card in `zone`; returns its id. */
function bind(d: Draft, seat: Seat, entry: E.DeckEntry, zone: string, owned: Readonly<Record<string, number>> | undefined): string {
  const catalogued = d.s.catalog.get(entry.catalogId);
  let artId: string | undefined;
  if (entry.artId !== undefined) {
    const special = catalogued?.artVariants?.some((v) => v.artId === entry.artId && v.special) ?? false;
    // BB-R21: a special art the player does not own is shown as the normal art.
    if (!special || ((owned ?? {})[`${entry.catalogId}#${entry.artId}`] ?? 0) > 0) artId = entry.artId;
  }
  // The catalog's own id string, equal to the payload's: every later look-up of the card's entry
  // then finds its key by identity instead of comparing the characters (a parsed id is a copy).
  const catalogId = catalogued?.id ?? entry.catalogId;
  putCard(d, { id: entry.cardId, owner: seat, catalogId, artId, zone, obj: undefined, usedThisGame: NONE });
  return entry.cardId;
}

function cardCost(state: BfbState, card: CardState, override?: { amount: number }): number {
  return override?.amount ?? catalogOf(state, card).nCost ?? 0;
}

function playCard(d: Draft, actor: Seat, play: E.PlayCard): void {
  const s = d.s;
  const c = cardOf(s, play.cardId);
  if (!c) return;
  const entry = catalogOf(s, c);
  const nPaid = cardCost(s, c, play.costOverride);
  player(d, actor).n -= nPaid;
  const destination = play.destination !== undefined ? posKey(play.destination) : undefined;
  const countsAsPlayed = actor === s.turnPlayer;
  if (entry.type === 'Skill' || entry.pray) {
    const item: StackItem = { kind: 'card', controller: actor, cardId: c.id, nPaid, countsAsPlayed, ...(destination ? { destination } : {}) };
    moveCard(d, c.id, 'stack');
    stack(d).push(item);
    return;
  }
  enterFromPlay(d, c.id, destination, nPaid, countsAsPlayed);
}

/** A played card arrives: into its destination, or to the graveyard (oneShot); counted for bonus N (§7.2). */
function enterFromPlay(d: Draft, cardId: string, destination: string | undefined, nPaid: number, counts: boolean): void {
  const owner = cardOf(d.s, cardId)!.owner;
  if (destination === undefined || !(destination.startsWith('host:') ? hostStillThere(d.s, destination) : true)) moveCard(d, cardId, 'graveyard');
  else moveCard(d, cardId, destination, undefined, nPaid);
  if (counts) player(d, owner).playedFromHandThisTurn++;
}

const hostStillThere = (state: BfbState, destination: string): boolean => {
  const host = cardOf(state, destination.slice(5));
  return host !== undefined && inPlay(host) && host.zone !== 'characterZone';
};

function activateAbility(d: Draft, actor: Seat, act: E.ActivateAbility): void {
  const s = d.s;
  const c = cardOf(s, act.cardId);
  const ab = c && catalogOf(s, c).abilities?.find((a) => a.id === act.abilityId);
  if (!c || !ab) return;
  const type = catalogOf(s, c).type;
  player(d, actor).n -= act.costOverride?.amount ?? ab.nCost ?? 0;
  recordUse(d, c.id, useKey('ability', ab), ab.cd, ab.limit);
  if (type === 'Skill' || ab.kind === 'pray') stack(d).push({ kind: 'ability', controller: actor, cardId: c.id, abilityId: ab.id });
}

/** §8.2: the top item resolves; priority then follows the new top item. */
export function resolveTop(d: Draft): void {
  const top = d.s.stack[d.s.stack.length - 1];
  if (!top) return;
  stack(d).pop();
  if (top.kind === 'card') return enterFromPlay(d, top.cardId, top.destination, top.nPaid ?? 0, top.countsAsPlayed ?? false);
  const b = d.s.battle;
  if (top.kind === 'attack' && b) {
    const attacker = cardOf(d.s, b.attackerId);
    if (attacker && inPlay(attacker)) battle(d)!.step = 'defend';
    else closeBattle(d); // BB-R35
  }
}

function declareAttack(d: Draft, actor: Seat, attack: E.DeclareAttack): void {
  const s = d.s;
  const attacker = cardOf(s, attack.attackerId);
  if (!attacker) return;
  const skill = attack.using === 'atk' ? undefined : catalogOf(s, attacker).combatSkills?.find((x) => x.id === attack.using);
  player(d, actor).n -= skill?.nCost ?? 0;
  if (skill) recordUse(d, attacker.id, useKey('skill', skill), skill.cd);
  if (!attack.immediate) {
    const o = object(d, attacker.id);
    if (o) o.attacksThisTurn++;
  }
  s.battle = made<WBattle>(d, {
    attackerId: attacker.id,
    attackingSeat: actor,
    using: attack.using,
    immediate: attack.immediate === true,
    sourceCardId: attack.sourceCardId ? attack.sourceCardId : undefined,
    step: 'declared',
    damageDelta: 0,
    grantedPierce: false,
    grantedCannotBePrevented: false,
    declaredDefenders: false,
    defenders: [],
    fixedDamage: undefined,
    assignment: undefined,
  });
  stack(d).push({ kind: 'attack', controller: actor, cardId: attacker.id });
}

/** §9.2 step 5 and 6: defenders take their shares, the Character the rest, then the battle ends. */
function resolveBattle(d: Draft): void {
  const s = d.s;
  const b = s.battle;
  if (!b) return;
  const defending = other(b.attackingSeat);
  const destroyed: string[] = [];
  let toCharacter: number;
  if (b.declaredDefenders) {
    for (const id of b.defenders) {
      const defender = cardOf(s, id)!;
      const received = Math.max(0, (b.assignment?.shares[id] ?? 0) - block(s, defender));
      if (survives(s, defender, received)) continue;
      destroyed.push(id);
    }
    toCharacter = b.assignment?.toCharacter ?? 0;
  } else {
    toCharacter = battleDamage(s, b);
  }
  const damage = Math.max(0, toCharacter - characterBlock(s, defending));
  for (const id of destroyed) moveCard(d, id, 'graveyard');
  player(d, defending).hp -= damage;
  const attacker = cardOf(s, b.attackerId);
  if (attacker && inPlay(attacker) && attacker.zone !== 'characterZone' && hasKeyword(s, attacker, 'Rebound')) moveCard(d, attacker.id, 'hand');
  closeBattle(d);
}

/** §6 end-of-turn cleanup: Burn, CD, expiry, bonus-N bookkeeping, then the next turn's N Phase. */
function endTurn(d: Draft): void {
  const s = d.s;
  const seat = s.turnPlayer;
  if (!seat) return;
  tickBurns(d, seat);
  if (SEATS.some((x) => s.players[x].hp <= 0)) return; // the game ends; the rest of the cleanup is not applied
  cleanUpCards(d);
  const p = player(d, seat);
  p.playedFromHandLastOwnTurn = p.playedFromHandThisTurn;
  p.playedFromHandThisTurn = 0;
  startTurn(d, other(seat));
}

function tickBurns(d: Draft, seat: Seat): void {
  const s = d.s;
  if (foldCacheOf(s)?.burns === false) return;
  let targets: { id: string; amount: number }[] | undefined;
  const cards = inPlayCards(s);
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    if (!c.obj) continue;
    for (const x of c.obj.statuses) if (x.burn && x.burn.tickAt === seat) (targets ??= []).push({ id: c.id, amount: x.burn.amount });
  }
  if (!targets) return;
  for (const { id, amount } of targets) {
    const c = cardOf(s, id)!;
    if (!inPlay(c)) continue;
    if (c.zone === 'characterZone') {
      player(d, c.owner).hp -= Math.max(0, amount - characterBlock(s, c.owner));
    } else if (!survives(s, c, Math.max(0, amount - block(s, c)))) {
      moveCard(d, id, 'graveyard');
    }
  }
}
