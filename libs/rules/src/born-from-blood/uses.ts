import type { Ability } from '@cardlog/events';
import { withCard } from './mutate';
import { BfbState, CardId } from './state';

/** Records one use of an ability or Combat Skill: its CD starts, and `limit` uses are counted (§10 CD, BB-R37). */
export function recordUse(state: BfbState, cardId: CardId, key: string, cd: number | undefined, limit?: Ability['limit']): BfbState {
  return withCard(state, cardId, (card) => {
    const obj = card.obj
      ? {
          ...card.obj,
          ...(cd !== undefined ? { cd: { ...card.obj.cd, [key]: { remaining: cd, lastUsedTurn: state.turn } } } : {}),
          ...(limit === 'oncePerTurn' ? { usedThisTurn: [...card.obj.usedThisTurn, key] } : {}),
        }
      : undefined;
    return {
      ...card,
      ...(obj ? { obj } : {}),
      ...(limit === 'oncePerGame' ? { usedThisGame: mergeUses(card.usedThisGame, key) } : {}),
    };
  });
}

export const mergeUses = (list: readonly string[], key: string): readonly string[] => (list.includes(key) ? list : [...list, key]);
