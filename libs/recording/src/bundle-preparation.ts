import { createHash } from 'node:crypto';
import { GameDocument, TournamentRegisteredData, TournamentRound, isBye, parseTournamentBundle } from '@cardlog/events';
import { BundleRejected, Catalog, CheckedGame, CheckedMatch, CheckedRound, canonicalJson, checkBundle, findGame } from '@cardlog/rules';
import { RecordingError } from './errors';
import { Refusal, StorableGame, asRefusal, formatError, storableGame } from './upload-preparation';

/**
 * A tournament bundle's CPU-heavy part, like `prepareUpload` for a game: parse it, replay and
 * check every game and match, and turn each game into what the store writes. What needs the
 * database (is the tournament new? the stored catalogs its games name) stays with the caller.
 */

export interface StorableCheckedGame extends Omit<CheckedGame, 'document'> {
  readonly storable: StorableGame;
}

export interface StorableCheckedRound extends Omit<CheckedRound, 'matches'> {
  readonly matches: readonly (Omit<CheckedMatch, 'games'> & { readonly games: readonly StorableCheckedGame[] })[];
}

export type PreparedBundle =
  | { readonly ok: false; readonly refusal: Refusal }
  | {
      readonly ok: true;
      readonly tournamentId: string;
      readonly system: string;
      /** The bundle's content (its canonical JSON, so neither layout nor key order counts), hashed: how a second upload of it is told from a different bundle under the same id. */
      readonly bundleHash: string;
      /**
       * The registration (the bundle without its rounds) and each round, hashed the same way: a
       * bundle that grew by rounds since it was recorded is told by its recorded prefix.
       */
      readonly registrationHash: string;
      readonly roundHashes: readonly string[];
      /** Catalogs the bundle names that the rules do not ship: prepare again with those the server stores. */
      readonly storedCatalogRefs: readonly string[];
      readonly registered: TournamentRegisteredData;
      readonly checked: { readonly ok: true; readonly rounds: readonly StorableCheckedRound[] } | { readonly ok: false; readonly refusal: Refusal } | 'needs-catalogs';
    };

/** `catalogs`: the stored catalogs of `storedCatalogRefs` that exist (without it, a bundle naming any comes back 'needs-catalogs'). */
export function prepareBundle(input: string | Buffer | unknown, catalogs?: Readonly<Record<string, Catalog>>): PreparedBundle {
  const parsed = parseTournamentBundle(input);
  if (!parsed.ok) return { ok: false, refusal: asRefusal(formatError(parsed.error)) };
  const bundle = parsed.bundle;
  const system = bundle.tournament.system;
  const plugin = findGame(system);
  const storedCatalogRefs = [...new Set([bundle.catalog, ...bundle.rounds.flatMap(gameCatalogs)].filter((r): r is string => typeof r === 'string'))].filter(
    (ref) => !plugin?.system.builtinCatalogs[ref],
  );
  const registered: TournamentRegisteredData = {
    tournament: bundle.tournament,
    ...(bundle.catalog ? { catalog: bundle.catalog } : {}),
    players: bundle.players,
  };
  const bundleHash = contentHash(bundle);
  const registrationHash = contentHash({ ...bundle, rounds: [] });
  const roundHashes = bundle.rounds.map(contentHash);
  const prepared = { ok: true as const, tournamentId: bundle.tournament.id, system, bundleHash, registrationHash, roundHashes, storedCatalogRefs, registered };
  if (storedCatalogRefs.length > 0 && !catalogs) return { ...prepared, checked: 'needs-catalogs' };
  const resolveCatalog = (ref: string) => (Object.hasOwn(catalogs ?? {}, ref) ? catalogs![ref] : undefined);
  try {
    const rounds = rejectionsAsErrors(() => checkBundle(bundle, { resolveCatalog }));
    return { ...prepared, checked: { ok: true, rounds: rounds.map(storableRound) } };
  } catch (error) {
    if (error instanceof RecordingError) return { ...prepared, checked: { ok: false, refusal: asRefusal(error) } };
    throw error;
  }
}

/** A checked round with each game as the store writes it (the documents stay behind). */
export function storableRound(round: CheckedRound): StorableCheckedRound {
  return {
    ...round,
    matches: round.matches.map((match) => ({
      ...match,
      games: match.games.map(({ document, ...game }) => ({ ...game, storable: storableGame(document) })),
    })),
  };
}

export function gameCatalogs(round: TournamentRound): (string | undefined)[] {
  return round.pairings.flatMap((p) => (isBye(p) ? [] : (p.games ?? []).map((g) => (typeof (g as Partial<GameDocument>).catalog === 'string' ? (g.catalog as string) : undefined))));
}

export function rejectionsAsErrors<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof BundleRejected) {
      const { kind, code, message, path, details } = error.failure;
      throw new RecordingError(kind, code, message, { path, ...details });
    }
    throw error;
  }
}

/** A bundle's, registration's or round's content hashed: its canonical JSON, so neither layout nor key order counts. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
