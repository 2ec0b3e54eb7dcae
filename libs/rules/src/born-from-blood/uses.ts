import type { Ability } from '@cardlog/events';
import { Draft, card as writableCard, object, withEntry } from './mutate';
import { CardId } from './state';

/** Records one use of an ability or Combat Skill: its CD starts, and `limit` uses are counted (§10 CD, BB-R37). */
export function recordUse(d: Draft, cardId: CardId, key: string, cd: number | undefined, limit?: Ability['limit']): void {
  const c = writableCard(d, cardId);
  if (!c) return;
  if (c.obj && (cd !== undefined || limit === 'oncePerTurn')) {
    const o = object(d, cardId)!;
    if (cd !== undefined) o.cd = withEntry(o.cd, key, { remaining: cd, lastUsedTurn: d.s.turn });
    if (limit === 'oncePerTurn') o.usedThisTurn = o.usedThisTurn.concat(key);
  }
  if (limit === 'oncePerGame') c.usedThisGame = mergeUses(c.usedThisGame, key);
}

const useKeys = { skill: new WeakMap<object, string>(), ability: new WeakMap<object, string>() };

/**
 * The key of a Combat Skill's or ability's CD and use records (`skill:<id>`, `ability:<id>`), made
 * once per catalog entry: a string built per look-up had to be hashed and found in V8's string
 * table every time (a line of its own in the profile of every attack).
 */
export function useKey(kind: 'skill' | 'ability', entry: { readonly id: string }): string {
  const keys = useKeys[kind];
  let key = keys.get(entry);
  if (key === undefined) keys.set(entry, (key = `${kind}:${entry.id}`));
  return key;
}

export const mergeUses = (list: readonly string[], key: string): readonly string[] => (list.includes(key) ? list : list.concat(key));
