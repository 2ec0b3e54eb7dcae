import type * as E from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';
import { evolve } from './evolve';
import { BfbState, Phase, Seat, battleDamage, catalogOf, isSeat, other, cardOf } from './state';

const HIDDEN_ZONES = new Set<unknown>(['hand', 'deck', 'extraDeck']);

export const PHASE_NAMES: Record<Phase, string> = {
  n: 'N Phase',
  draw: 'Draw Phase',
  main: 'Main Phase',
  combat: 'Combat Phase',
  secondMain: 'Second Main Phase',
  end: 'End Phase',
};

const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One English line per event, with player and card names; hidden cards (draws) are not named.
 * A line that says what the event did reads the state after it from `stateAfter` when given, and
 * otherwise folds the event itself; every read of `before` comes first (GameSystem.describe).
 */
export function describe(event: LogEvent, before: BfbState, stateAfter?: () => BfbState): string {
  const actor = whoIn(before, event.player);
  const p = event.payload as any;
  const source = p?.sourceCardId && p.sourceCardId !== 'rule' ? `${cardName(before, p.sourceCardId)}: ` : '';
  const after = stateAfter ?? (() => evolve(before, event));
  switch (event.type) {
    case 'MatchCreated':
      return `Match created: ${whoIn(before, 'p1')} (p1) vs ${whoIn(before, 'p2')} (p2)${p.config?.cdCountsEveryTurn ? ', cooldowns count every turn' : ''}`;
    case 'DeckRegistered': {
      const d = p as E.DeckRegistered;
      const character = before.catalog.get(d.character.catalogId)?.name ?? d.character.catalogId;
      return `${actor} registers a deck led by ${character} (${d.main.length} main, ${d.extra.length} extra)`;
    }
    case 'FirstPlayerChosen': {
      const f = p as E.FirstPlayerChosen;
      const rolls = f.rolls?.length ? ` (${f.rolls.map((r) => `${whoIn(before, r.player)} rolled ${r.result}`).join(', ')})` : '';
      return `${whoIn(before, f.firstPlayer)} goes first by ${f.method === 'dieRoll' ? 'die roll' : f.method}${rolls}`;
    }
    case 'GameStarted':
      return 'The game starts: both Characters in place with 4000 HP and 0 N';
    case 'OpeningHandDrawn':
      return `${actor} draws an opening hand of ${(p as E.OpeningHandDrawn).cardIds.length} cards`;
    case 'Mulligan': {
      const n = (p as E.Mulligan).cardIds.length;
      const next = after();
      const start = next.stage === 'playing' ? `; turn 1 begins: ${whoIn(next, next.turnPlayer)}'s N Phase (${next.players[next.turnPlayer!].n} N)` : '';
      return `${n === 0 ? `${actor} keeps their hand` : `${actor} puts ${plural(n, 'card')} under the deck and draws ${n}`}${start}`;
    }
    case 'AdvancePhase':
      return `${actor} moves to the ${PHASE_NAMES[after().phase ?? 'n']}`;
    case 'DrawForTurn':
      return p.cardId ? `${actor} draws a card for the turn` : `${actor} has no card to draw`;
    case 'PlayCard': {
      const play = p as E.PlayCard;
      const entry = cardOf(before, play.cardId) && catalogOf(before, cardOf(before, play.cardId)!);
      const cost = play.costOverride?.amount ?? entry?.nCost ?? 0;
      const where = play.destination === undefined ? '' : ` into ${placeName(play.destination, before)}`;
      const stacked = entry && (entry.type === 'Skill' || entry.pray) ? `; ${whoIn(before, other(event.player as Seat))} may respond` : '';
      return `${actor} plays ${cardName(before, play.cardId)} for ${cost} N${where}${stacked}`;
    }
    case 'ActivateAbility':
      return `${actor} uses ${cardName(before, p.cardId)}'s ${p.abilityId}`;
    case 'PassPriority': {
      const top = before.stack[before.stack.length - 1];
      if (!top) return `${actor} passes`;
      const what = top.kind === 'attack' ? `${cardName(before, top.cardId)}'s attack` : top.kind === 'ability' ? `${cardName(before, top.cardId)}'s ${top.abilityId}` : cardName(before, top.cardId);
      return `${actor} passes; ${what} resolves`;
    }
    case 'SellCard': {
      const seat = event.player as Seat;
      const sold = `${actor} sells ${cardName(before, p.cardId)}`;
      const n = before.players[seat].n;
      return `${sold} for ${after().players[seat].n - n} N`;
    }
    case 'DeclareAttack': {
      const a = p as E.DeclareAttack;
      const how = a.using === 'atk' ? 'its ATK' : a.using;
      return `${ownedName(before, a.attackerId)} attacks${a.immediate ? ' immediately' : ''} with ${how}`;
    }
    case 'DeclareDefenders': {
      const ids = (p as E.DeclareDefenders).defenderIds;
      return ids.length === 0 ? `${actor} does not defend` : `${actor} defends with ${list(ids.map((id) => cardName(before, id)))}`;
    }
    case 'AssignDamage': {
      const a = p as E.AssignDamage;
      const defending = before.battle ? whoIn(before, other(before.battle.attackingSeat)) : 'the defender';
      const total = before.battle ? battleDamage(before, before.battle) : 0;
      const parts = Object.entries(a.shares).map(([id, v]) => `${v} to ${cardName(before, id)}`);
      if (a.toCharacter > 0) parts.push(`${a.toCharacter} pierces to ${defending}'s Character`);
      return `${total} damage: ${parts.length ? list(parts) : 'nothing lands'}`;
    }
    case 'ResolveBattle': {
      const b = before.battle;
      if (!b) return 'The battle resolves';
      const { attackerId, declaredDefenders } = b;
      const defending = other(b.attackingSeat);
      const defender = whoIn(before, defending);
      const attacker = cardName(before, attackerId);
      const defenders = b.defenders.map((id) => ({ id, name: cardName(before, id) }));
      const hp = before.players[defending].hp;
      const next = after();
      const lost = hp - next.players[defending].hp;
      const destroyed = defenders.filter(({ id }) => cardOf(next, id)?.zone === 'graveyard').map(({ name }) => name);
      const survived = defenders.filter(({ id }) => cardOf(next, id)?.zone !== 'graveyard').map(({ name }) => name);
      const parts = [
        ...(destroyed.length ? [`${list(destroyed)} ${destroyed.length === 1 ? 'is' : 'are'} destroyed`] : []),
        ...(survived.length ? [`${list(survived)} ${survived.length === 1 ? 'survives' : 'survive'}`] : []),
        ...(lost > 0 || !declaredDefenders ? [`${lost} damage to ${defender}'s Character (${Math.max(0, next.players[defending].hp)} HP)`] : []),
      ];
      const rebound = cardOf(next, attackerId)?.zone === 'hand' ? `; ${attacker} rebounds to hand` : '';
      return `${attacker}'s attack resolves: ${parts.join('; ')}${rebound}`;
    }
    case 'DiscardToHandLimit':
      return `${actor} discards ${list((p as E.DiscardToHandLimit).cardIds.map((id) => cardName(before, id)))} down to 8 cards`;
    case 'EndTurn': {
      const ended = `${actor} ends turn ${before.turn}`;
      const turn = before.turn;
      const next = after();
      if (next.turn === turn) return `${ended}; Burn damage ends the game`;
      return `${ended}; turn ${next.turn}: ${whoIn(next, next.turnPlayer)}'s N Phase (${next.players[next.turnPlayer!].n} N)`;
    }
    case 'Concede':
      return `${actor} concedes`;
    case 'CardsPutInGraveyard':
      return (p as E.CardsPutInGraveyard).cards
        .map((c) => `${ownedName(before, c.cardId)} goes to the graveyard (${c.reason === 'hpZero' ? 'HP 0' : 'its host left'})`)
        .join('; ');
    case 'GameEnded': {
      const g = p as E.GameEnded;
      if (g.draw) return "Draw: both Characters reached 0 HP";
      const loser = whoIn(before, other(g.winner!));
      const why = g.reason === 'hp' ? `${loser}'s Character is at 0 HP` : g.reason === 'deckOut' ? `${loser} could not draw` : `${loser} conceded`;
      return `${whoIn(before, g.winner)} wins: ${why}`;
    }
    case 'MoveCard': {
      // A card moving between two hidden zones (deck, hand, Extra Deck) stays unnamed.
      const unseen = HIDDEN_ZONES.has(p.from) && HIDDEN_ZONES.has(p.to);
      const what = unseen ? `${whoIn(before, cardOf(before, p.cardId)?.owner)}'s card` : ownedName(before, p.cardId);
      return `${source}${what} moves from ${placeName(p.from, before)} to ${placeName(p.to, before)}`;
    }
    case 'DealDamage': {
      const d = p as E.DealDamage;
      if ('character' in d.target) {
        const seat = d.target.character;
        const dealt = `${source}${d.amount} damage to ${whoIn(before, seat)}'s Character`;
        return `${dealt} (${Math.max(0, after().players[seat].hp)} HP)`;
      }
      const dealt = `${source}${d.amount} damage to ${ownedName(before, d.target.card)}`;
      return `${dealt}${cardOf(after(), d.target.card)?.zone === 'graveyard' ? ', destroyed' : ''}`;
    }
    case 'ChangeHP': {
      const changed = `${source}${whoIn(before, p.player)}'s Character ${p.delta >= 0 ? 'gains' : 'loses'} ${Math.abs(p.delta)} HP`;
      return `${changed} (${Math.max(0, after().players[p.player as Seat].hp)} HP)`;
    }
    case 'ModifyStat':
      return `${source}${ownedName(before, p.cardId)} ${p.delta >= 0 ? '+' : ''}${p.delta} ${p.stat.toUpperCase()} (${durationName(p.duration)})`;
    case 'ModifyBattleDamage':
      return `${source}battle damage ${p.delta >= 0 ? '+' : ''}${p.delta}`;
    case 'GrantAttackProperty':
      return `${source}the attack ${p.property === 'pierce' ? 'gains Pierce' : 'cannot be prevented'}`;
    case 'GrantKeyword':
      return `${source}${ownedName(before, p.cardId)} gains ${p.keyword}${p.value !== undefined ? ` ${p.value}` : ''} (${durationName(p.duration)})`;
    case 'RemoveKeyword':
      return `${source}${ownedName(before, p.cardId)} loses ${p.keyword} (${durationName(p.duration)})`;
    case 'SetStatus':
      if (p.status === 'burn') return `${source}${ownedName(before, p.cardId)} takes Burn ${p.params?.amount ?? 0} (${durationName(p.duration)})`;
      return `${source}${ownedName(before, p.cardId)} is ${STATUS_WORDS[p.status] ?? p.status} (${durationName(p.duration)})`;
    case 'ClearStatus':
      return `${source}${ownedName(before, p.cardId)} is no longer ${p.status === 'burn' ? 'Burned' : (STATUS_WORDS[p.status] ?? p.status)}`;
    case 'ChangeN':
      return `${source}${whoIn(before, p.player)} ${p.delta >= 0 ? 'gains' : 'spends'} ${Math.abs(p.delta)} N`;
    case 'ChangeCounter': {
      const owner = 'player' in p.owner ? whoIn(before, p.owner.player) : ownedName(before, p.owner.card);
      return `${source}${owner} ${p.delta >= 0 ? 'gains' : 'spends'} ${Math.abs(p.delta)} ${p.counter}`;
    }
    case 'DrawCards':
      return `${source}${whoIn(before, p.player)} draws ${plural(p.cardIds.length, 'card')}${p.cardIds.length < p.count ? ` (of ${p.count}; the deck ran out)` : ''}`;
    case 'DestroyCard':
      return `${source}${ownedName(before, p.cardId)} is destroyed`;
    case 'NegateStackItem':
      return `${source}${cardName(before, p.cardId)} is negated`;
    case 'TransformCard':
      return `${source}${ownedName(before, p.cardId)} transforms into ${before.catalog.get(p.intoCatalogId)?.name ?? p.intoCatalogId}`;
    case 'CreateSpecialSlot':
      return `${source}${whoIn(before, p.player)} gains Special Slot ${p.slotId} (${p.capacity})`;
    case 'RemoveSpecialSlot':
      return `${source}${whoIn(before, p.player)} loses Special Slot ${p.slotId}`;
    case 'RecordAbilityUse':
      return `${source}${ownedName(before, p.cardId)}'s ${p.abilityId} triggers`;
    case 'RollDie':
      return `${source}${whoIn(before, p.player)} rolls ${p.result} for ${p.purpose}`;
    case 'RevealCards':
      return `${source}${whoIn(before, p.player)} reveals ${list((p.cardIds as string[]).map((id) => cardName(before, id)))}`;
    case 'LookAtCards':
      return `${source}${whoIn(before, p.player)} looks at ${plural(p.cardIds.length, 'card')}`;
    case 'ShuffleZone':
      return `${source}${whoIn(before, p.player)} shuffles their ${p.zone === 'deck' ? 'deck' : 'Extra Deck'}`;
    case 'Note':
      return `Note: ${p.text}`;
    default:
      return `${event.type}`;
  }
}

// Names as a line says them, read from `state`: module functions rather than closures made afresh
// for every line (the projector describes every event it folds, and those closures were a sixth of
// what describing allocated).
function whoIn(state: BfbState, seat: unknown): string {
  return isSeat(seat) ? state.players[seat].name : String(seat);
}

/** A card's catalog name, or its id when the state does not know it. */
function cardName(state: BfbState, id: string): string {
  const c = cardOf(state, id);
  return c ? catalogOf(state, c).name : id;
}

/** "Alice's Kesra": a card with its owner's name. */
function ownedName(state: BfbState, id: string): string {
  const c = cardOf(state, id);
  return c ? `${whoIn(state, c.owner)}'s ${cardName(state, id)}` : id;
}

const PLACE_NAMES: Record<string, string> = {
  mercenary: 'a Mercenary slot',
  artifact: 'an Artifact slot',
  skill: 'a Skill slot',
  item: 'the Item slot',
  offHand: 'the Off-Hand slot',
  extraZone: 'the Extra Zone',
  hand: 'hand',
  deck: 'the deck',
  extraDeck: 'the Extra Deck',
  graveyard: 'the graveyard',
  removedFromGame: 'out of the game',
  sealed: 'the Sealed area',
  hideaway: 'Hideaway',
};

function placeName(place: unknown, state: BfbState): string {
  if (typeof place === 'string') return PLACE_NAMES[place] ?? place;
  const p = place as Record<string, string>;
  if (p['host']) return `${cardName(state, p['host'])} (hosted)`;
  if (p['special']) return `Special Slot ${p['special']}`;
  if (p['maintain']) return `Maintain in ${cardName(state, p['maintain'])}`;
  return JSON.stringify(place);
}

const STATUS_WORDS: Record<string, string> = {
  stun: 'Stunned',
  silence: 'Silenced',
  deep: 'Deep',
  flipped: 'flipped',
  ready: 'Ready',
  playableThisTurn: 'playable this turn',
};

function durationName(duration: unknown): string {
  if (typeof duration === 'string') return duration === 'thisTurn' ? 'this turn' : duration === 'thisBattle' ? 'this battle' : 'permanent';
  const d = duration as E.Duration & object;
  if ('untilEndOfTurnOf' in d) return `until the end of ${d.untilEndOfTurnOf.player}'s ${d.untilEndOfTurnOf.occurrence} turn`;
  return 'while its source stays on the field';
}
