import type { BfbState, Battle, CardState, FieldObject, PlayerState } from './state';

/*
 * One literal per kind of object that the rules read on every event, in one order, with every
 * field present (undefined where unset). Every place that makes or copies such an object goes
 * through these, so that `evolve`'s copies and the in-place fold's objects share V8's maps: a
 * process that has folded with `evolve` (the simulator, a seek) would otherwise have taught the
 * rules' property loads 5–30 maps per kind, and V8 compiles those as megamorphic look-ups.
 */

export const stateRecord = (s: BfbState, players: BfbState['players'], cards: BfbState['cards']): BfbState => ({
  catalog: s.catalog,
  config: s.config,
  headerConfig: s.headerConfig,
  stage: s.stage,
  result: s.result,
  firstPlayer: s.firstPlayer,
  turn: s.turn,
  turnPlayer: s.turnPlayer,
  phase: s.phase,
  drawnThisTurn: s.drawnThisTurn,
  handCheckDone: s.handCheckDone,
  stack: s.stack,
  battle: s.battle,
  players,
  cards,
});

export const playerRecord = <P extends PlayerState>(p: PlayerState, deck: P['deck'], zones: P['zones']): P =>
  ({
    seat: p.seat,
    name: p.name,
    characterId: p.characterId,
    hp: p.hp,
    n: p.n,
    counters: p.counters,
    turnsTaken: p.turnsTaken,
    playedFromHandThisTurn: p.playedFromHandThisTurn,
    playedFromHandLastOwnTurn: p.playedFromHandLastOwnTurn,
    deckRegistered: p.deckRegistered,
    openingHandDrawn: p.openingHandDrawn,
    mulliganDone: p.mulliganDone,
    deck,
    zones,
    specialSlots: p.specialSlots,
  }) as P;

export const cardRecord = <C extends CardState>(c: CardState, zone: string, obj: C['obj']): C =>
  ({ id: c.id, owner: c.owner, catalogId: c.catalogId, artId: c.artId, zone, obj, usedThisGame: c.usedThisGame }) as C;

export const objectRecord = <O extends FieldObject>(
  o: FieldObject,
  statuses: O['statuses'],
  modifiers: O['modifiers'],
  grantedKeywords: O['grantedKeywords'],
  removedKeywords: O['removedKeywords'],
): O =>
  ({
    enteredTurn: o.enteredTurn,
    nPaid: o.nPaid,
    attacksThisTurn: o.attacksThisTurn,
    statuses,
    modifiers,
    grantedKeywords,
    removedKeywords,
    counters: o.counters,
    cd: o.cd,
    usedThisTurn: o.usedThisTurn,
  }) as O;

export const battleRecord = <B extends Battle>(b: Battle): B =>
  ({
    attackerId: b.attackerId,
    attackingSeat: b.attackingSeat,
    using: b.using,
    immediate: b.immediate,
    sourceCardId: b.sourceCardId,
    step: b.step,
    damageDelta: b.damageDelta,
    grantedPierce: b.grantedPierce,
    grantedCannotBePrevented: b.grantedCannotBePrevented,
    declaredDefenders: b.declaredDefenders,
    defenders: b.defenders,
    fixedDamage: b.fixedDamage,
    assignment: b.assignment,
  }) as B;

const DICTIONARY = ' dictionary';

/**
 * A copy of a player's zones in V8's dictionary mode: games open their field places in their own
 * orders and `host:<id>` keys are each new, so as fast objects every game's zones took shapes of
 * their own, and the zone look-ups by key (several per event) missed V8's caches of them. A key
 * made and deleted first switches the copy to dictionary mode (same prototype, keys in the same order).
 */
export function dictionaryCopy<T>(zones: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = { [DICTIONARY]: undefined as T };
  for (const key in zones) out[key] = zones[key]!;
  delete out[DICTIONARY];
  return out;
}
