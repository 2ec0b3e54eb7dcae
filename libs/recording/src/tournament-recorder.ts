import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import {
  ROUND_RECORDED,
  RoundRecordedData,
  TOURNAMENT_REGISTERED,
  TournamentBundle,
  TournamentRegisteredData,
  TournamentRound,
  jsonPath,
  roundSchema,
  tournamentStreamId,
} from '@cardlog/events';
import { Catalog, MatchResult, checkRound, findGame, resultsOf } from '@cardlog/rules';
import { EventStore, WrongExpectedVersionError } from '@cardlog/store';
import { CatalogRepository } from './catalogs';
import { RecordingError, conflict, forbidden, invalid, notFound } from './errors';
import { GameRecorder, RecordOptions } from './game-recorder';
import { StorableCheckedRound, contentHash, gameCatalogs, rejectionsAsErrors, storableRound } from './bundle-preparation';
import { IN_THREAD, UploadPreparer } from './preparer';
import { recordingError } from './upload-preparation';
import { Principal, mayRecord } from './tokens';

export interface TournamentUploadResult {
  readonly id: string;
  readonly rounds: number;
  readonly games: number;
  /** False when this very bundle was recorded before: nothing new is stored, and the counts are the tournament's as stored. */
  readonly created: boolean;
  /** For a bundle that grew by rounds since it was recorded: the first of the rounds this upload added (`rounds` and `games` count those). */
  readonly fromRound?: number;
}

export interface RoundUploadResult {
  readonly id: string;
  readonly round: number;
  readonly games: number;
}

/**
 * Records tournaments: a whole bundle (registration, lists, rounds, games) in one transaction, or a
 * round added later. Every game is replayed and the games of each match are checked together
 * before anything is stored; a refusal points at round, table, game and event, and stores nothing.
 * The tournament's own events go to its stream `tournament-<id>`; its games to their usual streams.
 */
export class TournamentRecorder {
  constructor(
    private readonly sql: Sql,
    private readonly store: EventStore,
    private readonly catalogs: CatalogRepository,
    private readonly games: GameRecorder,
    private readonly now: () => Date = () => new Date(),
    /** Where bundles are parsed and checked: this thread by default, or the API's worker threads. */
    private readonly preparer: UploadPreparer = IN_THREAD,
  ) {}

  async register(input: string | Buffer | unknown, options: RecordOptions): Promise<TournamentUploadResult> {
    let prepared = await this.preparer.prepareBundle(input);
    if (!prepared.ok) throw recordingError(prepared.refusal);
    authorize(options.principal, prepared.tournamentId);
    const streamId = tournamentStreamId(prepared.tournamentId);
    const stored = (await this.store.streamVersion(streamId)) > 0 ? await this.recordedBefore(prepared) : null;
    if (stored && !('grows' in stored)) return stored;
    if (prepared.checked === 'needs-catalogs') {
      const catalogs: Record<string, Catalog> = {};
      for (const ref of prepared.storedCatalogRefs) {
        const catalog = await this.catalogs.resolve(prepared.system, ref, this.sql);
        if (catalog) catalogs[ref] = catalog;
      }
      prepared = await this.preparer.prepareBundle(input, catalogs);
      if (!prepared.ok || prepared.checked === 'needs-catalogs') throw new Error('a bundle prepared twice came back unchecked');
    }
    if (!prepared.checked.ok) throw recordingError(prepared.checked.refusal);
    // A grown bundle adds the rounds after its recorded ones: the whole bundle was checked, and its
    // first rounds are, hash for hash, the ones stored.
    const from = stored ? stored.grows : 0;
    const rounds = prepared.checked.rounds.slice(from);
    const hashes = prepared.roundHashes.slice(from);
    let games: number;
    try {
      games = stored
        ? await this.write(streamId, stored.version, null, rounds, hashes, options)
        : await this.write(streamId, 'no_stream', prepared.registered, rounds, hashes, options, { bundleHash: prepared.bundleHash, registrationHash: prepared.registrationHash });
    } catch (error) {
      // Another upload of the tournament won the race (its stream, or one of the same games, was
      // written first): answered as if it had come first.
      const lost = error instanceof RecordingError && (error.code === 'WRONG_EXPECTED_VERSION' || error.code === 'GAME_ALREADY_STORED');
      if (lost && (await this.store.streamVersion(streamId)) > 0) {
        const now = await this.recordedBefore(prepared);
        if (!('grows' in now)) return now;
      }
      throw error;
    }
    return { id: prepared.tournamentId, rounds: rounds.length, games, created: true, ...(stored ? { fromRound: from + 1 } : {}) };
  }

  /**
   * A bundle whose tournament id is taken. The same bundle again is already stored, as a game
   * uploaded twice is (answered with the stored counts). A bundle that grew by rounds since (its
   * registration and its first rounds are the stored ones, as their hashes say) `grows` from the
   * number of rounds stored, at stream `version`. Any other is refused, so that a corrected bundle
   * is never reported as stored. A tournament recorded before the hashes were kept knows only the
   * whole bundle's, so it takes no grown bundle.
   */
  private async recordedBefore(prepared: { tournamentId: string; bundleHash: string; registrationHash: string; roundHashes: readonly string[] }): Promise<TournamentUploadResult | { grows: number; version: number }> {
    const { tournamentId } = prepared;
    const stream = await this.store.readStream(tournamentStreamId(tournamentId));
    const recorded = stream.filter((e) => e.type === ROUND_RECORDED);
    const asStored = (): TournamentUploadResult => {
      const rounds = recorded.map((e) => e.data as RoundRecordedData);
      const games = rounds.reduce((n, r) => n + r.matches.reduce((m, match) => m + match.games.length, 0), 0);
      return { id: tournamentId, rounds: rounds.length, games, created: false };
    };
    const head = stream[0]?.metadata;
    if (head?.['bundleHash'] === prepared.bundleHash) return asStored();
    const prefix = head?.['registrationHash'] === prepared.registrationHash && recorded.every((e, i) => e.metadata?.['roundHash'] === prepared.roundHashes[i]);
    if (prefix && prepared.roundHashes.length === recorded.length) return asStored();
    if (prefix && prepared.roundHashes.length > recorded.length) return { grows: recorded.length, version: stream.length };
    throw conflict(
      'TOURNAMENT_EXISTS',
      `tournament "${tournamentId}" is already recorded from a different bundle: nothing of this one is stored. A bundle may only grow by rounds after the recorded ones; add rounds with PUT /v1/tournaments/${tournamentId}/rounds/:n, or give the tournament another id`,
    );
  }

  async addRound(tournamentId: string, roundNumber: number, input: string | Buffer | unknown, options: RecordOptions): Promise<RoundUploadResult> {
    authorize(options.principal, tournamentId);
    const streamId = tournamentStreamId(tournamentId);
    const stored = await this.store.readStream(streamId);
    const head = stored[0];
    if (!head || head.type !== TOURNAMENT_REGISTERED) throw notFound('TOURNAMENT_NOT_FOUND', `no tournament "${tournamentId}"`);
    const registered = head.data as TournamentRegisteredData;
    const dropped = new Set<string>();
    const results: MatchResult[] = [];
    let lastRound = 0;
    for (const event of stored.slice(1)) {
      if (event.type !== ROUND_RECORDED) continue;
      const data = event.data as RoundRecordedData;
      data.drops.forEach((d) => dropped.add(d));
      results.push(...resultsOf(data));
      lastRound = data.round;
    }
    const round = parseRound(input);
    if (round.number !== roundNumber) {
      throw invalid('ROUND_NUMBER_MISMATCH', `$.number: the body is round ${round.number}, the URL round ${roundNumber}`, { path: '$.number' });
    }
    const resolveCatalog = await this.prefetchCatalogs(registered.tournament.system, gameCatalogs(round));
    const checked = rejectionsAsErrors(() =>
      checkRound({ tournament: registered.tournament, players: registered.players, dropped, lastRound, results }, round, '$', { resolveCatalog }),
    );
    const games = await this.write(streamId, stored.length, null, [storableRound(checked)], [contentHash(round)], options);
    return { id: tournamentId, round: round.number, games };
  }

  /**
   * `hashes`: each round's content hash, kept on its RoundRecorded; `bundleHash` and
   * `registrationHash`, kept on the registration: so the same bundle sent again, or grown by
   * rounds, is known (`recordedBefore`).
   */
  private async write(
    streamId: string,
    expected: number | 'no_stream',
    registered: TournamentRegisteredData | null,
    rounds: readonly StorableCheckedRound[],
    hashes: readonly string[],
    options: RecordOptions,
    registrationHashes?: { bundleHash: string; registrationHash: string },
  ) {
    const metadata = { recordedAt: this.now().toISOString(), actor: options.principal.name, ...(options.correlation ? { correlation: options.correlation } : {}) };
    let stored = 0;
    let appended = 0;
    try {
      await this.store.transaction(async (tx: TransactionSql) => {
        const events: { eventId: string; type: string; data: never; metadata: Record<string, unknown> }[] = registered
          ? [{ eventId: randomUUID(), type: TOURNAMENT_REGISTERED, data: registered as never, metadata: { ...metadata, ...registrationHashes } }]
          : [];
        for (const [r, round] of rounds.entries()) {
          const matches = [];
          for (const match of round.matches) {
            const games = [];
            for (const game of match.games) {
              const gameId = randomUUID();
              await this.games.storeReplayed(tx, gameId, game.storable, game.applied, game.outcome, options);
              stored++;
              appended += 1 + game.applied.length;
              games.push({
                gameId,
                gameNumber: game.gameNumber,
                winner: game.winner,
                firstPlayer: game.firstPlayer,
                firstPlayerMethod: game.firstPlayerMethod,
                ...(game.firstPlayerDetail ? { firstPlayerDetail: game.firstPlayerDetail } : {}),
                ...(game.firstPlayerChosenBy ? { firstPlayerChosenBy: game.firstPlayerChosenBy } : {}),
              });
            }
            matches.push({ table: match.table, players: match.players, wins: match.wins, draws: match.draws, resultOnly: match.resultOnly, games });
          }
          const data: RoundRecordedData = { round: round.round, matches, byes: round.byes, drops: round.drops, ...(round.seeds ? { seeds: round.seeds } : {}) };
          events.push({ eventId: randomUUID(), type: ROUND_RECORDED, data: data as never, metadata: { ...metadata, roundHash: hashes[r] } });
        }
        await this.store.append(streamId, expected, events, tx);
        appended += events.length;
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw conflict('WRONG_EXPECTED_VERSION', `tournament ${streamId.slice(11)} moved on while this round was checked; retry`);
      const unique = error as { code?: string; constraint_name?: string };
      if (unique.code === '23505' && /content_hash/.test(unique.constraint_name ?? '')) {
        throw conflict('GAME_ALREADY_STORED', 'a game of this upload is already stored (uploaded on its own or in another tournament)');
      }
      throw error;
    }
    this.games.notifyRecorded(appended);
    return stored;
  }

  /** Resolves every catalog the check will need up front, so the check itself stays synchronous. */
  private async prefetchCatalogs(system: string, refs: readonly (string | undefined)[]) {
    const plugin = findGame(system);
    const found = new Map<string, Catalog>();
    for (const ref of new Set(refs.filter((r): r is string => typeof r === 'string'))) {
      if (plugin?.system.builtinCatalogs[ref]) continue;
      const catalog = await this.catalogs.resolve(system, ref, this.sql);
      if (catalog) found.set(ref, catalog);
    }
    return (ref: string) => found.get(ref);
  }
}

function parseRound(input: string | Buffer | unknown): TournamentRound {
  let value = input;
  if (typeof input === 'string' || Buffer.isBuffer(input)) {
    try {
      value = JSON.parse(input.toString());
    } catch {
      throw invalid('MALFORMED_JSON', 'the round is not valid JSON');
    }
  }
  const parsed = roundSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = jsonPath(issue.path);
    throw invalid('SCHEMA_VIOLATION', `${path}: ${issue.message}`, { path });
  }
  return parsed.data;
}

function authorize(principal: Principal, tournament: string): void {
  if (!mayRecord(principal, tournament)) throw forbidden('TOURNAMENT_FORBIDDEN', `this token may not record tournament "${tournament}"`, { tournament });
}

export type { TournamentBundle };
