import { KEYWORDS, STATUSES } from '@cardlog/events';
import type { LogEvent } from '@cardlog/events';

/**
 * The schema check of the most frequent events, written out by hand: `true` only when the zod
 * schema of the event (libs/events, strict objects) accepts it and `player` is p1 or p2. Anything
 * else, including shapes it does not cover, answers `false`, and `decide` asks zod, which gives the
 * message. So this may refuse what zod accepts, never the other way round (fast-shape.spec.ts).
 */
export function fitsShape(event: LogEvent, type: string = event.type): boolean {
  // `type`: the event's type, as the rules' own string when the caller has it (a faster look-up).
  const check = ACTIONS.get(type);
  if (check !== undefined) {
    for (const key in event) if (key !== 'type' && key !== 'player' && key !== 'payload') return false;
    return seat(event.player) && plain(event.payload) && check(event.payload);
  }
  const effect = EFFECTS.get(type);
  if (effect === undefined) return false;
  for (const key in event) if (key !== 'type' && key !== 'payload') return false;
  return plain(event.payload) && effect(event.payload);
}

type Check = (payload: Record<string, unknown>) => boolean;

const entries = (checks: Readonly<Record<string, Check>>): ReadonlyMap<string, Check> => new Map(Object.entries(checks));

function plain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const text = (value: unknown, max: number): boolean => typeof value === 'string' && value.length >= 1 && value.length <= max;
const id = (value: unknown): boolean => text(value, 100);
const int = (value: unknown): boolean => Number.isSafeInteger(value);
const seat = (value: unknown): boolean => value === 'p1' || value === 'p2';

function ids(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > 200) return false;
  for (let i = 0; i < value.length; i++) if (!id(value[i])) return false;
  return true;
}

/** One key object `{ [key]: id }`, as in `{ host }` or `{ special }`. */
function single(value: unknown, key: string): boolean {
  if (!plain(value)) return false;
  let seen = false;
  for (const k in value) {
    if (k !== key || !id(value[k])) return false;
    seen = true;
  }
  return seen;
}

const FIELD_PLACES = new Set(['mercenary', 'artifact', 'skill', 'item', 'offHand', 'extraZone']);
const ZONES = new Set([...FIELD_PLACES, 'hand', 'deck', 'extraDeck', 'graveyard', 'removedFromGame', 'sealed', 'hideaway']);

const fieldPos = (value: unknown): boolean =>
  typeof value === 'string' ? FIELD_PLACES.has(value) : single(value, 'special') || single(value, 'host');

const zone = (value: unknown): boolean =>
  typeof value === 'string' ? ZONES.has(value) : single(value, 'special') || single(value, 'host') || single(value, 'maintain');

function costOverride(value: unknown): boolean {
  if (!plain(value)) return false;
  let amount = false;
  let source = false;
  for (const key in value) {
    const v = value[key];
    if (key === 'amount' && int(v) && (v as number) >= 0) amount = true;
    else if (key === 'sourceCardId' && id(v)) source = true;
    else return false;
  }
  return amount && source;
}

function deckEntry(value: unknown): boolean {
  if (!plain(value)) return false;
  let cardId = false;
  let catalogId = false;
  for (const key in value) {
    const v = value[key];
    if (key === 'cardId' && id(v)) cardId = true;
    else if (key === 'catalogId' && id(v)) catalogId = true;
    else if (!(key === 'artId' && id(v))) return false;
  }
  return cardId && catalogId;
}

function deckEntries(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > 500) return false;
  for (let i = 0; i < value.length; i++) if (!deckEntry(value[i])) return false;
  return true;
}

type Field = (value: unknown) => boolean;

/**
 * A strict object's check from its fields: every key known and valid, every required key present.
 * (The hand-written checks above do the same for the hottest events without the table.)
 */
function fields(required: Readonly<Record<string, Field>>, optional: Readonly<Record<string, Field>> = {}): Check {
  const need = Object.keys(required).length;
  return (p) => {
    let found = 0;
    for (const key in p) {
      const v = p[key];
      const r = Object.prototype.hasOwnProperty.call(required, key) ? required[key] : undefined;
      if (r !== undefined) {
        if (!r(v)) return false;
        found++;
        continue;
      }
      const o = Object.prototype.hasOwnProperty.call(optional, key) ? optional[key] : undefined;
      if (o === undefined || !o(v)) return false;
    }
    return found === need;
  };
}

const oneOf = (values: readonly unknown[]): Field => {
  const set = new Set(values);
  return (v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && set.has(v);
};
const intAtLeast0: Field = (v) => int(v) && (v as number) >= 0;
const sourceCardId: Field = id;
const keyword = oneOf(KEYWORDS);
const status = oneOf(STATUSES);
const objectOf = (check: Check): Field => (v) => plain(v) && check(v);
const arrayOf = (item: Field, max: number): Field => (v) => {
  if (!Array.isArray(v) || v.length > max) return false;
  for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
  return true;
};

const untilEndOfTurnOf = objectOf(fields({ untilEndOfTurnOf: objectOf(fields({ player: seat, occurrence: oneOf(['current', 'next']) })) }));
const whileSourceOnField = objectOf(fields({ whileSourceOnField: objectOf(fields({ sourceCardId: id })) }));
const duration: Field = (v) =>
  typeof v === 'string' ? v === 'thisBattle' || v === 'thisTurn' || v === 'permanent' : untilEndOfTurnOf(v) || whileSourceOnField(v);

/**
 * Per event type carrying a `player`, the payload's fields: each must be known and valid, each
 * required one present. A field present with the value `undefined` is left to zod.
 */
// Maps, not records: a look-up by an event's type string then hashes it instead of going through
// V8's shared cache of property look-ups, which the rest of a replay keeps evicting.
const ACTIONS: ReadonlyMap<string, Check> = entries({
  DrawForTurn: (p) => {
    for (const key in p) if (key !== 'cardId' || !id(p[key])) return false;
    return true;
  },
  PlayCard: (p) => {
    let cardId = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'cardId' && id(v)) cardId = true;
      else if (!((key === 'destination' && fieldPos(v)) || (key === 'costOverride' && costOverride(v)))) return false;
    }
    return cardId;
  },
  ActivateAbility: (p) => {
    let cardId = false;
    let abilityId = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'cardId' && id(v)) cardId = true;
      else if (key === 'abilityId' && text(v, 200)) abilityId = true;
      else if (!(key === 'costOverride' && costOverride(v))) return false;
    }
    return cardId && abilityId;
  },
  SellCard: (p) => {
    let cardId = false;
    for (const key in p) {
      if (key !== 'cardId' || !id(p[key])) return false;
      cardId = true;
    }
    return cardId;
  },
  DeclareAttack: (p) => {
    let attackerId = false;
    let using = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'attackerId' && id(v)) attackerId = true;
      else if (key === 'using' && text(v, 200)) using = true;
      else if (!((key === 'immediate' && v === true) || (key === 'sourceCardId' && id(v)))) return false;
    }
    return attackerId && using;
  },
  DeclareDefenders: (p) => {
    let defenderIds = false;
    for (const key in p) {
      if (key !== 'defenderIds' || !ids(p[key])) return false;
      defenderIds = true;
    }
    return defenderIds;
  },
  AssignDamage: (p) => {
    let shares = false;
    let toCharacter = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'toCharacter' && int(v)) toCharacter = true;
      else if (key === 'shares' && plain(v)) {
        for (const k in v) if (!id(k) || k === '__proto__' || !int(v[k])) return false;
        shares = true;
      } else return false;
    }
    return shares && toCharacter;
  },
  DiscardToHandLimit: (p) => {
    let cardIds = false;
    for (const key in p) {
      if (key !== 'cardIds' || !ids(p[key])) return false;
      cardIds = true;
    }
    return cardIds;
  },
  OpeningHandDrawn: (p) => {
    let cardIds = false;
    for (const key in p) {
      if (key !== 'cardIds' || !ids(p[key])) return false;
      cardIds = true;
    }
    return cardIds;
  },
  Mulligan: (p) => {
    let cardIds = false;
    let drawnCardIds = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'cardIds' && ids(v)) cardIds = true;
      else if (key === 'drawnCardIds' && ids(v)) drawnCardIds = true;
      else return false;
    }
    return cardIds && drawnCardIds;
  },
  DeckRegistered: (p) => {
    let character = false;
    let main = false;
    let extra = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'character' && deckEntry(v)) character = true;
      else if (key === 'main' && deckEntries(v)) main = true;
      else if (key === 'extra' && deckEntries(v)) extra = true;
      else return false; // specialArtOwnership is left to zod
    }
    return character && main && extra;
  },
});

/** The same for the effect events and the setup events that carry no `player`. */
const EFFECTS: ReadonlyMap<string, Check> = entries({
  MatchCreated: fields({
    players: (v) => Array.isArray(v) && v.length === 2 && v[0] === 'p1' && v[1] === 'p2',
    config: objectOf(fields({}, { cdCountsEveryTurn: (v) => typeof v === 'boolean' })),
  }),
  FirstPlayerChosen: fields(
    { firstPlayer: seat, method: oneOf(['dieRoll', 'agreement', 'other']) },
    { rolls: arrayOf(objectOf(fields({ player: seat, result: int })), 20) },
  ),
  DealDamage: fields(
    {
      sourceCardId,
      target: (v) => onePlayerOr(v, 'character') || single(v, 'card'),
      amount: intAtLeast0,
    },
    { ignoreBlock: (v) => typeof v === 'boolean' },
  ),
  ChangeHP: fields({ sourceCardId, player: seat, delta: int }),
  ChangeN: fields({ sourceCardId, player: seat, delta: int }),
  ModifyStat: fields({ sourceCardId, cardId: id, stat: oneOf(['hp', 'atk', 'block']), delta: int, duration }),
  ModifyBattleDamage: fields({ sourceCardId, delta: int }),
  GrantAttackProperty: fields({ sourceCardId, property: oneOf(['pierce', 'cannotBePrevented']) }),
  GrantKeyword: fields({ sourceCardId, cardId: id, keyword, duration }, { value: int }),
  RemoveKeyword: fields({ sourceCardId, cardId: id, keyword, duration }),
  SetStatus: fields(
    { sourceCardId, cardId: id, status, duration },
    { params: objectOf(fields({ amount: intAtLeast0 }, { tickAt: seat })) },
  ),
  ClearStatus: fields({ sourceCardId, cardId: id, status }),
  DrawCards: fields({ sourceCardId, player: seat, count: intAtLeast0, cardIds: ids }),
  DestroyCard: fields({ sourceCardId, cardId: id, cause: oneOf(['damage', 'destroy', 'other']) }),
  NegateStackItem: fields({ sourceCardId, cardId: id }),
  RecordAbilityUse: fields({ sourceCardId, cardId: id, abilityId: (v) => text(v, 200) }),
  RollDie: fields({ sourceCardId, player: seat, sides: (v) => v === 6, result: int, purpose: (v) => text(v, 200) }),
  MoveCard: (p) => {
    let source = false;
    let cardId = false;
    let from = false;
    let to = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'sourceCardId' && id(v)) source = true;
      else if (key === 'cardId' && id(v)) cardId = true;
      else if (key === 'from' && zone(v)) from = true;
      else if (key === 'to' && zone(v)) to = true;
      else if (!(key === 'position' && (v === 'top' || v === 'bottom'))) return false;
    }
    return source && cardId && from && to;
  },
  ChangeCounter: (p) => {
    let source = false;
    let owner = false;
    let counter = false;
    let delta = false;
    for (const key in p) {
      const v = p[key];
      if (key === 'sourceCardId' && id(v)) source = true;
      else if (key === 'owner' && (onePlayer(v) || single(v, 'card'))) owner = true;
      else if (key === 'counter' && text(v, 100)) counter = true;
      else if (key === 'delta' && int(v)) delta = true;
      else return false;
    }
    return source && owner && counter && delta;
  },
});

const onePlayer = (value: unknown): boolean => onePlayerOr(value, 'player');

/** `{ [key]: seat }`, as in `{ player }` or `{ character }`. */
function onePlayerOr(value: unknown, key: string): boolean {
  if (!plain(value)) return false;
  let seen = false;
  for (const k in value) {
    if (k !== key || !seat(value[k])) return false;
    seen = true;
  }
  return seen;
}
