import { BfbState, CardId, CardState, DeckState, FieldObject, PlayerState, SEATS, Seat, Until, ZoneKey, cardOf, fieldCardIds, isFieldKey, withCards } from './state';

/** Small pure updates shared by evolve; each returns a new state and shares everything it did not touch. */

export function withPlayer(state: BfbState, seat: Seat, update: (p: PlayerState) => PlayerState): BfbState {
  return { ...state, players: { ...state.players, [seat]: update(state.players[seat]) } };
}

export function withCard(state: BfbState, id: CardId, update: (c: CardState) => CardState): BfbState {
  const card = cardOf(state, id);
  return card ? replaceCards(state, [update(card)]) : state;
}

/** Puts updated cards in place, copying only the buckets they live in. */
export function replaceCards(state: BfbState, updated: readonly CardState[]): BfbState {
  if (updated.length === 0) return state;
  return { ...state, cards: withCards(state.cards, updated) };
}

export function withObject(state: BfbState, id: CardId, update: (o: FieldObject) => FieldObject): BfbState {
  return withCard(state, id, (c) => (c.obj ? { ...c, obj: update(c.obj) } : c));
}

export function newObject(turn: number, nPaid: number): FieldObject {
  return {
    enteredTurn: turn,
    nPaid,
    attacksThisTurn: 0,
    statuses: [],
    modifiers: [],
    grantedKeywords: [],
    removedKeywords: [],
    counters: {},
    cd: {},
    usedThisTurn: [],
  };
}

const without = (list: readonly CardId[] | undefined, id: CardId): readonly CardId[] => (list ?? []).filter((x) => x !== id);

/** Takes a card out of the deck if the deck-order rule lets it be drawn now (§12.1 *Deck order*). */
export function drawFromDeck(deck: DeckState, id: CardId): DeckState | undefined {
  if (deck.top.length > 0) return deck.top[0] === id ? { ...deck, top: deck.top.slice(1) } : undefined;
  if (deck.middle.length > 0) return deck.middle.includes(id) ? { ...deck, middle: without(deck.middle, id) } : undefined;
  return deck.bottom[0] === id ? { ...deck, bottom: deck.bottom.slice(1) } : undefined;
}

/** Draws the cards in order; the index of the first card that cannot be drawn, or the new deck. */
export function drawAll(deck: DeckState, ids: readonly CardId[]): { deck: DeckState } | { failAt: number } {
  let current = deck;
  for (let i = 0; i < ids.length; i++) {
    const next = drawFromDeck(current, ids[i]!);
    if (!next) return { failAt: i };
    current = next;
  }
  return { deck: current };
}

function detach(player: PlayerState, zone: ZoneKey, id: CardId): PlayerState {
  if (zone === 'deck') {
    const d = player.deck;
    return { ...player, deck: { top: without(d.top, id), middle: without(d.middle, id), bottom: without(d.bottom, id) } };
  }
  if (zone === 'stack' || zone === 'characterZone' || zone === 'unplaced') return player;
  return { ...player, zones: { ...player.zones, [zone]: without(player.zones[zone], id) } };
}

function attach(player: PlayerState, zone: ZoneKey, id: CardId, position?: 'top' | 'bottom'): PlayerState {
  if (zone === 'deck') {
    const d = player.deck;
    if (position === 'top') return { ...player, deck: { ...d, top: [id, ...d.top] } };
    if (position === 'bottom') return { ...player, deck: { ...d, bottom: [...d.bottom, id] } };
    return { ...player, deck: { ...d, middle: [...d.middle, id] } };
  }
  if (zone === 'stack' || zone === 'characterZone') return player;
  return { ...player, zones: { ...player.zones, [zone]: [...(player.zones[zone] ?? []), id] } };
}

/**
 * Moves a card within its owner's zones. Entering the field makes a new object (`enteredTurn`, `nPaid`);
 * leaving it drops the object and everything attached, ends `whileSourceOnField` effects and updates an
 * open battle (§9.2, BB-R35). A move between two field places keeps the object (BB-R41).
 */
export function moveCard(state: BfbState, id: CardId, to: ZoneKey, opts: { position?: 'top' | 'bottom'; nPaid?: number } = {}): BfbState {
  const card = cardOf(state, id);
  if (!card) return state;
  const player = attach(detach(state.players[card.owner], card.zone, id), to, id, opts.position);
  const wasOn = isFieldKey(card.zone);
  const isOn = isFieldKey(to);
  const obj = wasOn && isOn ? card.obj : isOn ? newObject(state.turn, opts.nPaid ?? 0) : undefined;
  const moved: CardState = { id: card.id, owner: card.owner, catalogId: card.catalogId, zone: to, usedThisGame: card.usedThisGame };
  const next = replaceCards({ ...state, players: { ...state.players, [card.owner]: player } }, [
    { ...moved, ...(card.artId ? { artId: card.artId } : {}), ...(obj ? { obj } : {}) },
  ]);
  return wasOn && !isOn ? afterLeavingField(next, id) : next;
}

function afterLeavingField(state: BfbState, id: CardId): BfbState {
  let next = pruneAttachments(state, (until) => 'whileOnField' in until && until.whileOnField === id);
  const battle = next.battle;
  if (!battle) return next;
  if (battle.attackerId === id && battle.step !== 'declared' && !battle.assignment) {
    next = closeBattle(next); // BB-R35: no damage, no Rebound
  } else if (battle.defenders.includes(id)) {
    next = { ...next, battle: { ...battle, defenders: battle.defenders.filter((d) => d !== id) } };
  }
  return next;
}

/** Closes the open battle: `thisBattle` effects expire. */
export function closeBattle(state: BfbState): BfbState {
  const { battle: _closed, ...rest } = pruneAttachments(state, (until) => 'battle' in until);
  return rest;
}

/** Every card that carries object state: the Characters and the cards on the field. */
export function inPlayIds(state: BfbState): CardId[] {
  const ids: CardId[] = [];
  for (const seat of SEATS) {
    const p = state.players[seat];
    if (p.characterId && cardOf(state, p.characterId)?.zone === 'characterZone') ids.push(p.characterId);
    fieldCardIds(p, ids);
  }
  return ids;
}

/** Drops the statuses, modifiers and keyword grants/removals whose duration has run out. */
export function pruneAttachments(state: BfbState, expired: (until: Until) => boolean): BfbState {
  const updated: CardState[] = [];
  for (const id of inPlayIds(state)) {
    const card = cardOf(state, id)!;
    const o = card.obj;
    if (!o) continue;
    const keep = <T extends { until: Until }>(list: readonly T[]) => (list.some((x) => expired(x.until)) ? list.filter((x) => !expired(x.until)) : list);
    const statuses = keep(o.statuses);
    const modifiers = keep(o.modifiers);
    const grantedKeywords = keep(o.grantedKeywords);
    const removedKeywords = keep(o.removedKeywords);
    if (statuses === o.statuses && modifiers === o.modifiers && grantedKeywords === o.grantedKeywords && removedKeywords === o.removedKeywords) continue;
    updated.push({ ...card, obj: { ...o, statuses, modifiers, grantedKeywords, removedKeywords } });
  }
  return replaceCards(state, updated);
}

/** Draws the named cards of a seat's deck into its hand, in order, skipping any that cannot be drawn. */
export function drawInto(state: BfbState, seat: Seat, ids: readonly string[]): BfbState {
  let next = state;
  for (const id of ids) {
    const drawn = drawAll(next.players[seat].deck, [id]);
    if (!('deck' in drawn)) continue;
    next = moveCard(next, id, 'hand');
  }
  return next;
}
