import type { LogEvent } from '@cardlog/events';
import { words } from '../words';
import { DvState, cardOf, catalogCard, playerOf } from './state';

/** A combat step in words: `afterAttack` → "after attack step", `endStep` → "end step". */
export function stepWords(step: string): string {
  const w = words(step);
  return w.endsWith(' step') ? w : `${w} step`;
}

/** One readable English line per event, for replay step lists. */
export function describe(event: LogEvent, before: DvState): string {
  const p = (event.payload ?? {}) as any;
  const who = (seat: string | undefined) => (seat ? (playerOf(before, seat)?.name ?? seat) : 'someone');
  const actor = who(event.player);
  const name = (iid: string | undefined) => {
    const card = iid ? cardOf(before, iid) : undefined;
    return card ? catalogCard(before, card).name : (iid ?? 'a card');
  };
  const names = (ids: readonly string[] | undefined) => (ids && ids.length ? ids.map(name).join(', ') : 'nothing');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // "Kite Archer falls", "Kite Archer, Mist Runner fall".
  const verb = (ids: readonly string[], one: string, many: string) => `${names(ids)} ${ids.length === 1 ? one : many}`;
  switch (event.type) {
    case 'UniverseRegistered':
      return `${actor} registers a Universe of ${plural(p.cards?.length ?? 0, 'card')}`;
    case 'OrderLotDrawn':
      return `${who(p.winner)} wins the lot`;
    case 'FirstPlayerChosen':
      return `${actor} gives the first order to ${who(p.firstPlayer)}`;
    case 'DrawCards':
      return before.status === 'origin' ? `${actor} draws an opening hand of ${plural(p.count, 'card')}` : `${actor} draws ${plural(p.count, 'card')}`;
    case 'TurnBegan':
      return `Turn ${p.turn} begins; ${who(p.orderHolder)} holds the order`;
    case 'PromptLoopApplied':
      return `Prompt mode loop: everything readied${p.expired?.length ? `; ${verb(p.expired, 'expires', 'expire')}` : ''}`;
    case 'PassPriority':
      return `${actor} passes`;
    case 'SkipDraw':
      return `${actor} skips the draw (${p.reason === 'effect' ? 'prevented by an effect' : 'empty Universe'})`;
    case 'PhaseAdvanced': {
      // "On to the construction loop, calling part of Clara, post soldier calling phase".
      const of = p.owner ? ` of ${who(p.owner)}` : '';
      const where = [
        p.loop ? `the ${words(p.loop)} loop${p.part ? '' : of}` : '',
        p.part ? `${words(p.part)} part${of}` : '',
        p.phase ? `${words(p.phase)} phase` : '',
        p.step ? stepWords(p.step) : '',
      ].filter(Boolean);
      return `On to ${where.join(', ') || 'the next step'}${p.skipped ? ' (the part before was skipped: its Deva left)' : ''}`;
    }
    case 'BlessingLost':
      return `Unused blessing is lost (${(p.amounts ?? []).map((a: any) => `${who(a.player)} ${a.n} ${a.kind === 'colorless' ? 'colourless' : a.kind}`).join(', ')})`;
    case 'RefreshApplied':
      return `Refresh loop: soldier damage removed${p.destroyedHeroes?.length ? `; ${verb(p.destroyedHeroes, 'falls', 'fall')} for want of guardians` : ''}${p.healedHeroes?.length ? `; ${verb(p.healedHeroes, 'heals', 'heal')} 1` : ''}`;
    case 'FallBatchPlaced':
      return `${names((p.placed ?? []).map((x: any) => x.cardId))} ${p.placed?.length === 1 ? 'lands' : 'land'} in the Cenotaph${(p.placed ?? []).some((x: any) => x.to === 'blackHole') ? ' (heroes go on to the Black Hole)' : ''}`;
    case 'DiscardToHandLimit':
      return `${actor} discards ${names(p.cardIds)} down to 7`;
    case 'EndTurn':
      return `${actor} ends the turn`;
    case 'TurnEnded':
      return `The order passes to ${who(p.nextOrderHolder)}${p.automatic ? ' (the order holder has left the game)' : ''}`;
    case 'Concede':
      return `${actor} concedes`;
    case 'PlayerEliminated':
      return `${who(p.player)} leaves the game (${p.cause === 'faith' ? 'Faith ran out' : p.cause})`;
    case 'MatchEnded':
      return p.winner ? `${who(p.winner)} wins: the last Deva standing` : 'The match is a draw';
    case 'PlacePrayer':
      return `${actor} places ${p.faceUp ? name(p.cardId) : 'a card'} as a prayer, face ${p.faceUp ? 'up' : 'down'}`;
    case 'EndBlessMaking':
      return `${actor} ends Bless making`;
    case 'ProduceBlessing': {
      const prayer = cardOf(before, p.prayerId);
      const kind = prayer && prayer.faceUp && catalogCard(before, prayer).elements.length ? (p.element ?? catalogCard(before, prayer).elements[0]) : 'colourless';
      return `${actor} depletes a prayer for 1 ${kind} blessing`;
    }
    case 'CallCard':
      return `${actor} calls ${name(p.cardId)}${p.from === 'temple' ? ' from a face-down prayer' : ''}${p.targets?.length ? ` targeting ${p.targets.map((t: any) => (t.card ? name(t.card) : who(t.player))).join(', ')}` : ''}${p.additionalCosts?.length ? `, also paying ${p.additionalCosts.map((e: any) => effectLine(e, name, who)).join(', ')}` : ''}`;
    case 'CallHero':
      return `${actor} calls the hero ${name(p.cardId)}`;
    case 'DeclareUpgrade':
      return `${actor} declares the upgrade of ${name(p.heroId)} to LV2`;
    case 'AddGuardianFromPrayer':
      return `${actor} puts a prayer under ${name(p.heroId)} as a guardian`;
    case 'UseSkill':
      return `${actor} uses ${name(p.sourceId)}'s skill ${p.skillId}`;
    case 'TriggerAbility':
      return `${name(p.sourceId)}'s ability ${p.abilityId} triggers`;
    case 'ResolveKnotTop': {
      const top = before.knot[before.knot.length - 1];
      const what = top?.card ? name(top.card.iid) : top?.source ? `${name(top.source.iid)}'s ${top.abilityId}` : 'the top item';
      if (p.outcome === 'cancel') return `${what} is cancelled (${p.cancelReason})`;
      if (top?.kind === 'hero') return `${what} enters the Hero line with ${names(p.guardians)} as guardians`;
      if (top?.kind === 'upgrade') return `${what} reaches LV2 with ${names(p.guardians)} added as guardians`;
      return `${what} resolves${p.effects?.length ? `: ${p.effects.map((e: any) => effectLine(e, name, who)).join('; ')}` : ''}`;
    }
    case 'ApplyEffects':
      return `${name(p.cause?.static)}: ${(p.effects ?? []).map((e: any) => effectLine(e, name, who)).join('; ')}`;
    case 'DeclareSoldierAttack':
      return p.attackers?.length ? `${actor} attacks ${who(p.defender)} with ${names(p.attackers)}` : `${actor} declares no soldier attack`;
    case 'DeclareBlockers':
      return p.blocks?.length ? `${actor} blocks: ${p.blocks.map((b: any) => `${name(b.blockerId)} blocks ${name(b.attackerId)}`).join('; ')}` : `${actor} does not block`;
    case 'PlaceCombatDamage':
      return `${actor} places combat damage`;
    case 'CombatDamageTookEffect':
      return `Combat damage takes effect${(p.fpLoss ?? []).map((f: any) => `; ${who(f.player)} loses ${f.amount} Faith`).join('')}${p.destroyed?.length ? `; ${names(p.destroyed)} destroyed` : ''}`;
    case 'DeclareHeroAttack':
      return `${actor}'s ${name(p.heroId)} attacks ${p.target?.card ? name(p.target.card) : who(p.target?.player)}`;
    case 'EndHeroAttacks':
      return `${actor} ends hero attacks`;
    default:
      return event.type;
  }
}

const ZONE_NAMES: Readonly<Record<string, string>> = {
  hand: 'hand', universe: 'Universe', cenotaph: 'Cenotaph', blackHole: 'Black Hole', temple: 'Temple zone', devayard: 'Devayard', heroLine: 'Hero line', soldierLine: 'Soldier line',
};

/** A short phrase for one effect event (§12.4). */
function effectLine(e: any, name: (iid: string | undefined) => string, who: (seat: string | undefined) => string): string {
  const where = (to: any) => (to ? `${to.player ? `${who(to.player)}'s ` : ''}${ZONE_NAMES[to.zone] ?? to.zone}` : 'the Cenotaph');
  switch (e.type) {
    case 'MoveCard':
      return `${name(e.cardId)} to ${e.position && e.position !== 'random' ? `the ${e.position} of ` : ''}${where(e.to)}`;
    case 'DestroyCard':
      return `${name(e.cardId)} destroyed`;
    case 'PlaceCounters':
      return `${e.n} ${e.kind} on ${name(e.cardId)}`;
    case 'RemoveCounters':
      return `${e.n} ${e.kind} off ${name(e.cardId)}`;
    case 'ChangeFaith':
      return `${who(e.player)} ${e.delta > 0 ? 'gains' : 'loses'} ${Math.abs(e.delta)} Faith`;
    case 'AttachGuardian':
      return `${name(e.cardId)} becomes a guardian of ${name(e.heroId)}`;
    case 'DetachGuardian':
      return `${name(e.cardId)} leaves ${name(e.heroId)} for ${where(e.to)}`;
    case 'AttachCard':
      return `${name(e.cardId)} attached to ${name(e.to)}`;
    case 'DetachCard':
      return `${name(e.cardId)} detached`;
    case 'ChangeController':
      return `${who(e.player)} takes control of ${name(e.cardId)}`;
    case 'DiscardCards':
      return `${who(e.player)} discards ${e.cardIds.length === 1 ? name(e.cardIds[0]) : `${e.cardIds.length} cards`}`;
    case 'DrawCards':
      return `${who(e.player)} draws ${e.count}`;
    default:
      return e.type;
  }
}
