import { agConfigSchema, type AgCard } from '@cardlog/events';
import type { GameHeader } from '../game-system';
import { RuleViolation } from '../rule-violation';
import { CatalogIssue, validateCatalog } from './catalog-validation';
import { AgState, FRESH_QUOTA, MANA_CAP, PlayerState, Seat, fullConfig } from './state';

const checked = new WeakMap<readonly AgCard[], CatalogIssue[]>();

/** The catalog's errors, computed once per catalog object (a built-in catalog is shared by every game). */
function catalogErrors(cards: readonly AgCard[]): CatalogIssue[] {
  let errors = checked.get(cards);
  if (!errors) checked.set(cards, (errors = validateCatalog(cards).filter((i) => i.severity === 'error')));
  return errors;
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

/**
 * The state before `MatchCreated`. Aegis is for exactly two seats (§1); the config must carry
 * `openingHandSize` (AG-R7, CONFIG_INVALID), and the catalog must pass §2.1's errors (CAT_*).
 */
export function initialState(header: GameHeader<AgCard>): AgState {
  const seats = header.players.map((p) => p.seat).sort();
  if (seats.length !== 2 || seats[0] !== 'p1' || seats[1] !== 'p2') {
    throw new RuleViolation('BAD_PLAYERS', `Aegis is played by exactly two seats, p1 and p2; got ${seats.join(', ') || 'none'}`, { seats });
  }
  const parsed = agConfigSchema.safeParse(header.config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new RuleViolation('CONFIG_INVALID', `config${path ? `.${path}` : ''}: ${issue.message} (Aegis needs config.openingHandSize, AG-R7)`, { path });
  }
  const errors = catalogErrors(header.catalog.cards);
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new RuleViolation(first.code, `catalog ${header.catalog.id}: ${first.message}`, { cardId: first.cardId, errors: errors.length });
  }
  const name = (seat: Seat) => header.players.find((p) => p.seat === seat)!.name;
  const catalog = new Map<string, AgCard>();
  for (const card of header.catalog.cards) catalog.set(card.id, card);
  const config = fullConfig(parsed.data);
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
