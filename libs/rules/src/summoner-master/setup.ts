import { normaliseCardName, type SmCard, type SmConfig } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { RuleViolation } from '../rule-violation';
import { seatsP1AndP2 } from '../two-seats';
import { MatchConfig, SmState, nameKey, rememberOracleKey } from './state';

export const DEFAULT_SHRINE_LEVEL_LIMIT = 15;
export const DEFAULT_DECK_MINIMUM = { seal: 30, mystic: 30 } as const;

/** The match config of §4.1 with its defaults; throws INVALID_CONFIG naming what is wrong. */
export function matchConfig(raw: Readonly<Record<string, unknown>>): MatchConfig {
  const config = raw as Partial<SmConfig>;
  const bad = (field: string, message: string) => new RuleViolation('INVALID_CONFIG', `config.${field}: ${message}`, { field });
  if (typeof config.mpMax !== 'number' || !Number.isInteger(config.mpMax) || config.mpMax < 0) {
    throw bad('mpMax', 'the "Mp max of the game at that level" is required, an integer ≥ 0 (SM-R8; SMO used 8)');
  }
  const mode = config.firstSubturnAttacks ?? 'decree';
  if (mode !== 'decree' && mode !== 'none') throw bad('firstSubturnAttacks', 'must be "decree" or "none"');
  const limit = config.shrineLevelLimit ?? DEFAULT_SHRINE_LEVEL_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw bad('shrineLevelLimit', 'must be an integer ≥ 1');
  const minimum = config.deckMinimum === undefined ? DEFAULT_DECK_MINIMUM : config.deckMinimum;
  const banned = new Set<string>();
  const banList = config.banList ?? [];
  // An index loop: `entries()` with its destructuring showed in the profile (this runs once per replay).
  for (let i = 0; i < banList.length; i++) {
    const b = banList[i];
    if ((b?.kind !== 'Seal' && b?.kind !== 'Mystic') || typeof b.name !== 'string') throw bad(`banList[${i}]`, 'is {kind: Seal|Mystic, name}');
    banned.add(nameKey(b.kind, normaliseCardName(b.name)));
  }
  return {
    mpMax: config.mpMax,
    level: typeof config.level === 'string' ? config.level : null,
    shrineLevelLimit: limit,
    deckMinimum: minimum === null ? null : { seal: minimum.seal, mystic: minimum.mystic },
    banned,
    firstSubturnAttacks: mode,
  };
}

const ORACLES = new WeakMap<readonly SmCard[], Map<string, SmCard>>();

/** Catalog ids → Oracle entries with normalised names; two entries with one oracle key are refused. */
export function oracleOf(cards: readonly SmCard[]): Map<string, SmCard> {
  // A catalog shared by many games (a built-in or a stored one) is indexed once; the map is never written after.
  const cached = ORACLES.get(cards);
  if (cached) return cached;
  const byId = new Map<string, SmCard>();
  const keys = new Map<string, string>();
  for (const card of cards) {
    const entry = { ...card, name: normaliseCardName(card.name) };
    const key = `${entry.kind}|${entry.name}|${entry.reflection ? 'R' : '-'}`;
    const clash = keys.get(key);
    if (clash !== undefined) {
      throw new RuleViolation('INVALID_CONFIG', `catalog cards "${clash}" and "${card.id}" have the same oracle key ${key} (§2.1)`, { key });
    }
    if (byId.has(card.id)) throw new RuleViolation('INVALID_CONFIG', `catalog card id "${card.id}" appears twice`, { id: card.id });
    keys.set(key, card.id);
    byId.set(card.id, entry);
    rememberOracleKey(entry);
  }
  ORACLES.set(cards, byId);
  return byId;
}

/** The state before `MatchCreated`: exactly two seats, p1 and p2. */
export function initialState(header: GameHeader<SmCard>): SmState {
  if (!seatsP1AndP2(header.players)) {
    const seats = header.players.map((p) => p.seat).sort();
    throw new RuleViolation('BAD_PLAYERS', `Summoner Master is played by exactly two seats, p1 and p2; got ${seats.join(', ') || 'none'}`, { seats });
  }
  const name = (seat: string) => header.players.find((p) => p.seat === seat)!.name;
  return {
    catalog: oracleOf(header.catalog.cards),
    config: matchConfig(header.config),
    names: { p1: name('p1'), p2: name('p2') },
    headerGameNumber: header.game?.gameNumber ?? null,
    stage: 'none',
    gameNumber: 0,
    previousGame: null,
    setup: { decks: [], shuffled: [], placed: [], hands: [] },
    firstPlayer: null,
    firstPlayerMethod: null,
    slotOf: new Map(),
    cards: [],
    reflections: { p1: new Map(), p2: new Map() },
    modifiers: [],
    mp: { p1: 0, p2: 0 },
    counters: { p1: new Map(), p2: new Map() },
    mpCastingOnly: null,
    ownSubturns: { p1: 0, p2: 0 },
    subturn: null,
    currentAttack: null,
    pendingContinuation: null,
    grantIds: new Set(),
    pendingGameEnd: null,
    result: null,
  };
}
