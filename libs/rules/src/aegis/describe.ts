import type { LogEvent } from '@cardlog/events';
import { endingWords, words } from '../words';
import { AgState, CardId, Seat, battleOutcome, drawCount, other } from './state';

export const STEP_NAMES: Readonly<Record<string, string>> = {
  S1: 'the Start Phase (S1 Refresh)',
  S2: 'S2 Aegis',
  S3: 'S3 other effects',
  draw: 'the Draw Phase',
  main: 'the Main Phase',
  battle: 'the Battle Phase',
  end: 'the End Phase',
};

/** One readable English line per event, from the state before it. Card names are public once played. */
export function describe(event: LogEvent, before: AgState): string {
  const p = (event.payload ?? {}) as any;
  const who = (seat: string | undefined) => (seat === 'p1' || seat === 'p2' ? before.players[seat].name : 'The system');
  const actor = who(event.player);
  const name = (id: CardId | undefined) => (id === undefined ? '?' : (before.cards.get(id)?.card.name ?? id));
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  switch (event.type) {
    case 'MatchCreated':
      return `The match is created (opening hand ${p.config?.openingHandSize}, win rule: ${words(p.config?.winRule ?? 'emptyPileHit')}).`;
    case 'DeckRegistered': {
      // "a fire/water deck", "an earth deck", "a deck" (no identity given).
      const identity = (p.identity ?? []).join('/');
      const deck = identity ? `${/^[aeiou]/i.test(identity) ? 'an' : 'a'} ${identity} deck` : 'a deck';
      return `${actor} registers ${deck} of ${count(p.main?.length ?? 0, 'card')} with ${count(p.aegis?.length ?? 0, 'Aegis card')}.`;
    }
    case 'FirstPlayerChosen':
      return `${who(p.firstPlayer)} goes first (${p.method}).`;
    case 'GameStarted':
      return 'The game starts: Aegis piles are set face down, Mana 6 each.';
    case 'OpeningHandDrawn':
      return `${actor} draws an opening hand of ${count(p.cardIds?.length ?? 0, 'card')}.`;
    case 'AdvanceStep': {
      const step = before.step ?? 'S1';
      if (step === 'end') return `${actor} ends the turn; Mana resets to 6 for both, and ${who(other(event.player as Seat))} begins turn ${before.turn + 1}.`;
      const order = ['S1', 'S2', 'S3', 'draw', 'main', 'battle', 'end'];
      return `${actor} moves to ${STEP_NAMES[order[order.indexOf(step) + 1]!]}.`;
    }
    case 'ResolveAegis': {
      // Most Aegis cards carry the word in their name ("Aegis of Deep Roots"); say it once.
      const aegis = name(p.aegisCardId);
      return `${actor}'s ${/\baegis\b/i.test(aegis) ? aegis : `Aegis ${aegis}`} takes effect and fades.`;
    }
    case 'DrawForTurn': {
      const short = (p.cardIds?.length ?? 0) < drawCount(before);
      return `${actor} draws ${count(p.cardIds?.length ?? 0, 'card')} for the turn${short ? ' and cannot complete the draw' : ''}.`;
    }
    case 'SummonUnit':
      return `${actor} summons ${name(p.cardId)}, discarding ${(p.discardIds ?? []).map(name).join(', ') || 'nothing'} for Rune.`;
    case 'PlaySupport':
      return `${actor} plays the Support ${name(p.cardId)}${p.replaceCardId ? `, replacing ${name(p.replaceCardId)}` : ''}.`;
    case 'PlaySpell': {
      const card = before.cards.get(p.cardId)?.card;
      return `${actor} casts ${name(p.cardId)} (${card?.spellType ?? 'spell'}, ${card?.manaCost ?? '?'} Mana).`;
    }
    case 'DeclareAttack':
      return `${actor}'s ${name(p.attackerId)} attacks ${p.target?.kind === 'aegis' ? `${who(other(event.player as Seat))}'s Aegis` : name(p.target?.cardId)}.`;
    case 'PassStep':
      return `${actor} passes${before.battle ? ` (${words(before.battle.step)})` : ''}.`;
    case 'DeclareBlocker':
      return `${actor} blocks with ${name(p.blockerId)}.`;
    case 'ResolveBattle': {
      const battle = before.battle;
      if (!battle) return `${actor} resolves the battle.`;
      const outcome = battleOutcome(before, battle);
      const defender = who(other(battle.attacker));
      switch (outcome.kind) {
        case 'none':
          return 'The battle ends with no result.';
        case 'clash':
          return outcome.destroyed.length ? `The battle resolves: ${outcome.destroyed.map(name).join(' and ')} destroyed.` : 'The battle resolves: equal power, neither unit is destroyed.';
        case 'break':
          return `The attack succeeds: Aegis Break, ${defender}'s ${name(p.brokenAegisId)} turns Active.`;
        case 'emptyPile':
          return `The attack succeeds against ${defender}'s empty Aegis pile.`;
      }
      return 'The battle resolves.';
    }
    case 'Concede':
      return `${actor} concedes.`;
    case 'GameEnded':
      return p.draw ? `The game ends in a draw (${endingWords(p.reason, 'aegis')}).` : `${who(p.winner)} wins (${endingWords(p.reason, 'aegis')}).`;
    case 'MoveCard':
      return `${name(p.cardId)} moves from ${p.from} to ${p.to}${p.position && p.position !== 'any' ? ` (${p.position})` : ''}.`;
    case 'DrawCards':
      return `${who(p.player)} draws ${count(p.cardIds?.length ?? 0, 'card')} (effect of ${name(p.sourceCardId === 'rule' ? undefined : p.sourceCardId)}).`;
    case 'DestroyUnit':
      return `${name(p.cardId)} is destroyed.`;
    case 'ModifyPower':
      return `${name(p.cardId)} gets ${p.delta >= 0 ? '+' : ''}${p.delta} power (${p.duration}).`;
    case 'SetUnitReady':
      return `${name(p.cardId)} becomes ${p.ready ? 'Ready' : 'Rested'}.`;
    case 'ChangeMana':
      return `${who(p.player)} ${p.delta >= 0 ? 'gains' : 'loses'} ${Math.abs(p.delta)} Mana.`;
    case 'BreakAegis':
      return `${count(p.count, 'Aegis Break')} against ${who(p.player)}.`;
    case 'NegateAttack':
      return 'The attack is negated.';
    case 'ShuffleZone':
      return `${who(p.player)} shuffles their ${p.zone === 'aegis' ? 'Aegis pile' : 'deck'}.`;
    case 'RevealCards':
      return `${who(p.player)} reveals ${count(p.cardIds?.length ?? 0, 'card')}.`;
    case 'LookAtCards':
      return `${who(p.player)} looks at ${count(p.cardIds?.length ?? 0, 'card')}.`;
    case 'Note':
      return `Note: ${p.text}`;
    default:
      return `${event.type}.`;
  }
}
