import type { LogEvent } from '@cardlog/events';
import { BfbState, SEATS, Seat, cardOf, catalogOf, fieldPlaces, hpOf, inPlay, onField, other } from './state';

type Reason = 'hpZero' | 'hostLeft';

const INERT = new Set([
  'MatchCreated',
  'DeckRegistered',
  'FirstPlayerChosen',
  'GameStarted',
  'OpeningHandDrawn',
  'Mulligan',
  'AdvancePhase',
  'DrawForTurn',
  'DiscardToHandLimit',
  'Concede',
  'ChangeN',
  'RollDie',
  'RevealCards',
  'LookAtCards',
  'ShuffleZone',
  'Note',
  // They change the battle, N, the stack and use records, never the field, HP or a host.
  'ActivateAbility',
  'DeclareAttack',
  'DeclareDefenders',
  'AssignDamage',
]);

/** Whether events of this type never give the state check anything to find (`quietFor`). */
export const isInert = (type: string): boolean => INERT.has(type);

/**
 * Whether `action`, taken in state `before`, cannot give the state check anything to find: every
 * decided event leaves a state the check has cleared, and these change neither the field, nor HP,
 * nor a host. A pass that resolves an ability only takes it off the stack; one that resolves an
 * attack whose attacker is still in play only moves the battle to its defend step (§8.2, §9.2).
 */
export function quietFor(before: BfbState, action: LogEvent, type: string = action.type, inert: boolean = INERT.has(type)): boolean {
  // `type`: the event's type as the rules' own (interned) string, and `inert`, when the caller has them.
  if (inert) return true;
  if (type !== 'PassPriority') return false;
  const top = before.stack[before.stack.length - 1];
  if (top === undefined || top.kind === 'ability') return true;
  if (top.kind !== 'attack') return false;
  const battle = before.battle;
  if (battle === undefined) return true;
  const attacker = cardOf(before, battle.attackerId);
  return attacker !== undefined && inPlay(attacker);
}

/** One round of the state check (§12.1): cards at HP ≤ 0 (BB-R9) and Mercenaries whose host left (BB-R23). */
export function graveyardRound(state: BfbState): readonly { cardId: string; reason: Reason }[] {
  let found: Map<string, Reason> | undefined;
  for (let s = 0; s < SEATS.length; s++) {
    const zones = state.players[SEATS[s]!].zones;
    const places = fieldPlaces(state, SEATS[s]!);
    for (let z = 0; z < places.length; z++) {
      const zone = places[z]!;
      const ids = zones[zone]!;
      if (ids.length === 0) continue;
      for (let i = 0; i < ids.length; i++) {
        const card = cardOf(state, ids[i]!)!;
        // One catalog look-up per card: this scan follows every action that may change the field.
        const entry = catalogOf(state, card);
        if (entry.type === 'Character') continue;
        const hp = hpOf(entry, card);
        if (hp !== undefined && hp <= 0) (found ??= new Map()).set(ids[i]!, 'hpZero');
      }
      if (!zone.startsWith('host:')) continue;
      const host = cardOf(state, zone.slice(5));
      if (host && onField(host)) continue;
      for (const id of ids) if (!found?.has(id)) (found ??= new Map()).set(id, 'hostLeft');
    }
  }
  if (!found) return NOTHING;
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([cardId, reason]) => ({ cardId, reason }));
}

const NOTHING: readonly never[] = Object.freeze([]);

/**
 * Pushes onto `events` the events the rules derive after `action` was applied (state `after`): the
 * state check's rounds of CardsPutInGraveyard until one finds nothing, then GameEnded if the game is
 * over (§12.1). `fold` applies each derived CardsPutInGraveyard (a new state, or `after` changed in
 * place). `quiet` (from `quietFor`) skips the rounds.
 */
export function deriveEvents(after: BfbState, action: LogEvent, fold: (state: BfbState, event: LogEvent) => BfbState, quiet: boolean, events: LogEvent[]): void {
  let state = after;
  while (!quiet) {
    const cards = graveyardRound(state);
    if (cards.length === 0) break;
    const event: LogEvent = { type: 'CardsPutInGraveyard', payload: { cards } };
    events.push(event);
    state = fold(state, event);
  }
  const ended = gameEnd(state, action);
  if (ended) events.push({ type: 'GameEnded', payload: ended });
}

/** GameEnded's payload when the game is over after `action` (state `state`), else undefined. */
export function gameEnd(state: BfbState, action: LogEvent): Record<string, unknown> | undefined {
  const actor = action.player as Seat;
  if (action.type === 'Concede') return { winner: other(actor), reason: 'concede' };
  if (state.stage !== 'playing') return undefined;
  const p1Down = state.players.p1.hp <= 0;
  const p2Down = state.players.p2.hp <= 0;
  if (p1Down && p2Down) return { draw: true, reason: 'hp' }; // BB-R7 (house rule)
  if (p1Down || p2Down) return { winner: other(p1Down ? 'p1' : 'p2'), reason: 'hp' };
  if (action.type === 'DrawForTurn' && (action.payload as { cardId?: string }).cardId === undefined) {
    return { winner: other(actor), reason: 'deckOut' }; // §1.1: only the Draw Phase draw decks out (BB-R6)
  }
  return undefined;
}
