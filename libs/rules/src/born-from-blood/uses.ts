import type { Ability } from '@cardlog/events';
import { Draft, card as writableCard, object } from './mutate';
import { CardId } from './state';

/** Records one use of an ability or Combat Skill: its CD starts, and `limit` uses are counted (§10 CD, BB-R37). */
export function recordUse(d: Draft, cardId: CardId, key: string, cd: number | undefined, limit?: Ability['limit']): void {
  const c = writableCard(d, cardId);
  if (!c) return;
  if (c.obj && (cd !== undefined || limit === 'oncePerTurn')) {
    const o = object(d, cardId)!;
    if (cd !== undefined) o.cd = { ...o.cd, [key]: { remaining: cd, lastUsedTurn: d.s.turn } };
    if (limit === 'oncePerTurn') o.usedThisTurn = o.usedThisTurn.concat(key);
  }
  if (limit === 'oncePerGame') c.usedThisGame = mergeUses(c.usedThisGame, key);
}

export const mergeUses = (list: readonly string[], key: string): readonly string[] => (list.includes(key) ? list : list.concat(key));
