import type { Sql } from 'postgres';
import { RecordingError, notFound } from './errors';
import { Principal, coversTournament, scopeOf } from './tokens';

/**
 * Who may read what of a game. This module is the one place that decides; every read route (the
 * summary, /log, /events, /state, /replay, listings) and the open-data exports ask it.
 *
 * - While a game is unfinished, hidden information (seat views, the judge view, the log, the
 *   events, the replay steps) is for its tournament's staff (a record or judge token covering the
 *   tournament) and, for one seat's own view, that seat's token. Anyone else gets the summary and
 *   the spectator view.
 * - Once it is over, everything is public, unless the game is private.
 * - A private game exists only for its staff and its seats; to anyone else it is not found.
 */
export type Visibility = 'public' | 'unlisted' | 'private';
export const VISIBILITIES: readonly Visibility[] = ['public', 'unlisted', 'private'];

export function isVisibility(value: unknown): value is Visibility {
  return typeof value === 'string' && (VISIBILITIES as readonly string[]).includes(value);
}

/** What a read route hands out. `state` names the viewer it was asked for. */
export type GameRead = { readonly route: 'summary' | 'log' | 'events' | 'replay' } | { readonly route: 'state'; readonly view: string };

/** The facts of a game the decision needs. */
export interface AccessFacts {
  readonly gameId: string;
  readonly tournament: string | null;
  readonly finished: boolean;
  readonly visibility: Visibility;
}

/** How much of one game a reader may see. */
export type GameAccess =
  | { readonly level: 'full' }
  | { readonly level: 'seat'; readonly seat: string }
  | { readonly level: 'spectator' }
  | { readonly level: 'none' };

/** Tournament staff: a record or judge token covering the game's tournament (a game of no tournament: unscoped tokens). */
export function isStaff(reader: Principal | null, tournament: string | null): boolean {
  if (!reader) return false;
  const scope = scopeOf(reader);
  return (scope === 'record' || scope === 'judge') && coversTournament(reader, tournament);
}

export function accessTo(reader: Principal | null, game: AccessFacts): GameAccess {
  if (isStaff(reader, game.tournament)) return { level: 'full' };
  const seat = reader && scopeOf(reader) === 'seat' && reader.gameId === game.gameId ? reader.seat : undefined;
  if (seat) return game.finished ? { level: 'full' } : { level: 'seat', seat };
  if (game.visibility === 'private') return { level: 'none' };
  return game.finished ? { level: 'full' } : { level: 'spectator' };
}

/** Refuses a read the reader may not make: 404 for a private game, 401/403 for hidden information of a game in progress. */
export function authorizeRead(reader: Principal | null, game: AccessFacts, read: GameRead): void {
  const access = accessTo(reader, game);
  if (access.level === 'full') return;
  if (access.level === 'none') throw notFound('GAME_NOT_FOUND', `no game ${game.gameId}`);
  if (read.route === 'summary') return;
  if (read.route === 'state' && (read.view === 'spectator' || (access.level === 'seat' && read.view === access.seat))) return;
  const what = read.route === 'state' ? `the ${read.view} view` : read.route === 'replay' ? 'the replay' : `the ${read.route}`;
  const allowed = access.level === 'seat' ? `this seat token reads the spectator view and the ${access.seat} view` : 'anonymous readers get the summary and the spectator view';
  const message =
    `game ${game.gameId} is in progress: ${allowed}; ${what} needs a token of its tournament (organiser or judge)` +
    (read.route === 'state' && /^p\d+$/.test(read.view) ? ' or that seat\'s token' : '');
  throw new RecordingError(reader ? 'forbidden' : 'unauthorized', 'GAME_IN_PROGRESS', message, { route: read.route, ...(read.route === 'state' ? { view: read.view } : {}) });
}

/** A listing's condition on `games g`: public games, and those the reader is staff or a seat of. */
export function listableBy(sql: Sql, reader: Principal | null) {
  if (!reader) return sql`g.visibility = 'public'`;
  const scope = scopeOf(reader);
  if (scope === 'seat') return sql`(g.visibility = 'public' or g.game_id = ${reader.gameId!}::uuid)`;
  if (reader.tournaments === null) return sql`true`;
  return sql`(g.visibility = 'public' or g.tournament = any(${reader.tournaments as string[]}::text[]))`;
}

/**
 * Which games open data and statistics publish: finished ones that are not private. A subquery of
 * game ids, for SQL over the read models, whose rows carry the game id.
 */
export function publishableGameIds(sql: Sql) {
  return sql`select r.game_id from rm_games r join games g using (game_id) where r.status = 'finished' and g.visibility <> 'private'`;
}
