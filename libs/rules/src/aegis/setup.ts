import { agConfigSchema, type AgCard, type AgConfig } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { RuleViolation } from '../rule-violation';
import { seatsP1AndP2 } from '../two-seats';
import { CatalogIssue, validateCatalog } from './catalog-validation';
import { isConfig } from './shape';
import { AgState, FRESH_QUOTA, MANA_CAP, PlayerState, Seat, fullConfig } from './state';

interface CheckedCatalog {
  readonly errors: readonly CatalogIssue[];
  /** The cards by catalog id: never changed, so every game of this catalog shares it. */
  readonly byId: ReadonlyMap<string, AgCard>;
}

const checked = new WeakMap<readonly AgCard[], CheckedCatalog>();

/** The catalog's errors and index, computed once per catalog object (a built-in catalog is shared by every game). */
function checkedCatalog(cards: readonly AgCard[]): CheckedCatalog {
  let entry = checked.get(cards);
  if (!entry) {
    const byId = new Map<string, AgCard>();
    for (const card of cards) byId.set(card.id, card);
    entry = { errors: validateCatalog(cards).filter((i) => i.severity === 'error'), byId };
    checked.set(cards, entry);
  }
  return entry;
}

function emptyPlayer(seat: Seat, name: string): PlayerState {
  return {
    seat,
    name,
    registered: false,
    identity: [],
    deck: [],
    top: [],
    bottom: [],
    hand: [],
    units: [],
    support: [],
    field: [],
    drop: [],
    aegisSet: [],
    aegisOpen: [],
    mana: MANA_CAP,
    quota: FRESH_QUOTA,
    openingHandDrawn: false,
    lost: undefined,
  };
}

/** The header's config as the schema reads it: checked by hand, and by zod for the message when it is wrong. */
function configOf(config: unknown): AgConfig {
  if (isConfig(config)) return config as AgConfig;
  const parsed = agConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new RuleViolation('CONFIG_INVALID', `config${path ? `.${path}` : ''}: ${issue.message} (Aegis needs config.openingHandSize, AG-R7)`, { path });
  }
  return parsed.data;
}

/**
 * The state before `MatchCreated`. Aegis is for exactly two seats (§1); the config must carry
 * `openingHandSize` (AG-R7, CONFIG_INVALID), and the catalog must pass §2.1's errors (CAT_*).
 */
export function initialState(header: GameHeader<AgCard>): AgState {
  if (!seatsP1AndP2(header.players)) {
    const seats = header.players.map((p) => p.seat).sort();
    throw new RuleViolation('BAD_PLAYERS', `Aegis is played by exactly two seats, p1 and p2; got ${seats.join(', ') || 'none'}`, { seats });
  }
  const config = fullConfig(configOf(header.config));
  const { errors, byId: catalog } = checkedCatalog(header.catalog.cards);
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new RuleViolation(first.code, `catalog ${header.catalog.id}: ${first.message}`, { cardId: first.cardId, errors: errors.length });
  }
  const name = (seat: Seat) => header.players.find((p) => p.seat === seat)!.name;
  return {
    catalog,
    headerConfig: config,
    config,
    stage: 'none',
    cards: new Map(),
    players: { p1: emptyPlayer('p1', name('p1')), p2: emptyPlayer('p2', name('p2')) },
    firstPlayer: undefined,
    turn: 0,
    turnPlayer: undefined,
    step: undefined,
    drawnThisTurn: false,
    battle: null,
    result: undefined,
  };
}
