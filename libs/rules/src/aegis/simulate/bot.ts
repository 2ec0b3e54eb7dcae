import type { AgCard, LogEvent } from '@cardlog/events';
import { Prng } from '../../prng';
import { AgState, CardId, PlayerState, Seat, SUPPORT_CAPACITY, UNIT_CAPACITY, battleOutcome, decider, drawCount, other, powerOf, unitOf } from '../state';

/** What the simulator (the table) knows that the engine does not: each deck's order. */
export interface TableMemory {
  readonly decks: Record<Seat, CardId[]>;
  /** Bots that never attack, so the game ends by deck-out (a few games per run). */
  readonly passive: boolean;
}

const act = (type: string, player: Seat, payload: Record<string, unknown> = {}): LogEvent => ({ type, player, payload });
const cardOf = (state: AgState, id: CardId): AgCard => state.cards.get(id)!.card;

/** Takes the next `n` cards of a seat's deck, as the table deals them. */
export function dealt(memory: TableMemory, seat: Seat, n: number): CardId[] {
  return memory.decks[seat].slice(0, n);
}

/**
 * Chooses discards that pay for a unit (§7.2): colour requirements first with the richest cards of
 * each colour, then the total with whatever gives most pips. Undefined when the hand cannot pay.
 */
export function payment(state: AgState, p: PlayerState, unitId: CardId): CardId[] | undefined {
  const unit = cardOf(state, unitId);
  const pool = p.hand.filter((id) => id !== unitId);
  const chosen: CardId[] = [];
  const pipsOf = (id: CardId) => cardOf(state, id).runePips ?? [];
  const req = unit.colorReq ?? {};
  for (const colour of Object.keys(req)) {
    let have = chosen.reduce((n, id) => n + pipsOf(id).filter((x) => x === colour).length, 0);
    const candidates = pool
      .filter((id) => !chosen.includes(id) && pipsOf(id).includes(colour))
      .sort((a, b) => pipsOf(b).filter((x) => x === colour).length - pipsOf(a).filter((x) => x === colour).length || a.localeCompare(b));
    for (const id of candidates) {
      if (have >= (req[colour] ?? 0)) break;
      chosen.push(id);
      have += pipsOf(id).filter((x) => x === colour).length;
    }
    if (have < (req[colour] ?? 0)) return undefined;
  }
  let total = chosen.reduce((n, id) => n + pipsOf(id).length, 0);
  const rest = pool.filter((id) => !chosen.includes(id)).sort((a, b) => pipsOf(b).length - pipsOf(a).length || a.localeCompare(b));
  for (const id of rest) {
    if (total >= (unit.runeCost ?? 0)) break;
    chosen.push(id);
    total += pipsOf(id).length;
  }
  return total >= (unit.runeCost ?? 0) ? chosen : undefined;
}

/** The next action of whoever must act, or undefined when the bots are stuck. */
export function nextAction(state: AgState, memory: TableMemory, prng: Prng): LogEvent | undefined {
  const seat = state.turnPlayer!;
  const p = state.players[seat];
  const battle = state.battle;
  if (battle) return battleAction(state, memory, prng);
  switch (state.step) {
    case 'S2': {
      const active = p.aegisOpen.find((a) => a.state === 'Active');
      return active ? act('ResolveAegis', seat, { aegisCardId: active.id }) : act('AdvanceStep', seat);
    }
    case 'draw':
      return state.drawnThisTurn ? act('AdvanceStep', seat) : act('DrawForTurn', seat, { cardIds: dealt(memory, seat, drawCount(state)) });
    case 'main':
      return mainAction(state, p, prng) ?? act('AdvanceStep', seat);
    case 'battle':
      return attack(state, p, memory, prng) ?? act('AdvanceStep', seat);
    default:
      return act('AdvanceStep', seat);
  }
}

function mainAction(state: AgState, p: PlayerState, prng: Prng): LogEvent | undefined {
  const seat = p.seat;
  // The biggest unit the hand can pay for, keeping at least one card when it can.
  if (p.units.length < UNIT_CAPACITY) {
    const units = p.hand.filter((id) => cardOf(state, id).type === 'Unit').sort((a, b) => (cardOf(state, b).runeCost ?? 0) - (cardOf(state, a).runeCost ?? 0) || a.localeCompare(b));
    for (const id of units) {
      const discards = payment(state, p, id);
      if (discards && (p.hand.length - discards.length > 1 || prng.chance(0.5))) return act('SummonUnit', seat, { cardId: id, discardIds: discards });
    }
  }
  for (const id of p.hand) {
    const card = cardOf(state, id);
    if (card.type === 'Support' && p.mana >= (card.cost ?? 0) + 2) {
      if (p.support.length < SUPPORT_CAPACITY) return act('PlaySupport', seat, { cardId: id });
      if (prng.chance(0.3)) return act('PlaySupport', seat, { cardId: id, replaceCardId: p.support[0]! });
    }
    if (card.type === 'Spell' && card.spellType === 'Utility' && !p.quota.Utility && p.mana >= (card.manaCost ?? 0) + 2) return act('PlaySpell', seat, { cardId: id });
    if (card.type === 'Spell' && card.spellType === 'Field' && !p.quota.Field && p.field.length === 0 && p.mana >= (card.manaCost ?? 0) + 2) return act('PlaySpell', seat, { cardId: id });
  }
  return undefined;
}

function attack(state: AgState, p: PlayerState, memory: TableMemory, prng: Prng): LogEvent | undefined {
  if (memory.passive || (state.turn === 1 && p.seat === state.firstPlayer)) return undefined;
  const opponent = state.players[other(p.seat)];
  for (const u of p.units) {
    if (!u.ready) continue;
    if (opponent.units.length === 0) return act('DeclareAttack', p.seat, { attackerId: u.id, target: { kind: 'aegis' } });
    const mine = powerOf(state, p.seat, u);
    const beaten = opponent.units.filter((o) => powerOf(state, opponent.seat, o) < mine).sort((a, b) => powerOf(state, opponent.seat, b) - powerOf(state, opponent.seat, a));
    if (beaten.length > 0) return act('DeclareAttack', p.seat, { attackerId: u.id, target: { kind: 'unit', cardId: beaten[0]!.id } });
    if (prng.chance(0.25)) return act('DeclareAttack', p.seat, { attackerId: u.id, target: { kind: 'unit', cardId: prng.pick(opponent.units).id } });
  }
  return undefined;
}

function battleAction(state: AgState, memory: TableMemory, prng: Prng): LogEvent {
  const battle = state.battle!;
  const who = decider(battle);
  if (!who) {
    const outcome = battleOutcome(state, battle);
    const defender = state.players[other(battle.attacker)];
    return act('ResolveBattle', battle.attacker, outcome.kind === 'break' ? { brokenAegisId: prng.pick(defender.aegisSet) } : {});
  }
  const p = state.players[who];
  const spell = (type: 'Attack' | 'Defense') =>
    p.quota[type] ? undefined : p.hand.find((id) => cardOf(state, id).spellType === type && (cardOf(state, id).manaCost ?? 0) <= p.mana);
  if (battle.step === 'attackWindow') {
    const id = spell('Attack');
    if (id && prng.chance(0.5)) return act('PlaySpell', who, { cardId: id });
  }
  if (battle.step === 'blockStep') {
    const attacker = unitOf(state.players[battle.attacker], battle.attackerId);
    const power = attacker ? powerOf(state, battle.attacker, attacker) : 0;
    const blocker = p.units.find((u) => u.ready && powerOf(state, who, u) >= power);
    if (blocker && prng.chance(0.7)) return act('DeclareBlocker', who, { blockerId: blocker.id });
  }
  if (battle.step === 'defenseWindow') {
    const id = spell('Defense');
    if (id && prng.chance(battle.target.kind === 'aegis' ? 0.8 : 0.4)) return act('PlaySpell', who, { cardId: id });
  }
  void memory;
  return act('PassStep', who);
}

/** The effect events a played card or resolved Aegis records (the demo cards' text, §12.3). */
export function followUps(before: AgState, action: LogEvent, after: AgState, memory: TableMemory): LogEvent[] {
  const payload = action.payload as Record<string, any>;
  const seat = action.player as Seat;
  const effect = (type: string, p: Record<string, unknown>): LogEvent => ({ type, payload: p });
  if (action.type === 'ResolveAegis') {
    const text = cardOf(before, payload.aegisCardId).text ?? '';
    const source = payload.aegisCardId as string;
    if (text.includes('draw a card')) return [effect('DrawCards', { sourceCardId: source, player: seat, count: 1, cardIds: dealt(memory, seat, 1) })];
    if (text.includes('gain 1 Mana')) return [effect('ChangeMana', { sourceCardId: source, player: seat, delta: 1 })];
    const rested = after.players[seat].units.find((u) => !u.ready);
    return rested ? [effect('SetUnitReady', { sourceCardId: source, cardId: rested.id, ready: true })] : [];
  }
  if (action.type !== 'PlaySpell') return [];
  const card = cardOf(before, payload.cardId);
  const source = payload.cardId as string;
  const battle = before.battle;
  switch (card.spellType) {
    case 'Utility':
      return [effect('DrawCards', { sourceCardId: source, player: seat, count: 1, cardIds: dealt(memory, seat, 1) })];
    case 'Attack':
      return battle ? [effect('ModifyPower', { sourceCardId: source, cardId: battle.attackerId, delta: 2, duration: 'battle' })] : [];
    case 'Defense': {
      if (!battle) return [];
      if (battle.target.kind === 'aegis' && battle.blockerId === undefined) return card.text?.includes('Negate') ? [effect('NegateAttack', { sourceCardId: source })] : [];
      const defending = battle.blockerId ?? (battle.target.kind === 'unit' ? battle.target.cardId : undefined);
      return defending && unitOf(after.players[seat], defending) ? [effect('ModifyPower', { sourceCardId: source, cardId: defending, delta: 2, duration: 'battle' })] : [];
    }
    default:
      return [];
  }
}
