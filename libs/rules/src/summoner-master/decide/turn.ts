import { CardState, SmState, Seat, Step, effective, pileOf, zoneCount } from '../state';
import { continuationPlayer, fail, knownCard, payloadFail, str } from './guards';

type P = Record<string, any>;
const STEPS: ReadonlySet<string> = new Set(['CheckUp', 'Draw', 'Discard', 'Interfere', 'Main', 'MpRefill', 'EndOfSubturn', 'Other']);

function noAttackUnderway(state: SmState, what: string): void {
  if (state.pendingContinuation !== null) fail('ATTACK_SEQUENCE_PENDING', `${what}: the multi-attack of ${state.pendingContinuation} must continue first (§7.3)`);
  if (state.currentAttack !== null) fail('ATTACK_IN_PROGRESS', `${what}: the attack of ${state.currentAttack?.attackerId} is not resolved yet (§7.2)`);
}

/** SM-R23 / §5.3: leaving an entered, non-skipped Draw step needs a draw, two empty piles or `drawWaived`. */
function drawMinimum(state: SmState, payload: P): void {
  const s = state.subturn!;
  if (s.step !== 'Draw') return;
  const owner = s.owner;
  if (s.drawsByOwner > 0 || str(payload['drawWaived'])) return;
  const bothEmpty = zoneCount(state, owner, 'SealDeck') === 0 && zoneCount(state, owner, 'MysticDeck') === 0;
  if (!bothEmpty) fail('DRAW_MINIMUM', `${owner} must draw at least 1 card in the Draw step (401.3.1), or record drawWaived naming the Effect`);
}

export function decideStepEntered(state: SmState, payload: P): void {
  const step = payload['step'];
  if (!STEPS.has(step)) payloadFail('StepEntered', 'step', `must be one of ${[...STEPS].join(', ')}`);
  noAttackUnderway(state, 'StepEntered');
  const s = state.subturn!;
  if (step === 'Draw') {
    if (s.drawSkipped) fail('DRAW_STEP_SKIPPED_FIRST_TURN', `the Draw step of ${s.owner}'s first Turn is skipped (401.3.2)`);
    if (!(s.step === 'CheckUp' || s.step === 'Unspecified')) fail('STEP_ORDER', `the Draw step follows Check up (now in ${s.step})`);
  }
  if (step === 'CheckUp' && s.step !== 'Unspecified') fail('STEP_ORDER', 'Check up is the first step of a Subturn (401.2)');
  if ((step === s.step && step === 'Draw')) fail('STEP_ORDER', 'the Draw step is entered once');
  drawMinimum(state, payload);
}

export function decideSubturnEnded(state: SmState, payload: P): void {
  noAttackUnderway(state, 'SubturnEnded');
  drawMinimum(state, payload);
}

export function decideCardDrawn(state: SmState, actor: Seat, payload: P): void {
  const pile = payload['pile'];
  if (!(pile === 'Seal' || pile === 'Mystic')) payloadFail('CardDrawn', 'pile', 'must be Seal or Mystic');
  const card = knownCard(state, payload['cardId'], 'CardDrawn', 'cardId');
  const zone = pileOf(pile);
  if ((card.owner !== actor && (card.zone === 'SealDeck' || card.zone === 'MysticDeck'))) fail('DRAW_NOT_OWNER', `${actor} draws only from their own piles (401.3.1); ${card.id} is ${card.owner}'s`);
  if (!(card.owner === actor && card.zone === zone)) fail('CARD_NOT_IN_ZONE', `${card.id} is not in ${actor}'s ${zone}`, { cardId: card.id, zone: card.zone });
  if (str(payload['byEffect'])) return;
  const s = state.subturn!;
  if (actor !== s.owner) fail('DRAW_NOT_OWNER', `only the Subturn owner, ${s.owner}, draws in the Draw step (401.3.1); an Effect's draw records byEffect`);
  if (s.drawSkipped) fail('DRAW_STEP_SKIPPED_FIRST_TURN', `the Draw step of ${s.owner}'s first Turn is skipped (401.3.2); an Effect's draw records byEffect`);
  if (!(s.step === 'Draw' || s.step === 'Unspecified')) fail('DRAW_NOT_ALLOWED', `a draw outside the Draw step (now ${s.step}) needs byEffect (SM-R23)`);
  if (!(s.normalDraws < 2)) fail('DRAW_LIMIT', `at most 2 cards are drawn in the Draw step (401.3.1)`);
}

const MOVE_ZONES: readonly string[] = ['SealDeck', 'MysticDeck', 'Hand', 'Arena', 'Shrine', 'RemoveZone', 'ReflectionZone'];
const MP_PURPOSES: readonly string[] = ['cast', 'attack', 'skill', 'combination', 'otherCost', 'refill', 'effect', 'other'];
const MP_SPENDS: readonly string[] = ['cast', 'attack', 'skill', 'combination', 'otherCost'];
const NO_CAST_STEPS: ReadonlySet<Step> = new Set(['CheckUp', 'Draw', 'EndOfSubturn']);

export function decideCardCast(state: SmState, actor: Seat, payload: P): void {
  const card = knownCard(state, payload['cardId'], 'CardCast', 'cardId');
  const byEffect = str(payload['byEffect']);
  const mpPaid = payload['mpPaid'];
  if (!(Number.isInteger(mpPaid) && mpPaid >= 0)) payloadFail('CardCast', 'mpPaid', 'must be an integer ≥ 0');
  if (!(card.zone !== 'ReflectionZone' && card.zone !== 'Candidate')) fail('CARD_NOT_IN_ZONE', `${card.id} is a Reflection reference card and is never cast (SM-R12)`);
  if (!(byEffect ? card.zone !== 'Arena' : card.zone === 'Hand' && card.owner === actor)) fail('CARD_NOT_IN_ZONE', `${card.id} is not in ${actor}'s Hand`, { cardId: card.id, zone: card.zone });
  const s = state.subturn!;
  const c = effective(state, card);
  if (!byEffect) {
    if (NO_CAST_STEPS.has(s.step)) fail('CAST_NOT_ALLOWED_IN_STEP', `nothing is cast in the ${s.step} step without an Effect (401.2.2, 401.3.3, 401.9.1)`);
    if (card.kind === 'Seal' || !c.interfere) {
      if (actor !== s.owner) fail(card.kind === 'Seal' ? 'NOT_SUBTURN_OWNER' : 'CARD_NOT_INTERFERE', `only the Subturn owner, ${s.owner}, casts ${card.kind === 'Seal' ? 'Seal cards' : 'Mystic cards that are not Interfere'} (SM-R30)`);
    }
  }
  if (continuationPlayer(state) === actor) fail('ATTACK_SEQUENCE_PENDING', `${actor} casts nothing while the multi-attack of ${state.pendingContinuation} must continue (§7.3)`);
  if (card.kind === 'Seal' && payload['line'] !== 'At' && payload['line'] !== 'Df') fail('LINE_REQUIRED', `a Seal is cast into the At or Df Line`);
  if (payload['attachTo'] !== undefined) {
    const host = knownCard(state, payload['attachTo'], 'CardCast', 'attachTo');
    if (host.zone !== 'Arena') fail('CARD_NOT_IN_ZONE', `${host.id}, the card to paste to, is not in the Arena`);
  }
  if (!str(payload['costNote'])) {
    if (mpPaid !== c.mpCast) fail('CAST_COST_MISMATCH', `${c.name} costs ${c.mpCast} Mp to cast; ${mpPaid} paid (SM-R20)`, { expected: c.mpCast, mpPaid });
  }
  if (!(mpPaid <= state.mp[actor])) fail('MP_INSUFFICIENT', `${actor} has ${state.mp[actor]} Mp; ${mpPaid} needed`, { mp: state.mp[actor] });
}

export function decideCardMoved(state: SmState, payload: P): CardState {
  const card = knownCard(state, payload['cardId'], 'CardMoved', 'cardId');
  if (!MOVE_ZONES.includes(payload['from'])) payloadFail('CardMoved', 'from', `must be one of ${MOVE_ZONES.join(', ')}`);
  if (!MOVE_ZONES.includes(payload['to'])) payloadFail('CardMoved', 'to', `must be one of ${MOVE_ZONES.join(', ')}`);
  if (!str(payload['reason'])) payloadFail('CardMoved', 'reason', 'must say why');
  if (card.zone !== payload['from']) fail('CARD_NOT_IN_ZONE', `${card.id} is in ${card.zone}, not ${payload['from']}`, { cardId: card.id, zone: card.zone });
  if (!(payload['from'] !== 'ReflectionZone' && payload['to'] !== 'ReflectionZone')) fail('REFLECTION_ZONE_LOCKED', 'the Reflection Zone is fixed once the game has started (SM-R12)');
  if (payload['to'] === 'SealDeck' || payload['to'] === 'MysticDeck') {
    if (pileOf(card.kind) !== payload['to']) fail('CARD_NOT_IN_ZONE', `a ${card.kind} card goes to the ${pileOf(card.kind)}, not the ${payload['to']}`);
  }
  if (payload['to'] === 'Arena' && card.kind === 'Seal') {
    const line = payload['line'];
    if (!(line === 'At' || line === 'Df' || line === null)) fail('LINE_REQUIRED', 'a Seal entering the Arena names its Line (null only for a Seal in no Line, [C 709.9.1])');
  }
  return card;
}

export function decideMpChanged(state: SmState, payload: P): void {
  const player = payload['player'] as Seat;
  const hasDelta = payload['delta'] !== undefined;
  const hasSet = payload['setTo'] !== undefined;
  if (hasDelta === hasSet) payloadFail('MpChanged', 'delta', 'or setTo: exactly one is given');
  if (!(hasDelta ? Number.isInteger(payload['delta']) : Number.isInteger(payload['setTo']))) payloadFail('MpChanged', hasDelta ? 'delta' : 'setTo', 'must be an integer');
  if (!MP_PURPOSES.includes(payload['purpose'])) payloadFail('MpChanged', 'purpose', `must be one of ${MP_PURPOSES.join(', ')}`);
  const before = state.mp[player];
  const after = hasDelta ? before + payload['delta'] : payload['setTo'];
  if (!(after >= 0)) fail('MP_NEGATIVE', `${player} has ${before} Mp; it cannot go below 0`, { mp: before });
  const spend = after < before && MP_SPENDS.includes(payload['purpose']);
  if (spend && state.mpCastingOnly === player) {
    if (payload['purpose'] !== 'cast') fail('FIRST_SUBTURN_MP_CASTING_ONLY', `in the first Subturn ${player}'s Mp pays only for casting Seal and Mystic cards (102.6, SM-R9)`);
  }
}

export function arenaSeal(state: SmState, id: unknown, type: string): CardState {
  const card = knownCard(state, id, type, 'cardId');
  if (!(card.kind === 'Seal' && card.zone === 'Arena')) fail('CARD_NOT_IN_ZONE', `${card.id} is not a Seal in the Arena`, { cardId: card.id });
  return card;
}
