// Every shape the web app reads comes from the libraries that produce it (type-only imports: nothing
// from libs/ is bundled). A change to an answer is a type error here, not a silent mismatch.
import type { GamePage, GameReader, GameSummary } from '@cardlog/recording';
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
  WinRate,
} from '@cardlog/projections';
import type { BfbView, Outcome, Viewer } from '@cardlog/rules';

export type { BfbView, CardStats, GamePage, GameSummary, Outcome, RateDifference, ReplayStep, Share, Viewer, WinRate };
export type { SystemCards, SystemDecks, SystemMatchups, SystemOverview };

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
