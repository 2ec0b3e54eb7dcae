import type { AgDeclareAttack, AgDeclareBlocker, AgResolveBattle } from '@cardlog/events';
import { AgState, Seat, battleOutcome, decider, other, unitOf } from '../state';
import { fail, turnPlayer } from './guards';
import { counted } from '../../words';

export function decideDeclareAttack(state: AgState, actor: Seat, d: AgDeclareAttack): void {
  turnPlayer(state, actor, 'DeclareAttack');
  if (!(state.step === 'battle')) fail('WRONG_PHASE', `attacks are declared in the Battle Phase, not ${state.step}`, { step: state.step });
  if (!(state.battle === null)) fail('BATTLE_IN_PROGRESS', 'one battle at a time: resolve the current one first');
  if (state.turn === 1 && actor === state.firstPlayer) fail('FIRST_TURN_NO_ATTACK', 'the first player cannot attack on turn 1 (AG-R6)');
  const attacker = unitOf(state.players[actor], d.attackerId);
  if (!(attacker?.ready)) fail('UNIT_NOT_READY', `${d.attackerId} is not a Ready unit in ${actor}'s Unit Zone`, { attackerId: d.attackerId });
  const defender = state.players[other(actor)];
  if (d.target.kind === 'unit') {
    const targetId = d.target.cardId;
    if (!(unitOf(defender, targetId))) fail('BAD_TARGET', `${targetId} is not a unit in ${defender.seat}'s Unit Zone`, { cardId: targetId });
  } else {
    if (!(defender.units.length === 0)) fail('AEGIS_NOT_TARGETABLE', `the Aegis can be attacked only while ${defender.seat}'s Unit Zone is empty (${counted(defender.units.length, 'unit')})`, {
      units: defender.units.length,
    });
  }
}

export function decidePassStep(state: AgState, actor: Seat): void {
  const battle = state.battle;
  if (!(battle)) fail('NO_BATTLE', 'PassStep: no battle is in progress');
  const who = decider(battle);
  if (!(who === actor)) fail('NOT_YOUR_DECISION', who ? `the ${battle.step} is ${who}'s decision` : 'nobody passes at Resolve: the turn player sends ResolveBattle', {
    step: battle.step,
  });
}

export function decideDeclareBlocker(state: AgState, actor: Seat, d: AgDeclareBlocker): void {
  const battle = state.battle;
  if (!(battle)) fail('NO_BATTLE', 'DeclareBlocker: no battle is in progress');
  if (!(actor === other(battle.attacker))) fail('NOT_YOUR_DECISION', `only the defender (${other(battle.attacker)}) blocks`);
  if (!(battle.step === 'blockStep')) fail('WRONG_STEP', `blockers are declared in the Block Step, not ${battle.step}`, { step: battle.step });
  if (!(unitOf(state.players[actor], d.blockerId)?.ready)) fail('UNIT_NOT_READY', `${d.blockerId} is not a Ready unit in ${actor}'s Unit Zone`, { blockerId: d.blockerId });
}

export function decideResolveBattle(state: AgState, actor: Seat, r: AgResolveBattle): void {
  turnPlayer(state, actor, 'ResolveBattle');
  const battle = state.battle;
  if (!(battle)) fail('NO_BATTLE', 'ResolveBattle: no battle is in progress');
  if (!(battle.step === 'resolve')) fail('WRONG_STEP', `the battle is in its ${battle.step}, not at Resolve`, { step: battle.step });
  const outcome = battleOutcome(state, battle);
  const defender = state.players[other(battle.attacker)];
  if (outcome.kind === 'break') {
    if (!(r.brokenAegisId !== undefined)) fail('BAD_PAYLOAD', 'ResolveBattle: the attack breaks an Aegis; name it in brokenAegisId (§12.0)');
    if (!(defender.aegisSet.includes(r.brokenAegisId))) fail('NOT_SET_AEGIS', `${r.brokenAegisId} is not one of ${defender.seat}'s Set Aegis`, { brokenAegisId: r.brokenAegisId });
  } else {
    if (!(r.brokenAegisId === undefined)) fail('BAD_PAYLOAD', 'ResolveBattle: this battle breaks no Aegis; leave out brokenAegisId', { outcome: outcome.kind });
  }
}
