import type * as E from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';
import { closeBattle, drawInto, moveCard, withCard, withObject, withPlayer } from './mutate';
import { BfbState, Seat, block, cardOf, catalogOf, characterBlock, inPlay, posKey, survives } from './state';
import { untilOf } from './turn';
import { recordUse } from './uses';

/** Applies a §12.3 effect event. Like `evolve`, it never throws. */
export function evolveEffect(state: BfbState, event: LogEvent): BfbState {
  const payload = event.payload as any;
  // BB-R52: an effect lasting while a source stays on the field, whose source is not in play, has already ended.
  const source = payload?.duration?.whileSourceOnField?.sourceCardId as string | undefined;
  if (source !== undefined) {
    const card = cardOf(state, source);
    if (!card || !inPlay(card)) return state;
  }
  switch (event.type) {
    case 'MoveCard': {
      const m = payload as E.MoveCard;
      return moveCard(state, m.cardId, posKey(m.to), m.position ? { position: m.position } : {});
    }
    case 'DealDamage': {
      const d = payload as E.DealDamage;
      if ('character' in d.target) {
        const seat = d.target.character;
        const damage = Math.max(0, d.amount - (d.ignoreBlock ? 0 : characterBlock(state, seat)));
        return withPlayer(state, seat, (p) => ({ ...p, hp: p.hp - damage }));
      }
      const card = cardOf(state, d.target.card);
      if (!card) return state;
      const received = d.ignoreBlock ? d.amount : Math.max(0, d.amount - block(state, card));
      return survives(state, card, received) ? state : moveCard(state, card.id, 'graveyard');
    }
    case 'ChangeHP': {
      const c = payload as E.ChangeHP;
      return withPlayer(state, c.player, (p) => ({ ...p, hp: p.hp + c.delta }));
    }
    case 'ModifyStat': {
      const m = payload as E.ModifyStat;
      return withObject(state, m.cardId, (o) => ({ ...o, modifiers: [...o.modifiers, { stat: m.stat, delta: m.delta, until: untilOf(state, m.duration) }] }));
    }
    case 'ModifyBattleDamage': {
      const battle = state.battle;
      return battle ? { ...state, battle: { ...battle, damageDelta: battle.damageDelta + (payload as E.ModifyBattleDamage).delta } } : state;
    }
    case 'GrantAttackProperty': {
      const battle = state.battle;
      if (!battle) return state;
      const pierce = (payload as E.GrantAttackProperty).property === 'pierce';
      return { ...state, battle: pierce ? { ...battle, grantedPierce: true } : { ...battle, grantedCannotBePrevented: true } };
    }
    case 'GrantKeyword': {
      const g = payload as E.GrantKeyword;
      const grant = { kw: g.keyword, ...(g.value !== undefined ? { value: g.value } : {}), until: untilOf(state, g.duration) };
      return withObject(state, g.cardId, (o) => ({ ...o, grantedKeywords: [...o.grantedKeywords, grant] }));
    }
    case 'RemoveKeyword': {
      const r = payload as E.RemoveKeyword;
      return withObject(state, r.cardId, (o) => ({ ...o, removedKeywords: [...o.removedKeywords, { kw: r.keyword, until: untilOf(state, r.duration) }] }));
    }
    case 'SetStatus': {
      const s = payload as E.SetStatus;
      const card = cardOf(state, s.cardId);
      if (!card) return state;
      const burn = s.status === 'burn' && s.params ? { burn: { amount: s.params.amount, tickAt: (s.params.tickAt ?? card.owner) as Seat } } : {};
      return withObject(state, s.cardId, (o) => ({ ...o, statuses: [...o.statuses, { status: s.status, until: untilOf(state, s.duration), ...burn }] }));
    }
    case 'ClearStatus': {
      const c = payload as E.ClearStatus;
      return withObject(state, c.cardId, (o) => ({ ...o, statuses: o.statuses.filter((s) => s.status !== c.status) }));
    }
    case 'ChangeN': {
      const c = payload as E.ChangeN;
      return withPlayer(state, c.player, (p) => ({ ...p, n: p.n + c.delta }));
    }
    case 'ChangeCounter': {
      const c = payload as E.ChangeCounter;
      if ('player' in c.owner) {
        return withPlayer(state, c.owner.player, (p) => ({ ...p, counters: { ...p.counters, [c.counter]: (p.counters[c.counter] ?? 0) + c.delta } }));
      }
      return withObject(state, c.owner.card, (o) => ({ ...o, counters: { ...o.counters, [c.counter]: (o.counters[c.counter] ?? 0) + c.delta } }));
    }
    case 'DrawCards': {
      const d = payload as E.DrawCards;
      return drawInto(state, d.player, d.cardIds);
    }
    case 'DestroyCard':
      return moveCard(state, (payload as E.DestroyCard).cardId, 'graveyard');
    case 'NegateStackItem': {
      const cardId = (payload as E.NegateStackItem).cardId;
      let index = state.stack.length - 1;
      while (index >= 0 && state.stack[index]!.cardId !== cardId) index--;
      if (index < 0) return state;
      const item = state.stack[index]!;
      const next: BfbState = { ...state, stack: [...state.stack.slice(0, index), ...state.stack.slice(index + 1)] };
      if (item.kind === 'card') return moveCard(next, cardId, 'graveyard'); // §8.2 item 7: not counted, nothing refunded
      if (item.kind === 'attack') return closeBattle(next);
      return next;
    }
    case 'TransformCard': {
      const t = payload as E.TransformCard;
      if (!state.catalog.has(t.intoCatalogId)) return state;
      return withCard(state, t.cardId, (c) => {
        const { artId: _art, ...rest } = c;
        return {
          ...rest,
          catalogId: t.intoCatalogId,
          ...(c.obj ? { obj: { ...c.obj, statuses: [], modifiers: [], grantedKeywords: [], removedKeywords: [] } } : {}),
        };
      });
    }
    case 'CreateSpecialSlot': {
      const c = payload as E.CreateSpecialSlot;
      return withPlayer(state, c.player, (p) => ({
        ...p,
        specialSlots: { ...p.specialSlots, [c.slotId]: { capacity: c.capacity, allowedTypes: c.allowedTypes } },
        zones: { ...p.zones, [`special:${c.slotId}`]: [] },
      }));
    }
    case 'RemoveSpecialSlot': {
      const r = payload as E.RemoveSpecialSlot;
      return withPlayer(state, r.player, (p) => {
        const { [r.slotId]: _slot, ...specialSlots } = p.specialSlots;
        const { [`special:${r.slotId}`]: _cards, ...zones } = p.zones;
        return { ...p, specialSlots, zones };
      });
    }
    case 'RecordAbilityUse': {
      const r = payload as E.RecordAbilityUse;
      const card = cardOf(state, r.cardId);
      const ab = card && catalogOf(state, card).abilities?.find((a) => a.id === r.abilityId);
      return ab ? recordUse(state, r.cardId, `ability:${ab.id}`, ab.cd, ab.limit) : state;
    }
    case 'ShuffleZone': {
      const s = payload as E.ShuffleZone;
      if (s.zone !== 'deck') return state;
      return withPlayer(state, s.player, (p) => ({ ...p, deck: { top: [], middle: [...p.deck.top, ...p.deck.middle, ...p.deck.bottom], bottom: [] } }));
    }
    default:
      // RollDie, RevealCards, LookAtCards and Note are records only.
      return state;
  }
}
