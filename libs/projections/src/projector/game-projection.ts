import { GAME_CLOSED, GAME_RECORDED, GameClosedData, GameDocument, GameRecordedData, LogEvent, toLogEvent } from '@cardlog/events';
import {
  AnyGameSystem,
  Catalog,
  GameFacts,
  GameHeader,
  GameInsights,
  Outcome,
  decodeState,
  encodeStateText,
  findInsights,
  fold,
  findSystem,
  resolveHeader,
} from '@cardlog/rules';
import type { StoredEvent } from '@cardlog/store';

/** Where one game's fold stands between batches (a row of rm_game_heads, decoded). */
export interface GameHead {
  readonly gameId: string;
  readonly recorded: GameRecordedData & { readonly recordedAt: string };
  readonly seq: number;
  readonly turns: number;
  readonly state: unknown;
  readonly facts: GameFacts | null;
  /** The result an organiser closed the unfinished game with (GameClosed), if any. */
  readonly closed?: Outcome;
}

/** Steps per row of rm_replay_step_chunks (migration 0080): chunk k holds seqs 100k+1 .. 100k+100. */
export const STEPS_PER_CHUNK = 100;

/**
 * One replay step as rm_replay_step_chunks stores it: type, actor, turn, phase, turn player, whether
 * it starts a turn, and its readable line. Its seq is its place in the chunk.
 */
export type StepTuple = [type: string, actor: string | null, turn: number | null, phase: string | null, turnPlayer: string | null, turnStart: boolean, description: string];

/**
 * A row of rm_replay_step_chunks without its game id: the chunk's steps in seq order. A first chunk
 * that the game's earlier batches began holds only the new ones; the runner appends them to the
 * stored ones.
 */
export interface StepChunkRow {
  chunk: number;
  steps: StepTuple[];
}

export interface GameRow {
  game_id: string;
  system: string;
  rules_version: string;
  mode: string;
  tournament: string | null;
  round: number | null;
  table_number: number | null;
  match: string | null;
  game_number: number | null;
  played_at: string | null;
  recorded_at: string;
  catalog_id: string;
  players: unknown;
  first_player: string | null;
  events: number;
  turns: number;
  status: 'in_progress' | 'finished';
  result: 'win' | 'draw' | null;
  winner: string | null;
  end_reason: string | null;
}

export interface SeatRow {
  game_id: string;
  seat: string;
  system: string;
  rules_version: string;
  tournament: string | null;
  played_at: string;
  player_name: string;
  player_id: string | null;
  deck_name: string | null;
  archetype: string | null;
  list_hash: string | null;
  on_play: boolean | null;
  opponent_archetype: string | null;
  result: 'win' | 'loss' | 'draw' | null;
}

export interface CardRow {
  game_id: string;
  seat: string;
  system: string;
  card_id: string;
  card_name: string;
  copies: number;
  in_opening_hand: boolean;
  drawn: boolean;
  played: boolean;
}

/** What one batch changes for one game. */
export interface GameChanges {
  readonly head: GameHead;
  readonly game: GameRow;
  /** The new replay steps (contiguous seqs), in the rows of rm_replay_step_chunks they go to. */
  readonly chunks: StepChunkRow[];
  /**
   * Rows of rm_replay_snapshots, without their game id as steps; each state as its JSON text,
   * written when it was taken (the fold goes on to change the state in place).
   */
  readonly snapshots: { seq: number; state: string }[];
  readonly seats: SeatRow[];
  readonly cards: CardRow[];
}

export type CatalogLookup = (system: string, ref: string) => Catalog | undefined;

/** The resolved context of one game: its rules, header and initial state. */
export interface GameContext {
  readonly system: AnyGameSystem;
  readonly insights: GameInsights | undefined;
  readonly header: GameHeader;
  readonly initial: unknown;
}

export function contextFor(recorded: GameRecordedData, catalogs: CatalogLookup): GameContext {
  const document = { ...recorded.header, events: [] } as GameDocument;
  const system = findSystem(document.system);
  if (!system) throw new Error(`no rules for system ${document.system}`);
  const header = resolveHeader(document, system, { resolveCatalog: (ref) => catalogs(document.system, ref) });
  return { system, insights: findInsights(document.system), header, initial: system.initialState(header) };
}

/** What rm_game_heads.facts holds (encoded like a state since shapes; plain JSON before). */
interface StoredFacts {
  readonly facts: GameFacts | null;
  readonly turns: number;
  readonly closed?: Outcome;
}

/** A row of rm_game_heads as read. `state` is null in a head written since migration 0090. */
export interface StoredHeadRow {
  readonly game_id: string;
  readonly header: GameHead['recorded'];
  readonly seq: number;
  readonly state: unknown;
  readonly facts: unknown;
}

/**
 * What a head without a state is restored from: the newest replay snapshot at or below its seq
 * (null when there is none) and the game's events after it, up to the head's seq.
 */
export interface HeadSince {
  readonly snapshot: unknown;
  readonly events: readonly StoredEvent[];
}

/**
 * The stored head, decoded. A row written before migration 0090 holds its state; a later one holds
 * none, and its state is the snapshot in `since` (or the initial state) with `since`'s events folded in.
 */
export function restoreHead(row: StoredHeadRow, context: GameContext, since?: HeadSince): GameHead {
  const facts = decodeState<unknown>(row.facts, null) as StoredFacts;
  let state: unknown;
  if (row.state !== null && row.state !== undefined) state = decodeState(row.state, context.initial);
  else {
    if (!since) throw new Error(`game ${row.game_id}: its head holds no state; restoring it needs its newest snapshot and the events after it`);
    const start = since.snapshot === null ? context.initial : decodeState(since.snapshot, context.initial);
    state = fold(context.system, start, since.events.map(toLogEvent));
  }
  return {
    gameId: row.game_id,
    recorded: row.header,
    seq: row.seq,
    turns: facts.turns,
    facts: facts.facts,
    state,
    ...(facts.closed ? { closed: facts.closed } : {}),
  };
}

/**
 * A row of rm_game_heads, its facts as their JSON text. It holds no state (migration 0090): a state
 * per game and batch was as big as a snapshot, and a restore folds at most a snapshot interval of
 * events instead (`restoreHead`). A runner goes on from the heads it holds in any case.
 */
export function encodeHead(head: GameHead) {
  return {
    game_id: head.gameId,
    header: head.recorded,
    seq: head.seq,
    state: null,
    facts: encodeStateText({ facts: head.facts, turns: head.turns, ...(head.closed ? { closed: head.closed } : {}) } satisfies StoredFacts, null),
  };
}

export function startHead(event: StoredEvent, context: GameContext): GameHead {
  const recorded = event.data as GameRecordedData;
  return {
    gameId: recorded.gameId,
    recorded: { ...recorded, recordedAt: (event.metadata.recordedAt as string | undefined) ?? event.recordedAt.toISOString() },
    seq: 0,
    turns: 0,
    state: context.initial,
    facts: context.insights ? context.insights.initialFacts(context.header) : null,
  };
}

/**
 * Folds one game's new events (already deduplicated and contiguous) into its read-model rows:
 * a replay step per event with its readable line, a snapshot every `snapshotEvery` events, and the
 * game's summary, seats and card facts as they now stand.
 */
export function projectGame(head: GameHead, events: readonly StoredEvent[], context: GameContext, snapshotEvery: number, options: { readonly owned?: boolean } = {}): GameChanges {
  const { system, insights } = context;
  // The fold owns its state (a copy taken once per game and batch, unless the caller hands over a
  // state it owns: `owned`, a head this fold returned before) and applies each event to it in
  // place where the engine can: evolve copies the containers each event touches, and nobody keeps
  // the intermediate states here (snapshots are encoded copies, the head is encoded at the end).
  const inPlace = system.inPlace;
  let state = inPlace && !options.owned ? inPlace.own(head.state) : head.state;
  let facts = head.facts;
  let turns = head.turns;
  let seq = head.seq;
  let closed = head.closed;
  // Each step is built once, as the tuple its chunk row stores.
  const chunks: StepChunkRow[] = [];
  let chunkSteps: StepTuple[] | undefined;
  let chunkEnd = 0;
  const snapshots: GameChanges['snapshots'] = [];
  let lastTurn = insights ? insights.position(state).turn : null;
  // Applies the current event once; describe calls it for a line that says what the event did (after
  // its reads of the state before), and the fold calls it after describe in any case.
  let event: LogEvent;
  let applied = false;
  const applyEvent = () => {
    if (!applied) {
      applied = true;
      if (inPlace) inPlace.apply(state, event);
      else state = system.evolve(state, event);
    }
    return state;
  };

  for (const stored of events) {
    if (stored.type === GAME_RECORDED) continue;
    if (stored.type === GAME_CLOSED) {
      closed = (stored.data as GameClosedData).outcome;
      continue;
    }
    event = toLogEvent(stored);
    applied = false;
    const description = system.describe(event, state, applyEvent);
    applyEvent();
    seq = stored.streamPosition;
    if (insights && facts) facts = insights.evolveFacts(facts, event, context.header);
    const position = insights?.position(state) ?? { turn: null, phase: null, turnPlayer: null };
    if (position.turn !== null) turns = Math.max(turns, position.turn);
    if (chunkSteps === undefined || seq > chunkEnd) {
      const chunk = Math.floor((seq - 1) / STEPS_PER_CHUNK);
      chunkEnd = (chunk + 1) * STEPS_PER_CHUNK;
      chunks.push({ chunk, steps: (chunkSteps = []) });
    }
    chunkSteps.push([event.type, event.player ?? null, position.turn, position.phase, position.turnPlayer, position.turn !== null && position.turn !== lastTurn, description]);
    lastTurn = position.turn;
    if (seq % snapshotEvery === 0) snapshots.push({ seq, state: encodeStateText(state, context.initial) });
  }

  const next: GameHead = { ...head, seq, turns, state, facts, ...(closed ? { closed } : {}) };
  const outcome = system.outcome(state) ?? closed ?? null;
  return { head: next, game: gameRow(next, outcome), chunks, snapshots, ...seatAndCardRows(next, outcome) };
}

function gameRow(head: GameHead, outcome: Outcome | null): GameRow {
  const { header, mode } = head.recorded;
  const context = header.game ?? {};
  return {
    game_id: head.gameId,
    system: header.system,
    rules_version: header.rulesVersion,
    mode,
    tournament: context.tournament ?? null,
    round: context.round ?? null,
    table_number: context.table ?? null,
    match: context.match ?? null,
    game_number: context.gameNumber ?? null,
    played_at: context.playedAt ?? null,
    recorded_at: head.recorded.recordedAt,
    catalog_id: typeof header.catalog === 'string' ? header.catalog : (header.catalog.id ?? 'inline'),
    players: header.players,
    first_player: head.facts?.firstPlayer ?? null,
    events: head.seq,
    turns: head.turns,
    status: outcome ? 'finished' : 'in_progress',
    result: outcome ? outcome.result : null,
    winner: outcome?.result === 'win' ? outcome.winner : null,
    end_reason: outcome?.reason ?? null,
  };
}

function seatAndCardRows(head: GameHead, outcome: Outcome | null): { seats: SeatRow[]; cards: CardRow[] } {
  const { header } = head.recorded;
  const facts = head.facts;
  const archetypeOf = (seat: string) => facts?.decks[seat]?.archetype ?? header.players.find((p) => p.seat === seat)?.deck?.archetype ?? null;
  const seats = header.players.map((player): SeatRow => {
    const opponents = header.players.filter((p) => p.seat !== player.seat);
    return {
      game_id: head.gameId,
      seat: player.seat,
      system: header.system,
      rules_version: header.rulesVersion,
      tournament: header.game?.tournament ?? null,
      played_at: header.game?.playedAt ?? head.recorded.recordedAt,
      player_name: player.name,
      player_id: player.id ?? null,
      deck_name: player.deck?.name ?? null,
      archetype: archetypeOf(player.seat),
      list_hash: facts?.decks[player.seat]?.listHash ?? null,
      on_play: facts?.firstPlayer ? facts.firstPlayer === player.seat : null,
      opponent_archetype: opponents.length === 1 ? archetypeOf(opponents[0]!.seat) : null,
      result: !outcome ? null : outcome.result === 'draw' ? 'draw' : outcome.winner === player.seat ? 'win' : 'loss',
    };
  });
  const cards: CardRow[] = [];
  for (const [seat, deck] of Object.entries(facts?.decks ?? {})) {
    const seen = facts!.sightings[seat];
    for (const [cardId, card] of Object.entries(deck.cards)) {
      cards.push({
        game_id: head.gameId,
        seat,
        system: header.system,
        card_id: cardId,
        card_name: card.name,
        copies: card.copies,
        in_opening_hand: seen?.openingHand.includes(cardId) ?? false,
        drawn: seen?.drawn.includes(cardId) ?? false,
        played: seen?.played.includes(cardId) ?? false,
      });
    }
  }
  return { seats, cards };
}
