import type { DvCard, DvEffect, LogEvent } from '@cardlog/events';
import { BatchBox, destroyCard, heroLeaves, runChecks } from './destroy';
import { Draft } from './draft';
import { runEffects } from './effects';
import { endsPhase, enter } from './flow';
import {
  BlessingKind,
  CardRow,
  Cursor,
  DvState,
  EMPTY_POOL,
  FallBatch,
  KnotItem,
  ObjectRef,
  Priority,
  TargetRef,
  Pool,
  Step,
  Until,
  catalogCard,
  cursorAt,
  effectiveOrderHolder,
  entersBattlefield,
  hasFlag,
  inArena,
  isGone,
  isLiving,
  nextLiving,
  refOf,
} from './state';

const PHASE_END: ReadonlySet<Until> = new Set(['endOfPhase']);
const TURN_END: ReadonlySet<Until> = new Set(['endOfPhase', 'endOfTurn']);
const PROMPT: ReadonlySet<Until> = new Set(['untilNextPromptLoop']);

type P = any;

/**
 * Applies one event. Never throws on a recorded fact: an event that does not fit the state changes
 * what it can and leaves the rest (a stored event is a fact; decide is where rules are enforced).
 * The rules are `applyEvent`, run on a copy-on-write Draft, so the state handed in stays a value.
 */
export function evolve(state: DvState, event: LogEvent): DvState {
  const known = FOLDED.get(event);
  if (known !== undefined) {
    // Used once: a document that keeps its events (the simulator's) must not keep every state too.
    FOLDED.delete(event);
    if (known.from === state) return known.to;
  }
  try {
    const d = new Draft(state);
    return applyEvent(d, event) ? d.s : state;
  } catch {
    return state;
  }
}

/**
 * The states `decide` already folded each event it returned through, by event object: `replay`
 * and `record` fold those same objects right after, and get the state back instead of applying
 * the event twice. An entry is dropped at the first fold of its event: kept, it held every state a
 * simulated game went through for as long as its document lived (hundreds of MB for the bench's
 * 200 games), and the V8 allocation sites that built those states learned to put what they build
 * straight into the old generation, the in-place fold's short-lived objects too (its replay ran at
 * half speed after a simulation in the same process).
 */
const FOLDED = new WeakMap<LogEvent, { readonly from: DvState; readonly to: DvState }>();

/** Folds an event and remembers the result for the next fold of the same event from the same state. */
export function evolveAndRemember(state: DvState, event: LogEvent): DvState {
  const to = evolve(state, event);
  FOLDED.set(event, { from: state, to });
  return to;
}

export type Apply = (d: Draft, p: P, actor: string) => void;

const NO_PAYLOAD: P = Object.freeze({});

/**
 * The rule book of every event: writes what `event` changes through `d`, which either copies on
 * write (`evolve`) or writes in place (the in-place fold). False for an event type it does not know.
 * One function per event type, found by one lookup: a single switch over every type grew too big
 * for V8 to keep optimised. `apply`: the type's rule when the caller has it already (`checkAction`).
 */
export function applyEvent(d: Draft, event: LogEvent, apply = ruleOf(event.type)): boolean {
  if (apply === undefined) return false;
  apply(d, event.payload ?? NO_PAYLOAD, event.player!);
  return true;
}

/** The rule of an event type, or undefined for a type the rule book does not know. */
export function ruleOf(type: string): Apply | undefined {
  return RULES.get(type);
}

// ---- Turn Origin ---------------------------------------------------------------------------

function applyUniverseRegistered(d: Draft, p: P, actor: string): void {
  const s = d.s;
  // In place when the draft owns the state (ownState copied the rows and the index), else new ones.
  const cards = d.owned ? (s.cards as CardRow[]) : [...s.cards];
  const index = d.owned ? (s.cardIndex as Map<string, number>) : new Map(s.cardIndex);
  const ids: string[] = [];
  for (const entry of p.cards as { cardId: string; catalogId: string }[]) {
    if (index.has(entry.cardId) || !s.catalog.has(entry.catalogId)) continue;
    index.set(entry.cardId, cards.length);
    cards.push(newRow(entry.cardId, entry.catalogId, actor));
    ids.push(entry.cardId);
  }
  s.cards = cards;
  s.cardIndex = index;
  const pl = d.player(actor);
  pl.universe = ids;
  pl.registered = true;
}

function applyOrderLotDrawn(d: Draft, p: P, _actor: string): void {
  d.s.lotWinner = p.winner;
}

function applyFirstPlayerChosen(d: Draft, p: P, _actor: string): void {
  d.s.orderHolder = p.firstPlayer;
}

function applyDrawCards(d: Draft, p: P, actor: string): void {
  const s = d.s;
  for (const id of p.cardIds as string[]) if (d.read(id).zone === 'universe') d.move(id, 'hand', true, actor);
  const pl = d.player(actor);
  if (s.cursor.loop === 'origin') pl.drewOpening = true;
  else {
    pl.drewThisTurn = true;
    if (s.players.every((x) => x.eliminated || x.drewThisTurn)) s.next = 'close';
  }
}

function applySkipDraw(d: Draft, _p: P, actor: string): void {
  const s = d.s;
  d.player(actor).drewThisTurn = true;
  if (s.players.every((x) => x.eliminated || x.drewThisTurn)) s.next = 'close';
}

// ---- turn flow ---------------------------------------------------------------------------

function applyTurnBegan(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  s.status = 'playing';
  s.turn = p.turn;
  s.orderHolder = p.orderHolder;
  for (const pl of s.players) {
    if (pl.eliminated) continue;
    const w = d.player(pl.seat);
    w.drewThisTurn = false;
    w.prayersPlaced = 0;
  }
  s.combat = null;
  enter(d, cursorAt('prompt'));
}

function applyPromptLoopApplied(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  const batch: BatchBox = { current: null };
  for (const id of p.expired as string[]) d.fall(id, batch);
  for (const id of p.ticked as string[]) d.card(id).turnCounters = Math.max(0, d.read(id).turnCounters - 1);
  const kept = new Set<string>(p.keptRested);
  for (const c of s.cards) {
    if (!inArena(c.zone)) continue;
    if (kept.has(c.iid)) {
      const flags = new Map(c.flags ?? []);
      flags.delete('staysRested');
      d.card(c.iid).flags = flags.size ? flags : null;
    } else if (c.mode === 'rest') d.card(c.iid).mode = 'prompt';
  }
  d.expire(PROMPT);
  s.next = null;
  const owner = effectiveOrderHolder(s);
  s.priority = { holder: owner, passes: 0, owner };
}

function applyRefreshApplied(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  const batch: BatchBox = { current: null };
  for (const id of p.clearedSoldiers as string[]) d.card(id).damage = 0;
  for (const id of p.destroyedHeroes as string[]) heroLeaves(d, id, batch, true);
  for (const id of p.healedHeroes as string[]) d.card(id).damage = Math.max(0, d.read(id).damage - 1);
  s.next = null;
  const owner = effectiveOrderHolder(s);
  s.priority = { holder: owner, passes: 0, owner };
}

function applyPassPriority(d: Draft, _p: P, _actor: string): void {
  const s = d.s;
  // Every action of a replay is a pass more often than not: the window is written, not rebuilt.
  const pr = d.priority();
  pr.holder = nextLiving(s, pr.holder);
  pr.passes += 1;
  let alive = 0;
  for (const x of s.players) if (!x.eliminated) alive++;
  if (pr.passes >= alive) allPassed(d);
}

function applyPhaseAdvanced(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  const to = cursorAt(p.loop, p.part, p.owner, p.phase, p.step);
  if (endsPhase(s.cursor, to)) d.expire(PHASE_END);
  enter(d, to);
}

function applyBlessingLost(d: Draft, _p: P, _actor: string): void {
  for (const pl of d.s.players) if (pl.pool !== EMPTY_POOL) d.player(pl.seat).pool = EMPTY_POOL;
}

function applyFallBatchPlaced(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  for (const entry of p.placed as { cardId: string; to: 'cenotaph' | 'blackHole'; player: string }[]) {
    if (d.read(entry.cardId).zone === 'falling') d.move(entry.cardId, entry.to, true, entry.player);
  }
  s.falling = withoutBatch(s.falling, p.batchId);
  if (s.next === 'placeBatch') s.next = null;
  if (s.priority) s.priority = reopened(s.priority);
}

function applyDiscardToHandLimit(d: Draft, p: P, _actor: string): void {
  const batch: BatchBox = { current: null };
  for (const id of p.cardIds as string[]) d.fall(id, batch);
}

function applyEndTurn(d: Draft, _p: P, _actor: string): void {
  d.s.next = 'turnEnd';
}

function applyTurnEnded(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  s.orderHolder = p.nextOrderHolder;
  d.expire(TURN_END);
  s.next = 'turnBegin';
}

function applyConcede(d: Draft, _p: P, actor: string): void {
  d.player(actor).leaving = 'concede';
}

function applyPlayerEliminated(d: Draft, p: P, _actor: string): void {
  eliminate(d, p.player);
}

function applyMatchEnded(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  s.status = 'ended';
  s.result = p.winner ? { winner: p.winner } : { draw: true };
  s.priority = null;
  s.due = null;
  s.next = null;
}

// ---- Construction loop -------------------------------------------------------------------

function applyPlacePrayer(d: Draft, p: P, actor: string): void {
  d.move(p.cardId, 'temple', p.faceUp, actor);
  d.player(actor).prayersPlaced += 1;
}

function applyEndBlessMaking(d: Draft, _p: P, _actor: string): void {
  d.s.next = 'close';
}

function applyProduceBlessing(d: Draft, p: P, actor: string): void {
  const s = d.s;
  const prayer = d.read(p.prayerId);
  d.card(p.prayerId).mode = 'rest';
  const elements = catalogCard(s, prayer).elements;
  const kind: BlessingKind = prayer.faceUp && elements.length > 0 ? (p.element ?? elements[0]) : 'colorless';
  const pl = d.player(actor);
  pl.pool = withBlessing(pl.pool, kind, 1);
}

function applyCallCard(d: Draft, p: P, actor: string): void {
  const s = d.s;
  const batch: BatchBox = { current: null };
  pay(d, actor, p.payment);
  d.move(p.cardId, 'knot', true, actor);
  push(d, { kind: 'card', controller: actor, card: refOf(d.read(p.cardId)), targets: targetRefs(s, p.targets), ...(p.x !== undefined ? { x: p.x } : {}) });
  giveNext(d, actor);
  if (p.additionalCosts?.length) {
    // Paid with the call, above it on the Knot zone: their falls are placed by the first pass round.
    runEffects(d, p.additionalCosts as DvEffect[], null, batch, false, 'additionalCosts');
    runChecks(d, batch);
  }
}

function applyCallHero(d: Draft, p: P, actor: string): void {
  d.move(p.cardId, 'knot', true, actor);
  push(d, { kind: 'hero', controller: actor, card: refOf(d.read(p.cardId)), targets: [] });
  giveNext(d, actor);
}

function applyDeclareUpgrade(d: Draft, p: P, actor: string): void {
  push(d, { kind: 'upgrade', controller: actor, card: refOf(d.read(p.heroId)), targets: [] });
  giveNext(d, actor);
}

function applyAddGuardianFromPrayer(d: Draft, p: P, actor: string): void {
  const s = d.s;
  d.move(p.prayerId, 'guardian', true, actor);
  d.card(p.prayerId).heroId = p.heroId;
  const hero = d.card(p.heroId);
  hero.guardians = [...hero.guardians, p.prayerId];
  if (s.priority) s.priority = { holder: s.priority.holder, passes: 0, owner: s.priority.owner };
}

function applyUseSkill(d: Draft, p: P, actor: string): void {
  const s = d.s;
  const skill = skillOf(catalogCard(s, d.read(p.sourceId)), p.skillId);
  if (skill?.deplete) d.card(p.sourceId).mode = 'rest';
  if (p.payment) pay(d, actor, p.payment);
  push(d, { kind: 'skill', controller: actor, source: refOf(d.read(p.sourceId)), abilityId: p.skillId, targets: targetRefs(s, p.targets) });
  giveNext(d, actor);
}

function applyTriggerAbility(d: Draft, p: P, actor: string): void {
  const s = d.s;
  push(d, { kind: 'ability', controller: actor, source: refOf(d.read(p.sourceId)), abilityId: p.abilityId, targets: targetRefs(s, p.targets) });
  if (s.priority) s.priority = reopened(s.priority);
  else s.due = { kind: 'ResolveKnotTop', player: actor };
}

function applyResolveKnotTop(d: Draft, p: P, _actor: string): void {
  const batch: BatchBox = { current: null };
  resolveTop(d, p, batch);
}

function applyApplyEffects(d: Draft, p: P, _actor: string): void {
  const batch: BatchBox = { current: null };
  runEffects(d, p.effects as DvEffect[], null, batch, false, 'ApplyEffects');
  runChecks(d, batch);
}

// ---- Assault loop ------------------------------------------------------------------------

function applyDeclareSoldierAttack(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  const attackers = restAll(d, p.attackers);
  const combat = d.combat();
  combat.declared = true;
  combat.defender = p.defender;
  combat.attackers = attackers;
  s.due = null;
  if (attackers.length === 0) {
    s.cursor = withStep(s.cursor, 'endStep');
    s.next = 'close';
  } else openStep(d, 'afterAttack');
}

function applyDeclareBlockers(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  const blocks = blocksOf(d, p.blocks);
  d.combat().blocks = blocks;
  s.due = null;
  openStep(d, 'afterBlocks');
}

function applyDeclareHeroAttack(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  d.card(p.heroId).mode = 'rest';
  const target: TargetRef = p.target.card ? { card: refOf(d.read(p.target.card)) } : { player: p.target.player };
  const combat = d.combat();
  combat.declared = true;
  combat.attackers = [refOf(d.read(p.heroId))];
  combat.target = target;
  combat.defender = 'player' in target ? target.player : d.read(p.target.card).controller;
  s.due = null;
  openStep(d, 'afterAttack');
}

function applyEndHeroAttacks(d: Draft, _p: P, _actor: string): void {
  const s = d.s;
  s.due = null;
  s.cursor = withStep(s.cursor, 'endStep');
  s.next = 'close';
}

function applyPlaceCombatDamage(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  placeDamage(d, p.divisions ?? []);
  s.due = null;
  openStep(d, 'beforeTakeEffect');
}

function applyCombatDamageTookEffect(d: Draft, p: P, _actor: string): void {
  const s = d.s;
  const batch: BatchBox = { current: null };
  for (const loss of p.fpLoss as { player: string; amount: number }[]) d.player(loss.player).faith -= loss.amount;
  const combat = d.combat();
  combat.placed = false;
  combat.pendingFaith = [];
  for (const id of p.destroyed as string[]) if (inArena(d.read(id).zone)) destroyCard(d, id, batch);
  s.next = null;
  if (!isLiving(s, s.cursor.owner ?? '')) {
    // DV-R34: the part owner left; the part ends once this batch is placed.
    if (batch.current) openStep(d, 'fallWindow');
  } else if (combat.kind === 'hero') openStep(d, 'afterHeroAttack');
  else if (batch.current) openStep(d, 'fallWindow');
  else {
    s.cursor = withStep(s.cursor, 'endStep');
    s.next = 'close';
  }
}

const RULES: ReadonlyMap<string, Apply> = new Map<string, Apply>([
  ['UniverseRegistered', applyUniverseRegistered],
  ['OrderLotDrawn', applyOrderLotDrawn],
  ['FirstPlayerChosen', applyFirstPlayerChosen],
  ['DrawCards', applyDrawCards],
  ['SkipDraw', applySkipDraw],
  ['TurnBegan', applyTurnBegan],
  ['PromptLoopApplied', applyPromptLoopApplied],
  ['RefreshApplied', applyRefreshApplied],
  ['PassPriority', applyPassPriority],
  ['PhaseAdvanced', applyPhaseAdvanced],
  ['BlessingLost', applyBlessingLost],
  ['FallBatchPlaced', applyFallBatchPlaced],
  ['DiscardToHandLimit', applyDiscardToHandLimit],
  ['EndTurn', applyEndTurn],
  ['TurnEnded', applyTurnEnded],
  ['Concede', applyConcede],
  ['PlayerEliminated', applyPlayerEliminated],
  ['MatchEnded', applyMatchEnded],
  ['PlacePrayer', applyPlacePrayer],
  ['EndBlessMaking', applyEndBlessMaking],
  ['ProduceBlessing', applyProduceBlessing],
  ['CallCard', applyCallCard],
  ['CallHero', applyCallHero],
  ['DeclareUpgrade', applyDeclareUpgrade],
  ['AddGuardianFromPrayer', applyAddGuardianFromPrayer],
  ['UseSkill', applyUseSkill],
  ['TriggerAbility', applyTriggerAbility],
  ['ResolveKnotTop', applyResolveKnotTop],
  ['ApplyEffects', applyApplyEffects],
  ['DeclareSoldierAttack', applyDeclareSoldierAttack],
  ['DeclareBlockers', applyDeclareBlockers],
  ['DeclareHeroAttack', applyDeclareHeroAttack],
  ['EndHeroAttacks', applyEndHeroAttacks],
  ['PlaceCombatDamage', applyPlaceCombatDamage],
  ['CombatDamageTookEffect', applyCombatDamageTookEffect],
]);

// Helpers for the closures a case needs: a closure inside applyEvent that reads its locals would
// make every call of it allocate a context, and applyEvent runs for every event.

function withoutBatch(falling: readonly FallBatch[], batchId: string): FallBatch[] {
  return falling.filter((b) => b.id !== batchId);
}

function skillOf(card: DvCard, skillId: string) {
  return card.skills?.find((k) => k.id === skillId);
}

/** Attackers go to rest as they are declared; the refs name the objects that attack. */
function restAll(d: Draft, ids: readonly string[]): ObjectRef[] {
  return ids.map((id) => {
    d.card(id).mode = 'rest';
    return refOf(d.read(id));
  });
}

function blocksOf(d: Draft, blocks: readonly { blockerId: string; attackerId: string }[]) {
  return blocks.map((b) => ({ blocker: refOf(d.read(b.blockerId)), attacker: refOf(d.read(b.attackerId)) }));
}

function newRow(iid: string, catalogId: string, owner: string): CardRow {
  return { iid, catalogId, owner, controller: owner, zone: 'universe', faceUp: false, mode: 'prompt', incarnation: 0, damage: 0, turnCounters: 0, counters: null, level: 1, guardians: [], heroId: null, enteredTurn: 0, mods: [], flags: null, attachedTo: null };
}

/** Priority back to the window's owner, with a new run of passes. */
function reopened(pr: Priority): Priority {
  return { holder: pr.owner, passes: 0, owner: pr.owner };
}

function withStep(c: Cursor, step: Step): Cursor {
  return cursorAt(c.loop, c.part, c.owner, c.phase, step);
}

function openStep(d: Draft, step: Step): void {
  const s = d.s;
  s.cursor = withStep(s.cursor, step);
  const seat = s.cursor.owner ?? effectiveOrderHolder(s);
  const owner = isLiving(s, seat) ? seat : nextLiving(s, seat);
  s.priority = { holder: owner, passes: 0, owner };
}

function targetRefs(s: DvState, targets: ({ card: string } | { player: string })[] | undefined): TargetRef[] {
  return (targets ?? []).map((t) => ('card' in t ? { card: refOf(s.cards[s.cardIndex.get(t.card)!]!) } : { player: t.player }));
}

function pay(d: Draft, seat: string, payment: { with: BlessingKind }[]): void {
  const pl = d.player(seat);
  let pool = pl.pool;
  for (const point of payment) pool = withBlessing(pool, point.with, -1);
  pl.pool = pool;
}

/** `pool` with `n` more of `kind`, as a new pool of the one shape every pool has (not a computed-key spread). */
function withBlessing(pool: Pool, kind: BlessingKind, n: number): Pool {
  return {
    earth: pool.earth + (kind === 'earth' ? n : 0),
    water: pool.water + (kind === 'water' ? n : 0),
    wind: pool.wind + (kind === 'wind' ? n : 0),
    fire: pool.fire + (kind === 'fire' ? n : 0),
    wood: pool.wood + (kind === 'wood' ? n : 0),
    metal: pool.metal + (kind === 'metal' ? n : 0),
    colorless: pool.colorless + (kind === 'colorless' ? n : 0),
  };
}

function push(d: Draft, item: Omit<KnotItem, 'id'>): void {
  d.s.serial += 1;
  d.pushKnot({ id: `k${d.s.serial}`, ...item });
}

/** After a call, the next Deva in seat order gets priority and a new run of passes starts (§6.1). */
function giveNext(d: Draft, actor: string): void {
  const pr = d.s.priority!;
  d.s.priority = { holder: nextLiving(d.s, actor), passes: 0, owner: pr.owner };
}

/** Every living Deva passed in succession: place a batch, else resolve the top, else close (§6.1). */
function allPassed(d: Draft): void {
  const s = d.s;
  let newest = false;
  for (const b of s.falling) if (b.knotBase >= s.knot.length) newest = true;
  if (newest) s.next = 'placeBatch';
  else if (s.knot.length > 0) s.due = { kind: 'ResolveKnotTop', player: s.knot[s.knot.length - 1]!.controller };
  else s.next = s.cursor.step === 'beforeTakeEffect' ? 'takeEffect' : 'close';
}

function resolveTop(d: Draft, p: P, batch: BatchBox): void {
  const s = d.s;
  const item = s.knot[s.knot.length - 1]!;
  d.popKnot();
  s.due = null;
  const cancel = p.outcome === 'cancel';
  const countered = item.targets.length > 0 && item.targets.every((t) => ('card' in t ? isGone(s, t.card) : !isLiving(s, t.player)));
  const cardAlive = item.card !== undefined && !isGone(s, item.card);
  switch (item.kind) {
    case 'card': {
      if (!cardAlive) break;
      if (countered) {
        d.fall(item.card!.iid, batch);
        break;
      }
      runEffects(d, p.effects ?? [], item, batch, false, 'ResolveKnotTop');
      const card = d.read(item.card!.iid);
      if (card.zone !== 'knot') break;
      const c = catalogCard(s, card);
      if (entersBattlefield(c)) {
        d.move(card.iid, 'soldierLine', true, item.controller);
        const w = d.card(card.iid);
        w.enteredTurn = s.turn;
        if (c.turnCount !== undefined) w.turnCounters = c.turnCount;
        // DV-R56: equipment attached by its own resolution is attached as it enters.
        for (const e of (p.effects ?? []) as DvEffect[]) if (e.type === 'AttachCard' && e.cardId === card.iid) w.attachedTo = refOf(d.read(e.to));
      } else d.fall(card.iid, batch);
      break;
    }
    case 'hero': {
      if (!cardAlive) break;
      if (cancel) {
        d.move(item.card!.iid, 'hand');
        break;
      }
      const guardians = (p.guardians ?? []) as string[];
      d.move(item.card!.iid, 'heroLine', true, item.controller);
      attach(d, item.card!.iid, guardians);
      d.card(item.card!.iid).enteredTurn = s.turn;
      runEffects(d, p.effects ?? [], item, batch, false, 'ResolveKnotTop');
      break;
    }
    case 'upgrade': {
      if (!cardAlive || cancel) break;
      attach(d, item.card!.iid, (p.guardians ?? []) as string[]);
      d.card(item.card!.iid).level = 2;
      runEffects(d, p.effects ?? [], item, batch, false, 'ResolveKnotTop');
      break;
    }
    default:
      if (!countered) runEffects(d, p.effects ?? [], item, batch, false, 'ResolveKnotTop');
  }
  runChecks(d, batch);
  if (s.priority) s.priority = reopened(s.priority);
}

function attach(d: Draft, heroId: string, guardians: readonly string[]): void {
  for (const gid of guardians) {
    d.move(gid, 'guardian', true, d.read(heroId).controller);
    d.card(gid).heroId = heroId;
  }
  const hero = d.card(heroId);
  hero.guardians = [...hero.guardians, ...guardians];
}

/** Damage counters of a combat placed (§8.1, §8.2); Faith losses wait for take-effect (DV-R25). */
function placeDamage(d: Draft, divisions: { attackerId: string; blockerId: string; amount: number }[]): void {
  // Plain loops, no maps or closures: every combat places damage. Placing changes damage only, so
  // each card's AT, mode and whether it is gone read now are what they were before any hit.
  const s = d.s;
  const combat = s.combat!;
  // The one Deva that loses Faith (the defender, or the attacked Deva), if any.
  let faithTo: string | null = null;
  let faith = 0;
  if (combat.kind === 'soldier') {
    const blocks = combat.blocks;
    for (const attacker of combat.attackers) {
      if (isGone(s, attacker)) continue;
      const power = atOf(s, d.read(attacker.iid));
      let declared = 0;
      let standing = 0;
      let blocker: string | null = null;
      for (const b of blocks) {
        if (b.attacker.iid !== attacker.iid) continue;
        declared++;
        if (!isGone(s, b.blocker)) {
          standing++;
          blocker = b.blocker.iid;
        }
      }
      if (declared === 0) {
        if (combat.defender && isLiving(s, combat.defender)) {
          faithTo = combat.defender;
          faith += power;
        }
      } else if (standing === 1) hit(d, blocker!, power);
      else for (const div of divisions) if (div.attackerId === attacker.iid) hit(d, div.blockerId, div.amount);
      for (const b of blocks) {
        if (b.attacker.iid !== attacker.iid || isGone(s, b.blocker)) continue;
        const row = d.read(b.blocker.iid);
        if (row.mode === 'prompt') hit(d, attacker.iid, atOf(s, row));
      }
    }
  } else {
    const hero = combat.attackers[0];
    const target = combat.target;
    if (hero && target && !isGone(s, hero)) {
      const power = atOf(s, d.read(hero.iid));
      if ('player' in target) {
        if (isLiving(s, target.player)) {
          faithTo = target.player;
          faith = power;
        }
      } else if (!isGone(s, target.card)) {
        const t = d.read(target.card.iid);
        const back = t.mode === 'prompt' ? atOf(s, t) : 0;
        hit(d, target.card.iid, power);
        hit(d, hero.iid, back);
      }
    }
  }
  const after = d.combat();
  after.placed = true;
  after.pendingFaith = faithTo === null ? [] : [{ player: faithTo, amount: faith }];
}

function hit(d: Draft, iid: string, n: number): void {
  if (n > 0) d.card(iid).damage = d.read(iid).damage + n;
}

function atOf(s: DvState, c: CardRow): number {
  const cat = catalogCard(s, c);
  const base = c.level === 2 && cat.lv2Stats?.at !== undefined ? cat.lv2Stats.at : (cat.at ?? 0);
  return Math.max(0, base + c.mods.reduce((n, m) => (m.stat === 'at' ? n + m.delta : n), 0));
}

/** The elimination procedure (DV-R34): the Deva's cards leave the match, its decisions are dropped. */
function eliminate(d: Draft, seat: string): void {
  const s = d.s;
  const pl = d.player(seat);
  pl.eliminated = true;
  pl.leaving = null;
  pl.pool = EMPTY_POOL;
  // Every card it owns or controls, every card in its zones, and the guardians of its heroes.
  const leaving = new Set<string>();
  for (const c of s.cards) if ((c.owner === seat || c.controller === seat) && c.zone !== 'leftMatch') leaving.add(c.iid);
  for (const c of s.cards) if (c.zone === 'guardian' && c.heroId !== null && leaving.has(c.heroId)) leaving.add(c.iid);
  for (const iid of leaving) d.move(iid, 'leftMatch');
  s.knot = s.knot.filter((k) => k.controller !== seat);
  s.falling = s.falling.filter((b) => b.cards.length > 0);
  if (s.combat) d.combat().pendingFaith = s.combat.pendingFaith.filter((f) => f.player !== seat);
  if (s.due && (s.due.player === seat || s.due.kind === 'ResolveKnotTop')) {
    const kind = s.due.kind;
    s.due = null;
    if (kind === 'DeclareBlockers') {
      s.cursor = withStep(s.cursor, 'endStep');
      s.next = 'close';
    }
  }
  if (s.priority) {
    const owner = isLiving(s, s.priority.owner) ? s.priority.owner : nextLiving(s, s.priority.owner);
    s.priority = { holder: owner, passes: 0, owner };
  }
  if (s.cursor.loop === 'draw' && s.players.every((x) => x.eliminated || x.drewThisTurn)) s.next = 'close';
  if (s.cursor.loop === 'endTurn' && s.orderHolder === seat) s.next = 'turnEnd';
  if (s.cursor.loop === 'endTurn' && s.next === null && !isLiving(s, s.orderHolder ?? '')) s.next = 'turnEnd';
  void hasFlag;
}
