import type * as E from '@cardlog/events';
import {
  BfbState,
  Seat,
  allowance,
  battleDamage,
  cannotBePrevented,
  catalogOf,
  combatSkill,
  currentAtk,
  hasKeyword,
  hasPierce,
  hasStatus,
  inPlay,
  isSick,
  lethal,
  onField,
  cardOf,
} from '../state';
import { useKey } from '../uses';
import { noBattle, refuse, stackEmpty, turnPlayerOnly } from './guards';
import { counted } from '../../words';

/** §9.1, §9.2 step 1 and §9.6. */
export function decideDeclareAttack(state: BfbState, actor: Seat, attack: E.DeclareAttack): void {
  turnPlayerOnly(state, actor, 'attack');
  stackEmpty(state);
  noBattle(state);
  const immediate = attack.immediate === true;
  if (!immediate && state.phase !== 'combat') {
    refuse('WRONG_PHASE', 'attacks are declared in the Combat Phase (or immediately, by an effect)', { phase: state.phase });
  }
  const attacker = cardOf(state, attack.attackerId)!;
  if (!(attacker.owner === actor && inPlay(attacker))) {
    refuse('BAD_ATTACKER', `${attacker.id} is neither on ${actor}'s field nor their Character`, { attackerId: attacker.id });
  }
  const entry = catalogOf(state, attacker);
  const silenced = hasStatus(attacker, 'silence');
  const skill = attack.using === 'atk' ? undefined : combatSkill(state, attacker, attack.using);
  if (attack.using === 'atk') {
    const atk = currentAtk(state, attacker);
    if (!(atk > 0)) refuse('NO_COMBAT_SKILL', `${entry.name} has no ATK to attack with`, { atk });
    if (!(entry.combatSkills === undefined || entry.combatSkills.length === 0 || silenced)) refuse('NO_COMBAT_SKILL', `${entry.name} attacks with its Combat Skill, not bare ATK (BB-R14)`);
  } else if (!skill) {
    refuse('NO_COMBAT_SKILL', `${entry.name} has no Combat Skill "${attack.using}"`, { using: attack.using });
  }
  if (hasStatus(attacker, 'stun')) refuse('STUNNED', `${entry.name} is Stunned`, { attackerId: attacker.id });
  if (skill && silenced) refuse('SILENCED', `${entry.name} is Silenced: no Combat Skills (it may attack with ATK)`, { attackerId: attacker.id });
  if (hasStatus(attacker, 'deep')) refuse('DEEP', `${entry.name} is Deep`, { attackerId: attacker.id }); // BB-R34
  if (!immediate) {
    if (isSick(state, attacker)) refuse('SUMMONING_SICK', `${entry.name} entered the field this turn`, { attackerId: attacker.id });
    const limit = allowance(state, attacker);
    if (!(attacker.obj!.attacksThisTurn < limit)) refuse('NO_ATTACKS_LEFT', `${entry.name} has made its ${counted(limit, 'attack')} this turn`, { allowance: limit }); // BB-R11
  }
  if (skill) {
    const remaining = attacker.obj?.cd[useKey('skill', skill)]?.remaining ?? 0;
    if (remaining !== 0) refuse('ON_COOLDOWN', `${skill.name} is on cooldown (${remaining} more)`, { using: skill.id, remaining });
    const cost = skill.nCost ?? 0;
    const n = state.players[actor].n;
    if (!(n >= cost)) refuse('INSUFFICIENT_N', `${skill.name} costs ${cost} N`, { cost, n });
  }
}

/** §9.2 step 3: the defending player picks zero or more Mercenaries. */
export function decideDeclareDefenders(state: BfbState, actor: Seat, declare: E.DeclareDefenders): void {
  if (actor === state.turnPlayer) refuse('NOT_YOUR_DECISION', 'the defending player declares defenders, not the attacker');
  stackEmpty(state);
  const battle = state.battle;
  if (!(battle && battle.step === 'defend')) refuse('WRONG_STEP', 'no attack is waiting for defenders', { step: battle?.step });
  const ids = declare.defenderIds;
  if (ids.length === 0) return;
  // The refusals' messages and details are built only for a refused action (this runs on every
  // attack), and the defenders are read by index, not copied into a list.
  for (let i = 0; i < ids.length; i++) {
    const d = cardOf(state, ids[i]!)!;
    const legal = d.owner === actor && onField(d) && catalogOf(state, d).type === 'Mercenary' && ids.indexOf(d.id) === i;
    if (!legal) refuse('BAD_DEFENDER', `${d.id} cannot defend: only ${actor}'s Mercenaries on the field, each once (BB-R12)`, { cardId: d.id });
  }
  for (let i = 0; i < ids.length; i++) {
    const d = cardOf(state, ids[i]!)!;
    if (hasStatus(d, 'stun')) refuse('STUNNED', `${d.id} is Stunned and cannot defend (BB-R14)`, { cardId: d.id });
  }
  for (let i = 0; i < ids.length; i++) {
    const d = cardOf(state, ids[i]!)!;
    if (hasStatus(d, 'deep')) refuse('DEEP', `${d.id} is Deep and cannot defend (BB-R34)`, { cardId: d.id });
  }
  const attacker = cardOf(state, battle.attackerId)!;
  if (hasKeyword(state, attacker, 'Skybound')) {
    for (let i = 0; i < ids.length; i++) {
      const d = cardOf(state, ids[i]!)!;
      if (!hasKeyword(state, d, 'AntiAir')) refuse('SKYBOUND_NEEDS_ANTI_AIR', `${d.id} lacks Anti-Air against a Skybound attacker (BB-R13)`, { cardId: d.id });
    }
  }
  if (cannotBePrevented(state, battle)) refuse('CANNOT_BE_PREVENTED', 'this attack cannot be prevented: no defenders may be declared');
}

/** §9.2 step 4 and BB-R8: shares sum to D; only Pierce reaches the Character, after lethal on each defender. */
export function decideAssignDamage(state: BfbState, actor: Seat, assign: E.AssignDamage): void {
  turnPlayerOnly(state, actor, 'assign damage');
  stackEmpty(state);
  const battle = state.battle;
  if (!(battle && battle.step === 'assign')) refuse('WRONG_STEP', 'no battle is waiting for damage assignment', { step: battle?.step });
  // The shares in their own key order (as `Object.entries`), walked without building entry pairs.
  const shares = assign.shares;
  let nonNegative = true;
  let sum = 0;
  for (const id in shares) {
    if (!Object.prototype.hasOwnProperty.call(shares, id)) continue;
    if (!battle.defenders.includes(id)) refuse('NOT_A_DEFENDER', `${id} is not one of the remaining defenders`, { cardId: id, defenders: battle.defenders });
    const v = shares[id]!;
    if (!(v >= 0)) nonNegative = false;
    sum += v;
  }
  if (!(nonNegative && assign.toCharacter >= 0)) refuse('ASSIGNMENT_NEGATIVE', 'damage shares are never negative');
  const pierce = hasPierce(state, battle);
  if (!(assign.toCharacter === 0 || pierce)) {
    refuse('NO_PIERCE', 'without Pierce no damage reaches the Character once defenders are declared (BB-R8)', { toCharacter: assign.toCharacter });
  }
  const damage = battleDamage(state, battle);
  const total = sum + assign.toCharacter;
  if (battle.defenders.length > 0 || pierce) {
    if (total !== damage) refuse('ASSIGNMENT_SUM', `the shares sum to ${total}; the attack deals ${damage}`, { total, damage });
  }
  if (assign.toCharacter > 0) {
    for (const id of battle.defenders) {
      const need = lethal(state, cardOf(state, id)!);
      const got = Object.prototype.hasOwnProperty.call(assign.shares, id) ? (assign.shares[id] ?? 0) : 0;
      if (!(got >= need)) {
        refuse('PIERCE_NEEDS_LETHAL', `${id} gets ${got}, below its lethal ${need}: Pierce reaches the Character only past lethal on every defender`, {
          cardId: id,
          share: got,
          lethal: need,
        });
      }
    }
  }
}

export function decideResolveBattle(state: BfbState, actor: Seat): void {
  turnPlayerOnly(state, actor, 'resolve the battle');
  stackEmpty(state);
  if (!(state.battle && state.battle.step === 'resolve')) refuse('WRONG_STEP', 'no battle is ready to resolve', { step: state.battle?.step });
}
