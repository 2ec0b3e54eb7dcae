import type { GameDocument } from './document';

/**
 * How games are laid out in the event store. A game has two streams, both keyed by its id on Kafka
 * so they share a partition and keep their commit order:
 * - `game-<id>`: the game's own events, numbered 1..n exactly as in its cardlog/1 log;
 * - `gamehead-<id>`: one `GameRecorded` event with the document's header, written in the same
 *   transaction just before the first game event, so any consumer can build from the stream alone.
 */
export const gameStreamId = (gameId: string) => `game-${gameId}`;
export const gameHeadStreamId = (gameId: string) => `gamehead-${gameId}`;

/** The id a stream belongs to: `game-<id>` and `gamehead-<id>` both give `<id>`. */
export function streamKey(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(dash + 1);
}

export const GAME_RECORDED = 'GameRecorded';

/**
 * An unfinished game closed with a result by its organiser (a record token), appended to
 * `gamehead-<id>` after its GameRecorded: the game's own stream stays exactly its log, and the
 * rules engines never see it. `atVersion` is how many game events the game had when closed.
 */
export const GAME_CLOSED = 'GameClosed';

export interface GameClosedData {
  readonly gameId: string;
  readonly outcome: { readonly result: 'win'; readonly winner: string; readonly reason: string } | { readonly result: 'draw'; readonly reason: string };
  readonly atVersion: number;
  readonly closedBy: string;
}

/**
 * An inline catalog as a GameRecorded event carries it: by the sha256 of its cards' canonical JSON;
 * the cards are stored once, by that hash, beside the events (table catalog_contents).
 */
export interface CatalogByHash {
  readonly id?: string;
  readonly contentHash: string;
}

export interface GameRecordedData {
  readonly gameId: string;
  /**
   * The document without its events. An inline catalog is referenced by content hash (events
   * recorded before that change carry the cards themselves; consumers accept both).
   */
  readonly header: Omit<GameDocument, 'events' | 'catalog'> & { readonly catalog: GameDocument['catalog'] | CatalogByHash };
  readonly mode: 'upload' | 'live';
  readonly recordedBy?: string;
}
