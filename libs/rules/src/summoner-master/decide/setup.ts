import { SmState, Seat, cardOf, nameKey, pileOf, isSeat } from '../state';
import { check, payloadCheck, str } from './guards';

type P = Record<string, any>;

export function decideMatchCreated(state: SmState, payload: P): void {
  check(state.stage === 'none', 'SETUP_ORDER', 'the match already exists');
  const players = payload['players'];
  check(Array.isArray(players) && players.length === 2 && players[0] === 'p1' && players[1] === 'p2', 'INVALID_CONFIG', 'MatchCreated.players must be ["p1","p2"]');
}

export function decideGameCreated(state: SmState, payload: P): void {
  check(state.stage === 'match', 'SETUP_ORDER', 'GameCreated follows MatchCreated, once per document');
  const n = payload['gameNumber'];
  payloadCheck(Number.isInteger(n) && n >= 1, 'GameCreated', 'gameNumber', 'must be an integer ≥ 1');
  if (state.headerGameNumber !== null) {
    check(n === state.headerGameNumber, 'SETUP_ORDER', `GameCreated.gameNumber ${n} differs from the document's game.gameNumber ${state.headerGameNumber}`);
  }
  const previous = payload['previousGame'];
  if (n === 1) check(previous === undefined, 'SETUP_ORDER', 'game 1 of a match has no previous game');
  else {
    check(previous !== undefined, 'SETUP_ORDER', `game ${n} must record the previous game's result (previousGame: {winner} or {draw: true}), which decides who starts (102.4)`);
    payloadCheck(isSeat(previous.winner) !== (previous.draw === true), 'GameCreated', 'previousGame', 'is {winner: p1|p2} or {draw: true}');
  }
}

export function decideDeckRegistered(state: SmState, actor: Seat, payload: P): void {
  check(state.stage === 'setup' && !state.setup.decks.includes(actor), 'SETUP_ORDER', `${actor}'s deck is registered once, before shuffling`);
  const deck = payload['deck'];
  const reflections = payload['reflectionCards'];
  payloadCheck(Array.isArray(deck), 'DeckRegistered', 'deck', 'must be a list of {id, card}');
  payloadCheck(Array.isArray(reflections), 'DeckRegistered', 'reflectionCards', 'must be a list of {id, card}');
  const seen = new Set<string>();
  let seals = 0;
  let mystics = 0;
  const all = [...deck.map((e: P, i: number) => ['deck', i, e] as const), ...reflections.map((e: P, i: number) => ['reflectionCards', i, e] as const)];
  for (const [list, i, entry] of all) {
    payloadCheck(entry && str(entry.id) && str(entry.card), 'DeckRegistered', `${list}[${i}]`, 'must be {id, card}');
    check(!seen.has(entry.id) && !state.slotOf.has(entry.id), 'DUPLICATE_CARD_ID', `card id "${entry.id}" is used twice in this game`, { cardId: entry.id });
    seen.add(entry.id);
    const oracle = state.catalog.get(entry.card);
    check(oracle, 'UNKNOWN_ORACLE_ENTRY', `${list}[${i}]: "${entry.card}" is not in the catalog`, { card: entry.card });
    if (list === 'reflectionCards') {
      check(oracle.reflection === true, 'REFLECTION_SYMBOL_REQUIRED', `reflectionCards[${i}]: "${oracle.name}" has no Reflection symbol (305.1)`, { cardId: entry.id });
    } else if (oracle.kind === 'Seal') seals++;
    else mystics++;
  }
  const min = state.config.deckMinimum;
  if (min) {
    check(seals >= min.seal && mystics >= min.mystic, 'DECK_TOO_SMALL', `${actor}'s deck has ${seals} Seal and ${mystics} Mystic cards; at least ${min.seal} and ${min.mystic} are required (SM-R2)`, {
      seals,
      mystics,
    });
  }
}

export function decideDeckShuffled(state: SmState, actor: Seat, payload: P): void {
  check(state.stage === 'setup' && state.setup.decks.length === 2 && !state.setup.shuffled.includes(actor), 'SETUP_ORDER', 'each deck is shuffled once, after both are registered (102.1)');
  check(payload['ownerShuffled'] === true && payload['offeredToOpponent'] === true, 'SHUFFLE_INCOMPLETE', 'the owner shuffles and then offers the deck to the opponent (102.1, SM-R3)');
  payloadCheck(typeof payload['opponentShuffled'] === 'boolean', 'DeckShuffled', 'opponentShuffled', 'must be a boolean');
}

export function decideReflectionCardsPlaced(state: SmState, actor: Seat, payload: P): void {
  check(state.stage === 'setup' && state.setup.shuffled.length === 2 && !state.setup.placed.includes(actor), 'SETUP_ORDER', 'Reflection cards are placed once, after both shuffles (102.2)');
  const ids = payload['cardIds'];
  payloadCheck(Array.isArray(ids) && ids.every(str), 'ReflectionCardsPlaced', 'cardIds', 'must be a list of card ids');
  const names = new Set<string>();
  for (const id of ids as string[]) {
    const card = cardOf(state, id);
    check(card, 'UNKNOWN_CARD', `no card "${id}" in this game`, { cardId: id });
    check(card.reflection, 'REFLECTION_SYMBOL_REQUIRED', `"${card.name}" (${id}) has no Reflection symbol after its name (305.1)`, { cardId: id });
    check(card.owner === actor && card.zone === 'Candidate', 'CARD_NOT_IN_ZONE', `${id} is not one of ${actor}'s registered Reflection cards`, { cardId: id });
    const key = nameKey(card.kind, card.name);
    check(!names.has(key), 'REFLECTION_DUPLICATE_NAME', `two Reflection cards named "${card.name}" (SM-R11)`, { name: card.name });
    names.add(key);
  }
  // §6.3 deck legality: a banned card is allowed only when its Reflection card is shown (620.5, SM-R15).
  for (const card of state.cards) {
    if (card.owner !== actor || (card.zone !== 'SealDeck' && card.zone !== 'MysticDeck')) continue;
    const key = nameKey(card.kind, card.name);
    check(!state.config.banned.has(key) || names.has(key), 'DECK_ILLEGAL_BANNED_CARD', `${card.id} "${card.name}" is banned and its Reflection card is not shown (620.5)`, {
      cardId: card.id,
      name: card.name,
    });
  }
}

export function decideFirstPlayer(state: SmState, type: 'FirstPlayerDetermined' | 'FirstPlayerChosen', actor: Seat | undefined, payload: P): void {
  check(state.stage === 'setup' && state.setup.placed.length === 2 && state.firstPlayer === null, 'SETUP_ORDER', 'the first player is settled once, after both Reflection placements (102.3–102.4)');
  payloadCheck(isSeat(payload['firstPlayer']), type, 'firstPlayer', 'must be p1 or p2');
  const previous = state.previousGame;
  const loser = previous && 'winner' in previous ? (previous.winner === 'p1' ? 'p2' : 'p1') : null;
  if (type === 'FirstPlayerDetermined') {
    check(loser === null, 'FIRST_PLAYER_LOSER_CHOOSES', `game ${state.gameNumber}: the loser of the previous game, ${loser}, chooses who starts (102.4)`, { loser });
    payloadCheck(payload['method'] === 'fair' && str(payload['description']), type, 'description', 'must name the fair method used (102.3)');
  } else {
    check(loser !== null, 'FIRST_PLAYER_FAIR_METHOD_REQUIRED', `game ${state.gameNumber}: the first player is settled by a fair method (102.3${state.gameNumber > 1 ? ', SM-R5: the previous game was drawn' : ''})`);
    check(actor === loser, 'FIRST_PLAYER_CHOOSER_NOT_LOSER', `only the previous game's loser, ${loser}, chooses who starts (102.4, SM-R6)`, { chooser: actor, loser });
  }
}

export function decideOpeningHand(state: SmState, actor: Seat, payload: P): void {
  check(state.stage === 'setup' && state.firstPlayer !== null && !state.setup.hands.includes(actor), 'SETUP_ORDER', 'each opening hand is drawn once, after the first player is settled (102.5)');
  const ids = payload['cardIds'];
  payloadCheck(Array.isArray(ids) && ids.every(str), 'OpeningHandDrawn', 'cardIds', 'must be a list of card ids');
  let seals = 0;
  let mystics = 0;
  const cards = [];
  for (const id of ids as string[]) {
    const card = cardOf(state, id);
    check(card, 'UNKNOWN_CARD', `no card "${id}" in this game`, { cardId: id });
    cards.push(card);
    if (card.kind === 'Seal') seals++;
    else mystics++;
  }
  check(seals === 5 && mystics === 2 && new Set(ids).size === 7, 'OPENING_HAND_COMPOSITION', `the opening hand is 5 Seal and 2 Mystic cards (102.5); got ${seals} Seal and ${mystics} Mystic`, { seals, mystics });
  for (const card of cards) {
    check(card.owner === actor && card.zone === pileOf(card.kind), 'CARD_NOT_IN_ZONE', `${card.id} is not in ${actor}'s ${pileOf(card.kind)}`, { cardId: card.id });
  }
}

export function decideGameStarted(state: SmState, mpMax: number, payload: P): void {
  check(state.stage === 'setup' && state.setup.hands.length === 2, 'SETUP_ORDER', 'the game starts once both opening hands are drawn (102.6)');
  const echo = payload['mp'];
  if (echo !== undefined) {
    const first = state.firstPlayer!;
    const expected = first === 'p1' ? { p1: 5, p2: mpMax } : { p1: mpMax, p2: 5 };
    check(echo?.p1 === expected.p1 && echo?.p2 === expected.p2, 'MP_MISMATCH', `starting Mp is ${JSON.stringify(expected)} (102.6)`, { expected });
  }
}
