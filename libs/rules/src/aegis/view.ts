import type { Viewer } from '../game-system';
import { AgState, CardId, SEATS, Seat, powerOf } from './state';

export interface AgCardRef {
  readonly cardId: CardId;
  readonly catalogId: string;
  readonly name: string;
}

/**
 * What one viewer may see (log format property 3; §4 visibility). A seat sees its own hand; of the
 * opponent's hand only its size. Nobody at the table sees a deck or the Set Aegis pile, only their
 * sizes (AG-R18). A judge sees everything; `reveal` shows everything once the game has ended and is a
 * spectator view before that.
 */
export function view(state: AgState, viewer: Viewer) {
  const everything = viewer === 'judge' || (viewer === 'reveal' && state.stage === 'ended');
  const ref = (id: CardId): AgCardRef => {
    const card = state.cards.get(id)?.card;
    return { cardId: id, catalogId: card?.id ?? '?', name: card?.name ?? id };
  };
  const side = (seat: Seat) => {
    const p = state.players[seat];
    const seesHand = everything || viewer === seat;
    return {
      name: p.name,
      identity: p.identity,
      mana: p.mana,
      quotaUsed: p.quota,
      handSize: p.hand.length,
      ...(seesHand ? { hand: p.hand.map(ref) } : {}),
      deckSize: p.deck.length,
      ...(everything ? { deck: p.deck.map(ref) } : {}),
      units: p.units.map((u) => ({ ...ref(u.id), ready: u.ready, power: powerOf(state, seat, u), modifiers: u.mods })),
      support: p.support.map(ref),
      field: p.field.map(ref),
      drop: p.drop.map(ref),
      aegisSetCount: p.aegisSet.length,
      ...(everything ? { aegisSet: p.aegisSet.map(ref) } : {}),
      aegisOpen: p.aegisOpen.map((a) => ({ ...ref(a.id), state: a.state })),
    };
  };
  return {
    system: 'aegis' as const,
    viewer,
    stage: state.stage,
    config: state.config,
    turn: state.turn,
    ...(state.turnPlayer ? { turnPlayer: state.turnPlayer } : {}),
    ...(state.step ? { step: state.step } : {}),
    ...(state.firstPlayer ? { firstPlayer: state.firstPlayer } : {}),
    drawnThisTurn: state.drawnThisTurn,
    battle: state.battle
      ? {
          attacker: ref(state.battle.attackerId),
          target: state.battle.target.kind === 'aegis' ? { kind: 'aegis' as const } : { kind: 'unit' as const, ...ref(state.battle.target.cardId) },
          ...(state.battle.blockerId ? { blocker: ref(state.battle.blockerId) } : {}),
          step: state.battle.step,
          negated: state.battle.negated,
        }
      : null,
    players: Object.fromEntries(SEATS.map((s) => [s, side(s)])) as Record<Seat, ReturnType<typeof side>>,
    ...(state.result ? { result: state.result } : {}),
  };
}

export type AgView = ReturnType<typeof view>;
