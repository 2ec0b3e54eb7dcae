import type { BfbCard, LogEvent } from '@cardlog/events';
import { BfbState, CardState, Seat, allowance, battleDamage, catalogOf, currentAtk, deckSize, fieldCardIds, hasPierce, hasRoom, isSick, lethal, onField, other, posKey, priorityHolder, cardOf } from '../state';
import type { Prng } from '../../prng';
import { useKey } from '../uses';

/** An action the bot might take and how much it wants to; the engine's `decide` has the last word. */
export interface Candidate {
  readonly action: LogEvent;
  readonly weight: number;
}

/** What the bot knows beyond the engine's state: the decks' real order (it shuffled them) and pending On Play attacks. */
export interface BotMemory {
  readonly decks: Record<Seat, string[]>;
  /** A card whose On Play effect makes it attack immediately, just played and not yet attacked. */
  pendingImmediate?: string;
  /** Bots that never attack: their games run until a deck is empty (§1.1 deck-out). */
  readonly passive?: boolean;
}

/** Cards of the demo catalog whose On Play effect is "this card attacks immediately" (§9.6). */
export const ATTACKS_ON_PLAY = new Set(['red-flare-boomer']);

const act = (type: string, player: Seat | undefined, payload: unknown, weight: number): Candidate => ({
  action: { type, ...(player ? { player } : {}), payload },
  weight,
});

const hand = (state: BfbState, seat: Seat): readonly string[] => state.players[seat].zones['hand'] ?? [];

/**
 * Every action worth trying in this state, weighted so games move on: attack whenever possible,
 * play what is affordable, defend now and then, pass priority mostly.
 */
export function candidates(state: BfbState, memory: BotMemory, prng: Prng): Candidate[] {
  const tp = state.turnPlayer!;
  const holder = priorityHolder(state);
  if (holder) return [act('PassPriority', holder, {}, 12), ...prayResponses(state, holder)];

  const battle = state.battle;
  if (battle) {
    if (battle.step === 'defend') return defenceChoices(state, other(battle.attackingSeat), prng);
    if (battle.step === 'assign') return [act('AssignDamage', tp, assignment(state), 1)];
    return [act('ResolveBattle', tp, {}, 1)];
  }

  const out: Candidate[] = [];
  // Either player may play a Pray card in any phase; the bot does now and then.
  for (const seat of [tp, other(tp)]) out.push(...prayPlays(state, seat, 0.15));

  switch (state.phase) {
    case 'n':
      out.push(act('AdvancePhase', tp, {}, 10));
      break;
    case 'draw': {
      if (state.drawnThisTurn) out.push(act('AdvancePhase', tp, {}, 10));
      else if (deckSize(state.players[tp].deck) === 0) out.push(act('DrawForTurn', tp, {}, 10));
      else out.push(act('DrawForTurn', tp, { cardId: memory.decks[tp][0] }, 10));
      break;
    }
    case 'main':
    case 'secondMain': {
      const pending = memory.pendingImmediate;
      if (pending && !memory.passive && cardOf(state, pending) && onField(cardOf(state, pending)!)) {
        const skill = catalogOf(state, cardOf(state, pending)!).combatSkills?.[0];
        if (skill) out.push(act('DeclareAttack', tp, { attackerId: pending, using: skill.id, immediate: true, sourceCardId: pending }, 40));
      }
      out.push(...plays(state, tp, 6));
      out.push(...abilityUses(state, tp, ['order', 'other'], 1));
      out.push(...sales(state, tp));
      out.push(act('AdvancePhase', tp, {}, state.phase === 'main' ? 3 : 4));
      break;
    }
    case 'combat':
      if (!memory.passive) out.push(...attacks(state, tp, 12));
      out.push(act('AdvancePhase', tp, {}, 1));
      break;
    case 'end': {
      const cards = hand(state, tp);
      if (!state.handCheckDone) out.push(...abilityUses(state, tp, ['endPhase'], 2));
      if (cards.length > 8) out.push(act('DiscardToHandLimit', tp, { cardIds: prng.shuffle(cards).slice(0, cards.length - 8) }, 10));
      else out.push(act('EndTurn', tp, {}, 6));
      break;
    }
  }
  return out;
}

/** Hand cards the seat can afford, each into every place that may take it. */
function plays(state: BfbState, seat: Seat, weight: number, prayOnly = false): Candidate[] {
  const player = state.players[seat];
  const out: Candidate[] = [];
  const cards = hand(state, seat);
  // A player holding a Pray card keeps 1N back for the opponent's turn.
  const reserve = cards.some((id) => catalogOf(state, cardOf(state, id)!).pray) ? 1 : 0;
  for (const id of cards) {
    const card = catalogOf(state, cardOf(state, id)!);
    if (card.type === 'Character' || card.extra || (prayOnly && !card.pray)) continue;
    if ((card.nCost ?? 0) + (card.pray ? 0 : reserve) > player.n) continue;
    for (const destination of destinationsFor(state, seat, card)) {
      out.push(act('PlayCard', seat, destination === undefined ? { cardId: id } : { cardId: id, destination }, weight));
    }
  }
  return out;
}

type Destination = string | { host: string } | undefined;

function destinationsFor(state: BfbState, seat: Seat, card: BfbCard): Destination[] {
  if (card.oneShot) return [undefined];
  const natural: Destination[] =
    card.type === 'Mercenary' ? ['mercenary'] : card.type === 'Artifact' ? ['artifact'] : card.type === 'Skill' ? ['skill'] : card.offHand ? ['offHand'] : ['item'];
  if (card.type === 'Mercenary') {
    for (const id of fieldCardIds(state.players[seat])) {
      if (catalogOf(state, cardOf(state, id)!).fieldArtifact) natural.push({ host: id });
    }
  }
  if (card.keywords?.some((k) => k.kw === 'Infiltration')) natural.push('skill', 'artifact', 'item');
  return natural.filter((d) => d !== undefined && hasRoom(state, seat, posKey(d)));
}

function prayPlays(state: BfbState, seat: Seat, weight: number): Candidate[] {
  return [...plays(state, seat, weight, true), ...abilityUses(state, seat, ['pray'], weight)];
}

/** Responses to the top stack item; a negation is kept for an opposing Skill card being played. */
function prayResponses(state: BfbState, holder: Seat): Candidate[] {
  const top = state.stack[state.stack.length - 1]!;
  const skillPlay = top.kind === 'card' && catalogOf(state, cardOf(state, top.cardId)!).type === 'Skill';
  return prayPlays(state, holder, 1).map((c) => {
    const card = cardOf(state, (c.action.payload as { cardId: string }).cardId);
    return card?.catalogId === NEGATES_SKILL ? { ...c, weight: skillPlay ? 6 : 0.1 } : c;
  });
}

/** The demo card whose text negates a Skill card being played. */
const NEGATES_SKILL = 'blue-undertow-prayer';

function abilityUses(state: BfbState, seat: Seat, kinds: readonly string[], weight: number): Candidate[] {
  const player = state.players[seat];
  const out: Candidate[] = [];
  const ids = [...fieldCardIds(player), ...(player.characterId ? [player.characterId] : [])];
  for (const id of ids) {
    const card = cardOf(state, id)!;
    for (const a of catalogOf(state, card).abilities ?? []) {
      if (!kinds.includes(a.kind) || (a.nCost ?? 0) > player.n) continue;
      if ((card.obj?.cd[useKey('ability', a)]?.remaining ?? 0) > 0) continue;
      out.push(act('ActivateAbility', seat, { cardId: id, abilityId: a.id }, weight));
    }
  }
  return out;
}

/** Selling frees a slot and returns some N; worth it only when the Mercenary slots are full. */
function sales(state: BfbState, seat: Seat): Candidate[] {
  const mercs = state.players[seat].zones['mercenary'] ?? [];
  if (mercs.length < 3) return [];
  return mercs.map((id) => act('SellCard', seat, { cardId: id }, 0.3));
}

function attacks(state: BfbState, seat: Seat, weight: number): Candidate[] {
  const player = state.players[seat];
  const out: Candidate[] = [];
  const ids = [...fieldCardIds(player), ...(player.characterId ? [player.characterId] : [])];
  for (const id of ids) {
    const card = cardOf(state, id)!;
    if (!canAttack(state, card)) continue;
    const skills = catalogOf(state, card).combatSkills ?? [];
    for (const s of skills) {
      if ((s.nCost ?? 0) > player.n || (card.obj?.cd[useKey('skill', s)]?.remaining ?? 0) > 0) continue;
      out.push(act('DeclareAttack', seat, { attackerId: id, using: s.id }, weight));
    }
    if (skills.length === 0 && currentAtk(state, card) > 0) out.push(act('DeclareAttack', seat, { attackerId: id, using: 'atk' }, weight));
  }
  return out;
}

function canAttack(state: BfbState, card: CardState): boolean {
  return !isSick(state, card) && (card.obj?.attacksThisTurn ?? 0) < allowance(state, card);
}

/** Mostly no defenders, so games end; a defender or two when the blow would hurt. */
function defenceChoices(state: BfbState, seat: Seat, prng: Prng): Candidate[] {
  const mercs = fieldCardIds(state.players[seat]).filter((id) => catalogOf(state, cardOf(state, id)!).type === 'Mercenary');
  const damage = battleDamage(state, state.battle!);
  const lethalBlow = state.players[seat].hp <= damage;
  const out = [act('DeclareDefenders', seat, { defenderIds: [] }, lethalBlow ? 1 : 10)];
  for (const id of mercs) out.push(act('DeclareDefenders', seat, { defenderIds: [id] }, lethalBlow ? 3 : 0.4));
  if (mercs.length >= 2) out.push(act('DeclareDefenders', seat, { defenderIds: prng.shuffle(mercs).slice(0, 2) }, 0.5));
  return out;
}

/** Kills as many defenders as D allows, cheapest first; with Pierce the rest goes through (BB-R8). */
function assignment(state: BfbState): { shares: Record<string, number>; toCharacter: number } {
  const battle = state.battle!;
  const damage = battleDamage(state, battle);
  const pierce = hasPierce(state, battle);
  const remaining = battle.defenders.filter((id) => cardOf(state, id) && onField(cardOf(state, id)!));
  if (remaining.length === 0) return { shares: {}, toCharacter: pierce ? damage : 0 };
  const byLethal = [...remaining].sort((a, b) => lethal(state, cardOf(state, a)!) - lethal(state, cardOf(state, b)!));
  const shares: Record<string, number> = Object.fromEntries(remaining.map((id) => [id, 0]));
  let left = damage;
  for (const id of byLethal) {
    const need = Math.max(0, lethal(state, cardOf(state, id)!));
    const give = Math.min(need, left);
    shares[id] = give;
    left -= give;
  }
  const allLethal = byLethal.every((id) => shares[id]! >= lethal(state, cardOf(state, id)!));
  if (pierce && allLethal) return { shares, toCharacter: left };
  shares[byLethal[0]!] = shares[byLethal[0]!]! + left;
  return { shares, toCharacter: 0 };
}
