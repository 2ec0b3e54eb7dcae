import type { DvEffect } from '@cardlog/events';
import { checkPayment, cenotaphCanPay, guardiansMatch } from '../costs';
import { Draft } from '../draft';
import { runEffects } from '../effects';
import { DvState, catalogCard, inArena, isGone, isLiving, playerOf, zonesClosed } from '../state';
import { checkTargets } from './construction';
import { cardAt, check, fail, namedTwice, segmentName } from './guards';
import { isNoCallSegment, requirePriority } from './window';

// The Knot zone (§6.1, DV-R10…R14): passing, skills, triggers, resolution top first.

export function decidePass(state: DvState, actor: string): void {
  if (isNoCallSegment(state)) fail('WRONG_SEGMENT', `there is no priority to pass in ${segmentName(state)}`);
  requirePriority(state, actor, 'PassPriority');
}

export function decideUseSkill(state: DvState, actor: string, p: any): void {
  const source = cardAt(state, p.sourceId, 'sourceId');
  const c = catalogCard(state, source);
  const skill = c.skills?.find((k) => k.id === p.skillId);
  if (!skill) fail('UNKNOWN_ABILITY_ID', `${c.name} has no skill "${p.skillId}"`);
  requirePriority(state, actor, 'UseSkill');
  if (!(source.zone !== 'temple' && source.zone !== 'guardian')) fail('SOURCE_HAS_NO_ABILITIES', `${p.sourceId} is a ${source.zone === 'temple' ? 'prayer' : 'guardian'} and has no skills`);
  // DV-R14: from the Battlefield, or from a zone the catalog lists for the skill (DV-R57).
  const zones: readonly string[] = skill.zones ?? [];
  if (!((source.zone === 'soldierLine' || source.zone === 'heroLine' || zones.includes(source.zone)) && source.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.sourceId} is not on ${actor}'s Battlefield${zones.length ? ` or in ${actor}'s ${zones.join(', ')}` : ''}`);
  if (skill.deplete) check(source.mode === 'prompt', 'CARD_IN_REST', `${c.name} is in rest; this skill depletes it`);
  checkTargets(state, actor, p.targets, undefined, 'UseSkill');
  if (skill.cost || p.payment) checkPayment(skill.cost, undefined, p.payment ?? [], playerOf(state, actor)!.pool, 'payment');
}

export function decideTriggerAbility(state: DvState, actor: string, p: any): void {
  const source = cardAt(state, p.sourceId, 'sourceId');
  const c = catalogCard(state, source);
  const ability = c.abilities?.find((a) => a.id === p.abilityId);
  if (!ability) fail('UNKNOWN_ABILITY_ID', `${c.name} has no ability "${p.abilityId}"`);
  // The controller of a card in play; for a falling or fallen card (or one in hand), its owner.
  const controller = inArena(source.zone) || source.zone === 'knot' ? source.controller : source.owner;
  if (controller !== actor) fail('NOT_CONTROLLER', `${p.sourceId} is controlled by ${controller}, not ${actor}`);
  if (zonesClosed(state)) fail('ZONES_CLOSED', 'a hero call or upgrade is resolving and every zone is closed, the Knot zone too (§6.4); the ability goes on the Knot zone after it');
  if (!(source.zone !== 'temple' && source.zone !== 'guardian')) fail('SOURCE_HAS_NO_ABILITIES', `${p.sourceId} is a prayer or guardian and has no abilities`);
  // DV-R58: a catalogued trigger is recorded while its source is where the trigger happened.
  if (ability.trigger === 'fallsToCenotaph') check(source.zone === 'falling', 'CARD_NOT_IN_ZONE', `${c.name} is not falling: its "when it falls" ability is recorded until its batch is placed (§6.8)`);
  if (ability.trigger === 'entersBattlefield') check(source.zone === 'soldierLine' || source.zone === 'heroLine', 'CARD_NOT_IN_ZONE', `${c.name} is not on a Battlefield`);
  if (ability.trigger === 'reachesLv2') check(source.zone === 'heroLine' && source.level === 2, 'CARD_NOT_IN_ZONE', `${c.name} is not a LV2 hero on a Battlefield`);
  checkTargets(state, actor, p.targets, undefined, 'TriggerAbility');
}

export function decideResolveKnotTop(state: DvState, actor: string, p: any): void {
  const top = state.knot[state.knot.length - 1];
  if (state.due && state.due.kind !== 'ResolveKnotTop') fail('DECISION_DUE', `${state.due.kind} from ${state.due.player} is due first`, { due: state.due });
  if (!(state.due?.kind === 'ResolveKnotTop' && top)) fail('NOT_DUE', top ? 'the top Knot item resolves after every living Deva has passed in succession' : 'the Knot zone is empty');
  if (top.controller !== actor) fail('NOT_CONTROLLER', `the top Knot item is ${top.controller}'s`);
  const cancel = p.outcome === 'cancel';
  const effects: DvEffect[] = p.effects ?? [];
  if (top.kind === 'hero' || top.kind === 'upgrade') {
    const hero = top.card ? state.cards[state.cardIndex.get(top.card.iid)!]! : undefined;
    const gc = hero ? catalogCard(state, hero).guardianCost![top.kind === 'hero' ? 'lv1' : 'lv2'] : undefined;
    const cenotaph = playerOf(state, actor)!.cenotaph;
    if (cancel) {
      if (p.cancelReason === undefined) fail('MALFORMED_EVENT', 'a cancelled hero call or upgrade names its cancelReason');
      if (p.cancelReason === 'guardians') check(!gc || !cenotaphCanPay(state, cenotaph, gc), 'CANCEL_NOT_ALLOWED', `the Cenotaph can still pay the guardian cost; the ${top.kind === 'hero' ? 'call' : 'upgrade'} is not cancelled for guardians`);
      if (!(effects.length === 0 && p.guardians === undefined)) fail('MALFORMED_EVENT', 'a cancellation carries no guardians or effects');
      return;
    }
    if (p.cancelReason !== undefined) fail('MALFORMED_EVENT', 'cancelReason belongs to outcome "cancel"');
    if (hero && !isGone(state, top.card!)) {
      const guardians: string[] = p.guardians ?? [];
      guardians.forEach((id, i) => {
        cardAt(state, id, `guardians[${i}]`);
        if (!cenotaph.includes(id)) fail('CARD_NOT_IN_ZONE', `guardians[${i}]: ${id} is not in ${actor}'s Cenotaph`, { cardId: id });
      });
      if (namedTwice(guardians)) fail('MALFORMED_EVENT', 'guardians: a card is named twice');
      if (!guardiansMatch(state, guardians, gc!)) fail('GUARDIAN_COST_UNMET', `the guardians do not match the ${top.kind === 'hero' ? 'LV1' : 'LV2'} guardian cost exactly (DV-R15, DV-R18)`);
    }
  } else {
    if (cancel) fail('CANCEL_NOT_ALLOWED', 'only a hero call or an upgrade is cancelled');
    if (!(p.guardians === undefined && p.cancelReason === undefined)) fail('MALFORMED_EVENT', 'guardians and cancelReason belong to a hero call or upgrade');
    const countered = top.targets.length > 0 && top.targets.every((t) => ('card' in t ? isGone(state, t.card) : !isLiving(state, t.player)));
    if (!(!countered || effects.length === 0)) fail('ITEM_COUNTERED', `every target of ${top.id} is gone: it is countered and has no effects (DV-R13)`);
  }
  // Effects are checked in order against the state the previous ones leave (most items have none).
  if (effects.length === 0) return;
  const d = new Draft(state);
  d.s.knot = d.s.knot.slice(0, -1);
  runEffects(d, effects, top, { current: null }, true, 'ResolveKnotTop.effects');
}

export function decideApplyEffects(state: DvState, p: { cause: { static: string }; effects: DvEffect[] }): void {
  const cause = state.cards[state.cardIndex.get(p.cause.static) ?? -1];
  if (!(cause && inArena(cause.zone))) fail('NO_EFFECT_CAUSE', `an effect's static cause must be a card in the Arena; ${p.cause.static} is not`);
  if (cause.zone === 'temple') fail('SOURCE_HAS_NO_ABILITIES', `${p.cause.static} is a prayer and has no abilities`);
  runEffects(new Draft(state), p.effects, null, { current: null }, true, 'ApplyEffects.effects', zonesClosed(state));
}
