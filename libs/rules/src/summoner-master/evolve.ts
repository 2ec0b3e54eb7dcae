import type { LogEvent } from '@cardlog/events';
import { check, eventRules } from './decide';
import { AttackGrant, CardId, CardState, Expiry, Line, Modifier, NO_GRANTS, SmState, Seat, Subturn, Zone, cardOf, isSeat, nameKey, newCard, other, sealInArena } from './state';

type P = Record<string, any>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<SmState>;
type DraftCard = Mutable<CardState>;
type DraftSubturn = Mutable<Subturn>;

/**
 * Where the rules below write. They set fields of the parts of a state that `own` copies (the card
 * records and their array, the slot map, the Subturn, Mp, own-Subturn counts, modifiers, grant ids)
 * and replace every other part whole (setup progress, Reflections, counters, an attack under way,
 * a card's grants and sequence), so those may be shared between states.
 *
 * `OWNED` is the in-place fold: the caller owns each of those parts, so a write lands where it is.
 * A `CopyOnWrite` serves the pure `evolve`: the state is a fresh top-level copy whose parts still
 * belong to the state it came from, and each part is copied the first time the event writes to it.
 */
interface Writer {
  card(s: Draft, c: CardState): DraftCard;
  cards(s: Draft): CardState[];
  slotOf(s: Draft): Map<CardId, number>;
  /** Only while a Subturn is under way. */
  subturn(s: Draft): DraftSubturn;
  mp(s: Draft): Record<Seat, number>;
  ownSubturns(s: Draft): Record<Seat, number>;
  modifiers(s: Draft): Modifier[];
  grantIds(s: Draft): Set<string>;
}

const OWNED: Writer = {
  card: (_s, c) => c as DraftCard,
  cards: (s) => s.cards as CardState[],
  slotOf: (s) => s.slotOf as Map<CardId, number>,
  subturn: (s) => s.subturn as DraftSubturn,
  mp: (s) => s.mp as Record<Seat, number>,
  ownSubturns: (s) => s.ownSubturns as Record<Seat, number>,
  modifiers: (s) => s.modifiers as Modifier[],
  grantIds: (s) => s.grantIds as Set<string>,
};

class CopyOnWrite implements Writer {
  private cardsCopied = false;
  /** The card records this event copied (and so may write again). */
  private copied: CardState[] | null = null;
  private slotOfCopied = false;
  private subturnCopied = false;
  private mpCopied = false;
  private ownSubturnsCopied = false;
  private modifiersCopied = false;
  private grantIdsCopied = false;

  card(s: Draft, c: CardState): DraftCard {
    const cards = this.cards(s);
    const slot = s.slotOf.get(c.id)!;
    const current = cards[slot]!;
    if (this.copied?.includes(current)) return current as DraftCard;
    const copy = copyCard(current);
    cards[slot] = copy;
    (this.copied ??= []).push(copy);
    return copy;
  }
  cards(s: Draft): CardState[] {
    if (!this.cardsCopied) {
      s.cards = s.cards.slice();
      this.cardsCopied = true;
    }
    return s.cards as CardState[];
  }
  slotOf(s: Draft): Map<CardId, number> {
    if (!this.slotOfCopied) {
      s.slotOf = new Map(s.slotOf);
      this.slotOfCopied = true;
    }
    return s.slotOf as Map<CardId, number>;
  }
  subturn(s: Draft): DraftSubturn {
    if (!this.subturnCopied) {
      s.subturn = copySubturn(s.subturn!);
      this.subturnCopied = true;
    }
    return s.subturn as DraftSubturn;
  }
  mp(s: Draft): Record<Seat, number> {
    if (!this.mpCopied) {
      s.mp = { ...s.mp };
      this.mpCopied = true;
    }
    return s.mp as Record<Seat, number>;
  }
  ownSubturns(s: Draft): Record<Seat, number> {
    if (!this.ownSubturnsCopied) {
      s.ownSubturns = { ...s.ownSubturns };
      this.ownSubturnsCopied = true;
    }
    return s.ownSubturns as Record<Seat, number>;
  }
  modifiers(s: Draft): Modifier[] {
    if (!this.modifiersCopied) {
      s.modifiers = s.modifiers.slice();
      this.modifiersCopied = true;
    }
    return s.modifiers as Modifier[];
  }
  grantIds(s: Draft): Set<string> {
    if (!this.grantIdsCopied) {
      s.grantIds = new Set(s.grantIds);
      this.grantIdsCopied = true;
    }
    return s.grantIds as Set<string>;
  }
}

// Copies spell out every field, in the order the records are built in, rather than spreading: a
// spread makes an object of another hidden class, and the rules would then meet two shapes of each.

function copyState(s: SmState): Draft {
  return {
    catalog: s.catalog,
    config: s.config,
    names: s.names,
    headerGameNumber: s.headerGameNumber,
    stage: s.stage,
    gameNumber: s.gameNumber,
    previousGame: s.previousGame,
    setup: s.setup,
    firstPlayer: s.firstPlayer,
    firstPlayerMethod: s.firstPlayerMethod,
    slotOf: s.slotOf,
    cards: s.cards,
    reflections: s.reflections,
    modifiers: s.modifiers,
    mp: s.mp,
    counters: s.counters,
    mpCastingOnly: s.mpCastingOnly,
    ownSubturns: s.ownSubturns,
    subturn: s.subturn,
    currentAttack: s.currentAttack,
    pendingContinuation: s.pendingContinuation,
    grantIds: s.grantIds,
    pendingGameEnd: s.pendingGameEnd,
    result: s.result,
  };
}

function copyCard(c: CardState): DraftCard {
  return {
    id: c.id,
    owner: c.owner,
    controller: c.controller,
    catalogId: c.catalogId,
    kind: c.kind,
    name: c.name,
    reflection: c.reflection,
    zone: c.zone,
    line: c.line,
    active: c.active,
    attacks: c.attacks,
    grants: c.grants,
    sequence: c.sequence,
    attachedTo: c.attachedTo,
  };
}

function copySubturn(s: Subturn): DraftSubturn {
  return {
    number: s.number,
    owner: s.owner,
    step: s.step,
    drawSkipped: s.drawSkipped,
    drawEntered: s.drawEntered,
    ownerHadSealAtStart: s.ownerHadSealAtStart,
    sealBroughtIn: s.sealBroughtIn,
    endEntered: s.endEntered,
    drawsByOwner: s.drawsByOwner,
    normalDraws: s.normalDraws,
    handAttackUsed: s.handAttackUsed,
  };
}

/** A private copy of `state` for in-place folding: fresh copies of every part the rules write to. */
export function own(state: SmState): SmState {
  const s = copyState(state);
  s.cards = state.cards.map(copyCard);
  s.slotOf = new Map(state.slotOf);
  s.subturn = state.subturn && copySubturn(state.subturn);
  s.mp = { ...state.mp };
  s.ownSubturns = { ...state.ownSubturns };
  s.modifiers = state.modifiers.slice();
  s.grantIds = new Set(state.grantIds);
  return s;
}

/** Applies one accepted event, returning a new state and leaving `state` as it was. Never throws. */
export function evolve(state: SmState, event: LogEvent): SmState {
  const next: Draft = copyState(state);
  apply(new CopyOnWrite(), next, event, eventRules(event.type)?.type);
  return next;
}

/** Applies one accepted event to a state from `own`, in place. Never throws. */
export function evolveInPlace(state: SmState, event: LogEvent): void {
  apply(OWNED, state as Draft, event, eventRules(event.type)?.type);
}

/**
 * `decide`, then the action applied in place to a state from `own`: nothing is applied when it
 * refuses. A deck's check binds its cards in the state's slot map as it goes (one look-up per card
 * for the duplicate check and the binding), so applying it only adds the records the check built.
 */
export function stepInPlace(state: SmState, action: LogEvent): LogEvent {
  const s = state as Draft;
  const rules = eventRules(action.type);
  const registered = check(state, action, rules, s.slotOf as Map<CardId, number>);
  if (registered === undefined) apply(OWNED, s, action, rules!.type);
  else {
    const cards = s.cards as CardState[];
    for (let i = 0; i < registered.length; i++) cards.push(registered[i]!);
    deckRegistered(s, action.player as Seat);
  }
  return action;
}

/** The setup's record of a registered deck. */
function deckRegistered(s: Draft, actor: Seat): void {
  s.setup = { ...s.setup, decks: [...s.setup.decks, actor] };
}

/** What a card's Arena-only fields are once it is anywhere else (and on the way in). */
function leaveArena(d: DraftCard): void {
  d.line = null;
  d.active = false;
  d.attacks = 0;
  d.grants = NO_GRANTS;
  d.sequence = null;
  d.attachedTo = null;
}

/** `hadSeal`: whether `owner` controls a Seal in the Arena as the Subturn begins (401.2.1). */
function newSubturn(w: Writer, s: Draft, owner: Seat, number: number, hadSeal: boolean): void {
  const ownSubturns = w.ownSubturns(s);
  ownSubturns[owner] += 1;
  s.subturn = {
    number,
    owner,
    step: 'Unspecified',
    drawSkipped: ownSubturns[owner] === 1,
    drawEntered: false,
    ownerHadSealAtStart: hadSeal,
    sealBroughtIn: false,
    endEntered: false,
    drawsByOwner: 0,
    normalDraws: 0,
    handAttackUsed: false,
  };
}

function tick(expires: Expiry): Expiry | null {
  if (expires === 'EndOfSubturn') return null;
  if (expires === 'Never') return expires;
  return expires.subturns > 1 ? { subturns: expires.subturns - 1 } : null;
}

function seatOr(value: unknown, fallback: Seat): Seat {
  return isSeat(value) ? value : fallback;
}

/** A Seal entering the Arena under `controller` during the Subturn counts for 401.9.8 (B). */
function broughtIn(w: Writer, s: Draft, controller: Seat): void {
  const sub = s.subturn;
  if (!sub || sub.endEntered || sub.owner !== controller || sub.sealBroughtIn) return;
  w.subturn(s).sealBroughtIn = true;
}

/**
 * `type` is the engine's own copy of the event's type (`eventRules(event.type)?.type`): a type read by
 * JSON.parse may be a fresh string, which the switch below would compare character by character;
 * its own copy compares by reference. Undefined (a type the engine does not have) applies nothing.
 */
function apply(w: Writer, s: Draft, event: LogEvent, type: string | undefined): void {
  if (type === undefined) return;
  const p = (event.payload ?? {}) as P;
  const actor = isSeat(event.player) ? event.player : null;
  switch (type) {
    case 'MatchCreated':
      s.stage = 'match';
      return;
    case 'GameCreated': {
      const prev = p['previousGame'];
      s.previousGame = prev && isSeat(prev.winner) ? { winner: prev.winner as Seat } : prev?.draw === true ? ({ draw: true } as const) : null;
      s.stage = 'setup';
      s.gameNumber = typeof p['gameNumber'] === 'number' ? p['gameNumber'] : 1;
      return;
    }
    case 'DeckRegistered': {
      if (!actor) return;
      const slotOf = w.slotOf(s);
      const cards = w.cards(s);
      const add = (entry: P, zone: Zone | null) => {
        const oracle = s.catalog.get(entry?.card);
        if (!oracle || typeof entry.id !== 'string' || slotOf.has(entry.id)) return;
        slotOf.set(entry.id, cards.length);
        cards.push(newCard(entry.id, actor, entry.card, oracle, zone));
      };
      for (const entry of p['deck'] ?? []) add(entry, null);
      for (const entry of p['reflectionCards'] ?? []) add(entry, 'Candidate');
      deckRegistered(s, actor);
      return;
    }
    case 'DeckShuffled':
      if (actor) s.setup = { ...s.setup, shuffled: [...s.setup.shuffled, actor] };
      return;
    case 'ReflectionCardsPlaced': {
      if (!actor) return;
      const chosen = new Set<string>(p['cardIds'] ?? []);
      const reflections = new Map<string, string>();
      for (const c of s.cards) {
        if (c.owner !== actor || c.zone !== 'Candidate') continue;
        // SM-R12: placed cards sit in the Reflection Zone; unused candidates leave the record (no zone).
        if (chosen.has(c.id)) {
          w.card(s, c).zone = 'ReflectionZone';
          reflections.set(nameKey(c.kind, c.name), c.catalogId);
        }
      }
      s.reflections = { ...s.reflections, [actor]: reflections };
      s.setup = { ...s.setup, placed: [...s.setup.placed, actor] };
      return;
    }
    case 'FirstPlayerDetermined':
    case 'FirstPlayerChosen':
      if (isSeat(p['firstPlayer'])) {
        s.firstPlayer = p['firstPlayer'];
        s.firstPlayerMethod = type === 'FirstPlayerDetermined' ? String(p['description'] ?? 'fair') : `chosen by ${actor}`;
      }
      return;
    case 'OpeningHandDrawn': {
      if (!actor) return;
      for (const id of p['cardIds'] ?? []) {
        const c = cardOf(s, id);
        if (c && c.owner === actor) w.card(s, c).zone = 'Hand';
      }
      s.setup = { ...s.setup, hands: [...s.setup.hands, actor] };
      return;
    }
    case 'GameStarted': {
      const first = s.firstPlayer ?? 'p1';
      s.stage = 'playing';
      s.mp = { [first]: 5, [other(first)]: s.config.mpMax } as Record<Seat, number>;
      s.mpCastingOnly = first;
      newSubturn(w, s, first, 1, sealInArena(s, first));
      return;
    }
    case 'StepEntered': {
      if (!s.subturn) return;
      const step = p['step'];
      const d = w.subturn(s);
      d.step = step;
      d.drawEntered = d.drawEntered || step === 'Draw';
      d.endEntered = d.endEntered || step === 'EndOfSubturn';
      return;
    }
    case 'SubturnEnded':
      endSubturn(w, s);
      return;
    case 'CardDrawn': {
      const c = cardOf(s, p['cardId']);
      const sub = s.subturn;
      if (!c || !sub) return;
      w.card(s, c).zone = 'Hand';
      const d = w.subturn(s);
      if (actor === d.owner) d.drawsByOwner += 1;
      if (typeof p['byEffect'] !== 'string') d.normalDraws += 1;
      return;
    }
    case 'CardCast': {
      const c = cardOf(s, p['cardId']);
      if (!c || !actor) return;
      const mpPaid = typeof p['mpPaid'] === 'number' ? p['mpPaid'] : 0;
      const mp = w.mp(s);
      mp[actor] = Math.max(0, mp[actor] - mpPaid);
      const d = w.card(s, c);
      leaveArena(d);
      d.zone = 'Arena';
      d.controller = actor;
      if (d.kind === 'Seal') {
        d.line = (p['line'] as Line) ?? 'At';
        d.active = true;
        broughtIn(w, s, actor);
      } else d.attachedTo = typeof p['attachTo'] === 'string' ? p['attachTo'] : null;
      return;
    }
    case 'CardMoved':
      moveCard(w, s, p);
      return;
    case 'MpChanged': {
      const seat = seatOr(p['player'], 'p1');
      const value = typeof p['setTo'] === 'number' ? p['setTo'] : s.mp[seat] + (typeof p['delta'] === 'number' ? p['delta'] : 0);
      w.mp(s)[seat] = Math.max(0, value);
      return;
    }
    case 'SealLineChanged': {
      const c = cardOf(s, p['cardId']);
      if (c) w.card(s, c).line = p['to'] === 'Df' ? 'Df' : 'At';
      return;
    }
    case 'SealActivityChanged': {
      const c = cardOf(s, p['cardId']);
      if (c) w.card(s, c).active = p['to'] === 'Active';
      return;
    }
    case 'AttackGrantAdded': {
      const c = cardOf(s, p['cardId']);
      if (!c) return;
      const expires: Expiry = p['expires'] ?? 'EndOfSubturn';
      const grant: AttackGrant =
        p['kind'] === 'MultiAttackPayOnce'
          ? { id: p['grantId'], kind: 'MultiAttackPayOnce', count: p['count'] ?? 2, used: false, expires }
          : { id: p['grantId'], kind: 'ExtraAttack', remaining: p['count'] ?? 1, free: p['free'] === true, evenIfInactive: p['evenIfInactive'] === true, expires };
      w.card(s, c).grants = [...c.grants, grant];
      w.grantIds(s).add(p['grantId']);
      return;
    }
    case 'AttackDeclared':
      declareAttack(w, s, actor, p);
      return;
    case 'AttackResolved':
      resolveAttack(w, s, p);
      return;
    case 'AttackSequenceEnded': {
      const c = cardOf(s, p['attackerId']);
      if (!c) return;
      const d = w.card(s, c);
      d.sequence = null;
      if (d.zone === 'Arena') d.active = false;
      if (s.pendingContinuation === d.id) s.pendingContinuation = null;
      return;
    }
    case 'EffectResolved':
      resolveEffect(w, s, p);
      return;
    case 'PlayerCounterChanged': {
      const seat = seatOr(p['player'], 'p1');
      const counters = new Map(s.counters[seat]);
      counters.set(String(p['counter']), (counters.get(String(p['counter'])) ?? 0) + (typeof p['delta'] === 'number' ? p['delta'] : 0));
      s.counters = { ...s.counters, [seat]: counters };
      return;
    }
    case 'GameEnded':
      s.stage = 'ended';
      s.pendingGameEnd = null;
      s.result = isSeat(p['winner']) ? { winner: p['winner'], reason: String(p['reason']) } : { winner: null, draw: true, reason: String(p['reason']) };
      return;
  }
}

function endSubturn(w: Writer, s: Draft): void {
  const sub = s.subturn;
  if (!sub) return;
  const next = other(sub.owner);
  let nextHasSeal = false;
  // 401.9.5–401.9.7: every Seal in the Arena becomes Active; grants and modifiers expire or tick.
  for (const c of s.cards) {
    if (c.zone !== 'Arena' || c.kind !== 'Seal') continue;
    if (c.controller === next) nextHasSeal = true;
    if (c.grants.length === 0) {
      if (c.active && c.attacks === 0) continue;
    }
    let grants = NO_GRANTS;
    if (c.grants.length > 0) {
      const kept: AttackGrant[] = [];
      for (const g of c.grants) {
        const expires = tick(g.expires);
        if (expires) kept.push({ ...g, expires });
      }
      grants = kept;
    }
    const d = w.card(s, c);
    d.active = true;
    d.attacks = 0;
    d.grants = grants;
    d.sequence = null;
  }
  if (s.modifiers.length > 0) {
    const modifiers: Modifier[] = [];
    for (const m of s.modifiers) {
      const expires = tick(m.expires);
      if (expires) modifiers.push({ ...m, expires });
    }
    s.modifiers = modifiers;
  }
  s.mpCastingOnly = null;
  s.currentAttack = null;
  s.pendingContinuation = null;
  if (!sub.ownerHadSealAtStart && !sub.sealBroughtIn) {
    const d = w.subturn(s);
    d.step = 'EndOfSubturn';
    d.endEntered = true;
    s.pendingGameEnd = { loser: sub.owner, reason: 'NoSealInArena' };
    return;
  }
  newSubturn(w, s, next, sub.number + 1, nextHasSeal);
}

function moveCard(w: Writer, s: Draft, p: P): void {
  const c = cardOf(s, p['cardId']);
  if (!c) return;
  const to = p['to'] as Zone;
  const d = w.card(s, c);
  leaveArena(d);
  if (to === 'Arena') {
    d.zone = 'Arena';
    if (d.kind === 'Seal') {
      d.controller = d.owner;
      d.line = (p['line'] as Line | null | undefined) ?? null;
      d.active = true;
      broughtIn(w, s, d.owner);
    }
    return;
  }
  d.zone = to;
  d.controller = d.owner;
  // Mystics pasted to a card that leaves the Arena stay recorded; their fate is a separate event.
  if (s.pendingContinuation === d.id) s.pendingContinuation = null;
  if (s.currentAttack?.attackerId === d.id) s.currentAttack = null;
}

function declareAttack(w: Writer, s: Draft, actor: Seat | null, p: P): void {
  const c = cardOf(s, p['attackerId']);
  if (!c || !actor) return;
  const mpPaid = typeof p['mpPaid'] === 'number' ? p['mpPaid'] : 0;
  const mode = String(p['mode']);
  if (mode === 'Multi') {
    const grant = c.grants.find((g) => g.id === p['grantId'] && g.kind === 'MultiAttackPayOnce');
    const count = grant && grant.kind === 'MultiAttackPayOnce' ? grant.count : 2;
    const grants = c.grants.map((g) => (g === grant ? { ...g, used: true } : g));
    const d = w.card(s, c);
    d.grants = grants;
    d.sequence = { grantId: String(p['grantId']), total: count, done: 0, attackMove: typeof p['attackMove'] === 'string' ? p['attackMove'] : null };
  }
  const mp = w.mp(s);
  mp[actor] = Math.max(0, mp[actor] - mpPaid);
  s.currentAttack = { attackerId: c.id, mode, grantId: typeof p['grantId'] === 'string' ? p['grantId'] : null };
  s.pendingContinuation = null;
  if (s.subturn && p['target']?.kind === 'Hand') w.subturn(s).handAttackUsed = true;
}

function resolveAttack(w: Writer, s: Draft, p: P): void {
  const attack = s.currentAttack;
  const c = cardOf(s, p['attackerId']);
  s.currentAttack = null;
  if (!attack || !c || c.zone !== 'Arena') return;
  let pendingContinuation: string | null = null;
  const sequence = c.sequence;
  const attacks = c.attacks + 1;
  if (sequence) {
    const done = sequence.done + 1;
    const d = w.card(s, c);
    d.attacks = attacks;
    if (done < sequence.total) {
      // Glossary: after an attack short of the count, the Seal stays Active and attacks again at once.
      d.sequence = { ...sequence, done };
      d.active = true;
      pendingContinuation = c.id;
    } else {
      d.sequence = null;
      d.active = false;
    }
  } else {
    const grants =
      attack.mode === 'Extra' ? c.grants.map((g) => (g.id === attack.grantId && g.kind === 'ExtraAttack' ? { ...g, remaining: g.remaining - 1 } : g)) : c.grants;
    const d = w.card(s, c);
    d.attacks = attacks;
    d.active = false;
    d.grants = grants;
  }
  s.pendingContinuation = pendingContinuation;
}

function resolveEffect(w: Writer, s: Draft, p: P): void {
  const modifiers = p['modifiers'];
  if (Array.isArray(modifiers) && modifiers.length > 0) {
    const list = w.modifiers(s);
    for (const m of modifiers as P[]) list.push({ cardId: m['cardId'], field: m['field'], op: m['op'], value: m['value'], expires: m['expires'] ?? 'EndOfSubturn' });
  }
  const changes = p['controlChanges'];
  if (Array.isArray(changes) && changes.length > 0) {
    for (const change of changes) {
      const c = cardOf(s, change?.cardId);
      if (!c || c.zone !== 'Arena' || !isSeat(change.to)) continue;
      const d = w.card(s, c);
      d.controller = change.to;
      d.sequence = null;
      if (s.pendingContinuation === d.id) s.pendingContinuation = null;
      if (d.kind === 'Seal') broughtIn(w, s, change.to);
    }
  }
}
