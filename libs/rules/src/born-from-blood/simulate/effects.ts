import type { LogEvent } from '@cardlog/events';
import { Battle, BfbState, Seat, StackItem, catalogOf, fieldCardIds, onField, other, cardOf } from '../state';
import type { BotMemory } from './bot';
import type { Prng } from '../../prng';

/**
 * The effect events (§12.3) a table would record after an action, for the demo cards whose text the
 * simulator plays out: damage, stat changes, statuses, counters, draws, moves, negation, dice. They
 * go through `decide` like any other event; one the rules refuse is simply not recorded.
 */
/** What `followUps` reads of the state before the action: the stack's top item and the open battle. */
export interface Before {
  readonly stackTop: StackItem | undefined;
  readonly battle: Battle | undefined;
}

export function followUps(before: Before, action: LogEvent, after: BfbState, memory: BotMemory, prng: Prng): LogEvent[] {
  const payload = action.payload as Record<string, any>;
  const actor = action.player as Seat | undefined;
  switch (action.type) {
    case 'PassPriority': {
      const resolved = before.stackTop;
      return resolved ? onResolve(after, resolved, memory, prng) : [];
    }
    case 'PlayCard': {
      const card = cardOf(after, payload.cardId);
      // A permanent that is not a Skill resolves at once; its On Play happens now.
      if (!card || after.stack.some((i) => i.cardId === card.id)) return [];
      return onResolve(after, { kind: 'card', controller: actor!, cardId: card.id }, memory, prng);
    }
    case 'ActivateAbility': {
      if (after.stack.some((i) => i.kind === 'ability' && i.cardId === payload.cardId && i.abilityId === payload.abilityId)) return [];
      return onResolve(after, { kind: 'ability', controller: actor!, cardId: payload.cardId, abilityId: payload.abilityId }, memory, prng);
    }
    case 'DeclareAttack': {
      const attacker = cardOf(after, payload.attackerId);
      if (attacker?.catalogId === 'black-agna-acolyte') {
        // Offering (triggered, once per turn): gain 1 Agna.
        return [
          effect('RecordAbilityUse', { sourceCardId: attacker.id, cardId: attacker.id, abilityId: 'offering' }),
          effect('ChangeCounter', { sourceCardId: attacker.id, owner: { player: actor }, counter: 'Agna', delta: 1 }),
        ];
      }
      return [];
    }
    case 'DeclareDefenders': {
      // Parry 5+ / Evasion 5+: the table rolls a die for each defender that has it.
      const rolls: LogEvent[] = [];
      for (const id of payload.defenderIds as string[]) {
        const card = cardOf(after, id)!;
        const kw = catalogOf(after, card).keywords?.find((k) => k.kw === 'Parry' || k.kw === 'Evasion');
        if (kw) rolls.push(effect('RollDie', { sourceCardId: id, player: card.owner, sides: 6, result: prng.between(1, 6), purpose: kw.kw }));
      }
      return rolls;
    }
    case 'ResolveBattle': {
      const battle = before.battle;
      if (battle?.using === 'inferno') {
        // Inferno leaves Burn 100 on the defending Character until the end of its next turn.
        const target = after.players[other(battle.attackingSeat)].characterId!;
        return [
          effect('SetStatus', {
            sourceCardId: battle.attackerId,
            cardId: target,
            status: 'burn',
            params: { amount: 100 },
            duration: { untilEndOfTurnOf: { player: other(battle.attackingSeat), occurrence: 'next' } },
          }),
        ];
      }
      return [];
    }
    case 'AdvancePhase':
      return after.phase === 'main' ? materialize(after, actor!, prng) : [];
    default:
      return [];
  }
}

function effect(type: string, payload: Record<string, unknown>): LogEvent {
  return { type, payload };
}

const mercenaries = (state: BfbState, seat: Seat) =>
  fieldCardIds(state.players[seat]).filter((id) => catalogOf(state, cardOf(state, id)!).type === 'Mercenary');

/** What a card or ability does when it resolves, for the demo cards the simulator knows. */
function onResolve(state: BfbState, item: StackItem, memory: BotMemory, prng: Prng): LogEvent[] {
  const source = item.cardId;
  const card = cardOf(state, source);
  if (!card) return [];
  const me = item.controller;
  const foe = other(me);
  const key = item.kind === 'ability' ? `${card.catalogId}/${item.abilityId}` : item.kind === 'card' ? card.catalogId : '';
  const mine = mercenaries(state, me);
  const theirs = mercenaries(state, foe);
  switch (key) {
    case 'red-ember-rite':
      return theirs.length ? [effect('DealDamage', { sourceCardId: source, target: { card: prng.pick(theirs) }, amount: 200 })] : [];
    case 'blue-undertow-prayer': {
      const top = state.stack[state.stack.length - 1];
      const skill = top?.kind === 'card' ? cardOf(state, top.cardId) : undefined;
      return skill && catalogOf(state, skill).type === 'Skill' ? [effect('NegateStackItem', { sourceCardId: source, cardId: skill.id })] : [];
    }
    case 'any-quick-ward': {
      const character = state.players[me].characterId!;
      return state.battle ? [effect('ModifyStat', { sourceCardId: source, cardId: character, stat: 'block', delta: 200, duration: 'thisBattle' })] : [];
    }
    case 'green-wild-growth':
      return mine.length ? [effect('ModifyStat', { sourceCardId: source, cardId: prng.pick(mine), stat: 'hp', delta: 200, duration: 'thisTurn' })] : [];
    case 'black-grave-pact': {
      const graveyard = (state.players[me].zones['graveyard'] ?? []).filter((id) => catalogOf(state, cardOf(state, id)!).type === 'Mercenary');
      const back = graveyard.length ? [effect('MoveCard', { sourceCardId: source, cardId: prng.pick(graveyard), from: 'graveyard', to: 'hand' })] : [];
      return [...back, effect('ChangeHP', { sourceCardId: source, player: me, delta: -200 })];
    }
    case 'any-traveler-satchel': {
      const next = memory.decks[me][0];
      return next ? [effect('DrawCards', { sourceCardId: source, player: me, count: 1, cardIds: [next] })] : [];
    }
    case 'red-war-drum/rally':
      return mine.length ? [effect('SetStatus', { sourceCardId: source, cardId: prng.pick(mine), status: 'ready', duration: 'thisTurn' })] : [];
    case 'ch-red-kesra/war-cry':
    case 'any-battle-hymn/verse':
      return mine.length ? [effect('ModifyStat', { sourceCardId: source, cardId: prng.pick(mine), stat: 'atk', delta: 100, duration: 'thisTurn' })] : [];
    case 'blue-current-shift/shift': {
      const slotted = mine.filter((id) => cardOf(state, id)!.zone === 'mercenary');
      return slotted.length ? [effect('MoveCard', { sourceCardId: source, cardId: prng.pick(slotted), from: 'mercenary', to: 'hand' })] : [];
    }
    case 'black-agna-reliquary/hoard':
    case 'ch-black-vorun/tithe':
      return [effect('ChangeCounter', { sourceCardId: source, owner: { player: me }, counter: 'Agna', delta: key.endsWith('hoard') ? 2 : 1 })];
    case 'ch-blue-ilvane/tidal-veil':
      return mine.length ? [effect('GrantKeyword', { sourceCardId: source, cardId: prng.pick(mine), keyword: 'Block', value: 100, duration: 'thisTurn' })] : [];
    case 'green-seed-bloom/bloom':
      return [effect('ChangeCounter', { sourceCardId: source, owner: { card: source }, counter: 'Growth', delta: 1 })];
    case 'blue-frost-lens': {
      if (theirs.length === 0) return [];
      const target = prng.pick(theirs);
      return [
        effect('ModifyStat', { sourceCardId: source, cardId: target, stat: 'hp', delta: -100, duration: 'thisTurn' }),
        effect('SetStatus', { sourceCardId: source, cardId: target, status: 'stun', duration: 'thisTurn' }),
      ];
    }
    default:
      return [];
  }
}

/** Materialize (§10): two Mercenaries of the Extra Unit's colour to the graveyard, then the Extra Unit to the Extra Zone. */
function materialize(state: BfbState, seat: Seat, prng: Prng): LogEvent[] {
  const extra = (state.players[seat].zones['extraDeck'] ?? []).find((id) => catalogOf(state, cardOf(state, id)!).type === 'Mercenary');
  if (!extra || !prng.chance(0.5)) return [];
  const colours = catalogOf(state, cardOf(state, extra)!).colors;
  const fodder = mercenaries(state, seat).filter((id) => {
    const c = catalogOf(state, cardOf(state, id)!);
    return cardOf(state, id)!.zone === 'mercenary' && (colours === 'any' || (c.colors !== 'any' && c.colors.some((x) => colours.includes(x))));
  });
  if (fodder.length < 2 || !onField(cardOf(state, fodder[0]!)!)) return [];
  return [
    ...fodder.slice(0, 2).map((id) => effect('MoveCard', { sourceCardId: extra, cardId: id, from: 'mercenary', to: 'graveyard' })),
    effect('MoveCard', { sourceCardId: extra, cardId: extra, from: 'extraDeck', to: 'extraZone' }),
  ];
}
