import type * as E from '@cardlog/events';
import { drawAll } from '../mutate';
import {
  BfbState,
  CardState,
  ability as abilityOf,
  catalogOf,
  deckSize,
  hasKeyword,
  hasRoom,
  inPlay,
  isFieldKey,
  occupied,
  onField,
  posKey,
  cardOf,
} from '../state';
import { check, refuse } from './guards';
import { checkUsable } from './play';
import { counted } from '../../words';

const onFieldOrCharacter = (card: CardState) => {
  if (!inPlay(card)) refuse('CARD_NOT_ON_FIELD', `${card.id} is neither on the field nor a Character`, { cardId: card.id, zone: card.zone });
};

function durationFits(state: BfbState, duration: E.Duration): void {
  check(duration !== 'thisBattle' || state.battle !== undefined, 'WRONG_STEP', "a 'thisBattle' effect needs an open battle");
}

/** The structural checks of the §12.3 effect events; their intent is trusted. */
export function decideEffect(state: BfbState, type: string, payload: any): void {
  const card = (id: string) => cardOf(state, id)!;
  switch (type) {
    case 'MoveCard': {
      const m = payload as E.MoveCard;
      const c = card(m.cardId);
      const from = posKey(m.from);
      const to = posKey(m.to);
      if (c.zone !== from) refuse('CARD_NOT_IN_ZONE', `${c.id} is not in ${from}`, { cardId: c.id, from });
      checkDestination(state, c, to);
      if (isFieldKey(to) && to !== from && !hasRoom(state, c.owner, to)) refuse('SLOT_FULL', `no free place in ${to}`, { to });
      return;
    }
    case 'DealDamage': {
      const d = payload as E.DealDamage;
      if ('card' in d.target) {
        const c = card(d.target.card);
        check(onField(c), 'CARD_NOT_ON_FIELD', `${c.id} is not on the field (a Character is targeted as {character})`, { cardId: c.id });
      }
      return;
    }
    case 'ModifyStat':
    case 'GrantKeyword':
    case 'RemoveKeyword':
    case 'SetStatus': {
      durationFits(state, payload.duration);
      onFieldOrCharacter(card(payload.cardId));
      return;
    }
    case 'ClearStatus':
    case 'TransformCard': {
      if (type === 'TransformCard') {
        const t = payload as E.TransformCard;
        check(state.catalog.has(t.intoCatalogId), 'UNKNOWN_CATALOG_ID', `"${t.intoCatalogId}" is not in the catalog`, { intoCatalogId: t.intoCatalogId });
      }
      onFieldOrCharacter(card(payload.cardId));
      return;
    }
    case 'ModifyBattleDamage': {
      check(state.battle && state.battle.fixedDamage === undefined, 'WRONG_STEP', 'battle damage changes only while a battle is open and unassigned');
      return;
    }
    case 'GrantAttackProperty': {
      const b = state.battle;
      const pierce = (payload as E.GrantAttackProperty).property === 'pierce';
      check(b, 'WRONG_STEP', 'no battle is open');
      if (pierce) check(!b.assignment, 'WRONG_STEP', 'Pierce must be granted before damage is assigned');
      else check(b.step === 'declared' || b.step === 'defend', 'WRONG_STEP', '"cannot be prevented" must come before defenders are declared');
      return;
    }
    case 'ChangeN': {
      const c = payload as E.ChangeN;
      const n = state.players[c.player].n;
      check(n + c.delta >= 0, 'INSUFFICIENT_N', `${c.player} has ${n} N`, { n, delta: c.delta });
      return;
    }
    case 'ChangeCounter': {
      const c = payload as E.ChangeCounter;
      let current: number;
      if ('card' in c.owner) {
        const target = card(c.owner.card);
        onFieldOrCharacter(target);
        current = target.obj?.counters[c.counter] ?? 0;
      } else {
        current = state.players[c.owner.player].counters[c.counter] ?? 0;
      }
      check(current + c.delta >= 0, 'INSUFFICIENT_COUNTER', `only ${current} ${c.counter}`, { counter: c.counter, current, delta: c.delta });
      return;
    }
    case 'DrawCards': {
      const d = payload as E.DrawCards;
      const deck = state.players[d.player].deck;
      const drawn = drawAll(deck, d.cardIds);
      if ('failAt' in drawn) check(false, 'CARD_NOT_DRAWABLE', `${d.cardIds[drawn.failAt]} cannot be drawn from ${d.player}'s deck now`, { cardId: d.cardIds[drawn.failAt] });
      const expected = Math.min(d.count, deckSize(deck));
      check(d.cardIds.length === expected, 'WRONG_DRAW_COUNT', `this draw takes ${counted(expected, 'card')}`, { expected }); // BB-R6
      return;
    }
    case 'DestroyCard': {
      const d = payload as E.DestroyCard;
      const c = card(d.cardId);
      check(onField(c), 'CARD_NOT_ON_FIELD', `${c.id} is not on the field`, { cardId: c.id });
      check(d.cause === 'other' || !hasKeyword(state, c, 'Indestructible'), 'INDESTRUCTIBLE', `${c.id} is Indestructible`, { cardId: c.id });
      return;
    }
    case 'NegateStackItem': {
      const id = (payload as E.NegateStackItem).cardId;
      check(state.stack.some((item) => item.cardId === id), 'NOT_ON_STACK', `no stack item comes from ${id}`, { cardId: id });
      return;
    }
    case 'RemoveSpecialSlot': {
      const r = payload as E.RemoveSpecialSlot;
      check(occupied(state, r.player, `special:${r.slotId}`) === 0, 'SLOT_NOT_EMPTY', `Special Slot ${r.slotId} holds or awaits a card`);
      return;
    }
    case 'RecordAbilityUse': {
      const r = payload as E.RecordAbilityUse;
      const c = card(r.cardId);
      const ab = abilityOf(state, c, r.abilityId);
      check(ab, 'UNKNOWN_ABILITY', `${catalogOf(state, c).name} has no ability "${r.abilityId}"`, { abilityId: r.abilityId });
      onFieldOrCharacter(c);
      checkUsable(c, ab, false);
      return;
    }
    case 'RollDie': {
      const r = payload as E.RollDie;
      check(r.result >= 1 && r.result <= 6, 'BAD_DIE_RESULT', `a die shows 1 to 6, not ${r.result}`, { result: r.result }); // BB-R36
      return;
    }
    default:
      // ChangeHP, CreateSpecialSlot, RevealCards, LookAtCards, ShuffleZone, Note: structure only.
      return;
  }
}

/** BAD_DESTINATION (§12.1): Extra places take only `extra` cards; named hosts, slots and Maintain artifacts must exist. */
function checkDestination(state: BfbState, c: CardState, to: string): void {
  const bad = (why: string) => check(false, 'BAD_DESTINATION', `${c.id} cannot go to ${to}: ${why}`, { cardId: c.id, to });
  if ((to === 'extraDeck' || to === 'extraZone') && !catalogOf(state, c).extra) bad('only Extra cards go there');
  const ownField = (id: string) => {
    const target = cardOf(state, id);
    return target !== undefined && target.owner === c.owner && onField(target) ? target : undefined;
  };
  if (to.startsWith('host:')) {
    const host = ownField(to.slice(5));
    if (!host || !catalogOf(state, host).fieldArtifact) bad("no such Field Artifact on the owner's field");
  }
  if (to.startsWith('maintain:') && !ownField(to.slice(9))) bad("no such card on the owner's field");
  if (to.startsWith('special:') && !state.players[c.owner].specialSlots[to.slice(8)]) bad("no such Special Slot on the owner's field");
}
