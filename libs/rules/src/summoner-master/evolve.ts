import type { LogEvent } from '@cardlog/events';
import { AttackGrant, CardState, Expiry, Line, Modifier, SmState, Seat, Subturn, Zone, isSeat, nameKey, other, pileOf } from './state';

type P = Record<string, any>;

/** Copy-on-write over the card array: one copy of the pointer array per event, then in-place slot writes. */
class Cards {
  private copy: CardState[] | null = null;
  constructor(private readonly state: SmState) {}
  get(id: unknown): CardState | undefined {
    if (typeof id !== 'string') return undefined;
    const slot = this.state.slotOf.get(id);
    return slot === undefined ? undefined : (this.copy ?? this.state.cards)[slot];
  }
  set(card: CardState, patch: Partial<CardState>): CardState {
    const slot = this.state.slotOf.get(card.id)!;
    this.copy ??= this.state.cards.slice();
    const next = { ...card, ...patch };
    this.copy[slot] = next;
    return next;
  }
  all(): readonly CardState[] {
    return this.copy ?? this.state.cards;
  }
  result(): readonly CardState[] {
    return this.copy ?? this.state.cards;
  }
}

const OUT_OF_ARENA: Partial<CardState> = { line: null, active: false, attacks: 0, grants: [], sequence: null, attachedTo: null };

function newSubturn(state: SmState, owner: Seat, number: number, cards: readonly CardState[]): { subturn: Subturn; ownSubturns: Record<Seat, number> } {
  const ownSubturns = { ...state.ownSubturns, [owner]: state.ownSubturns[owner] + 1 };
  const hadSeal = cards.some((c) => c.zone === 'Arena' && c.kind === 'Seal' && c.controller === owner);
  return {
    ownSubturns,
    subturn: {
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
    },
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
function broughtIn(state: SmState, controller: Seat): Subturn | null {
  const s = state.subturn;
  if (!s || s.endEntered || s.owner !== controller || s.sealBroughtIn) return s;
  return { ...s, sealBroughtIn: true };
}

/** Applies one accepted event. Never throws: a stored event is a fact. */
export function evolve(state: SmState, event: LogEvent): SmState {
  const p = (event.payload ?? {}) as P;
  const actor = isSeat(event.player) ? event.player : null;
  switch (event.type) {
    case 'MatchCreated':
      return { ...state, stage: 'match' };
    case 'GameCreated': {
      const prev = p['previousGame'];
      const previousGame = prev && isSeat(prev.winner) ? { winner: prev.winner as Seat } : prev?.draw === true ? ({ draw: true } as const) : null;
      return { ...state, stage: 'setup', gameNumber: typeof p['gameNumber'] === 'number' ? p['gameNumber'] : 1, previousGame };
    }
    case 'DeckRegistered': {
      if (!actor) return state;
      const slotOf = new Map(state.slotOf);
      const cards = state.cards.slice();
      const add = (entry: P, zone: Zone | null) => {
        const oracle = state.catalog.get(entry?.card);
        if (!oracle || typeof entry.id !== 'string' || slotOf.has(entry.id)) return;
        slotOf.set(entry.id, cards.length);
        cards.push({
          id: entry.id,
          owner: actor,
          controller: actor,
          catalogId: entry.card,
          kind: oracle.kind,
          name: oracle.name,
          reflection: oracle.reflection === true,
          zone: zone ?? pileOf(oracle.kind),
          ...(OUT_OF_ARENA as Pick<CardState, 'line' | 'active' | 'attacks' | 'grants' | 'sequence' | 'attachedTo'>),
        });
      };
      for (const entry of p['deck'] ?? []) add(entry, null);
      for (const entry of p['reflectionCards'] ?? []) add(entry, 'Candidate');
      return { ...state, slotOf, cards, setup: { ...state.setup, decks: [...state.setup.decks, actor] } };
    }
    case 'DeckShuffled':
      return actor ? { ...state, setup: { ...state.setup, shuffled: [...state.setup.shuffled, actor] } } : state;
    case 'ReflectionCardsPlaced': {
      if (!actor) return state;
      const cards = new Cards(state);
      const chosen = new Set<string>(p['cardIds'] ?? []);
      const reflections = new Map<string, string>();
      for (const c of state.cards) {
        if (c.owner !== actor || c.zone !== 'Candidate') continue;
        // SM-R12: placed cards sit in the Reflection Zone; unused candidates leave the record (no zone).
        if (chosen.has(c.id)) {
          cards.set(c, { zone: 'ReflectionZone' });
          reflections.set(nameKey(c.kind, c.name), c.catalogId);
        }
      }
      return {
        ...state,
        cards: cards.result(),
        reflections: { ...state.reflections, [actor]: reflections },
        setup: { ...state.setup, placed: [...state.setup.placed, actor] },
      };
    }
    case 'FirstPlayerDetermined':
    case 'FirstPlayerChosen':
      return isSeat(p['firstPlayer'])
        ? { ...state, firstPlayer: p['firstPlayer'], firstPlayerMethod: event.type === 'FirstPlayerDetermined' ? String(p['description'] ?? 'fair') : `chosen by ${actor}` }
        : state;
    case 'OpeningHandDrawn': {
      if (!actor) return state;
      const cards = new Cards(state);
      for (const id of p['cardIds'] ?? []) {
        const c = cards.get(id);
        if (c && c.owner === actor) cards.set(c, { zone: 'Hand' });
      }
      return { ...state, cards: cards.result(), setup: { ...state.setup, hands: [...state.setup.hands, actor] } };
    }
    case 'GameStarted': {
      const first = state.firstPlayer ?? 'p1';
      const mp = { [first]: 5, [other(first)]: state.config.mpMax } as Record<Seat, number>;
      const { subturn, ownSubturns } = newSubturn(state, first, 1, state.cards);
      return { ...state, stage: 'playing', mp, mpCastingOnly: first, subturn, ownSubturns };
    }
    case 'StepEntered': {
      const s = state.subturn;
      if (!s) return state;
      const step = p['step'];
      return {
        ...state,
        subturn: { ...s, step, drawEntered: s.drawEntered || step === 'Draw', endEntered: s.endEntered || step === 'EndOfSubturn' },
      };
    }
    case 'SubturnEnded':
      return endSubturn(state);
    case 'CardDrawn': {
      const cards = new Cards(state);
      const c = cards.get(p['cardId']);
      const s = state.subturn;
      if (!c || !s) return state;
      cards.set(c, { zone: 'Hand' });
      const byOwner = actor === s.owner;
      const normal = typeof p['byEffect'] !== 'string';
      return {
        ...state,
        cards: cards.result(),
        subturn: { ...s, drawsByOwner: s.drawsByOwner + (byOwner ? 1 : 0), normalDraws: s.normalDraws + (normal ? 1 : 0) },
      };
    }
    case 'CardCast': {
      const cards = new Cards(state);
      const c = cards.get(p['cardId']);
      if (!c || !actor) return state;
      const mpPaid = typeof p['mpPaid'] === 'number' ? p['mpPaid'] : 0;
      const mp = { ...state.mp, [actor]: Math.max(0, state.mp[actor] - mpPaid) };
      if (c.kind === 'Seal') {
        cards.set(c, { ...OUT_OF_ARENA, zone: 'Arena', controller: actor, line: (p['line'] as Line) ?? 'At', active: true });
        return { ...state, cards: cards.result(), mp, subturn: broughtIn(state, actor) };
      }
      cards.set(c, { ...OUT_OF_ARENA, zone: 'Arena', controller: actor, attachedTo: typeof p['attachTo'] === 'string' ? p['attachTo'] : null });
      return { ...state, cards: cards.result(), mp };
    }
    case 'CardMoved':
      return moveCard(state, p);
    case 'MpChanged': {
      const seat = seatOr(p['player'], 'p1');
      const value = typeof p['setTo'] === 'number' ? p['setTo'] : state.mp[seat] + (typeof p['delta'] === 'number' ? p['delta'] : 0);
      return { ...state, mp: { ...state.mp, [seat]: Math.max(0, value) } };
    }
    case 'SealLineChanged': {
      const cards = new Cards(state);
      const c = cards.get(p['cardId']);
      if (!c) return state;
      cards.set(c, { line: p['to'] === 'Df' ? 'Df' : 'At' });
      return { ...state, cards: cards.result() };
    }
    case 'SealActivityChanged': {
      const cards = new Cards(state);
      const c = cards.get(p['cardId']);
      if (!c) return state;
      cards.set(c, { active: p['to'] === 'Active' });
      return { ...state, cards: cards.result() };
    }
    case 'AttackGrantAdded': {
      const cards = new Cards(state);
      const c = cards.get(p['cardId']);
      if (!c) return state;
      const expires: Expiry = p['expires'] ?? 'EndOfSubturn';
      const grant: AttackGrant =
        p['kind'] === 'MultiAttackPayOnce'
          ? { id: p['grantId'], kind: 'MultiAttackPayOnce', count: p['count'] ?? 2, used: false, expires }
          : { id: p['grantId'], kind: 'ExtraAttack', remaining: p['count'] ?? 1, free: p['free'] === true, evenIfInactive: p['evenIfInactive'] === true, expires };
      cards.set(c, { grants: [...c.grants, grant] });
      return { ...state, cards: cards.result(), grantIds: new Set(state.grantIds).add(p['grantId']) };
    }
    case 'AttackDeclared':
      return declareAttack(state, actor, p);
    case 'AttackResolved':
      return resolveAttack(state, p);
    case 'AttackSequenceEnded': {
      const cards = new Cards(state);
      const c = cards.get(p['attackerId']);
      if (!c) return state;
      cards.set(c, { sequence: null, active: c.zone === 'Arena' ? false : c.active });
      return { ...state, cards: cards.result(), pendingContinuation: state.pendingContinuation === c.id ? null : state.pendingContinuation };
    }
    case 'EffectResolved':
      return resolveEffect(state, p);
    case 'PlayerCounterChanged': {
      const seat = seatOr(p['player'], 'p1');
      const counters = new Map(state.counters[seat]);
      counters.set(String(p['counter']), (counters.get(String(p['counter'])) ?? 0) + (typeof p['delta'] === 'number' ? p['delta'] : 0));
      return { ...state, counters: { ...state.counters, [seat]: counters } };
    }
    case 'GameEnded':
      return {
        ...state,
        stage: 'ended',
        pendingGameEnd: null,
        result: isSeat(p['winner']) ? { winner: p['winner'], reason: String(p['reason']) } : { winner: null, draw: true, reason: String(p['reason']) },
      };
    default:
      return state;
  }
}

function endSubturn(state: SmState): SmState {
  const s = state.subturn;
  if (!s) return state;
  const cards = new Cards(state);
  // 401.9.5–401.9.7: every Seal in the Arena becomes Active; grants and modifiers expire or tick.
  for (const c of state.cards) {
    if (c.zone !== 'Arena' || c.kind !== 'Seal') continue;
    const grants: AttackGrant[] = [];
    for (const g of c.grants) {
      const expires = tick(g.expires);
      if (expires) grants.push({ ...g, expires });
    }
    if (c.active && c.attacks === 0 && grants.length === c.grants.length && c.grants.length === 0) continue;
    cards.set(c, { active: true, attacks: 0, grants, sequence: null });
  }
  const modifiers: Modifier[] = [];
  for (const m of state.modifiers) {
    const expires = tick(m.expires);
    if (expires) modifiers.push({ ...m, expires });
  }
  const base = { ...state, cards: cards.result(), modifiers, mpCastingOnly: null, currentAttack: null, pendingContinuation: null };
  if (!s.ownerHadSealAtStart && !s.sealBroughtIn) {
    return { ...base, subturn: { ...s, step: 'EndOfSubturn', endEntered: true }, pendingGameEnd: { loser: s.owner, reason: 'NoSealInArena' } };
  }
  const { subturn, ownSubturns } = newSubturn(state, other(s.owner), s.number + 1, base.cards);
  return { ...base, subturn, ownSubturns };
}

function moveCard(state: SmState, p: P): SmState {
  const cards = new Cards(state);
  const c = cards.get(p['cardId']);
  if (!c) return state;
  const to = p['to'] as Zone;
  let next = state;
  if (to === 'Arena') {
    if (c.kind === 'Seal') {
      cards.set(c, { ...OUT_OF_ARENA, zone: 'Arena', controller: c.owner, line: (p['line'] as Line | null | undefined) ?? null, active: true });
      next = { ...state, subturn: broughtIn(state, c.owner) };
    } else cards.set(c, { ...OUT_OF_ARENA, zone: 'Arena' });
  } else {
    const wasPending = state.pendingContinuation === c.id;
    cards.set(c, { ...OUT_OF_ARENA, zone: to, controller: c.owner });
    // Mystics pasted to a card that leaves the Arena stay recorded; their fate is a separate event.
    if (wasPending) next = { ...state, pendingContinuation: null };
    if (state.currentAttack?.attackerId === c.id) next = { ...next, currentAttack: null };
  }
  return { ...next, cards: cards.result() };
}

function declareAttack(state: SmState, actor: Seat | null, p: P): SmState {
  const cards = new Cards(state);
  const c = cards.get(p['attackerId']);
  if (!c || !actor) return state;
  const mpPaid = typeof p['mpPaid'] === 'number' ? p['mpPaid'] : 0;
  const mode = String(p['mode']);
  if (mode === 'Multi') {
    const grant = c.grants.find((g) => g.id === p['grantId'] && g.kind === 'MultiAttackPayOnce');
    const count = grant && grant.kind === 'MultiAttackPayOnce' ? grant.count : 2;
    cards.set(c, {
      grants: c.grants.map((g) => (g === grant ? { ...g, used: true } : g)),
      sequence: { grantId: String(p['grantId']), total: count, done: 0, attackMove: typeof p['attackMove'] === 'string' ? p['attackMove'] : null },
    });
  }
  const s = state.subturn;
  return {
    ...state,
    cards: cards.result(),
    mp: { ...state.mp, [actor]: Math.max(0, state.mp[actor] - mpPaid) },
    currentAttack: { attackerId: c.id, mode, grantId: typeof p['grantId'] === 'string' ? p['grantId'] : null },
    pendingContinuation: null,
    subturn: s && p['target']?.kind === 'Hand' ? { ...s, handAttackUsed: true } : s,
  };
}

function resolveAttack(state: SmState, p: P): SmState {
  const attack = state.currentAttack;
  const cards = new Cards(state);
  const c = cards.get(p['attackerId']);
  if (!attack || !c) return { ...state, currentAttack: null };
  if (c.zone !== 'Arena') return { ...state, currentAttack: null };
  let pendingContinuation: string | null = null;
  if (c.sequence) {
    const done = c.sequence.done + 1;
    if (done < c.sequence.total) {
      // Glossary: after an attack short of the count, the Seal stays Active and attacks again at once.
      cards.set(c, { attacks: c.attacks + 1, sequence: { ...c.sequence, done }, active: true });
      pendingContinuation = c.id;
    } else cards.set(c, { attacks: c.attacks + 1, sequence: null, active: false });
  } else {
    const grants =
      attack.mode === 'Extra'
        ? c.grants.map((g) => (g.id === attack.grantId && g.kind === 'ExtraAttack' ? { ...g, remaining: g.remaining - 1 } : g))
        : c.grants;
    cards.set(c, { attacks: c.attacks + 1, active: false, grants });
  }
  return { ...state, cards: cards.result(), currentAttack: null, pendingContinuation };
}

function resolveEffect(state: SmState, p: P): SmState {
  let next = state;
  const modifiers = p['modifiers'];
  if (Array.isArray(modifiers) && modifiers.length > 0) {
    next = { ...next, modifiers: [...next.modifiers, ...modifiers.map((m: P) => ({ cardId: m.cardId, field: m.field, op: m.op, value: m.value, expires: m.expires ?? 'EndOfSubturn' }))] };
  }
  const changes = p['controlChanges'];
  if (Array.isArray(changes) && changes.length > 0) {
    const cards = new Cards(next);
    for (const change of changes) {
      const c = cards.get(change?.cardId);
      if (!c || c.zone !== 'Arena' || !isSeat(change.to)) continue;
      const updated = cards.set(c, { controller: change.to, sequence: null });
      if (next.pendingContinuation === c.id) next = { ...next, pendingContinuation: null };
      if (updated.kind === 'Seal') next = { ...next, subturn: broughtIn(next, change.to) };
    }
    next = { ...next, cards: cards.result() };
  }
  return next;
}

