import type { GameContext, GameDocument, LogEvent, PlayerEntry } from '@cardlog/events';
import { Prng } from '../../prng';
import { DEMO_BAN_LIST, DEMO_CATALOG_ID, DEMO_CARDS } from '../catalog/demo-catalog';
import { SM_DEMO_DECKS, SmDemoDeck } from '../catalog/demo-decks';
import { decide } from '../decide';
import { evolve } from '../evolve';
import { initialState } from '../setup';
import { CardState, SEATS, Seat, SmState, effective, other, sealInLine, shrineLevel } from '../state';

export const SM_RULES_VERSION = '1';
export const SM_DEFAULT_MAX_EVENTS = 1500;
/** The demo match config: SMO's Mp max, the default deck minimum, two banned Mystics. */
export const SM_DEMO_CONFIG = { mpMax: 8, level: 'demo', banList: DEMO_BAN_LIST };

export interface SmSimulateOptions {
  readonly seed: number;
  readonly maxEvents?: number;
  readonly decks?: Readonly<Record<Seat, SmDemoDeck>>;
  readonly names?: Readonly<Record<Seat, { readonly id?: string; readonly name: string }>>;
  /** A later game of a match: the previous game's loser (this seat) chooses to go first. */
  readonly firstSeat?: Seat;
  readonly game?: GameContext;
  /** Keep the state after every event (property tests). */
  readonly keepStates?: boolean;
}

export interface SmSimulatedGame {
  readonly seed: number;
  readonly document: GameDocument;
  readonly final: SmState;
  /** `ShrineLevel`, `NoSealInArena`, `DeckOut`, `draw` or `concede` (at the event cap). */
  readonly ending: string;
  readonly states?: readonly SmState[];
}

// Two disjoint halves: p1 is named from the first, p2 from the second, so a game never pits a name against itself.
const BOT_NAMES = ['Arin', 'Busaba', 'Chai', 'Dara', 'Ekkachai', 'Fah', 'Gan', 'Hathai'];

/** Ends the game from inside the bot's turn. */
class GameOver extends Error {}

/** A seeded bot game: every event goes through `decide` as it is recorded, so the log is legal by construction. */
export function simulateSmGame(options: SmSimulateOptions): SmSimulatedGame {
  const rng = new Prng(options.seed);
  const maxEvents = options.maxEvents ?? SM_DEFAULT_MAX_EVENTS;
  const decks = options.decks ?? { p1: rng.pick(SM_DEMO_DECKS), p2: rng.pick(SM_DEMO_DECKS) };
  const names = options.names ?? { p1: { name: rng.pick(BOT_NAMES.slice(0, 4)) }, p2: { name: rng.pick(BOT_NAMES.slice(4)) } };
  const players: PlayerEntry[] = SEATS.map((seat) => ({
    seat,
    name: names[seat].name,
    ...(names[seat].id ? { id: names[seat].id } : {}),
    deck: { name: decks[seat].name, archetype: decks[seat].archetype },
  }));
  const catalog = { id: DEMO_CATALOG_ID, cards: DEMO_CARDS };
  let state = initialState({ system: 'summoner-master', rulesVersion: SM_RULES_VERSION, config: SM_DEMO_CONFIG, players, catalog, ...(options.game ? { game: options.game } : {}) });
  const events: LogEvent[] = [];
  const states: SmState[] = [];
  let grants = 0;

  const rec = (type: string, player: Seat | undefined, payload: Record<string, unknown>) => {
    const event: LogEvent = player ? { type, player, payload } : { type, payload };
    for (const e of decide(state, event)) {
      state = evolve(state, e);
      events.push(e);
      if (options.keepStates) states.push(state);
    }
    if (state.stage === 'ended') throw new GameOver();
  };
  const mine = (seat: Seat, zone: CardState['zone']) => state.cards.filter((c) => c.owner === seat && c.zone === zone);
  const arenaSeals = (seat: Seat) => state.cards.filter((c) => c.zone === 'Arena' && c.kind === 'Seal' && c.controller === seat);
  const limit = state.config.shrineLevelLimit;
  const checkShrines = () => {
    const reached = SEATS.filter((s) => shrineLevel(state, s) >= limit);
    if (reached.length === 2) rec('GameEnded', undefined, { draw: true, reason: 'ShrineLevel' });
    else if (reached.length === 1) rec('GameEnded', undefined, { winner: other(reached[0]!), reason: 'ShrineLevel', detail: `${reached[0]}'s Shrine Level reached ${limit}` });
  };
  const destroy = (c: CardState, reason: string, byEffect?: string) => {
    const now = state.cards[state.slotOf.get(c.id)!]!;
    if (now.zone !== 'Arena') return;
    rec('CardMoved', undefined, { cardId: c.id, from: 'Arena', to: 'Shrine', reason, ...(byEffect ? { byEffect } : {}) });
  };

  try {
    rec('MatchCreated', undefined, { players: ['p1', 'p2'] });
    const later = options.firstSeat !== undefined && (options.game?.gameNumber ?? 2) > 1;
    const gameNumber = options.game?.gameNumber ?? (later ? 2 : 1);
    rec('GameCreated', undefined, { gameNumber, ...(later ? { previousGame: { winner: other(options.firstSeat!) } } : gameNumber > 1 ? { previousGame: { draw: true } } : {}) });
    for (const seat of SEATS) {
      const order = rng.shuffle(decks[seat].deck);
      rec('DeckRegistered', seat, {
        deck: order.map((card, i) => ({ id: `${seat}-${String(i + 1).padStart(3, '0')}`, card })),
        reflectionCards: decks[seat].reflections.map((card, i) => ({ id: `${seat}-r${i + 1}`, card })),
      });
    }
    for (const seat of SEATS) rec('DeckShuffled', seat, { ownerShuffled: true, offeredToOpponent: true, opponentShuffled: rng.chance(0.5) });
    for (const seat of SEATS) rec('ReflectionCardsPlaced', seat, { cardIds: decks[seat].reflections.map((_, i) => `${seat}-r${i + 1}`) });
    if (later) rec('FirstPlayerChosen', options.firstSeat!, { firstPlayer: options.firstSeat! });
    else {
      const first: Seat = options.firstSeat ?? (rng.chance(0.5) ? 'p1' : 'p2');
      rec('FirstPlayerDetermined', undefined, { method: 'fair', description: `rock-paper-scissors, won by ${first}`, firstPlayer: first });
    }
    for (const seat of SEATS) {
      const seals = mine(seat, 'SealDeck').slice(0, 5);
      const mystics = mine(seat, 'MysticDeck').slice(0, 2);
      rec('OpeningHandDrawn', seat, { cardIds: [...seals, ...mystics].map((c) => c.id) });
    }
    rec('GameStarted', undefined, {});

    while (events.length < maxEvents) playSubturn();
    const loser = shrineLevel(state, 'p1') >= shrineLevel(state, 'p2') ? 'p1' : 'p2';
    rec('GameEnded', undefined, { winner: other(loser), reason: 'Concession', detail: 'the bots stop at the event cap' });
  } catch (error) {
    if (!(error instanceof GameOver)) throw error;
  }

  function playSubturn(): void {
    const s = state.subturn!;
    const owner = s.owner;
    const foe = other(owner);
    const checkUp = rng.chance(0.8);
    if (checkUp) rec('StepEntered', undefined, { step: 'CheckUp' });
    if (!s.drawSkipped) {
      // After a recorded Check up, drawing needs the Draw step (§5.3); without steps it is Unspecified.
      const recordStep = checkUp || rng.chance(0.5);
      if (recordStep) rec('StepEntered', undefined, { step: 'Draw' });
      const n = rng.chance(0.5) ? 2 : 1;
      for (let i = 0; i < n; i++) {
        const seals = mine(owner, 'SealDeck');
        const mystics = mine(owner, 'MysticDeck');
        if (seals.length === 0 && mystics.length === 0) {
          if (i === 0 && recordStep) rec('GameEnded', undefined, { winner: foe, reason: 'DeckOut', detail: `${owner} has no card to draw` });
          break;
        }
        const handSeals = mine(owner, 'Hand').filter((c) => c.kind === 'Seal').length;
        const pile = mystics.length === 0 || (seals.length > 0 && (handSeals < 2 || rng.chance(0.5))) ? 'Seal' : 'Mystic';
        const card = (pile === 'Seal' ? seals : mystics)[0]!;
        rec('CardDrawn', owner, { pile, cardId: card.id });
      }
    }
    const hand = mine(owner, 'Hand');
    if (hand.length > 7) {
      rec('StepEntered', undefined, { step: 'Discard' });
      const sorted = [...hand].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'Mystic' ? -1 : 1));
      for (const c of sorted.slice(0, hand.length - 7)) rec('CardMoved', undefined, { cardId: c.id, from: 'Hand', to: 'Shrine', reason: 'discard down to 7' });
      checkShrines();
    }
    rec('StepEntered', undefined, { step: 'Main' });
    castSeals(owner);
    for (const c of arenaSeals(owner)) {
      for (const text of effective(state, c).entry?.attackTexts ?? []) {
        const grantId = `g${++grants}`;
        rec('AttackGrantAdded', undefined, { cardId: c.id, grantId, ...(text.kind === 'MultiAttackPayOnce' ? { kind: text.kind, count: text.count ?? 2 } : { kind: text.kind, free: text.free, evenIfInactive: text.evenIfInactive }), sourceCardId: c.id });
      }
    }
    castMystic(owner);
    if (rng.chance(0.25)) interfere(foe);
    attack(owner);
    if (rng.chance(0.5)) castSeals(owner);
    rec('StepEntered', undefined, { step: 'MpRefill' });
    rec('MpChanged', undefined, { player: owner, setTo: state.config.mpMax, purpose: 'refill', reason: 'Mp refill to Mp max' });
    if (rng.chance(0.7)) rec('StepEntered', undefined, { step: 'EndOfSubturn' });
    rec('SubturnEnded', undefined, {});
    if (state.pendingGameEnd) rec('GameEnded', undefined, { winner: other(state.pendingGameEnd.loser), reason: 'NoSealInArena' });
  }

  function castSeals(owner: Seat): void {
    for (const c of rng.shuffle(mine(owner, 'Hand').filter((x) => x.kind === 'Seal'))) {
      if (arenaSeals(owner).length >= 5) return;
      const cost = effective(state, c).mpCast;
      if (cost > state.mp[owner] || (arenaSeals(owner).length >= 2 && rng.chance(0.3))) continue;
      const at = arenaSeals(owner).filter((x) => x.line === 'At').length;
      rec('CardCast', owner, { cardId: c.id, mpPaid: cost, line: at <= 1 || rng.chance(0.5) ? 'At' : 'Df' });
    }
  }

  function castMystic(owner: Seat): void {
    const options = mine(owner, 'Hand').filter((c) => c.kind === 'Mystic' && effective(state, c).mpCast <= state.mp[owner]);
    if (options.length === 0 || !rng.chance(0.6)) return;
    const card = rng.pick(options);
    const e = effective(state, card);
    rec('CardCast', owner, { cardId: card.id, mpPaid: e.mpCast });
    resolveMystic(owner, card, e.entry?.text ?? '');
  }

  function interfere(seat: Seat): void {
    const options = mine(seat, 'Hand').filter((c) => c.kind === 'Mystic' && effective(state, c).interfere && effective(state, c).mpCast <= state.mp[seat]);
    const mySeals = arenaSeals(seat);
    if (options.length === 0 || mySeals.length === 0) return;
    const card = rng.pick(options);
    rec('CardCast', seat, { cardId: card.id, mpPaid: effective(state, card).mpCast });
    const target = rng.pick(mySeals);
    rec('EffectResolved', undefined, { sourceCardId: card.id, description: 'a Seal gets Df +2 until end of Subturn', targets: [target.id], modifiers: [{ cardId: target.id, field: 'df', op: 'add', value: 2, expires: 'EndOfSubturn' }] });
    rec('CardMoved', undefined, { cardId: card.id, from: 'Arena', to: 'Shrine', reason: 'a 0-Turn Mystic goes to the Shrine after casting' });
  }

  function resolveMystic(owner: Seat, card: CardState, text: string): void {
    const foeSeals = arenaSeals(other(owner));
    if (/destroy/i.test(text) && foeSeals.length > 0) {
      const target = [...foeSeals].sort((a, b) => effective(state, a).level - effective(state, b).level)[0]!;
      rec('EffectResolved', undefined, { sourceCardId: card.id, description: text, targets: [target.id] });
      destroy(target, `destroyed by ${card.name}`, card.name);
    } else if (/draw/i.test(text)) {
      const pile = mine(owner, 'MysticDeck')[0] ?? mine(owner, 'SealDeck')[0];
      rec('EffectResolved', undefined, { sourceCardId: card.id, description: text, targets: [] });
      if (pile) rec('CardDrawn', owner, { pile: pile.kind, cardId: pile.id, byEffect: card.name });
    } else {
      const mySeals = arenaSeals(owner);
      const target = mySeals.length ? rng.pick(mySeals) : null;
      rec('EffectResolved', undefined, {
        sourceCardId: card.id,
        description: text || card.name,
        targets: target ? [target.id] : [],
        ...(target ? { modifiers: [{ cardId: target.id, field: 'at', op: 'add', value: 1, expires: 'EndOfSubturn' }] } : {}),
      });
    }
    const now = state.cards[state.slotOf.get(card.id)!]!;
    if (now.zone === 'Arena') rec('CardMoved', undefined, { cardId: card.id, from: 'Arena', to: 'Shrine', reason: 'a 0-Turn Mystic goes to the Shrine after casting' });
    checkShrines();
  }

  function attack(owner: Seat): void {
    const foe = other(owner);
    const firstSubturn = state.mpCastingOnly === owner;
    for (const seal of rng.shuffle(arenaSeals(owner))) {
      let c = current(seal);
      if (!c || c.zone !== 'Arena' || !c.active || c.line === null) continue;
      const cost = effective(state, c).mpAttack;
      if (firstSubturn ? cost > 0 : cost > state.mp[owner]) continue;
      const multi = c.grants.find((g) => g.kind === 'MultiAttackPayOnce' && !g.used);
      if (multi && !firstSubturn && rng.chance(0.8)) {
        if (!oneAttack(owner, c, { mode: 'Multi', grantId: multi.id, mpPaid: cost })) continue;
        c = current(c);
        if (c && state.pendingContinuation === c.id) {
          if (!oneAttack(owner, c, { mode: 'Continuation', mpPaid: 0 })) rec('AttackSequenceEnded', undefined, { attackerId: c.id, reason: 'no legal target' });
        }
      } else if (!oneAttack(owner, c, { mode: 'Normal', mpPaid: firstSubturn ? 0 : cost })) continue;
      c = current(seal);
      const extra = c?.grants.find((g) => g.kind === 'ExtraAttack' && g.remaining > 0);
      if (c && c.zone === 'Arena' && extra && extra.kind === 'ExtraAttack' && !firstSubturn && rng.chance(0.7)) {
        const price = extra.free ? 0 : effective(state, c).mpAttack;
        if (price <= state.mp[owner] && (c.active || extra.evenIfInactive)) oneAttack(owner, c, { mode: 'Extra', grantId: extra.id, mpPaid: price });
      }
    }
    void foe;
  }

  function current(c: CardState): CardState | undefined {
    return state.cards[state.slotOf.get(c.id)!];
  }

  /** Declares, resolves and applies one attack (§7.7 outcome, informative), or returns false when no target. */
  function oneAttack(owner: Seat, c: CardState, how: { mode: string; grantId?: string; mpPaid: number }): boolean {
    const foe = other(owner);
    const targets = arenaSeals(foe).filter((t) => t.line !== null);
    const base = { attackerId: c.id, mode: how.mode, mpPaid: how.mpPaid, ...(how.grantId ? { grantId: how.grantId } : {}) };
    const move = c.sequence?.attackMove ?? undefined;
    const withMove = how.mode === 'Continuation' ? (move ? { ...base, attackMove: move } : base) : base;
    if (targets.length === 0) {
      if (state.subturn!.handAttackUsed || mine(foe, 'Hand').length === 0 || sealInLine(state, foe)) return false;
      rec('AttackDeclared', owner, { ...withMove, target: { kind: 'Hand' } });
      const lost = rng.pick(mine(foe, 'Hand'));
      rec('AttackResolved', undefined, { attackerId: c.id, outcome: { description: `a card of ${foe}'s hand goes to the Shrine` } });
      rec('CardMoved', undefined, { cardId: lost.id, from: 'Hand', to: 'Shrine', reason: 'hand attack' });
      checkShrines();
      return true;
    }
    const target = rng.pick(targets);
    rec('AttackDeclared', owner, { ...withMove, target: { kind: 'Seal', cardId: target.id } });
    const a = effective(state, c);
    const t = effective(state, target);
    const destroyed: CardState[] = [];
    if (target.line === 'Df') {
      if (a.at > t.df || (a.at === t.df && a.sp > t.sp)) destroyed.push(target);
    } else if (a.at > t.at || (a.at === t.at && a.sp > t.sp)) destroyed.push(target);
    else if (a.at < t.at || (a.at === t.at && a.sp < t.sp)) destroyed.push(c);
    else destroyed.push(target, c);
    rec('AttackResolved', undefined, {
      attackerId: c.id,
      outcome: { description: destroyed.length ? `${destroyed.map((d) => d.name).join(' and ')} destroyed` : 'no Seal destroyed', destroyed: destroyed.map((d) => d.id) },
    });
    for (const d of destroyed) destroy(d, 'destroyed in battle');
    checkShrines();
    return true;
  }

  const result = state.result;
  const ending = !result ? 'concede' : result.reason === 'Concession' ? 'concede' : result.winner === null ? 'draw' : result.reason;
  const document: GameDocument = {
    format: 'cardlog/1',
    system: 'summoner-master',
    rulesVersion: SM_RULES_VERSION,
    ...(options.game ? { game: options.game } : {}),
    config: SM_DEMO_CONFIG,
    players,
    catalog: DEMO_CATALOG_ID,
    events: events.map((e) => ({ type: e.type, ...(e.player ? { player: e.player } : {}), payload: e.payload })),
  };
  return { seed: options.seed, document, final: state, ending, ...(options.keepStates ? { states } : {}) };
}

export function simulateSmGames(count: number, seed: number, options: Omit<SmSimulateOptions, 'seed'> = {}): SmSimulatedGame[] {
  return Array.from({ length: count }, (_, i) => simulateSmGame({ ...options, seed: Prng.derive(seed, i) }));
}
