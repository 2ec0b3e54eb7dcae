import type { AgDeclareAttack, AgDeclareBlocker, AgResolveBattle } from '@cardlog/events';
import { AgState, Seat, battleOutcome, decider, other, unitOf } from '../state';
import { check, turnPlayer } from './guards';

export function decideDeclareAttack(state: AgState, actor: Seat, d: AgDeclareAttack): void {
  turnPlayer(state, actor, 'DeclareAttack');
  check(state.step === 'battle', 'WRONG_PHASE', `attacks are declared in the Battle Phase, not ${state.step}`, { step: state.step });
  check(state.battle === null, 'BATTLE_IN_PROGRESS', 'one battle at a time: resolve the current one first');
  check(!(state.turn === 1 && actor === state.firstPlayer), 'FIRST_TURN_NO_ATTACK', 'the first player cannot attack on turn 1 (AG-R6)');
  const attacker = unitOf(state.players[actor], d.attackerId);
  check(attacker?.ready, 'UNIT_NOT_READY', `${d.attackerId} is not a Ready unit in ${actor}'s Unit Zone`, { attackerId: d.attackerId });
  const defender = state.players[other(actor)];
  if (d.target.kind === 'unit') {
    check(unitOf(defender, d.target.cardId), 'BAD_TARGET', `${d.target.cardId} is not a unit in ${defender.seat}'s Unit Zone`, { cardId: d.target.cardId });
  } else {
    check(defender.units.length === 0, 'AEGIS_NOT_TARGETABLE', `the Aegis can be attacked only while ${defender.seat}'s Unit Zone is empty (${defender.units.length} units)`, {
      units: defender.units.length,
    });
  }
}

export function decidePassStep(state: AgState, actor: Seat): void {
  const battle = state.battle;
  check(battle, 'NO_BATTLE', 'PassStep: no battle is in progress');
  const who = decider(battle);
  check(who === actor, 'NOT_YOUR_DECISION', who ? `the ${battle.step} is ${who}'s decision` : 'nobody passes at Resolve: the turn player sends ResolveBattle', {
    step: battle.step,
  });
}

export function decideDeclareBlocker(state: AgState, actor: Seat, d: AgDeclareBlocker): void {
  const battle = state.battle;
  check(battle, 'NO_BATTLE', 'DeclareBlocker: no battle is in progress');
  check(actor === other(battle.attacker), 'NOT_YOUR_DECISION', `only the defender (${other(battle.attacker)}) blocks`);
  check(battle.step === 'blockStep', 'WRONG_STEP', `blockers are declared in the Block Step, not ${battle.step}`, { step: battle.step });
  check(unitOf(state.players[actor], d.blockerId)?.ready, 'UNIT_NOT_READY', `${d.blockerId} is not a Ready unit in ${actor}'s Unit Zone`, { blockerId: d.blockerId });
}

export function decideResolveBattle(state: AgState, actor: Seat, r: AgResolveBattle): void {
  turnPlayer(state, actor, 'ResolveBattle');
  const battle = state.battle;
  check(battle, 'NO_BATTLE', 'ResolveBattle: no battle is in progress');
  check(battle.step === 'resolve', 'WRONG_STEP', `the battle is in its ${battle.step}, not at Resolve`, { step: battle.step });
  const outcome = battleOutcome(state, battle);
  const defender = state.players[other(battle.attacker)];
  if (outcome.kind === 'break') {
    check(r.brokenAegisId !== undefined, 'BAD_PAYLOAD', 'ResolveBattle: the attack breaks an Aegis; name it in brokenAegisId (§12.0)');
    check(defender.aegisSet.includes(r.brokenAegisId), 'NOT_SET_AEGIS', `${r.brokenAegisId} is not one of ${defender.seat}'s Set Aegis`, { brokenAegisId: r.brokenAegisId });
  } else {
    check(r.brokenAegisId === undefined, 'BAD_PAYLOAD', 'ResolveBattle: this battle breaks no Aegis; leave out brokenAegisId', { outcome: outcome.kind });
  }
}
