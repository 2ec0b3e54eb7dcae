import type * as E from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';
import { Draft, WCard, WObject, burning, closeBattle, drawInto, lasting, made, moveCard, object, player, putCard, setModifiers, stack, withEntry, battle as writableBattle } from './mutate';
import { cardRecord, dictionaryCopy, objectRecord } from './records';
import { block, cardOf, catalogOf, characterBlock, inPlay, posKey, survives } from './state';
import { untilOf } from './turn';
import { recordUse, useKey } from './uses';

/** Applies a §12.3 effect event to the draft's state. Like `evolve`, it never throws. */
export function evolveEffect(d: Draft, event: LogEvent, type: string = event.type): void {
  const payload = event.payload as any;
  const s = d.s;
  // BB-R52: an effect lasting while a source stays on the field, whose source is not in play, has already ended.
  const source = payload?.duration?.whileSourceOnField?.sourceCardId as string | undefined;
  if (source !== undefined) {
    const c = cardOf(s, source);
    if (!c || !inPlay(c)) return;
  }
  switch (type) {
    case 'MoveCard': {
      const m = payload as E.MoveCard;
      return moveCard(d, m.cardId, posKey(m.to), m.position);
    }
    case 'DealDamage': {
      const x = payload as E.DealDamage;
      if ('character' in x.target) {
        const seat = x.target.character;
        player(d, seat).hp -= Math.max(0, x.amount - (x.ignoreBlock ? 0 : characterBlock(s, seat)));
        return;
      }
      const c = cardOf(s, x.target.card);
      if (!c) return;
      const received = x.ignoreBlock ? x.amount : Math.max(0, x.amount - block(s, c));
      if (!survives(s, c, received)) moveCard(d, c.id, 'graveyard');
      return;
    }
    case 'ChangeHP': {
      const c = payload as E.ChangeHP;
      player(d, c.player).hp += c.delta;
      return;
    }
    case 'ModifyStat': {
      const m = payload as E.ModifyStat;
      const o = object(d, m.cardId);
      if (o) setModifiers(d, o, [...o.modifiers, { stat: m.stat, delta: m.delta, until: lasting(d, untilOf(s, m.duration)) }]);
      return;
    }
    case 'ModifyBattleDamage': {
      const b = writableBattle(d);
      if (b) b.damageDelta += (payload as E.ModifyBattleDamage).delta;
      return;
    }
    case 'GrantAttackProperty': {
      const b = writableBattle(d);
      if (!b) return;
      if ((payload as E.GrantAttackProperty).property === 'pierce') b.grantedPierce = true;
      else b.grantedCannotBePrevented = true;
      return;
    }
    case 'GrantKeyword': {
      const g = payload as E.GrantKeyword;
      const o = object(d, g.cardId);
      if (o) o.grantedKeywords = [...o.grantedKeywords, { kw: g.keyword, ...(g.value !== undefined ? { value: g.value } : {}), until: lasting(d, untilOf(s, g.duration)) }];
      return;
    }
    case 'RemoveKeyword': {
      const r = payload as E.RemoveKeyword;
      const o = object(d, r.cardId);
      if (o) o.removedKeywords = [...o.removedKeywords, { kw: r.keyword, until: lasting(d, untilOf(s, r.duration)) }];
      return;
    }
    case 'SetStatus': {
      const x = payload as E.SetStatus;
      const c = cardOf(s, x.cardId);
      if (!c) return;
      const burn = x.status === 'burn' && x.params ? { burn: { amount: x.params.amount, tickAt: x.params.tickAt ?? c.owner } } : {};
      if ('burn' in burn) burning(d);
      const o = object(d, x.cardId);
      if (o) o.statuses = [...o.statuses, { status: x.status, until: lasting(d, untilOf(s, x.duration)), ...burn }];
      return;
    }
    case 'ClearStatus': {
      const c = payload as E.ClearStatus;
      const o = object(d, c.cardId);
      if (o) o.statuses = o.statuses.filter((x) => x.status !== c.status);
      return;
    }
    case 'ChangeN': {
      const c = payload as E.ChangeN;
      player(d, c.player).n += c.delta;
      return;
    }
    case 'ChangeCounter': {
      const c = payload as E.ChangeCounter;
      if ('player' in c.owner) {
        const p = player(d, c.owner.player);
        p.counters = withEntry(p.counters, c.counter, (p.counters[c.counter] ?? 0) + c.delta);
        return;
      }
      const o = object(d, c.owner.card);
      if (o) o.counters = withEntry(o.counters, c.counter, (o.counters[c.counter] ?? 0) + c.delta);
      return;
    }
    case 'DrawCards': {
      const x = payload as E.DrawCards;
      return drawInto(d, x.player, x.cardIds);
    }
    case 'DestroyCard':
      return moveCard(d, (payload as E.DestroyCard).cardId, 'graveyard');
    case 'NegateStackItem': {
      const cardId = (payload as E.NegateStackItem).cardId;
      let index = s.stack.length - 1;
      while (index >= 0 && s.stack[index]!.cardId !== cardId) index--;
      if (index < 0) return;
      const item = s.stack[index]!;
      stack(d).splice(index, 1);
      if (item.kind === 'card') return moveCard(d, cardId, 'graveyard'); // §8.2 item 7: not counted, nothing refunded
      if (item.kind === 'attack') return closeBattle(d);
      return;
    }
    case 'TransformCard': {
      const t = payload as E.TransformCard;
      if (!s.catalog.has(t.intoCatalogId)) return;
      const c = cardOf(s, t.cardId);
      if (!c) return;
      const obj = c.obj ? made(d, objectRecord<WObject>(c.obj, [], [], [], [])) : undefined;
      const transformed = cardRecord<WCard>(c, c.zone, obj);
      transformed.catalogId = t.intoCatalogId;
      transformed.artId = undefined;
      putCard(d, transformed);
      return;
    }
    case 'CreateSpecialSlot': {
      const c = payload as E.CreateSpecialSlot;
      const p = player(d, c.player);
      p.specialSlots = { ...p.specialSlots, [c.slotId]: { capacity: c.capacity, allowedTypes: c.allowedTypes } };
      const zones = dictionaryCopy(p.zones);
      zones[`special:${c.slotId}`] = made(d, []);
      p.zones = made(d, zones);
      d.touched = true;
      return;
    }
    case 'RemoveSpecialSlot': {
      const r = payload as E.RemoveSpecialSlot;
      const p = player(d, r.player);
      const { [r.slotId]: _slot, ...specialSlots } = p.specialSlots;
      const { [`special:${r.slotId}`]: _cards, ...zones } = p.zones;
      p.specialSlots = specialSlots;
      p.zones = made(d, zones);
      d.touched = true;
      return;
    }
    case 'RecordAbilityUse': {
      const r = payload as E.RecordAbilityUse;
      const c = cardOf(s, r.cardId);
      const ab = c && catalogOf(s, c).abilities?.find((a) => a.id === r.abilityId);
      if (ab) recordUse(d, r.cardId, useKey('ability', ab), ab.cd, ab.limit);
      return;
    }
    case 'ShuffleZone': {
      const x = payload as E.ShuffleZone;
      if (x.zone !== 'deck') return;
      const p = player(d, x.player);
      p.deck = made(d, { top: made(d, []), middle: made(d, [...p.deck.top, ...p.deck.middle, ...p.deck.bottom]), bottom: made(d, []) });
      return;
    }
    default:
      // RollDie, RevealCards, LookAtCards and Note are records only.
      return;
  }
}
