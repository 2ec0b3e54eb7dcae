import { CardId, CardState, SmState, Seat, cardOf, isSeat, nameKey, newCard, pileOf } from '../state';
import { fail, payloadFail, str } from './guards';

type P = Record<string, any>;

export function decideMatchCreated(state: SmState, payload: P): void {
  if (state.stage !== 'none') fail('SETUP_ORDER', 'the match already exists');
  const players = payload['players'];
  if (!(Array.isArray(players) && players.length === 2 && players[0] === 'p1' && players[1] === 'p2')) fail('INVALID_CONFIG', 'MatchCreated.players must be ["p1","p2"]');
}

export function decideGameCreated(state: SmState, payload: P): void {
  if (state.stage !== 'match') fail('SETUP_ORDER', 'GameCreated follows MatchCreated, once per document');
  const n = payload['gameNumber'];
  if (!(Number.isInteger(n) && n >= 1)) payloadFail('GameCreated', 'gameNumber', 'must be an integer ≥ 1');
  if (state.headerGameNumber !== null) {
    if (n !== state.headerGameNumber) fail('SETUP_ORDER', `GameCreated.gameNumber ${n} differs from the document's game.gameNumber ${state.headerGameNumber}`);
  }
  const previous = payload['previousGame'];
  if (n === 1) {
    if (previous !== undefined) fail('SETUP_ORDER', 'game 1 of a match has no previous game');
  } else {
    if (previous === undefined) fail('SETUP_ORDER', `game ${n} must record the previous game's result (previousGame: {winner} or {draw: true}), which decides who starts (102.4)`);
    if (isSeat(previous.winner) === (previous.draw === true)) payloadFail('GameCreated', 'previousGame', 'is {winner: p1|p2} or {draw: true}');
  }
}

/**
 * Checks a deck entry by entry, in order, and binds each card's id in `slots` at the slot its record
 * will take, so one look-up both finds a duplicate (in this deck or already bound) and binds the
 * card. Returns the new cards' records; a refused deck leaves `slots` as it was.
 */
export function decideDeckRegistered(state: SmState, actor: Seat, payload: P, slots: Map<CardId, number>): CardState[] {
  if (!(state.stage === 'setup' && !state.setup.decks.includes(actor))) fail('SETUP_ORDER', `${actor}'s deck is registered once, before shuffling`);
  const deck = payload['deck'];
  const reflections = payload['reflectionCards'];
  if (!Array.isArray(deck)) payloadFail('DeckRegistered', 'deck', 'must be a list of {id, card}');
  if (!Array.isArray(reflections)) payloadFail('DeckRegistered', 'reflectionCards', 'must be a list of {id, card}');
  const records: CardState[] = [];
  try {
    bindEntries(state, actor, 'deck', deck, slots, records);
    bindEntries(state, actor, 'reflectionCards', reflections, slots, records);
    const min = state.config.deckMinimum;
    if (min) {
      // The deck's records come first, the Reflection candidates after them.
      let seals = 0;
      for (let i = 0; i < deck.length; i++) if (records[i]!.kind === 'Seal') seals++;
      const mystics = deck.length - seals;
      if (!(seals >= min.seal && mystics >= min.mystic)) fail('DECK_TOO_SMALL', `${actor}'s deck has ${seals} Seal and ${mystics} Mystic cards; at least ${min.seal} and ${min.mystic} are required (SM-R2)`, {
        seals,
        mystics,
      });
    }
  } catch (error) {
    // A refused deck binds nothing.
    for (let i = 0; i < records.length; i++) slots.delete(records[i]!.id);
    throw error;
  }
  return records;
}

/** One list of a DeckRegistered: each entry's shape, id, Oracle entry and (for Reflections) symbol. */
function bindEntries(state: SmState, actor: Seat, list: 'deck' | 'reflectionCards', entries: readonly unknown[], slots: Map<CardId, number>, records: CardState[]): void {
  const zone = list === 'deck' ? null : 'Candidate';
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as P;
    if (!(entry && str(entry.id) && str(entry.card))) payloadFail('DeckRegistered', `${list}[${i}]`, 'must be {id, card}');
    if (slots.has(entry.id)) fail('DUPLICATE_CARD_ID', `card id "${entry.id}" is used twice in this game`, { cardId: entry.id });
    const oracle = state.catalog.get(entry.card);
    if (!oracle) fail('UNKNOWN_ORACLE_ENTRY', `${list}[${i}]: "${entry.card}" is not in the catalog`, { card: entry.card });
    if (zone !== null && oracle.reflection !== true) fail('REFLECTION_SYMBOL_REQUIRED', `reflectionCards[${i}]: "${oracle.name}" has no Reflection symbol (305.1)`, { cardId: entry.id });
    slots.set(entry.id, state.cards.length + records.length);
    records.push(newCard(entry.id, actor, entry.card, oracle, zone));
  }
}

export function decideDeckShuffled(state: SmState, actor: Seat, payload: P): void {
  if (!(state.stage === 'setup' && state.setup.decks.length === 2 && !state.setup.shuffled.includes(actor))) fail('SETUP_ORDER', 'each deck is shuffled once, after both are registered (102.1)');
  if (!(payload['ownerShuffled'] === true && payload['offeredToOpponent'] === true)) fail('SHUFFLE_INCOMPLETE', 'the owner shuffles and then offers the deck to the opponent (102.1, SM-R3)');
  if (typeof payload['opponentShuffled'] !== 'boolean') payloadFail('DeckShuffled', 'opponentShuffled', 'must be a boolean');
}

export function decideReflectionCardsPlaced(state: SmState, actor: Seat, payload: P): void {
  if (!(state.stage === 'setup' && state.setup.shuffled.length === 2 && !state.setup.placed.includes(actor))) fail('SETUP_ORDER', 'Reflection cards are placed once, after both shuffles (102.2)');
  const ids = payload['cardIds'];
  if (!(Array.isArray(ids) && ids.every(str))) payloadFail('ReflectionCardsPlaced', 'cardIds', 'must be a list of card ids');
  const names = new Set<string>();
  for (const id of ids as string[]) {
    const card = cardOf(state, id);
    if (!card) fail('UNKNOWN_CARD', `no card "${id}" in this game`, { cardId: id });
    if (!card.reflection) fail('REFLECTION_SYMBOL_REQUIRED', `"${card.name}" (${id}) has no Reflection symbol after its name (305.1)`, { cardId: id });
    if (!(card.owner === actor && card.zone === 'Candidate')) fail('CARD_NOT_IN_ZONE', `${id} is not one of ${actor}'s registered Reflection cards`, { cardId: id });
    const key = nameKey(card.kind, card.name);
    if (names.has(key)) fail('REFLECTION_DUPLICATE_NAME', `two Reflection cards named "${card.name}" (SM-R11)`, { name: card.name });
    names.add(key);
  }
  // §6.3 deck legality: a banned card is allowed only when its Reflection card is shown (620.5, SM-R15).
  const unshown = new Set<string>();
  for (const key of state.config.banned) if (!names.has(key)) unshown.add(key);
  if (unshown.size === 0) return;
  // Names first: a key is built only for a card whose name is one of them.
  const unshownNames = new Set([...unshown].map((key) => key.slice(key.indexOf('|') + 1)));
  for (const card of state.cards) {
    if (card.owner !== actor || (card.zone !== 'SealDeck' && card.zone !== 'MysticDeck') || !unshownNames.has(card.name)) continue;
    if (unshown.has(nameKey(card.kind, card.name))) fail('DECK_ILLEGAL_BANNED_CARD', `${card.id} "${card.name}" is banned and its Reflection card is not shown (620.5)`, {
      cardId: card.id,
      name: card.name,
    });
  }
}

export function decideFirstPlayer(state: SmState, type: 'FirstPlayerDetermined' | 'FirstPlayerChosen', actor: Seat | undefined, payload: P): void {
  if (!(state.stage === 'setup' && state.setup.placed.length === 2 && state.firstPlayer === null)) fail('SETUP_ORDER', 'the first player is settled once, after both Reflection placements (102.3–102.4)');
  if (!isSeat(payload['firstPlayer'])) payloadFail(type, 'firstPlayer', 'must be p1 or p2');
  const previous = state.previousGame;
  const loser = previous && 'winner' in previous ? (previous.winner === 'p1' ? 'p2' : 'p1') : null;
  if (type === 'FirstPlayerDetermined') {
    if (loser !== null) fail('FIRST_PLAYER_LOSER_CHOOSES', `game ${state.gameNumber}: the loser of the previous game, ${loser}, chooses who starts (102.4)`, { loser });
    if (!(payload['method'] === 'fair' && str(payload['description']))) payloadFail(type, 'description', 'must name the fair method used (102.3)');
  } else {
    if (loser === null) fail('FIRST_PLAYER_FAIR_METHOD_REQUIRED', `game ${state.gameNumber}: the first player is settled by a fair method (102.3${state.gameNumber > 1 ? ', SM-R5: the previous game was drawn' : ''})`);
    if (actor !== loser) fail('FIRST_PLAYER_CHOOSER_NOT_LOSER', `only the previous game's loser, ${loser}, chooses who starts (102.4, SM-R6)`, { chooser: actor, loser });
  }
}

export function decideOpeningHand(state: SmState, actor: Seat, payload: P): void {
  if (!(state.stage === 'setup' && state.firstPlayer !== null && !state.setup.hands.includes(actor))) fail('SETUP_ORDER', 'each opening hand is drawn once, after the first player is settled (102.5)');
  const ids = payload['cardIds'];
  if (!(Array.isArray(ids) && ids.every(str))) payloadFail('OpeningHandDrawn', 'cardIds', 'must be a list of card ids');
  let seals = 0;
  let mystics = 0;
  const cards = [];
  for (const id of ids as string[]) {
    const card = cardOf(state, id);
    if (!card) fail('UNKNOWN_CARD', `no card "${id}" in this game`, { cardId: id });
    cards.push(card);
    if (card.kind === 'Seal') seals++;
    else mystics++;
  }
  if (!(seals === 5 && mystics === 2 && new Set(ids).size === 7)) fail('OPENING_HAND_COMPOSITION', `the opening hand is 5 Seal and 2 Mystic cards (102.5); got ${seals} Seal and ${mystics} Mystic`, { seals, mystics });
  for (const card of cards) {
    if (!(card.owner === actor && card.zone === pileOf(card.kind))) fail('CARD_NOT_IN_ZONE', `${card.id} is not in ${actor}'s ${pileOf(card.kind)}`, { cardId: card.id });
  }
}

export function decideGameStarted(state: SmState, mpMax: number, payload: P): void {
  if (!(state.stage === 'setup' && state.setup.hands.length === 2)) fail('SETUP_ORDER', 'the game starts once both opening hands are drawn (102.6)');
  const echo = payload['mp'];
  if (echo !== undefined) {
    const first = state.firstPlayer!;
    const expected = first === 'p1' ? { p1: 5, p2: mpMax } : { p1: mpMax, p2: 5 };
    if (!(echo?.p1 === expected.p1 && echo?.p2 === expected.p2)) fail('MP_MISMATCH', `starting Mp is ${JSON.stringify(expected)} (102.6)`, { expected });
  }
}
