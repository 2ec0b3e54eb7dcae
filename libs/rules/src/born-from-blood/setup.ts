import type { Ability, BfbCard, CombatSkill } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { withOtherFields } from '../other-fields';
import { RuleViolation } from '../rule-violation';
import { dictionaryCopy } from './records';
import { BfbState, PlayerState, Seat } from './state';

function emptyPlayer(seat: Seat, name: string): PlayerState {
  return {
    seat,
    name,
    characterId: undefined,
    hp: 4000,
    n: 0,
    counters: {},
    turnsTaken: 0,
    playedFromHandThisTurn: 0,
    playedFromHandLastOwnTurn: 0,
    deckRegistered: false,
    openingHandDrawn: false,
    mulliganDone: false,
    deck: { top: [], middle: [], bottom: [] },
    zones: dictionaryCopy({ hand: [], extraDeck: [], graveyard: [], removedFromGame: [], sealed: [], hideaway: [] }),
    specialSlots: {},
  };
}

/** A catalog's cards by id, built once per catalog (a replay of many games shares the builtin one). */
const maps = new WeakMap<readonly BfbCard[], ReadonlyMap<string, BfbCard>>();
function catalogMap(cards: readonly BfbCard[]): ReadonlyMap<string, BfbCard> {
  let map = maps.get(cards);
  if (!map) {
    const built = new Map<string, BfbCard>();
    for (const card of cards) built.set(card.id, uniform(card));
    maps.set(cards, (map = built));
  }
  return map;
}

/**
 * A catalog entry as the rules keep it: the same values, every field of §2 present (undefined where
 * the catalog leaves it out) in one order, built as one literal so that it keeps fast properties.
 * The demo catalog's 66 cards came in 28 shapes, so every read of an entry's field (type, nCost,
 * keywords… several per event) was a megamorphic look-up; with one shape they are plain loads. JSON
 * of an entry is the same but for the order of its keys.
 */
function uniform(card: BfbCard): BfbCard {
  const out: BfbCard = {
    id: card.id,
    name: card.name,
    type: card.type,
    extra: card.extra,
    colors: card.colors,
    nCost: card.nCost,
    hp: card.hp,
    atk: card.atk,
    combatSkills: card.combatSkills?.map(uniformSkill),
    abilities: card.abilities?.map(uniformAbility),
    keywords: card.keywords,
    pray: card.pray,
    oneShot: card.oneShot,
    offHand: card.offHand,
    fieldArtifact: card.fieldArtifact,
    worthless: card.worthless,
    tags: card.tags,
    clan: card.clan,
    rarity: card.rarity,
    artVariants: card.artVariants,
    text: card.text,
  };
  return withOtherFields(out, card);
}

/** A Combat Skill in one shape, as `uniform` does for the entry: a skill's damage, cost and CD are read on every attack. */
function uniformSkill(skill: CombatSkill): CombatSkill {
  const out: CombatSkill = {
    id: skill.id,
    name: skill.name,
    damage: skill.damage,
    nCost: skill.nCost,
    cd: skill.cd,
    pierce: skill.pierce,
    cannotBePrevented: skill.cannotBePrevented,
  };
  return withOtherFields(out, skill);
}

/** An ability in one shape (its cost, CD and limit are read on every activation and at every turn's end). */
function uniformAbility(ability: Ability): Ability {
  const out: Ability = { id: ability.id, kind: ability.kind, nCost: ability.nCost, cd: ability.cd, limit: ability.limit };
  return withOtherFields(out, ability);
}

/**
 * The state before `MatchCreated`. Born from Blood is for exactly two seats, p1 and p2: any other
 * header is rejected with BAD_PLAYERS (BB-R38).
 */
export function initialState(header: GameHeader<BfbCard>): BfbState {
  const seats = header.players.map((p) => p.seat).sort();
  if (seats.length !== 2 || seats[0] !== 'p1' || seats[1] !== 'p2') {
    throw new RuleViolation('BAD_PLAYERS', `Born from Blood is played by exactly two seats, p1 and p2; got ${seats.join(', ') || 'none'}`, {
      seats,
    });
  }
  const name = (seat: Seat) => header.players.find((p) => p.seat === seat)!.name;
  const catalog = catalogMap(header.catalog.cards);
  const cdCountsEveryTurn = header.config['cdCountsEveryTurn'] === true;
  return {
    catalog,
    config: { cdCountsEveryTurn },
    headerConfig: { cdCountsEveryTurn },
    stage: 'none',
    result: undefined,
    firstPlayer: undefined,
    turn: 0,
    turnPlayer: undefined,
    phase: undefined,
    drawnThisTurn: false,
    handCheckDone: false,
    stack: [],
    battle: undefined,
    players: { p1: emptyPlayer('p1', name('p1')), p2: emptyPlayer('p2', name('p2')) },
    cards: {},
  };
}
