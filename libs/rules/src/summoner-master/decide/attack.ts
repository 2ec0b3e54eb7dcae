import { AttackGrant, CardState, SmState, Seat, effective, other, sealInLine, zoneCount } from '../state';
import { arenaSeal } from './turn';
import { continuationPlayer, fail, knownCard, payloadFail, str } from './guards';

type P = Record<string, any>;
const MODES: ReadonlySet<string> = new Set(['Normal', 'Multi', 'Continuation', 'Extra']);

function grantOf(card: CardState, id: unknown, kind: AttackGrant['kind']): AttackGrant | undefined {
  return card.grants.find((g) => g.id === id && g.kind === kind);
}

/** The Mp a declaration must pay (§7.2 "required cost"). */
function requiredCost(state: SmState, attacker: CardState, payload: P): number {
  if (payload['orderedBySkill'] === true || str(payload['costNote'])) return payload['mpPaid'];
  switch (payload['mode']) {
    case 'Continuation':
      return 0;
    case 'Extra': {
      const grant = grantOf(attacker, payload['grantId'], 'ExtraAttack');
      return grant && grant.kind === 'ExtraAttack' && grant.free ? 0 : effective(state, attacker).mpAttack;
    }
    default:
      return effective(state, attacker).mpAttack;
  }
}

/** `AttackDeclared`, in the check order of §9. */
export function decideAttackDeclared(state: SmState, actor: Seat, payload: P): void {
  const attacker = knownCard(state, payload['attackerId'], 'AttackDeclared', 'attackerId');
  const mode = payload['mode'];
  if (!MODES.has(mode)) payloadFail('AttackDeclared', 'mode', 'must be Normal, Multi, Continuation or Extra');
  const mpPaid = payload['mpPaid'];
  if (!(Number.isInteger(mpPaid) && mpPaid >= 0)) payloadFail('AttackDeclared', 'mpPaid', 'must be an integer ≥ 0');
  const target = payload['target'];
  if (!(target && (target.kind === 'Hand' || target.kind === 'All' || (target.kind === 'Seal' && str(target.cardId))))) payloadFail('AttackDeclared', 'target', 'is {kind: Seal, cardId}, {kind: Hand} or {kind: All}');
  if (attacker.controller !== actor) fail('NOT_CONTROLLER', `${attacker.id} is controlled by ${attacker.controller}, not ${actor}`);
  const s = state.subturn!;

  // SM-R9: the first player's first Subturn, before every other attack check.
  if (state.mpCastingOnly === actor) {
    if (state.config.firstSubturnAttacks === 'none') fail('FIRST_SUBTURN_NO_ATTACK', `${actor} cannot attack in the first Subturn (match config firstSubturnAttacks: none, SM-R9)`);
    const cost = attacker.zone === 'Arena' ? requiredCost(state, attacker, payload) : 0;
    if (!(mpPaid === 0 && cost === 0)) fail('FIRST_SUBTURN_MP_CASTING_ONLY', `in the first Subturn ${actor}'s Mp pays only for casting (102.6); this attack would spend ${Math.max(mpPaid, cost)} Mp (SM-R9)`, {
      required: cost,
    });
  }
  if (actor !== s.owner) fail('NOT_SUBTURN_OWNER', `only the Subturn owner, ${s.owner}, attacks`);
  if (!(attacker.kind === 'Seal' && attacker.zone === 'Arena')) fail('CARD_NOT_IN_ZONE', `${attacker.id} is not a Seal in the Arena`, { cardId: attacker.id });
  if (state.currentAttack !== null) fail('ATTACK_IN_PROGRESS', `the attack of ${state.currentAttack?.attackerId} is not resolved yet`);
  if (!(state.pendingContinuation === null || (mode === 'Continuation' && state.pendingContinuation === attacker.id))) fail('ATTACK_SEQUENCE_PENDING', `${state.pendingContinuation} must continue its multi-attack first (§7.3)`);
  switch (mode) {
    case 'Normal':
      if (!attacker.active) fail('SEAL_INACTIVE', `${attacker.id} is Inactive`);
      break;
    case 'Multi': {
      if (attacker.attacks !== 0) fail('MULTI_ATTACK_NOT_CHOSEN_AT_DECLARATION', `${attacker.id} already attacked this Subturn: attacking twice is chosen when the first attack is declared (glossary, SM-R17)`);
      const grant = grantOf(attacker, payload['grantId'], 'MultiAttackPayOnce');
      if (!(grant && grant.kind === 'MultiAttackPayOnce' && !grant.used)) fail('NO_SUCH_GRANT', `${attacker.id} has no unused MultiAttackPayOnce grant "${payload['grantId']}"`);
      if (!attacker.active) fail('SEAL_INACTIVE', `${attacker.id} is Inactive`);
      break;
    }
    case 'Continuation': {
      if (!(attacker.sequence !== null && state.pendingContinuation === attacker.id)) fail('NO_ATTACK_SEQUENCE', `${attacker.id} has no multi-attack to continue`);
      if (mpPaid !== 0) fail('CONTINUATION_MUST_BE_FREE', 'the attack Mp of a multi-attack is paid once, at its declaration (glossary)');
      const move = attacker.sequence.attackMove;
      if ((payload['attackMove'] ?? null) !== move) fail('ATTACK_MOVE_MISMATCH', `a multi-attack repeats the same attack move (${move ?? 'none'}) (SM-R17)`);
      break;
    }
    case 'Extra': {
      const grant = grantOf(attacker, payload['grantId'], 'ExtraAttack');
      if (!(grant && grant.kind === 'ExtraAttack' && grant.remaining > 0)) fail('NO_SUCH_GRANT', `${attacker.id} has no ExtraAttack grant "${payload['grantId']}" left`);
      if (!(attacker.attacks > 0)) fail('EXTRA_ATTACK_BEFORE_FIRST', `"1 more attack" comes after ${attacker.id}'s first attack of the Subturn (SM-R19)`);
      if (!(attacker.active || grant.evenIfInactive)) fail('SEAL_INACTIVE', `${attacker.id} is Inactive and the grant does not say "even if Inactive"`);
      break;
    }
  }
  const cost = requiredCost(state, attacker, payload);
  const loose = payload['orderedBySkill'] === true || str(payload['costNote']);
  if (!(loose || mpPaid === cost)) fail('ATTACK_COST_MISMATCH', `this attack costs ${cost} Mp; ${mpPaid} paid (§7.2, SM-R20)`, { expected: cost, mpPaid });
  const opponent = other(actor);
  if (target.kind === 'Hand') {
    if (!(payload['viaSpecialAbility'] === true || !sealInLine(state, opponent))) fail('HAND_ATTACK_BLOCKED', `${opponent} has a Seal in the At or Df Line (505.1)`);
    if (s.handAttackUsed) fail('HAND_ATTACK_ONCE_PER_SUBTURN', 'one hand attack per Subturn (505.1)');
    if (!(zoneCount(state, opponent, 'Hand') > 0)) fail('HAND_ATTACK_NO_TARGET', `${opponent} has no card in hand`);
  } else if (target.kind === 'Seal') {
    const t = knownCard(state, target.cardId, 'AttackDeclared', 'target.cardId');
    if (!(t.kind === 'Seal' && t.zone === 'Arena' && t.controller === opponent && t.line !== null)) fail('INVALID_TARGET', `${t.id} is not an opposing Seal in a Line`, { cardId: t.id });
  }
  if (!(mpPaid <= state.mp[actor])) fail('MP_INSUFFICIENT', `${actor} has ${state.mp[actor]} Mp; ${mpPaid} needed`, { mp: state.mp[actor] });
}

export function decideAttackResolved(state: SmState, payload: P): void {
  if (!(state.currentAttack !== null && state.currentAttack.attackerId === payload['attackerId'])) fail('NO_ATTACK_IN_PROGRESS', `no attack by ${payload['attackerId']} awaits its outcome`);
  if (!(payload['outcome'] && str(payload['outcome'].description))) payloadFail('AttackResolved', 'outcome.description', 'must describe the outcome');
}

export function decideAttackSequenceEnded(state: SmState, payload: P): void {
  const card = knownCard(state, payload['attackerId'], 'AttackSequenceEnded', 'attackerId');
  if (!(card.sequence !== null && state.currentAttack === null)) fail('NO_ATTACK_SEQUENCE', `${card.id} has no open multi-attack between its attacks`);
}

export function decideAttackGrantAdded(state: SmState, payload: P): void {
  arenaSeal(state, payload['cardId'], 'AttackGrantAdded');
  if (!str(payload['grantId'])) payloadFail('AttackGrantAdded', 'grantId', 'must be a non-empty id');
  if (!(payload['kind'] === 'MultiAttackPayOnce' || payload['kind'] === 'ExtraAttack')) payloadFail('AttackGrantAdded', 'kind', 'must be MultiAttackPayOnce or ExtraAttack');
  if (state.grantIds.has(payload['grantId'])) fail('DUPLICATE_GRANT_ID', `grant id "${payload['grantId']}" is already used in this game`);
}

export function decideSpecial(state: SmState, actor: Seat, payload: P): void {
  if (payload['kind'] === 'Progress') {
    const s = state.subturn!;
    if (!((s.step === 'CheckUp' || s.step === 'Unspecified') && actor === s.owner)) fail('PROGRESS_ONLY_IN_CHECKUP', 'Progress is chosen by the Subturn owner in the Check up step (401.2.6)');
  }
  if (continuationPlayer(state) === actor) fail('ATTACK_SEQUENCE_PENDING', `the multi-attack of ${state.pendingContinuation} must continue first (§7.3)`);
}
