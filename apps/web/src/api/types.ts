// Every shape the web app reads comes from the libraries that produce it (type-only imports: nothing
// from libs/ is bundled). A change to an answer is a type error here, not a silent mismatch.
import type { CatalogListing, GamePage, GameReader, GameSummary, ServedCatalog } from '@cardlog/recording';
import type {
  CardStats,
  RateDifference,
  ReplayStep,
  Share,
  StatsReport,
  SystemCards,
  SystemDecks,
  SystemMatchups,
  SystemOverview,
  TournamentQueries,
  WinRate,
} from '@cardlog/projections';
import type { BfbView, Outcome, Viewer } from '@cardlog/rules';

export type { BfbView, CardStats, GamePage, GameSummary, Outcome, RateDifference, ReplayStep, Share, Viewer, WinRate };
export type { CatalogListing, ServedCatalog, SystemCards, SystemDecks, SystemMatchups, SystemOverview };

/** GET /v1/games/:id/state */
export type GameState = Awaited<ReturnType<GameReader['state']>>;

/** GET /v1/games/:id/replay (GetGameReplayHandler: the game's summary fields and the replay read model's steps). */
export interface GameReplay extends Pick<GameSummary, 'system' | 'players' | 'outcome'> {
  readonly gameId: string;
  readonly total: number;
  readonly projected: number;
  readonly steps: ReplayStep[];
}

export type DecksReport = StatsReport<SystemDecks>;
export type MatchupsReport = StatsReport<SystemMatchups>;
export type CardsReport = StatsReport<SystemCards>;
export type OverviewReport = StatsReport<SystemOverview>;

/** The tournament routes' answers, as TournamentQueries builds them. */
type TournamentRead<M extends keyof TournamentQueries> = Awaited<ReturnType<TournamentQueries[M]>>;
export type TournamentPage = TournamentRead<'list'>;
export type Tournament = TournamentRead<'get'>;
export type TournamentStandings = TournamentRead<'standings'>;
export type Standing = TournamentStandings['standings'][number];
export type TournamentRound = TournamentRead<'round'>;
export type RoundPairing = TournamentRound['pairings'][number];
export type MatchPairing = Exclude<RoundPairing, { bye: string }>;
export type TournamentDecks = TournamentRead<'decks'>;
export type RegisteredDeck = TournamentDecks['decks'][number];
export type TournamentConversion = TournamentRead<'conversion'>;
