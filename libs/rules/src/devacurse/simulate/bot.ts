import type { BlessingCost, DvCard, DvEffect, LogEvent } from '@cardlog/events';
import { DV_ELEMENTS } from '@cardlog/events';
import type { Prng } from '../../prng';
import { SIM_PLAYS } from '../catalog';
import { cenotaphCanPay, pickGuardians } from '../costs';
import {
  BlessingKind,
  CardRow,
  DvState,
  Pool,
  Seat,
  cardOf,
  catalogCard,
  currentAp,
  currentAt,
  currentDf,
  heroesOf,
  isGone,
  living,
  playerOf,
  soldiersOf,
} from '../state';

/** What the bot needs besides the state: each Deva's Universe in shuffled order. */
export interface BotContext {
  readonly rng: Prng;
  readonly order: ReadonlyMap<Seat, readonly string[]>;
}

type Action = LogEvent;
const act = (type: string, player: Seat, payload: Record<string, unknown> = {}): Action => ({ type, player, payload });

const card = (s: DvState, id: string) => cardOf(s, id)!;
const cat = (s: DvState, id: string) => catalogCard(s, card(s, id));

/**
 * The next cards of a Universe: those an effect put on top, then the rest in the simulator's
 * shuffled order, then those put at the bottom (§12.00).
 */
export function topCards(s: DvState, ctx: BotContext, seat: Seat, n: number): string[] {
  const p = playerOf(s, seat)!;
  const known = new Set([...p.universeTop, ...p.universeBottom]);
  const order = ctx.order.get(seat) ?? [];
  const listed = new Set(order);
  const inUniverse = new Set(p.universe);
  const middle = [...order.filter((id) => inUniverse.has(id) && !known.has(id)), ...p.universe.filter((id) => !listed.has(id) && !known.has(id))];
  return [...p.universeTop, ...middle, ...p.universeBottom].slice(0, n);
}

/** One legal action for whoever must act now (the state is past Turn Origin and not over). */
export function nextAction(s: DvState, ctx: BotContext): Action {
  if (s.due) return dueAction(s, ctx, s.due.kind, s.due.player);
  const c = s.cursor;
  if (c.loop === 'draw') {
    const seat = s.players.find((p) => !p.eliminated && !p.drewThisTurn)!.seat;
    const size = playerOf(s, seat)!.universe.length;
    if (size === 0) return act('SkipDraw', seat, { reason: 'universeEmpty' });
    const count = Math.min(size, playerOf(s, seat)!.hand.length < 5 ? 2 : ctx.rng.chance(0.5) ? 2 : 1);
    return act('DrawCards', seat, { count, cardIds: topCards(s, ctx, seat, count) });
  }
  if (c.part === 'blessMaking') return blessMaking(s, ctx, c.owner!);
  if (c.loop === 'endTurn') {
    const holder = s.orderHolder!;
    const hand = playerOf(s, holder)!.hand;
    if (hand.length > 7) return act('DiscardToHandLimit', holder, { cardIds: hand.slice(0, hand.length - 7) });
    return act('EndTurn', holder);
  }
  return windowAction(s, ctx, s.priority!.holder);
}

function blessMaking(s: DvState, ctx: BotContext, seat: Seat): Action {
  const me = playerOf(s, seat)!;
  if (me.prayersPlaced === 0 && me.hand.length > 0 && (me.temple.length < 7 || ctx.rng.chance(0.3))) {
    // Pray with what is least useful to call now: a surplus copy, heroes only when two are in hand.
    const heroes = me.hand.filter((id) => cat(s, id).type === 'hero');
    const others = me.hand.filter((id) => cat(s, id).type !== 'hero');
    const pool = others.length > 0 ? others : heroes;
    const pick = [...pool].sort((a, b) => costOf(cat(s, a)) - costOf(cat(s, b)))[pool.length > 2 ? pool.length - 1 : 0]!;
    const faceUp = cat(s, pick).elements.length > 0 && ctx.rng.chance(0.8);
    return act('PlacePrayer', seat, { cardId: pick, faceUp });
  }
  return act('EndBlessMaking', seat);
}

function costOf(c: DvCard): number {
  const b = c.blessingCost;
  if (!b) return 10;
  return b.generic + DV_ELEMENTS.reduce((n, e) => n + (b[e] ?? 0), 0);
}

// ---- blessing and payment ----------------------------------------------------------------------

type Source = { prayerId: string; kinds: BlessingKind[] };

function sources(s: DvState, seat: Seat): Source[] {
  return playerOf(s, seat)!.temple
    .map((id) => card(s, id))
    .filter((c) => c.mode === 'prompt')
    .map((c) => ({ prayerId: c.iid, kinds: c.faceUp && catalogCard(s, c).elements.length > 0 ? [...catalogCard(s, c).elements] : ['colorless' as BlessingKind] }));
}

/** An exact payment from the pool alone, or null. */
export function paymentFrom(cost: BlessingCost | undefined, pool: Pool): { slot: string; with: BlessingKind }[] | null {
  const left: Record<string, number> = { ...pool };
  const out: { slot: string; with: BlessingKind }[] = [];
  const c = cost ?? { generic: 0 };
  for (const e of DV_ELEMENTS) {
    for (let i = 0; i < (c[e] ?? 0); i++) {
      if (left[e]! <= 0) return null;
      left[e]! -= 1;
      out.push({ slot: e, with: e });
    }
  }
  for (let i = 0; i < c.generic; i++) {
    const kind = (['colorless', ...DV_ELEMENTS] as BlessingKind[]).find((k) => left[k]! > 0);
    if (!kind) return null;
    left[kind]! -= 1;
    out.push({ slot: 'generic', with: kind });
  }
  return out;
}

/** Could pool plus prompt prayers pay it? If so, the prayer to deplete next (null: the pool suffices). */
function productionFor(s: DvState, seat: Seat, cost: BlessingCost | undefined): { ok: boolean; produce?: { prayerId: string; element?: string } } {
  const pool = playerOf(s, seat)!.pool;
  if (paymentFrom(cost, pool)) return { ok: true };
  const c = cost ?? { generic: 0 };
  const srcs = sources(s, seat);
  const left: Record<string, number> = { ...pool };
  const used = new Set<string>();
  let first: { prayerId: string; element?: string } | undefined;
  const take = (kind: BlessingKind | null): boolean => {
    if (kind && left[kind]! > 0) {
      left[kind]! -= 1;
      return true;
    }
    if (!kind) {
      const k = (['colorless', ...DV_ELEMENTS] as BlessingKind[]).find((x) => left[x]! > 0);
      if (k) {
        left[k]! -= 1;
        return true;
      }
    }
    const src = srcs.filter((x) => !used.has(x.prayerId)).sort((a, b) => (a.kinds[0] === 'colorless' ? -1 : 0) - (b.kinds[0] === 'colorless' ? -1 : 0)).find((x) => (kind ? x.kinds.includes(kind) : true));
    if (!src) return false;
    used.add(src.prayerId);
    if (!first) first = { prayerId: src.prayerId, ...(src.kinds.length > 1 ? { element: kind && kind !== 'colorless' ? kind : src.kinds[0] } : {}) };
    return true;
  };
  for (const e of DV_ELEMENTS) for (let i = 0; i < (c[e] ?? 0); i++) if (!take(e)) return { ok: false };
  for (let i = 0; i < c.generic; i++) if (!take(null)) return { ok: false };
  return first ? { ok: true, produce: first } : { ok: true };
}

// ---- targets -----------------------------------------------------------------------------------

function opponents(s: DvState, seat: Seat): Seat[] {
  return living(s).filter((x) => x !== seat);
}

function weakestOpponent(s: DvState, ctx: BotContext, seat: Seat): Seat {
  const opp = opponents(s, seat);
  const min = Math.min(...opp.map((x) => playerOf(s, x)!.faith));
  return ctx.rng.pick(opp.filter((x) => playerOf(s, x)!.faith === min));
}

function targetsFor(s: DvState, ctx: BotContext, seat: Seat, c: DvCard): { card: string }[] | { player: string }[] | null | undefined {
  const play = SIM_PLAYS.get(c.id);
  if (c.targetCount === undefined) return undefined;
  switch (play) {
    case 'damage': {
      const foes = opponents(s, seat).flatMap((o) => [...soldiersOf(s, o), ...heroesOf(s, o)]);
      if (foes.length === 0) return null;
      const lethal = foes.find((f) => (catalogCard(s, f).type === 'soldier' ? f.damage + 2 > currentDf(s, f) : f.damage + 2 >= currentAp(s, f)));
      return [{ card: (lethal ?? ctx.rng.pick(foes)).iid }];
    }
    case 'burnFaith':
      return [{ player: weakestOpponent(s, ctx, seat) }];
    case 'empower': {
      const mine = [...soldiersOf(s, seat), ...heroesOf(s, seat)];
      return mine.length ? [{ card: ctx.rng.pick(mine).iid }] : null;
    }
    case 'mend': {
      const hurt = [...soldiersOf(s, seat), ...heroesOf(s, seat)].filter((x) => x.damage > 0);
      return hurt.length ? [{ card: hurt[0]!.iid }] : null;
    }
    case 'returnTop':
    case 'seize': {
      const foes = opponents(s, seat).flatMap((o) => soldiersOf(s, o));
      if (foes.length === 0) return null;
      return [{ card: [...foes].sort((a, b) => currentAt(s, b) - currentAt(s, a))[0]!.iid }];
    }
    case 'bindGuardian': {
      const dead = playerOf(s, seat)!.cenotaph;
      return heroesOf(s, seat).length && dead.length ? [{ card: ctx.rng.pick(dead) }] : null;
    }
    case 'severGuardian': {
      const guarded = opponents(s, seat).flatMap((o) => heroesOf(s, o)).filter((h) => h.guardians.length > 0);
      return guarded.length ? [{ card: ctx.rng.pick(guarded).iid }] : null;
    }
    case 'equip': {
      const mine = soldiersOf(s, seat);
      return mine.length ? [{ card: ctx.rng.pick(mine).iid }] : null;
    }
    default:
      return null;
  }
}

/** Costs printed besides the blessing (§6.2): the Covenant discards another card of the hand. */
function additionalCostsFor(s: DvState, seat: Seat, cardId: string, c: DvCard): DvEffect[] | null | undefined {
  if (SIM_PLAYS.get(c.id) !== 'seize') return undefined;
  const other = playerOf(s, seat)!.hand.find((id) => id !== cardId);
  return other ? [{ type: 'DiscardCards', player: seat, cardIds: [other] }] : null;
}

// ---- windows -----------------------------------------------------------------------------------

function windowAction(s: DvState, ctx: BotContext, seat: Seat): Action {
  const c = s.cursor;
  const own = c.owner === seat;
  const me = playerOf(s, seat)!;
  if (own && s.knot.length === 0 && c.phase === 'heroCalling') {
    for (const id of me.hand) {
      const hc = cat(s, id);
      if (hc.type === 'hero' && cenotaphCanPay(s, me.cenotaph, hc.guardianCost!.lv1)) return act('CallHero', seat, { cardId: id });
    }
    for (const hero of heroesOf(s, seat)) {
      const hc = catalogCard(s, hero);
      if (hero.level === 1 && hero.enteredTurn < s.turn && cenotaphCanPay(s, me.cenotaph, hc.guardianCost!.lv2)) return act('DeclareUpgrade', seat, { heroId: hero.iid });
    }
  }
  const mainWindow = own && s.knot.length === 0 && (c.phase === 'soldierCalling' || c.phase === 'heroCalling');
  const flashWindow = s.knot.length < 2 && ctx.rng.chance(own ? 0.25 : 0.1);
  if (mainWindow || flashWindow) {
    const candidates: { id: string; from: 'hand' | 'temple' }[] = [
      ...me.hand.map((id) => ({ id, from: 'hand' as const })),
      ...me.temple.filter((id) => !card(s, id).faceUp && card(s, id).mode === 'prompt').map((id) => ({ id, from: 'temple' as const })),
    ];
    for (const { id, from } of candidates) {
      const cc = cat(s, id);
      if (cc.type === 'hero') continue;
      const allowed = cc.flash || (mainWindow && (c.phase === 'soldierCalling' || cc.type === 'event'));
      if (!allowed) continue;
      const targets = targetsFor(s, ctx, seat, cc);
      if (targets === null) continue;
      const additionalCosts = additionalCostsFor(s, seat, id, cc);
      if (additionalCosts === null) continue;
      const plan = productionFor(s, seat, cc.blessingCost);
      if (!plan.ok) continue;
      // A face-down prayer cannot pay for its own call (DV-R9).
      if (plan.produce?.prayerId === id) continue;
      if (plan.produce) return act('ProduceBlessing', seat, plan.produce);
      const payment = paymentFrom(cc.blessingCost, me.pool)!;
      return act('CallCard', seat, { cardId: id, from, ...(targets ? { targets } : {}), payment, ...(additionalCosts ? { additionalCosts } : {}) });
    }
  }
  return act('PassPriority', seat);
}

// ---- declarations and resolutions ------------------------------------------------------------

function dueAction(s: DvState, ctx: BotContext, kind: string, seat: Seat): Action {
  switch (kind) {
    case 'ResolveKnotTop':
      return resolveTop(s, ctx, seat);
    case 'DeclareSoldierAttack': {
      const ready = soldiersOf(s, seat).filter((x) => x.mode === 'prompt');
      const defender = weakestOpponent(s, ctx, seat);
      const attackers = ready.filter(() => ctx.rng.chance(0.85)).map((x) => x.iid);
      return act('DeclareSoldierAttack', seat, { defender, attackers });
    }
    case 'DeclareBlockers': {
      const combat = s.combat!;
      const me = playerOf(s, seat)!;
      const free = [...soldiersOf(s, seat), ...heroesOf(s, seat)].filter((x) => x.mode === 'prompt');
      const blocks: { blockerId: string; attackerId: string }[] = [];
      for (const ref of combat.attackers) {
        if (isGone(s, ref)) continue;
        const attacker = card(s, ref.iid);
        const at = currentAt(s, attacker);
        const i = free.findIndex((b) => survives(s, b, at) || me.faith <= 8);
        if (i >= 0 && ctx.rng.chance(0.8)) blocks.push({ blockerId: free.splice(i, 1)[0]!.iid, attackerId: ref.iid });
      }
      return act('DeclareBlockers', seat, { blocks });
    }
    case 'PlaceCombatDamage': {
      const combat = s.combat!;
      const divisions: { attackerId: string; blockerId: string; amount: number }[] = [];
      if (combat.kind === 'soldier') {
        for (const ref of combat.attackers) {
          if (isGone(s, ref)) continue;
          const blockers = combat.blocks.filter((b) => b.attacker.iid === ref.iid && !isGone(s, b.blocker));
          if (blockers.length < 2) continue;
          const at = currentAt(s, card(s, ref.iid));
          blockers.forEach((b, i) => divisions.push({ attackerId: ref.iid, blockerId: b.blocker.iid, amount: i === 0 ? at : 0 }));
        }
      }
      return act('PlaceCombatDamage', seat, divisions.length ? { divisions } : {});
    }
    case 'DeclareHeroAttack': {
      const hero = heroesOf(s, seat).find((h) => h.mode === 'prompt');
      if (!hero || ctx.rng.chance(0.1)) return act('EndHeroAttacks', seat);
      const target = heroTarget(s, ctx, seat, hero);
      return target ? act('DeclareHeroAttack', seat, { heroId: hero.iid, target }) : act('EndHeroAttacks', seat);
    }
  }
  throw new Error(`bot: nothing for ${kind}`);
}

function survives(s: DvState, blocker: CardRow, at: number): boolean {
  return catalogCard(s, blocker).type === 'soldier' ? blocker.damage + at <= currentDf(s, blocker) : blocker.damage + at < currentAp(s, blocker);
}

function heroTarget(s: DvState, ctx: BotContext, seat: Seat, hero: CardRow): { card: string } | { player: string } | null {
  const at = currentAt(s, hero);
  for (const o of ctx.rng.shuffle(opponents(s, seat))) {
    const soldiers = soldiersOf(s, o);
    const heroes = heroesOf(s, o);
    if (soldiers.length === 0 && heroes.length === 0) return { player: o };
    if (soldiers.length > 0) {
      // Prefer a soldier it kills and that hits back least.
      const kill = soldiers.filter((x) => x.damage + at > currentDf(s, x)).sort((a, b) => (a.mode === 'rest' ? -1 : 0) - (b.mode === 'rest' ? -1 : 0));
      if (kill.length) return { card: kill[0]!.iid };
      continue;
    }
    const safe = heroes.filter((x) => x.mode === 'rest' || currentAt(s, x) + hero.damage < currentAp(s, hero));
    if (safe.length) return { card: safe[0]!.iid };
  }
  return null;
}

function resolveTop(s: DvState, ctx: BotContext, seat: Seat): Action {
  const item = s.knot[s.knot.length - 1]!;
  if (item.kind === 'hero' || item.kind === 'upgrade') {
    const hc = catalogCard(s, card(s, item.card!.iid));
    const gc = hc.guardianCost![item.kind === 'hero' ? 'lv1' : 'lv2'];
    const guardians = pickGuardians(s, playerOf(s, seat)!.cenotaph, gc);
    return guardians ? act('ResolveKnotTop', seat, { guardians }) : act('ResolveKnotTop', seat, { outcome: 'cancel', cancelReason: 'guardians' });
  }
  const countered = item.targets.length > 0 && item.targets.every((t) => ('card' in t ? isGone(s, t.card) : !living(s).includes(t.player)));
  if (countered || item.kind !== 'card' || isGone(s, item.card!)) return act('ResolveKnotTop', seat);
  const effects = effectsOf(s, ctx, seat, item.card!.iid, item.targets);
  return act('ResolveKnotTop', seat, effects.length ? { effects } : {});
}

function effectsOf(s: DvState, ctx: BotContext, seat: Seat, iid: string, targets: DvState['knot'][number]['targets']): DvEffect[] {
  const c = cat(s, iid);
  const t = targets[0];
  const live = t && 'card' in t ? (!isGone(s, t.card) ? t.card.iid : null) : null;
  switch (SIM_PLAYS.get(c.id)) {
    case 'damage':
      return live ? [{ type: 'PlaceCounters', cardId: live, kind: 'damage', n: 2 }] : [];
    case 'burnFaith':
      return t && 'player' in t && living(s).includes(t.player) ? [{ type: 'ChangeFaith', player: t.player, delta: -3 }] : [];
    case 'empower':
      return live ? [{ type: 'ModifyStat', cardId: live, stat: 'at', delta: 2, until: 'endOfTurn' }] : [];
    case 'mend': {
      const dmg = live ? card(s, live).damage : 0;
      return live && dmg > 0 ? [{ type: 'RemoveCounters', cardId: live, kind: 'damage', n: Math.min(2, dmg) }] : [];
    }
    case 'draw': {
      const ids = topCards(s, ctx, seat, 1);
      return ids.length ? [{ type: 'DrawCards', player: seat, count: 1, cardIds: ids }] : [];
    }
    case 'returnTop':
      return live ? [{ type: 'MoveCard', cardId: live, to: { zone: 'universe' }, position: 'top' }] : [];
    case 'seize':
      return live ? [{ type: 'ChangeController', cardId: live, player: seat }] : [];
    case 'bindGuardian': {
      const hero = heroesOf(s, seat)[0];
      return live && hero ? [{ type: 'AttachGuardian', heroId: hero.iid, cardId: live }] : [];
    }
    case 'severGuardian': {
      const guardian = live ? card(s, live).guardians[0] : undefined;
      return live && guardian ? [{ type: 'DetachGuardian', heroId: live, cardId: guardian }] : [];
    }
    case 'equip':
      return live && ['soldierLine', 'heroLine'].includes(card(s, live).zone) ? [{ type: 'AttachCard', cardId: iid, to: live }] : [];
    default:
      return [];
  }
}
